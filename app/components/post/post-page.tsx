import type { SubmissionResult } from "@conform-to/react";
import { isRouteErrorResponse, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { PageHeader } from "~/components/page-header";
import { ErrorPage, errorPageTitle } from "~/components/error-boundary";
import { POST_TITLE_CHARACTERS } from "~/lib/constants";
import { useDeleted } from "~/lib/deleted-posts";
import { clipCharacters, withoutDirectionControls } from "~/lib/text";
import { postUrl } from "~/lib/share";
import { POST_MESSAGES } from "~/lib/messages";
import { POST_LOCK_MESSAGES } from "~/lib/texts/post-lock";
import type { CommentPage, FeedItem } from "~/lib/types/post";
import { PostPageAddress, ReplyForm } from "./comment-form";
import { COMMENT_BOX_ID, CommentThread, type FailedComment } from "./comment-thread";
import { PostCard } from "./post-card";

/** /post/{id}: the post, the reply composer and every comment, replies nested under their parent. */
export function PostPageView({
  data,
  actionData,
  path,
  community,
}: {
  data: { item: FeedItem; paged: boolean } & CommentPage;
  actionData: object | undefined;
  /** The page's own address (/post/{id}, or the community's /community/{id}/post/{postId}). */
  path: string;
  /** Above the post: the community it was posted in. */
  community?: ReactNode;
}) {
  const { item, paged } = data;
  const { post } = item;
  const lastResult = actionData && "lastResult" in actionData ? (actionData.lastResult as SubmissionResult<string[]> | undefined) : undefined;
  const failed: FailedComment | undefined = lastResult
    ? { parentId: typeof lastResult.initialValue?.parentId === "string" ? lastResult.initialValue.parentId : null, lastResult }
    : undefined;
  // Visitors get the boxes too: trying to comment tells them to sign in (spec document 1 §6).
  const canReply = !post.locked;
  // Deleted while open (here, or the feed room says so): the page says what a reload would.
  const deleted = useDeleted(item.id, post.id);

  return (
    // A community's post page takes its own comments (its address has the post's action); a repost's
    // page is the original's comments, posted to the original's address.
    <PostPageAddress.Provider value={item.id === post.id ? path : null}>
      <div>
        {deleted ? null : (
          <>
            <PageHeader title="Post" />
            {community}
          </>
        )}
        {/* Gone, the card draws nothing, or, while its delete dialog is open, itself and the dialog,
            to give that answer. It keeps its place in the tree (what comes before it is one child
            either way): else React would make it anew, without its dialog, when the feed room's news
            of the deletion comes before the answer. */}
        <PostCard item={item} detail />
        {deleted ? (
          <ErrorPage status={404} title="Post not found" text={POST_MESSAGES.notFound} />
        ) : (
          <>
            {canReply ? (
              <div id={COMMENT_BOX_ID} className="border-b border-line px-4 py-3">
                <ReplyForm
                  scope="page"
                  postId={post.id}
                  rows={2}
                  lastResult={failed?.parentId === null ? failed.lastResult : undefined}
                  returnAnchor="comments"
                />
              </div>
            ) : null}
            <section id="comments" aria-label="Comments">
              {paged ? (
                <p className="border-b border-line px-4 py-2 text-sm">
                  <Link to={`${path}#comments`} className="text-accent hover:underline">
                    Back to the first comments
                  </Link>
                </p>
              ) : null}
              {post.locked ? null : <CommentThread postId={post.id} postAuthorId={post.author.id} itemId={item.id} first={data} failed={failed} canReply={canReply} />}
            </section>
          </>
        )}
      </div>
    </PostPageAddress.Provider>
  );
}

/** Open Graph and Twitter card tags, so a shared link previews (locked posts say only that they are locked). */
export function postPageMeta(data: { item: FeedItem; url: string; origin: string; indexable: boolean } | undefined, error?: unknown) {
  // A request refused for what it sent (a form too large, say) is not a missing post.
  if (!data) return [{ title: isRouteErrorResponse(error) && error.status !== 404 ? errorPageTitle(error) : "Post not found | Murmur" }];
  const { post } = data.item;
  const who = `${post.author.displayName} (@${post.author.username})`;
  const locked = post.lockedFor === "subscribers" ? POST_LOCK_MESSAGES.subscribersPreview : POST_LOCK_MESSAGES.privatePreview;
  const text = post.locked ? locked : post.content || (post.videoUrl ? "A video" : "A post");
  const image = post.mediaUrls[0] ? new URL(post.mediaUrls[0], data.origin).toString() : null;
  // The author's description of it, for the preview's image too (decision 092; a locked post has none).
  const imageAlt = image ? post.mediaDescriptions[0] : null;
  const title = `${who} on Murmur`;
  return [
    // A post's own direction controls (kept in its text: decision 077) would turn the title around.
    { title: `${who}: “${clipCharacters(withoutDirectionControls(text), POST_TITLE_CHARACTERS)}” | Murmur` },
    { name: "description", content: text },
    // One address for the post, whatever its query (a page of comments, a campaign's tags) and whoever
    // reposted it (a repost's address shows its original).
    { tagName: "link", rel: "canonical", href: postUrl(data.origin, post.id, post.communityId) },
    // The author who asked search engines not to list their profile asks it for their posts too.
    ...(data.indexable ? [] : [{ name: "robots", content: "noindex" }]),
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "Murmur" },
    { property: "og:title", content: title },
    { property: "og:description", content: text },
    { property: "og:url", content: data.url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    ...(imageAlt ? [{ property: "og:image:alt", content: imageAlt }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: text },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
    ...(imageAlt ? [{ name: "twitter:image:alt", content: imageAlt }] : []),
  ];
}
