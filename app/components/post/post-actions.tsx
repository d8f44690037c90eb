import { Link, useRouteLoaderData, type FetcherWithComponents } from "@remix-run/react";
import { Icon } from "~/components/icon";
import type { ReactNode } from "react";
import type { FeedItem } from "~/.server/feed";
import type { RootLoaderData } from "~/root";
import { formatCount } from "~/lib/format";
import { POST_MESSAGES } from "~/lib/messages";
import { showToast } from "~/lib/toast-store";
import { useHydrated } from "~/lib/use-hydrated";
import { FetcherForm } from "../fetcher-form";
import { ReturnTo, useReturnTo } from "../return-to";
import { ComposeLink } from "./compose-dialog";
import type { PostActionData } from "./post-types";
import { useToggle } from "./use-toggle";

const actionClass =
  "group flex items-center gap-1.5 rounded-full px-2 py-1.5 text-sm transition hover:bg-surface disabled:opacity-60";

/** The counters and buttons under a post: reply, repost, like, share, bookmark and views. */
export function PostActions({
  item,
  anchor,
  onShare,
  sharedNow,
}: {
  item: FeedItem;
  anchor: string;
  onShare: () => void;
  /** Shares made from this card since the page loaded (with JavaScript). */
  sharedNow: number;
}) {
  const { post } = item;
  const like = useToggle("like", post.id, post.viewer.liked);
  const repost = useToggle("repost", post.id, post.viewer.reposted);
  const bookmark = useToggle("bookmark", post.id, post.viewer.bookmarked);
  const hydrated = useHydrated();
  const returnTo = useReturnTo(anchor);
  // Each count comes from the freshest answer about it: its own fetcher's, else the page's.
  const counts = {
    ...post.counts,
    likes: like.counts?.likes ?? post.counts.likes,
    reposts: repost.counts?.reposts ?? post.counts.reposts,
    shares: post.counts.shares + sharedNow,
  };
  const shared = post.viewer.shared || sharedNow > 0;
  const disabled = post.locked;

  return (
    <div className="mt-2 flex max-w-md items-center justify-between" role="group" aria-label="Post actions">
      <ComposeLink
        reply={{ postId: post.id, displayName: post.author.displayName, username: post.author.username, excerpt: post.content }}
        className={`${actionClass} text-muted hover:text-accent ${disabled ? "pointer-events-none opacity-60" : ""}`}
        aria-disabled={disabled || undefined}
      >
        <Icon name="message-circle" className="size-[18px]" />
        <span className="sr-only">Reply</span>
        <span>{formatCount(counts.comments)}</span>
      </ComposeLink>
      <Toggle
        fetcher={repost.fetcher}
        postId={post.id}
        intent="repost"
        active={repost.active}
        label="Repost"
        signIn={POST_MESSAGES.signInToRepost}
        anchor={anchor}
        disabled={disabled}
        activeClass="text-success"
        icon={<Icon name="repeat" className="size-[18px]" />}
        count={counts.reposts + repost.delta}
      />
      <Toggle
        fetcher={like.fetcher}
        postId={post.id}
        intent="like"
        active={like.active}
        label="Like"
        signIn={POST_MESSAGES.signInToLike}
        anchor={anchor}
        disabled={disabled}
        activeClass="text-danger"
        icon={<Icon name="heart" className="size-[18px]" filled={like.active} />}
        count={counts.likes + like.delta}
      />
      <Link
        to={`/post/${post.id}/share?${new URLSearchParams({ returnTo })}`}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          onShare();
        }}
        className={`${actionClass} hover:text-accent ${shared ? "text-accent" : "text-muted"} ${disabled ? "pointer-events-none opacity-60" : ""}`}
        aria-disabled={disabled || undefined}
      >
        <Icon name="share" className="size-[18px]" />
        <span className="sr-only">Share</span>
        <span>{formatCount(counts.shares)}</span>
      </Link>
      <Toggle
        fetcher={bookmark.fetcher}
        postId={post.id}
        intent="bookmark"
        active={bookmark.active}
        label="Bookmark"
        signIn={POST_MESSAGES.signInToBookmark}
        anchor={anchor}
        disabled={disabled}
        activeClass="text-accent"
        icon={<Icon name="bookmark" className="size-[18px]" filled={bookmark.active} />}
      />
      <span className="flex items-center gap-1.5 px-2 text-sm text-muted" title="Views">
        <Icon name="bar-chart" className="size-[18px]" />
        <span className="sr-only">Views</span>
        <span data-views>{formatCount(counts.views)}</span>
      </span>
    </div>
  );
}

function Toggle({
  fetcher,
  postId,
  intent,
  active,
  label,
  signIn,
  anchor,
  disabled,
  activeClass,
  icon,
  count,
}: {
  fetcher: FetcherWithComponents<PostActionData>;
  postId: string;
  intent: "like" | "repost" | "bookmark";
  active: boolean;
  label: string;
  signIn: string;
  anchor: string;
  disabled: boolean;
  activeClass: string;
  icon: ReactNode;
  count?: number;
}) {
  const signedIn = Boolean(useRouteLoaderData<RootLoaderData>("root")?.user);
  return (
    <FetcherForm
      fetcher={fetcher}
      action={`/post/${postId}`}
      onSubmit={(event) => {
        if (signedIn) return;
        event.preventDefault();
        showToast(signIn, "error");
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="value" value={String(!active)} />
      <ReturnTo anchor={anchor} />
      <button type="submit" aria-pressed={active} disabled={disabled} className={`${actionClass} ${active ? activeClass : "text-muted"}`}>
        {icon}
        <span className="sr-only">{label}</span>
        {count === undefined ? null : <span>{formatCount(Math.max(0, count))}</span>}
      </button>
    </FetcherForm>
  );
}
