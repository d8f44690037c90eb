import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import { memberAction } from "~/.server/actions";
import { requireUser } from "~/.server/auth/guards";
import { purgePublicPost, purgePublicProfile } from "~/.server/edge-cache";
import { invariantResponse, requiredParam, safeRedirectPath } from "~/.server/http";
import { deletePost, findOwnPost } from "~/.server/posts/delete";
import { publishCounts, publishDeletedPost, tellNotified } from "~/.server/realtime";
import { answerHeaders, respond, returnToOf } from "~/.server/respond";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { DeleteForm } from "~/components/post/delete-form";
import { POST_MESSAGES } from "~/lib/messages";
import { isPostPage } from "~/lib/navigation";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Delete Post"} | Murmur` }];

/** The delete confirmation as a page, for members without JavaScript; only for the post's owner. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const post = await findOwnPost(context.db, user.id, requiredParam(params, "postId"));
  invariantResponse(post, POST_MESSAGES.notFound, { status: 404 });
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("returnTo"), "/");
  return { id: post.id, title: post.repostOf ? ("Delete Repost" as const) : ("Delete Post" as const), returnTo };
}

/** Deletes the member's own post or repost; anyone else's answers 404 and nothing changes. */
export function action(args: ActionFunctionArgs) {
  const postId = requiredParam(args.params, "postId");
  return memberAction(args, ["delete"], async ({ context, member, form }) => {
    const outcome = await deletePost(context.db, context.cloudflare.env.MEDIA, member.id, postId);
    if (outcome.ok) {
      // Gone from the member's public profile and, for visitors, from its own page (docs/decisions/028).
      await Promise.all([purgePublicProfile(context, member.username), purgePublicPost(context, outcome.postId)]);
      publishDeletedPost(context, outcome.postId, outcome.audience);
      if (outcome.repostOf) publishCounts(context, context.db, outcome.repostOf);
      tellNotified(context, context.db, { ids: outcome.notified });
    }
    // The deleted post's own page (or its community's address for it) is gone: go home instead.
    if (isPostPage(returnToOf(form), postId)) form.set("returnTo", "/");
    if (!outcome.ok) return respond(context, form, { ...outcome, message: POST_MESSAGES.deleteFailed });
    const { audience: _audience, notified: _notified, ...answer } = outcome;
    return respond(context, form, answer, POST_MESSAGES.deleted);
  });
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a request that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

/** After a submission that got no answer, reloading this page's data would fail too. */
export const shouldRevalidate = skipQuietRevalidation;

export default function DeletePostPage() {
  const { id, title, returnTo } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const done = useCallback(() => navigate(isPostPage(returnTo, id) ? "/" : returnTo), [navigate, returnTo, id]);
  return (
    <div>
      <PageHeader title={title} />
      <div className="px-4 py-4">
        <DeleteForm target={{ id, title }} returnTo={returnTo} onDone={done} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound("Post not found", POST_MESSAGES.notFound) }} />;
}
