import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/.server/auth/guards";
import { invariantResponse, requiredParam, safeRedirectPath } from "~/.server/http";
import { getCard } from "~/.server/posts/cards";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { SHARE_TITLE, SharePage } from "~/components/post/share-dialog";
import { POST_MESSAGES } from "~/lib/messages";

export const meta: MetaFunction = () => [{ title: `${SHARE_TITLE} | Murmur` }, { name: "robots", content: "noindex" }];

/** The share dialog as a page, for members without JavaScript; its forms post to /post/{id}/shares. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const item = await getCard(context.db, user.id, requiredParam(params, "postId"));
  invariantResponse(item && !item.post.locked, POST_MESSAGES.notFound, { status: 404 });
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("returnTo"), `/post/${item.post.id}`);
  return { post: item.post, returnTo };
}

export default function SharePostPage() {
  const { post, returnTo } = useLoaderData<typeof loader>();
  return (
    <div>
      <PageHeader title={SHARE_TITLE} />
      <div className="px-4 py-4">
        <SharePage post={post} returnTo={returnTo} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound("Post not found", POST_MESSAGES.notFound) }} />;
}
