import type { SubmissionResult } from "@conform-to/react";
import { lastAnswer } from "~/lib/last-answer";
import type { PostActionAnswer } from "~/lib/types/post";
import { createContext, useContext, useId, useRef, useState, type ComponentProps } from "react";
import { useRootData } from "~/lib/root-data";
import { COMMENT_MAX_LENGTH } from "~/lib/constants";
import { POST_MESSAGES } from "~/lib/messages";
import { showToast } from "~/lib/toast-store";
import { usePageSendId, useSendId } from "~/lib/client-ids";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { FetcherForm } from "../fetcher-form";
import { MentionTextarea } from "../mention-textarea";
import { ReturnTo } from "../return-to";
import { useHoldDialogOpen } from "../ui/dialog";
import { ErrorList } from "../ui/field";
import { CharacterCount } from "./character-count";

/**
 * A comment on a post, or a reply to a comment: the card's inline box, the post page's reply
 * composer and the 'Reply' dialog all post here (intent 'comment' on /post/{id}).
 */
/**
 * The address a post page's own comment boxes post to when it is not /post/{id} (a community's post,
 * at /community/{cid}/post/{id}): its route has the same action, and a comment refused without
 * JavaScript then comes back in the page it was written on.
 */
export const PostPageAddress = createContext<string | null>(null);

export function CommentForm({
  postId,
  parentId,
  scope,
  label,
  placeholder,
  submitLabel,
  rows = 1,
  lastResult,
  returnAnchor,
  returnTo,
  autoFocus,
  onPosted,
  className = "",
}: {
  postId: string;
  parentId?: string;
  /** Where the form is (card, dialog, page): the same post's forms in two places stay apart. */
  scope: "card" | "dialog" | "page";
  label: string;
  placeholder: string;
  submitLabel: string;
  rows?: number;
  lastResult?: SubmissionResult<string[]>;
  returnAnchor?: string;
  /** Where a member without JavaScript lands afterwards (default: this page). */
  returnTo?: string;
  autoFocus?: boolean;
  onPosted?: () => void;
  /** Added to the form's own classes (its margin in a card). */
  className?: string;
}) {
  const signedIn = Boolean(useRootData()?.user);
  // Without JavaScript a refused comment comes back in the page: the box shows its text again.
  const [content, setContent] = useState(() => {
    const text = lastResult?.initialValue?.content;
    return typeof text === "string" ? text : "";
  });
  // A send repeated unchanged after its answer was lost carries the same id, and is stored once (decision 072).
  const sendId = useSendId();
  const pageSendId = usePageSendId(`${scope}-${postId}-${parentId ?? "post"}`);
  /** The text of the last send: after it, only that leaves the box (text typed meanwhile stays). */
  const sent = useRef("");
  const { fetcher, busy } = useActionFetcher<PostActionAnswer>(`comment-${scope}-${postId}-${parentId ?? "post"}`, (answer) => {
    if (!answer.ok) return;
    sendId.forget();
    if (content !== sent.current) return;
    setContent("");
    onPosted?.();
  });
  // In the Reply dialog: it stays open while the comment is on its way (closing would lose it).
  useHoldDialogOpen(busy);
  const result = lastAnswer(fetcher.data, lastResult);
  const pageAddress = useContext(PostPageAddress);
  const textId = useId();
  const countId = useId();
  // Checked by the server only: a comment box sits on every card, and the form libraries are too
  // heavy to load with the feed (DESIGN.md §9). The server's answer is conform's SubmissionResult.
  const errors = busy ? undefined : (result?.error?.content ?? undefined);

  return (
    <FetcherForm
      fetcher={fetcher}
      action={scope === "page" && pageAddress ? pageAddress : `/post/${postId}`}
      noValidate
      onSubmit={(event) => {
        if (!signedIn) {
          event.preventDefault();
          showToast(POST_MESSAGES.signInToComment, "error");
          return;
        }
        sendId.stamp(event.currentTarget);
        sent.current = content;
      }}
      // Without JavaScript, Back after a comment draws the page again: the browser puts back nothing (its
      // text restored with a new page's clientId would post a second copy).
      autoComplete="off"
      className={`flex flex-col gap-1 ${className}`}
    >
      <input type="hidden" name="intent" value="comment" />
      <input type="hidden" name="clientId" defaultValue={pageSendId} />
      {parentId ? <input type="hidden" name="parentId" value={parentId} /> : null}
      <ReturnTo anchor={returnAnchor} to={returnTo} />
      <label htmlFor={textId} className="sr-only">
        {label}
      </label>
      <div className="comment-box">
        <MentionTextarea
          id={textId}
          name="content"
          value={content}
          onValueChange={setContent}
          placeholder={placeholder}
          rows={rows}
          autoFocus={autoFocus}
          // In a dialog, focus comes here once it is open (Dialog); autoFocus alone is taken by its ✕.
          data-autofocus={autoFocus ? "" : undefined}
          aria-invalid={errors ? true : undefined}
          aria-describedby={[content ? countId : "", errors ? `${textId}-error` : ""].join(" ").trim() || undefined}
        />
        {/* Busy, it stays focusable (aria-disabled, as SubmitButton): its click is refused instead. */}
        <button type="submit" aria-disabled={busy || undefined} onClick={(event) => busy && event.preventDefault()} className="comment-submit">
          {submitLabel}
        </button>
      </div>
      {errors || content ? (
        <div className="flex items-center justify-between gap-2">
          <ErrorList id={`${textId}-error`} errors={errors} />
          {/* The count appears once there is something to count, so a quiet box stays quiet. */}
          {content ? (
            <span className="ml-auto">
              <CharacterCount id={countId} text={content} max={COMMENT_MAX_LENGTH} />
            </span>
          ) : null}
        </div>
      ) : null}
    </FetcherForm>
  );
}

/** The reply composer (spec document 1 §2.6: 'Reply', 'Post your reply'): a comment on the post. */
export function ReplyForm(props: Omit<ComponentProps<typeof CommentForm>, "label" | "placeholder" | "submitLabel">) {
  return <CommentForm {...props} label="Reply" placeholder="Post your reply" submitLabel="Reply" />;
}
