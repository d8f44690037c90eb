import { postPath } from "~/lib/share";
import { PAGE_LINK, PageLink, profileLinkHtml } from "~/components/ui/page-link";
import { Icon, iconHtml } from "~/components/icon";
import { html, type Markup } from "~/lib/html";
import { lazy, memo, Suspense, useEffect, useRef, useState } from "react";
import { POST_LOCK_MESSAGES } from "~/lib/texts/post-lock";
import type { FeedItem, PostCounts, PostView } from "~/lib/types/post";
import { useRootData } from "~/lib/root-data";
import { useRouter } from "~/lib/router";
import { useDeleted } from "~/lib/deleted-posts";
import { successorsOf } from "~/lib/successors";
import { focusPageHeading } from "~/lib/navigation-focus";
import { avatarHtml } from "../avatar";
import { relativeTimeHtml, useTimesReadNow } from "../relative-time";
import { useReturnTo } from "../return-to";
import { buttonClass } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { verifiedBadgeHtml } from "../verified-badge";
import { CommentForm } from "./comment-form";
import { DeleteForm, type Deletable } from "./delete-form";
import { PostActions } from "./post-actions";
import { PostImages, PostVideo } from "./post-media";
import { PostMenu } from "./post-menu";
import { PostText } from "./post-text";
import { REPORT_TITLE } from "./report-title";
import { TopComments } from "./top-comments";
import { useViewTracking } from "./use-view-tracking";

type OpenDialog = "share" | "report" | "delete" | null;

/** Dialogs load when a member opens one, not with the feed (DESIGN.md §9 initial JavaScript). */
const ReportForm = lazy(() => import("./report-form").then((module) => ({ default: module.ReportForm })));
const ShareDialog = lazy(() => import("./share-dialog").then((module) => ({ default: module.ShareDialog })));

/**
 * A post as the feed shows it (spec document 1 §2.4). `detail` is the post page's version: no top
 * comments or inline box, the page lists every comment itself.
 */
