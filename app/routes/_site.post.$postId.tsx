import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getOptionalUser } from "~/.server/auth/guards";
import { EDGE_CACHEABLE } from "~/.server/edge-cache";
import { answerHeaders } from "~/.server/respond";
import { invariantResponse, requiredParam } from "~/.server/http";
import { postPageAction } from "~/.server/posts/post-page-action";
import { postPageReads, toPostPage } from "~/.server/posts/post-page";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { postPageMeta, PostPageView } from "~/components/post/post-page";
import { POST_MESSAGES } from "~/lib/messages";
import { postPageShouldRevalidate } from "~/lib/revalidation";
import { answerOffline } from "~/lib/unanswered";
import { publicFeedHandle } from "~/lib/live-rooms";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const commentsCursor = url.searchParams.get("comments");
  const postId = requiredParam(params, "postId");
  // The post and its comments travel with the session.
  const page = toPostPage(await context.readAsViewer((viewer) => postPageReads(context.db, viewer, postId, { commentsCursor })));
  invariantResponse(page, POST_MESSAGES.notFound, { status: 404 });
  // A community's post has its address in the community (spec document 1 §2.1).
  const { communityId } = page.item.post;
  if (communityId) throw redirect(`/community/${communityId}/post/${postId}${url.search}`);
  const body = { ...page, paged: Boolean(commentsCursor), url: `${url.origin}/post/${page.item.id}`, origin: url.origin };
  // A visitor's page is every visitor's: the edge cache may keep it (docs/decisions/028).
  return (await getOptionalUser(context)) ? body : data(body, { headers: EDGE_CACHEABLE });
}

/** Live counts, new and deleted posts from the public feed (docs/decisions/036). */
export const handle = publicFeedHandle;

/** Open Graph and Twitter card tags, so a shared link previews. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => postPageMeta(data, error);

/** The interactions on a post (app/.server/posts/post-page-action.ts). */
export function action(args: ActionFunctionArgs) {
  return postPageAction(args);
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, an interaction that got no answer says what failed instead of losing the page. */
export const clientAction = answerOffline;

/** A like needs no reload; nor does deleting this very post. */
export const shouldRevalidate = postPageShouldRevalidate;

/** /post/{id}: the post, the reply composer and every comment, replies nested under their parent. */
export default function PostPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <PostPageView data={data} actionData={actionData} path={`/post/${data.item.id}`} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound("Post not found", POST_MESSAGES.notFound) }} />;
}
