import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData, type ClientActionFunctionArgs, type ShouldRevalidateFunction } from "@remix-run/react";
import { answerUnanswered } from "~/lib/unanswered";
import { z } from "zod";
import { getOptionalUser } from "~/.server/auth/guards";
import type { SessionUser } from "~/.server/auth/session";
import { addComment, setCommentLike } from "~/.server/comments";
import { getPostPage } from "~/.server/feed";
import { attempt, isFailure, refuse } from "~/.server/outcome";
import { setBookmark, setLike, setRepost } from "~/.server/posts";
import { publishCounts, publishFeedEvent } from "~/.server/realtime";
import { respond, returnToOf } from "~/.server/respond";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { ReplyForm } from "~/components/post/comment-form";
import { CommentThread, type FailedComment } from "~/components/post/comment-thread";
import { PostCard } from "~/components/post/post-card";
import type { PostActionData } from "~/components/post/post-types";
import { askedOf, INTERACTIONS, type Interaction } from "~/lib/interactions";
import { POST_MESSAGES } from "~/lib/messages";
import { isQuietInteraction } from "~/lib/revalidation";
import { CommentSchema, ToggleSchema } from "~/lib/schemas/post";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await getOptionalUser(context);
  const url = new URL(request.url);
  const commentsCursor = url.searchParams.get("comments");
  const page = await getPostPage(context.db, viewer?.id ?? null, params.postId ?? "", { commentsCursor });
  if (!page) throw new Response(POST_MESSAGES.notFound, { status: 404 });
  return { ...page, paged: Boolean(commentsCursor), url: `${url.origin}/post/${page.item.id}`, origin: url.origin };
}

/** Open Graph and Twitter card tags, so a shared link previews (locked posts say only that they are locked). */
export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Post not found | Murmur" }];
  const { post } = data.item;
  const who = `${post.author.displayName} (@${post.author.username})`;
  const text = post.locked ? "A post for subscribers." : post.content || (post.videoUrl ? "A video" : "A post");
  const image = post.mediaUrls[0] ? new URL(post.mediaUrls[0], data.origin).toString() : null;
  const title = `${who} on Murmur`;
  return [
    { title: `${who}: “${text.slice(0, 60)}” | Murmur` },
    { name: "description", content: text },
    { property: "og:type", content: "article" },
    { property: "og:site_name", content: "Murmur" },
    { property: "og:title", content: title },
    { property: "og:description", content: text },
    { property: "og:url", content: data.url },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: text },
    ...(image ? [{ name: "twitter:image", content: image }] : []),
  ];
};

const CommentLikeSchema = ToggleSchema.extend({ commentId: z.string().min(1) });

/**
 * The interactions on a post: like, repost, bookmark (each with the wanted state), comment and comment
 * like. Signed-out visitors get the spec's 'Please sign in to …' and nothing changes.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const postId = params.postId ?? "";
  const user = await getOptionalUser(context);
  const asked = askedOf(form);
  const texts = asked ? INTERACTIONS[asked] : null;
  if (!user) return respond(form, refuse(401, texts?.signIn ?? POST_MESSAGES.notAuthenticated));
  const answer = await attempt(`post interaction '${asked}'`, texts?.failed ?? null, () => interact(form, asked, postId, user, context));
  return isFailure(answer) ? respond(form, answer) : answer;
}

/** With JavaScript, an interaction that got no answer says what failed instead of losing the page. */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs) {
  const asked = askedOf(await request.clone().formData());
  return answerUnanswered(() => serverAction<typeof action>(), asked ? INTERACTIONS[asked].failed : null);
}