function Card({ item, detail = false }: { item: FeedItem; detail?: boolean }) {
  const { post, repostedBy } = item;
  const viewer = useRootData()?.user ?? null;
  const anchor = `post-${item.id}`;
  const returnTo = useReturnTo(anchor);
  const ref = useRef<HTMLElement>(null);
  const meta = useTimesReadNow<HTMLDivElement>();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [shareCounts, setShareCounts] = useState<PostCounts | null>(null);
  const close = () => setDialog(null);
  // The router's own navigate: `useNavigate` would render the card again on every fetcher's move (102).
  const router = useRouter();

  const deletable: Deletable | null =
    repostedBy && repostedBy.id === viewer?.id
      ? { id: item.id, title: "Delete Repost" }
      : post.author.id === viewer?.id
        ? { id: post.id, title: "Delete Post" }
        : null;
  const deleted = useDeleted(item.id, post.id);
  useViewTracking(ref, post.id, Boolean(viewer) && viewer?.id !== post.author.id && !post.locked && !deleted);
  // Gone (deleted here, or the feed room says so); but its own delete dialog stays to give the answer.
  const gone = deleted && dialog !== "delete";
  // Where the keyboard goes once the member deleted this card from a list: the card had it (its menu's
  // button, under the dialog), and would leave it on the page's body.
  const successors = useRef<Element[] | null>(null);
  useEffect(() => {
    if (!gone || !successors.current) return;
    // The first still there: a card after it (its reposts went with it), else one before it, else the heading.
    const next = successors.current.find((element) => element.isConnected);
    successors.current = null;
    if (next instanceof HTMLElement) next.focus();
    else focusPageHeading();
  }, [gone]);
  if (gone) {
    // Taken away by the feed room (its author deleted it elsewhere) with the keyboard inside it: the
    // neighbours are read now, while the card is still in the page, as the delete dialog reads them.
    const focused = typeof document !== "undefined" && ref.current?.contains(document.activeElement);
    if (!successors.current && focused) successors.current = successorsOf(ref.current);
    return null;
  }

  const profile = `/profile/${post.author.username}`;
  return (
    <article
      ref={ref}
      id={anchor}
      aria-labelledby={`${anchor}-author`}
      // The keyboard can be sent here: after 'Load more', or when a card beside it is deleted.
      tabIndex={-1}
      className={detail ? "post-card focus-inset" : "post-card post-card-in-list focus-inset"}
    >
      {post.community && !detail ? (
        <p
          className="mb-1 ml-8 flex items-center gap-2 text-sm font-semibold text-muted"
          dangerouslySetInnerHTML={html`
            ${iconHtml({ name: "users", className: "size-4" })}
            <a dir="auto" class="truncate hover:underline" href="/community/${post.community.id}" ${PAGE_LINK}>${post.community.name}</a>`}
        />
      ) : null}
      {repostedBy ? (
        <p
          className="mb-1 ml-8 flex items-center gap-2 text-sm font-semibold text-muted"
          dangerouslySetInnerHTML={html`
            ${iconHtml({ name: "repeat", className: "size-4" })}
            ${profileLinkHtml({ username: repostedBy.username, name: repostedBy.id === viewer?.id ? "You" : repostedBy.displayName, className: "truncate hover:underline" })} reposted`}
        />
      ) : null}
      <div className="flex gap-3">
        <PageLink to={profile} className="shrink-0" tabIndex={-1} aria-hidden dangerouslySetInnerHTML={avatarHtml({ src: post.author.avatarUrl })} />
        <div className="min-w-0 flex-1">
          <header className="flex items-start gap-2">
            {/* Its time is the server's reading until useTimesReadNow's: no warning for that in development. */}
            <div ref={meta} className="post-meta" dangerouslySetInnerHTML={postMetaHtml(post, anchor)} suppressHydrationWarning />
            <PostMenu
              postId={post.id}
              reportable={!post.locked && post.author.id !== viewer?.id}
              mutable={viewer && post.author.id !== viewer.id ? post.author.username : null}
              deletable={deletable}
              returnTo={returnTo}
              onReport={() => setDialog("report")}
              onDelete={() => setDialog("delete")}
            />
          </header>

          {post.locked ? (
            <LockedNotice username={post.author.username} lockedFor={post.lockedFor} signedIn={Boolean(viewer)} />
          ) : (
            <>
              <PostText text={post.content} className={detail ? "mt-1 text-lg" : "mt-0.5"} />
              <PostImages postId={post.id} urls={post.mediaUrls} dimensions={post.mediaDimensions} descriptions={post.mediaDescriptions} authorName={post.author.displayName} eager={detail} />
              {post.videoUrl ? <PostVideo src={post.videoUrl} authorName={post.author.displayName} /> : null}
            </>
          )}

          {post.lockedFor !== null && post.lockedFor !== "subscribers" ? null : (
            <PostActions item={item} anchor={anchor} returnTo={returnTo} signedIn={viewer !== null} onShare={() => setDialog("share")} shareCounts={shareCounts} />
          )}

          {detail ? null : (
            <>
              <TopComments
                postId={post.id}
                postAuthorId={post.author.id}
                viewerId={viewer?.id ?? null}
                returnTo={returnTo}
                comments={post.topComments}
                total={post.counts.comments}
              />
              {viewer && !post.locked ? (
                <CommentForm
                  scope="card"
                  postId={post.id}
                  label={`Comment on ${post.author.displayName}'s post`}
                  placeholder="Add a comment..."
                  submitLabel="Comment"
                  returnAnchor={anchor}
                  className="mt-2"
                />
              ) : null}
            </>
          )}
        </div>
      </div>

      {dialog === "share" ? (
        <Suspense fallback={null}>
          <ShareDialog post={post} onClose={close} onShared={(counts) => setShareCounts((last) => (last && last.at >= counts.at ? last : counts))} />
        </Suspense>
      ) : null}
      {dialog === "report" ? (
        <Dialog open onClose={close} title={REPORT_TITLE}>
          <Suspense fallback={<p className="py-6 text-center text-muted">Loading...</p>}>
            <ReportForm postId={post.id} returnTo={returnTo} onCancel={close} onDone={close} />
          </Suspense>
        </Dialog>
      ) : null}
      {dialog === "delete" && deletable ? (
        <Dialog open onClose={close} title={deletable.title}>
          <DeleteForm
            target={deletable}
            returnTo={returnTo}
            onCancel={close}
            // On the post's own page there is nothing left to show.
            onDone={
              detail
                ? () => router.navigate("/")
                : () => {
                    successors.current = successorsOf(ref.current);
                    close();
                  }
            }
          />
        </Dialog>
      ) : null}
    </article>
  );
}

