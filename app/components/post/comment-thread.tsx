import type { SubmissionResult } from "@conform-to/react";
import { Icon } from "~/components/icon";
import { useFetcher } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { LoadMoreLink } from "~/components/ui/load-more-link";
import { PageLink } from "~/components/ui/page-link";
import type { CommentPage, CommentView, PostActionAnswer } from "~/lib/types/post";
import { useRootData } from "~/lib/root-data";
import { compareReplies, compareTopLevel } from "~/lib/comments";
import { COMMENT_NESTING_DEPTH } from "~/lib/constants";
import { formatCount } from "~/lib/format";
import { POST_MESSAGES } from "~/lib/messages";
import { COMMENT_DELETE_TEXTS } from "~/lib/texts/comment";
import { POST_ACTION_NAMES } from "~/lib/texts/post";
import { showToast } from "~/lib/toast-store";
import { useAppendedPages } from "~/lib/use-appended-pages";
import { successorsOf } from "~/lib/successors";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { Avatar } from "../avatar";
import { FetcherForm } from "../fetcher-form";
import { RelativeTime } from "../relative-time";
import { ReturnTo, useReturnTo } from "../return-to";
import { Dialog } from "../ui/dialog";
import { VerifiedBadge } from "../verified-badge";
import { CommentForm } from "./comment-form";
import { DeleteCommentForm, deleteCommentPath, type DeletableComment } from "./delete-comment-form";
import { PostText } from "./post-text";

export type FailedComment = { parentId: string | null; lastResult: SubmissionResult<string[]> };

/** The post page's comment box: where the keyboard goes when the last comment is deleted. */
export const COMMENT_BOX_ID = "comment-box";

/** What can take the keyboard from a comment leaving the list, in order: the comments after it, those before it (nearest first), the one it answers. */
function commentSuccessorsOf(item: HTMLElement | null): Element[] {
  const answered = item?.parentElement?.closest("li");
  return [...successorsOf(item), ...(answered ? [answered] : [])];
}

type Node = CommentView & { replies: Node[] };

/** Top-level comments in their one order; replies under their parent, oldest first. */
export function buildThread(comments: CommentView[]): Node[] {
  const nodes = new Map(comments.map((comment) => [comment.id, { ...comment, replies: [] as Node[] }]));
  const roots: Node[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId ? nodes.get(node.parentId) : undefined;
    if (parent) parent.replies.push(node);
    else if (!node.parentId) roots.push(node);
  }
  for (const node of nodes.values()) node.replies.sort(compareReplies);
  return roots.sort(compareTopLevel);
}

const commentsOf = (page: CommentPage) => page.comments;

/**
 * A post's comments, a page at a time: 'Load more comments' is a link to the next page without
 * JavaScript and appends it in place with it.
 */
