import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { invariantResponse, requiredParam } from "~/.server/http";
import { postPageReads, toPostPage } from "~/.server/posts/post-page";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { Icon } from "~/components/icon";
import { postPageMeta, PostPageView } from "~/components/post/post-page";
import { POST_MESSAGES } from "~/lib/messages";
import { isQuietSubmission } from "~/lib/revalidation";

/** As /post/{id}'s: Open Graph and Twitter card tags, so a shared link previews. */
export const meta: MetaFunction<typeof loader> = ({ data }) => postPageMeta(data);

/**
 * /community/{id}/post/{postId} (spec document 1 §2.1): a community's post, its comments and its
 * community, for visitors too (a shared link to a public community's post opens, as /post/{id} does).
 * Members see a private community's posts; for anyone else the post does not exist (the card read
 * finds nothing, decision 035). Its forms post to /post/{postId}, as every post's do.
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

/** A like needs no reload; nor does deleting this very post (the page goes back instead of 404). */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  if (isQuietSubmission(args)) return false;
  if (args.formAction === `/post/${args.currentParams.postId}/delete`) return false;
  return args.defaultShouldRevalidate;
};

export default function CommunityPost() {
  const data = useLoaderData<typeof loader>();
  const { community } = data;
  return (
    <PostPageView
      data={data}
      actionData={undefined}
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
