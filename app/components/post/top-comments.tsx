import { PageLink, profileLinkHtml, PAGE_LINK } from "~/components/ui/page-link";
import { useEffect, useRef, useState, type FocusEvent, type MouseEvent } from "react";
import type { CommentPreview } from "~/lib/types/post";
import { formatCount } from "~/lib/format";
import { useClientLayoutEffect } from "~/lib/use-client-layout-effect";
import { successorsOf } from "~/lib/successors";
import { html, type Markup } from "~/lib/html";
import { COMMENT_DELETE_TEXTS } from "~/lib/texts/comment";
import { avatarHtml } from "../avatar";
import { relativeTimeHtml, useTimesReadNow } from "../relative-time";
import { Dialog } from "../ui/dialog";
import { verifiedBadgeHtml } from "../verified-badge";
import { DeleteCommentForm, deleteCommentPath, type DeletableComment } from "./delete-comment-form";
import { postTextHtml } from "./post-text";

/** The attribute that marks a preview's Delete link, which the list's one click handler finds. */
const DELETE_ATTRIBUTE = "data-comment-delete";

/**
 * A comment as its post's card previews it: only data, so markup (decision 057). Its writer and the
 * post's author get its Delete: a link to the confirmation's page (`deleteHref`), a dialog with JavaScript.
 */
function previewHtml({ id, author, content, createdAt }: CommentPreview, deleteHref: string | null): Markup {
  return html`
    <li class="flex gap-2 rounded-xl bg-surface px-3 py-2" tabindex="-1" data-comment-id="${id}">
      ${avatarHtml({ src: author.avatarUrl, size: "sm" })}
      <div class="min-w-0 flex-1 text-sm">
        <p class="flex flex-wrap items-center gap-x-1">
          ${profileLinkHtml({ username: author.username, name: author.displayName, className: "truncate font-semibold hover:underline" })}
          ${verifiedBadgeHtml(author.verifiedType)}
          <span class="truncate text-muted">${`@${author.username} ·`}</span>
          ${relativeTimeHtml(createdAt, "text-muted")}
          ${deleteHref &&
          html`<a class="ml-auto rounded-full px-2 text-muted hover:text-danger" href="${deleteHref}" ${DELETE_ATTRIBUTE}="${id}" aria-label="${COMMENT_DELETE_TEXTS.controlName(author.displayName)}" ${PAGE_LINK}>${COMMENT_DELETE_TEXTS.control}</a>`}
        </p>
        ${postTextHtml(content)}
      </div>
    </li>`;
}

/** Up to two of the post's most-liked comments, and the way to all of them. */
export function TopComments({
  postId,
  postAuthorId,
  viewerId,
  returnTo,
  comments,
  total,
}: {
  postId: string;
  postAuthorId: string;
  viewerId: string | null;
  /** Where the confirmation's page comes back to: the card on this page. */
  returnTo: string;
  comments: CommentPreview[];
  total: number;
}) {
  const list = useTimesReadNow<HTMLUListElement>();
  const [deleting, setDeleting] = useState<DeletableComment | null>(null);
  // Deleted here: gone at once (the card's count follows from the answer's counts, delete-comment-form.tsx).
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  // The previews that may take the keyboard, by id: the list is markup, so drawing it anew makes every
  // <li> a new element, and the ones read before the delete are gone from the page.
  const successors = useRef<string[] | null>(null);
  useEffect(() => {
    if (!successors.current) return;
    // The keyboard was on the deleted preview's Delete: the next preview, else the card's comment box, else the card.
    const next = successors.current.map((id) => list.current?.querySelector(`li[data-comment-id="${CSS.escape(id)}"]`)).find((element) => element);
    successors.current = null;
    const card = list.current?.closest("article") ?? document.querySelector(`#post-${CSS.escape(postId)}`);
    const target = next ?? card?.querySelector("textarea") ?? card;
    if (target instanceof HTMLElement) target.focus();
  }, [removed, list, postId]);

  // Where the keyboard is in the list (a preview, or a preview's Delete), by the preview's id. The list is
  // markup, drawn anew whenever its text changes (a time read a second later, when the page's data is
  // loaded again after any action), which takes the focused element out of the page: the same place in
  // the new markup gets the keyboard back.
  const focused = useRef<{ id: string; onDelete: boolean } | null>(null);
  const noteFocus = (event: FocusEvent<HTMLUListElement>) => {
    const item = event.target.closest("li[data-comment-id]");
    focused.current = item ? { id: item.getAttribute("data-comment-id") ?? "", onDelete: event.target !== item } : null;
  };
  // Moved elsewhere (not taken out of the page, where nothing receives it): forgotten.
  const forgetFocus = (event: FocusEvent<HTMLUListElement>) => {
    if (event.relatedTarget) focused.current = null;
  };
  useClientLayoutEffect(() => {
    const kept = focused.current;
    const active = document.activeElement;
    if (!kept || !list.current || (active && active !== document.body && active.isConnected)) return;
    const item = list.current.querySelector<HTMLElement>(`li[data-comment-id="${CSS.escape(kept.id)}"]`);
    (kept.onDelete ? item?.querySelector<HTMLElement>(`a[${DELETE_ATTRIBUTE}]`) : item)?.focus();
  });

  const shown = comments.filter((comment) => !removed.has(comment.id));
  if (shown.length === 0) return null;
  const query = new URLSearchParams({ returnTo });
  const mayDelete = (comment: CommentPreview) => viewerId !== null && (comment.author.id === viewerId || postAuthorId === viewerId);
  const openDelete = (event: MouseEvent<HTMLUListElement>) => {
    const link = event.target instanceof Element ? event.target.closest(`a[${DELETE_ATTRIBUTE}]`) : null;
    const comment = link ? shown.find((one) => one.id === link.getAttribute(DELETE_ATTRIBUTE)) : undefined;
    if (!comment) return;
    // In place with JavaScript: the page link's own navigation (to the confirmation's page) is not wanted.
    event.preventDefault();
    setDeleting({ postId, commentId: comment.id, writer: comment.author.displayName });
  };
  const done = (commentId: string) => {
    const item = list.current?.querySelector(`li[data-comment-id="${CSS.escape(commentId)}"]`);
    successors.current = successorsOf(item).flatMap((element) => element.getAttribute("data-comment-id") ?? []);
    setDeleting(null);
    setRemoved((last) => new Set(last).add(commentId));
  };
  return (
    <div className="mt-2 flex flex-col gap-2">
      {/* Their times are the server's reading until useTimesReadNow's: no warning for that in development. */}
      <ul
        ref={list}
        className="flex flex-col gap-2"
        aria-label="Top comments"
        onClick={openDelete}
        onFocus={noteFocus}
        onBlur={forgetFocus}
        dangerouslySetInnerHTML={html`${shown.map((comment) => previewHtml(comment, mayDelete(comment) ? `${deleteCommentPath({ postId, commentId: comment.id })}?${query}` : null))}`}
        suppressHydrationWarning
      />
      {total > shown.length ? (
        <PageLink to={`/post/${postId}`} className="text-sm text-accent hover:underline">
          {`View all ${formatCount(total)} comments`}
        </PageLink>
      ) : null}
      {deleting ? (
        <Dialog open onClose={() => setDeleting(null)} title={COMMENT_DELETE_TEXTS.title}>
          <DeleteCommentForm target={deleting} returnTo={returnTo} onCancel={() => setDeleting(null)} onDone={() => done(deleting.commentId)} />
        </Dialog>
      ) : null}
    </div>
  );
}