/**
 * A card renders again only when its own props change (docs/decisions/102): a list renders again on
 * every fetcher's move (its 'Load more' holds one), and a like re-rendered each of its cards. What a
 * card shows of the page's state it reads from stores of its own (counts, deletions, its fetchers).
 */
export const PostCard = memo(Card);

/**
 * The author line: name, badge, 'Subscribers only', username, the time and the place. Only data, so
 * markup (decision 057). The time links to the post: its name begins with what it shows, and it is a
 * 24 px target.
 */
function postMetaHtml(post: PostView, anchor: string): Markup {
  const { author } = post;
  return html`
    ${profileLinkHtml({ username: author.username, name: author.displayName, className: "post-author", id: `${anchor}-author` })}
    ${verifiedBadgeHtml(author.verifiedType)}
    ${post.isSubscriberOnly &&
    html`
      <span class="inline-flex items-center gap-1 rounded-full bg-accent/10 px-2 py-0.5 text-xs font-semibold text-accent">
        ${iconHtml({ name: "lock", className: "size-3" })}Subscribers only
      </span>`}
    <span class="truncate text-muted">${`@${author.username}`}</span>
    <span class="text-muted" aria-hidden="true">·</span>
    <a class="post-time" href="${postPath(post.id, post.communityId)}" ${PAGE_LINK}>
      ${relativeTimeHtml(post.createdAt)}<span class="sr-only">, open post</span>
    </a>
    ${post.location &&
    html`
      <span class="flex min-w-0 items-center gap-0.5 text-sm text-muted">
        ${iconHtml({ name: "map-pin", className: "size-3.5 shrink-0" })}
        <span class="sr-only">Location:</span>
        <span dir="auto" class="truncate" title="${post.location}">${post.location}</span>
      </span>`}`;
}

/**
 * A card whose content the viewer may not see: a subscriber-only post, or the post of a member who keeps
 * their posts for followers or from visitors (decision 031; lists leave those out, a link still opens
 * it, without counts or actions).
 */
function LockedNotice({ username, lockedFor, signedIn }: { username: string; lockedFor: PostView["lockedFor"]; signedIn: boolean }) {
  const [title, text] =
    lockedFor === "blockedByYou"
      ? [POST_LOCK_MESSAGES.blockedTitle, POST_LOCK_MESSAGES.blockedByYou(username)]
      : lockedFor === "blocksYou"
      ? [POST_LOCK_MESSAGES.blockedTitle, POST_LOCK_MESSAGES.blocksYou(username)]
      : lockedFor === "subscribers"
      ? [POST_LOCK_MESSAGES.subscribersTitle, POST_LOCK_MESSAGES.subscribers(username)]
      : lockedFor === "followers"
        ? [POST_LOCK_MESSAGES.privateTitle, signedIn ? POST_LOCK_MESSAGES.followers(username) : POST_LOCK_MESSAGES.followersSignIn(username)]
        : [POST_LOCK_MESSAGES.privateTitle, POST_LOCK_MESSAGES.signIn(username)];
  return (
    <div className="mt-2 flex items-center gap-3 rounded-2xl border border-line bg-surface p-4">
      <Icon name="lock" className="size-6 shrink-0 text-accent" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-muted">{text}</p>
      </div>
      {lockedFor === "subscribers" ? (
        <PageLink
          to={signedIn ? `/profile/${username}/subscribe` : `/auth?${new URLSearchParams({ returnTo: `/profile/${username}/subscribe` })}`}
          aria-label={`Subscribe to @${username}`}
          className={buttonClass("primary", "shrink-0 px-4 py-1.5 text-sm")}
        >
          Subscribe
        </PageLink>
      ) : null}
    </div>
  );
}
