import { PageLink } from "~/components/ui/page-link";
import { useRef, type FormEvent } from "react";
import type { FeedItem, PostCounts } from "~/lib/types/post";
import { iconBefore, type IconName } from "~/components/icon";
import { formatCount } from "~/lib/format";
import { html, type Markup } from "~/lib/html";
import { useLiveCounts } from "~/lib/live-feed";
import { INTENTS, TOGGLES, type ToggleName } from "~/lib/intents";
import { POST_ACTION_NAMES, POST_MESSAGES } from "~/lib/messages";
import { showToast } from "~/lib/toast-store";
import { ReturnTo } from "../return-to";
import { ComposeLink } from "./compose-dialog";
import { useToggle } from "./use-toggle";

/**
 * The counters and buttons under a post: reply, repost, like, share, bookmark and views. One form
 * for the three toggles, whose buttons carry the toggle and the wanted state: without JavaScript the
 * browser posts the pressed one; with it, each toggle goes through its own fetcher.
 */
export function PostActions({
  item,
  anchor,
  returnTo,
  signedIn,
  onShare,
  shareCounts,
}: {
  item: FeedItem;
  anchor: string;
  /** Where the card's forms come back to (its card's anchor on this page). */
  returnTo: string;
  signedIn: boolean;
  onShare: () => void;
  /** The counts the last share from this card answered (with JavaScript), if any. */
  shareCounts: PostCounts | null;
}) {
  const { post } = item;
  const toggles = {
    repost: useToggle("repost", post.id, post.viewer.reposted),
    like: useToggle("like", post.id, post.viewer.liked),
    bookmark: useToggle("bookmark", post.id, post.viewer.bookmarked),
  };
  const { like, repost, bookmark } = toggles;
  const action = `/post/${post.id}`;
  // The newest answer about the post wins: the page's, the feed room's (live), a toggle's or a share's.
  const group = useRef<HTMLDivElement>(null);
  const live = useLiveCounts(post.id, group);
  const counts = [live, like.counts, repost.counts, shareCounts ?? undefined].reduce<PostCounts>(
    (newest, next) => (next && next.at > newest.at ? next : newest),
    post.counts,
  );
  const shared = post.viewer.shared || shareCounts !== null;
  const disabled = post.locked;

  // Each action draws its icon in its own ::before box (iconBefore): six elements fewer per card.
  const replyContent = actionLabelHtml(POST_ACTION_NAMES.reply(counts.comments), counts.comments);
  const shareContent = actionLabelHtml(POST_ACTION_NAMES.share(counts.shares), counts.shares);
  const reposts = Math.max(0, counts.reposts + repost.delta);
  const likes = Math.max(0, counts.likes + like.delta);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    const button = (event.nativeEvent as SubmitEvent).submitter;
    const name = TOGGLES.find((toggle) => toggle === button?.getAttribute("name"));
    if (!name || !(button instanceof HTMLButtonElement)) return;
    event.preventDefault();
    if (!signedIn) showToast(INTENTS[name].signIn, "error");
    else toggles[name].fetcher.submit(button, { method: "post", action });
  };

  return (
    // A group names the buttons for assistive technology; the form inside it lays them out as its own.
    <div ref={group} role="group" aria-label="Post actions" className="post-actions">
      <form method="post" action={action} onSubmit={submit} className="contents">
        <ReturnTo anchor={anchor} />
        {disabled ? (
          // A locked post has no reply page (it answers 404 to whoever may not see the post): no link to it.
          <button type="button" disabled className={`post-action ${iconBefore("message-circle")}`} dangerouslySetInnerHTML={replyContent} />
        ) : (
          <ComposeLink
            reply={{ postId: post.id, displayName: post.author.displayName, username: post.author.username, excerpt: post.content }}
            onClick={(event) => {
              // A visitor with JavaScript is told to sign in; without it the link leads to sign-in and back.
              if (signedIn) return;
              event.preventDefault();
              showToast(POST_MESSAGES.signInToComment, "error");
            }}
            className={`post-action ${iconBefore("message-circle")} hover:text-accent`}
            dangerouslySetInnerHTML={replyContent}
          />
        )}
        <Toggle name="repost" icon="repeat" active={repost.active} label={POST_ACTION_NAMES.repost(reposts)} disabled={disabled} activeClass="text-success" count={reposts} />
        <Toggle name="like" icon="heart" active={like.active} label={POST_ACTION_NAMES.like(likes)} disabled={disabled} activeClass="text-danger" count={likes} />
        {disabled ? (
          // A locked post cannot be shared (its share page answers 404 to whoever may not see it).
          <button type="button" disabled className={`post-action ${iconBefore("share")}`} dangerouslySetInnerHTML={shareContent} />
        ) : (
          <PageLink
            to={`/post/${post.id}/share?${new URLSearchParams({ returnTo })}`}
            onClick={(event) => {
              event.preventDefault();
              onShare();
            }}
            className={`post-action ${iconBefore("share")} hover:text-accent ${shared ? "text-accent" : ""}`}
            dangerouslySetInnerHTML={shareContent}
          />
        )}
        <Toggle name="bookmark" icon="bookmark" active={bookmark.active} label="Bookmark" disabled={disabled} activeClass="text-accent" />
        <span
          className={`post-action ${iconBefore("bar-chart")}`}
          title="Views"
          dangerouslySetInnerHTML={html`<span class="sr-only">${POST_ACTION_NAMES.views(counts.views)}</span><span data-views="true" aria-hidden="true">${formatCount(counts.views)}</span>`}
        />
      </form>
    </div>
  );
}

/**
 * An action's name for assistive technology (its count in words: POST_ACTION_NAMES) and the count it
 * shows, if any, which the name already says: markup (decision 057).
 */
function actionLabelHtml(name: string, count?: number): Markup {
  return html`<span class="sr-only">${name}</span>${count !== undefined && html`<span aria-hidden="true">${formatCount(count)}</span>`}`;
}

function Toggle({
  name,
  icon,
  active,
  label,
  disabled,
  activeClass,
  count,
}: {
  name: ToggleName;
  icon: IconName;
  active: boolean;
  label: string;
  disabled: boolean;
  activeClass: string;
  count?: number;
}) {
  // A pressed like or bookmark shows its icon filled.
  const drawn = iconBefore(icon, active);
  return (
    <button
      type="submit"
      name={name}
      value={String(!active)}
      aria-pressed={active}
      disabled={disabled}
      className={`post-action ${drawn} ${active ? activeClass : ""}`}
      dangerouslySetInnerHTML={actionLabelHtml(label, count)}
    />
  );
}
