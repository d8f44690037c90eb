import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { invariantResponse, requiredParam } from "~/.server/http";
import { postPageAction } from "~/.server/posts/post-page-action";
import { answerHeaders } from "~/.server/respond";
import { postPageReads, toPostPage } from "~/.server/posts/post-page";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { Icon } from "~/components/icon";
import { postPageMeta, PostPageView } from "~/components/post/post-page";
import { POST_MESSAGES } from "~/lib/messages";
import { postPageShouldRevalidate } from "~/lib/revalidation";
import { answerOffline } from "~/lib/unanswered";

/** As /post/{id}'s: Open Graph and Twitter card tags, so a shared link previews. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => postPageMeta(data, error);

/**
 * /community/{id}/post/{postId} (spec document 1 §2.1): a community's post, its comments and its
 * community, for visitors too (a shared link to a public community's post opens, as /post/{id} does).
 * Members see a private community's posts; for anyone else the post does not exist (the card read
 * finds nothing, decision 035). Its comment boxes post here (a refused comment comes back in this
 * page); its other forms post to /post/{postId}, as every post's do.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const communityId = requiredParam(params, "communityId");
  const postId = requiredParam(params, "postId");
  // The post and its comments travel with the session.
  const page = toPostPage(await context.readAsViewer((viewer) => postPageReads(context.db, viewer, postId, { commentsCursor: url.searchParams.get("comments") })));
  invariantResponse(page && page.item.post.communityId && page.item.post.community, POST_MESSAGES.notFound, { status: 404 });
  // A post of another community (or none) lives at its own address.
  if (page.item.post.communityId !== communityId) throw redirect(`/community/${page.item.post.communityId}/post/${postId}${url.search}`);
  const address = `${url.origin}/community/${communityId}/post/${page.item.id}`;
  return { ...page, community: page.item.post.community, paged: url.searchParams.has("comments"), url: address, origin: url.origin };
}

/** The interactions on a post, as at /post/{id} (app/.server/posts/post-page-action.ts). */
export function action(args: ActionFunctionArgs) {
  return postPageAction(args);
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, an interaction that got no answer says what failed instead of losing the page. */
export const clientAction = answerOffline;

/** A like needs no reload; nor does deleting this very post. */
export const shouldRevalidate = postPageShouldRevalidate;

export default function CommunityPost() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { community } = data;
  return (
    <PostPageView
      data={data}
      actionData={actionData}
      path={`/community/${community.id}/post/${data.item.id}`}
      community={
        <p className="border-b border-line px-4 py-2 text-sm">
          <Link to={`/community/${community.id}`} className="inline-flex items-center gap-1 text-accent hover:underline">
            <Icon name="users" className="size-4" />
            {`Posted in ${community.name}`}
          </Link>
        </p>
      }
    />
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound("Post not found", POST_MESSAGES.notFound) }} />;
}