export function CommentThread({
  postId,
  postAuthorId,
  itemId,
  first,
  failed,
  canReply,
}: {
  postId: string;
  /** The post's author, who may delete any comment on it (decision 094). */
  postAuthorId: string;
  /** The page's post (a repost's own id when the page is a repost's). */
  itemId: string;
  first: CommentPage;
  failed?: FailedComment;
  canReply: boolean;
}) {
  const fetcher = useFetcher<CommentPage>();
  const { entries, cursor, loading, loadMore, listRef } = useAppendedPages(first, fetcher.data, fetcher, commentsOf, { ranked: true });
  const viewerId = useRootData()?.user?.id ?? null;
  // Deleted here (with JavaScript): gone at once, with their replies (buildThread drops what answers
  // nothing shown), also from an appended page the page's reload does not bring again.
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const successors = useRef<Element[] | null>(null);
  const remove = (commentId: string, item: HTMLElement | null) => {
    successors.current = commentSuccessorsOf(item);
    setRemoved((last) => new Set(last).add(commentId));
  };
  useEffect(() => {
    if (!successors.current) return;
    // The keyboard was in the deleted comment (its Delete, under the dialog): the next comment still
    // there, else the comment box (decision 086's rule for cards).
    const next = successors.current.find((element) => element.isConnected);
    successors.current = null;
    const target = next ?? document.getElementById(COMMENT_BOX_ID)?.querySelector("textarea");
    if (target instanceof HTMLElement) target.focus();
  }, [removed]);
  const roots = buildThread(entries.filter((comment) => !removed.has(comment.id)));
  const next = cursor ? `/post/${itemId}?${new URLSearchParams({ comments: cursor })}` : null;
  const mayDelete = (comment: CommentView) => viewerId !== null && (comment.author.id === viewerId || postAuthorId === viewerId);
  if (roots.length === 0) {
    return <p className="px-4 py-10 text-center text-muted">No comments yet. Start the conversation!</p>;
  }
  return (
    <>
      <ul ref={listRef} aria-label="Comments" aria-busy={loading}>
        {roots.map((node) => (
          <CommentItem key={node.id} postId={postId} node={node} depth={0} failed={failed} canReply={canReply} mayDelete={mayDelete} onDeleted={remove} />
        ))}
      </ul>
      {next ? (
        <LoadMoreLink to={`${next}#comments`} loading={loading} onLoad={() => loadMore(next)}>
          Load more comments
        </LoadMoreLink>
      ) : null}
    </>
  );
}

function CommentItem({
  postId,
  node,
  depth,
  failed,
  canReply,
  mayDelete,
  onDeleted,
}: {
  postId: string;
  node: Node;
  depth: number;
  failed?: FailedComment;
  canReply: boolean;
  mayDelete: (comment: CommentView) => boolean;
  onDeleted: (commentId: string, item: HTMLElement | null) => void;
}) {
  const anchor = `comment-${node.id}`;
  const item = useRef<HTMLLIElement>(null);
  const replyFailed = failed?.parentId === node.id ? failed.lastResult : undefined;
  // Replies nest under the text up to COMMENT_NESTING_DEPTH levels; deeper ones follow the comment's row
  // and line up with it, so a thread of any depth keeps the width of its third level. On a phone a level
  // indents less: its line runs under the avatar above it (decision 077).
  const nested = depth + 1 < COMMENT_NESTING_DEPTH;
  const replies =
    node.replies.length > 0 ? (
      <ul className={nested ? "border-l border-line pl-3 max-sm:-ml-7" : ""} aria-label={`Replies to ${node.author.displayName}`}>
        {node.replies.map((reply) => (
          <CommentItem key={reply.id} postId={postId} node={reply} depth={depth + 1} failed={failed} canReply={canReply} mayDelete={mayDelete} onDeleted={onDeleted} />
        ))}
      </ul>
    ) : null;
  return (
    <li ref={item} id={anchor} tabIndex={-1} className={depth === 0 ? "focus-inset border-b border-line px-4 py-3" : "focus-inset pt-3"}>
      <div className="flex gap-3">
        <Avatar src={node.author.avatarUrl} size="sm" />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-x-1 text-sm">
            <PageLink to={`/profile/${node.author.username}`} dir="auto" className="truncate font-bold hover:underline" title={node.author.displayName}>
              {node.author.displayName}
            </PageLink>
            <VerifiedBadge type={node.author.verifiedType} />
            <span className="truncate text-muted">{`@${node.author.username} ·`}</span>
            <RelativeTime at={node.createdAt} className="text-sm text-muted" />
          </p>
          <PostText text={node.content} className="text-[15px]" />
          {/* On a phone an open reply box takes the whole width under the like, not what is left beside it. */}
          <div className="mt-1 flex items-center gap-2 max-sm:flex-wrap">
            <CommentLike postId={postId} comment={node} anchor={anchor} />
            {canReply ? (
              <details className="group min-w-0 flex-1 max-sm:open:basis-full" open={Boolean(replyFailed)}>
                <summary className="w-fit cursor-pointer list-none rounded-full px-2 py-1 text-sm text-muted hover:bg-surface hover:text-accent [&::-webkit-details-marker]:hidden">
                  Reply<span className="sr-only">{` to ${node.author.displayName}`}</span>
                </summary>
                <div className="pt-2">
                  <CommentForm
                    scope="page"
                    postId={postId}
                    parentId={node.id}
                    label={`Reply to ${node.author.displayName}`}
                    placeholder="Post your reply"
                    submitLabel="Reply"
                    lastResult={replyFailed}
                    returnAnchor={anchor}
                  />
                </div>
              </details>
            ) : null}
            {mayDelete(node) ? (
              <DeleteComment target={{ postId, commentId: node.id, writer: node.author.displayName }} onDeleted={() => onDeleted(node.id, item.current)} />
            ) : null}
          </div>
          {nested ? replies : null}
        </div>
      </div>
      {nested ? null : replies}
    </li>
  );
}