async function interact(form: FormData, asked: Interaction | null, postId: string, user: SessionUser, context: AppLoadContext) {
  const db = context.db;

  if (asked === "comment") {
    const submission = parseWithZod(form, { schema: CommentSchema });
    if (submission.status !== "success") {
      // Rendered again with the text and the message (without JavaScript, this very page).
      return data<PostActionData>({ ok: false, message: null, lastResult: submission.reply() }, { status: 400 });
    }
    const outcome = await addComment(db, user.id, postId, submission.value);
    if (!outcome.ok) return respond(form, { ...outcome, message: POST_MESSAGES.commentFailed });
    publishCounts(context, db, outcome.postId);
    return respond(form, outcome, POST_MESSAGES.commentPosted);
  }

  if (asked === "comment-like") {
    const parsed = CommentLikeSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return respond(form, refuse(400, POST_MESSAGES.notFound));
    const outcome = await setCommentLike(db, user.id, parsed.data.commentId, parsed.data.value);
    return respond(form, outcome.ok ? { ...outcome, state: outcome.liked } : outcome);
  }

  // A toggle's button is named after it and carries the wanted state ('like' = 'true').
  const parsed = ToggleSchema.safeParse({ value: asked ? form.get(asked) : undefined });
  if (!asked || !parsed.success) return respond(form, refuse(400, POST_MESSAGES.notFound));
  const wanted = parsed.data.value;
  switch (asked) {
    case "like": {
      const outcome = await setLike(db, user.id, postId, wanted);
      if (outcome.ok) publishCounts(context, db, outcome.postId, outcome.counts);
      return respond(form, outcome.ok ? { ...outcome, state: outcome.liked } : outcome);
    }
    case "bookmark": {
      const outcome = await setBookmark(db, user.id, postId, wanted);
      // Without JavaScript the bookmark icon alone may be missed: say what happened.
      const said = returnToOf(form) ? (wanted ? POST_MESSAGES.bookmarked : POST_MESSAGES.unbookmarked) : undefined;
      return respond(form, outcome.ok ? { ...outcome, state: outcome.bookmarked } : outcome, said);
    }
    case "repost": {
      const outcome = await setRepost(db, user.id, postId, wanted);
      if (outcome.ok) {
        publishCounts(context, db, outcome.postId, outcome.counts);
        if (outcome.repostId && !outcome.reposted) publishFeedEvent(context, { type: "post-deleted", postId: outcome.repostId });
        if (outcome.repostId && outcome.reposted) {
          publishFeedEvent(context, { type: "post-created", postId: outcome.repostId, authorId: user.id, hasVideo: false });
        }
      }
      return respond(
        form,
        outcome.ok ? { ...outcome, state: outcome.reposted } : outcome,
        wanted ? POST_MESSAGES.reposted : POST_MESSAGES.unreposted,
      );
    }
  }
}

/** A like needs no reload; nor does deleting this very post (the page goes home instead of 404). */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  if (isQuietInteraction(args)) return false;
  if (args.formAction === `/post/${args.currentParams.postId}/delete`) return false;
  return args.defaultShouldRevalidate;
};

/** /post/{id}: the post, the reply composer and every comment, replies nested under their parent. */
export default function PostPage() {
  const data = useLoaderData<typeof loader>();
  const { item, paged } = data;
  const actionData = useActionData<typeof action>();
  const { post } = item;
  const lastResult = actionData && "lastResult" in actionData ? actionData.lastResult : undefined;
  const failed: FailedComment | undefined = lastResult
    ? { parentId: typeof lastResult.initialValue?.parentId === "string" ? lastResult.initialValue.parentId : null, lastResult }
    : undefined;
  // Visitors get the boxes too: trying to comment tells them to sign in (spec document 1 §6).
  const canReply = !post.locked;

  return (
    <div>
      <PageHeader title="Post" />
      <PostCard item={item} detail />
      {canReply ? (
        <div className="border-b border-line px-4 py-3">
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
            <Link to={`/post/${item.id}#comments`} className="text-accent hover:underline">
              Back to the first comments
            </Link>
          </p>
        ) : null}
        {post.locked ? null : <CommentThread postId={post.id} itemId={item.id} first={data} failed={failed} canReply={canReply} />}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