function CommentLike({ postId, comment, anchor }: { postId: string; comment: CommentView; anchor: string }) {
  const signedIn = Boolean(useRootData()?.user);
  const { fetcher } = useActionFetcher<PostActionAnswer>(`comment-like-${comment.id}`);
  const pending = fetcher.formData?.get("value");
  const confirmed = fetcher.data?.ok && typeof fetcher.data.state === "boolean" ? fetcher.data.state : comment.liked;
  const liked = typeof pending === "string" ? pending === "true" : confirmed;
  const base = fetcher.data?.ok && typeof fetcher.data.likesCount === "number" ? fetcher.data.likesCount : comment.likesCount;
  const count = base + (typeof pending === "string" && liked !== confirmed ? (liked ? 1 : -1) : 0);
  return (
    <FetcherForm
      fetcher={fetcher}
      action={`/post/${postId}`}
      onSubmit={(event) => {
        if (signedIn) return;
        event.preventDefault();
        showToast(POST_MESSAGES.signInToLike, "error");
      }}
    >
      <input type="hidden" name="intent" value="comment-like" />
      <input type="hidden" name="commentId" value={comment.id} />
      <input type="hidden" name="value" value={String(!liked)} />
      <ReturnTo anchor={anchor} />
      <button
        type="submit"
        aria-pressed={liked}
        className={`flex items-center gap-1 rounded-full px-2 py-1 text-sm hover:bg-surface ${liked ? "text-danger" : "text-muted"}`}
      >
        <Icon name="heart" className="size-4" filled={liked} />
        <span className="sr-only">{POST_ACTION_NAMES.commentLike(Math.max(0, count))}</span>
        <span aria-hidden="true">{formatCount(Math.max(0, count))}</span>
      </button>
    </FetcherForm>
  );
}

/**
 * A comment's Delete, for its writer and the post's author: a link to the confirmation's page without
 * JavaScript (back to the comments after it), the confirmation as a dialog in place with it.
 */
function DeleteComment({ target, onDeleted }: { target: DeletableComment; onDeleted: () => void }) {
  const [open, setOpen] = useState(false);
  const returnTo = useReturnTo("comments");
  return (
    <>
      <PageLink
        to={`${deleteCommentPath(target)}?${new URLSearchParams({ returnTo })}`}
        onClick={(event) => {
          event.preventDefault();
          setOpen(true);
        }}
        aria-label={COMMENT_DELETE_TEXTS.controlName(target.writer)}
        className="rounded-full px-2 py-1 text-sm text-muted hover:bg-surface hover:text-danger"
      >
        {COMMENT_DELETE_TEXTS.control}
      </PageLink>
      {open ? (
        <Dialog open onClose={() => setOpen(false)} title={COMMENT_DELETE_TEXTS.title}>
          <DeleteCommentForm target={target} returnTo={returnTo} onCancel={() => setOpen(false)} onDone={onDeleted} />
        </Dialog>
      ) : null}
    </>
  );
}
