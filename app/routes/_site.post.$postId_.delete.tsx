import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigate, type ClientActionFunctionArgs } from "@remix-run/react";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { answerUnanswered } from "~/lib/unanswered";
import { useCallback } from "react";
import { requireUser } from "~/.server/auth/guards";
import { safeRedirectPath } from "~/.server/http";
import { deletePost, findOwnPost } from "~/.server/posts";
import { publishCounts, publishFeedEvent } from "~/.server/realtime";
import { attempt } from "~/.server/outcome";
import { respond, returnToOf } from "~/.server/respond";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { DeleteForm } from "~/components/post/delete-form";
import { POST_MESSAGES } from "~/lib/messages";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? "Delete Post"} | Murmur` }];

/** The delete confirmation as a page, for members without JavaScript; only for the post's owner. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const post = await findOwnPost(context.db, user.id, params.postId ?? "");
  if (!post) throw new Response(POST_MESSAGES.notFound, { status: 404 });
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("returnTo"), "/");
  return { id: post.id, title: post.repostOf ? ("Delete Repost" as const) : ("Delete Post" as const), returnTo };
}

/** Deletes the member's own post or repost; anyone else's answers 404 and nothing changes. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request, context);
  const form = await request.formData();
  const postId = params.postId ?? "";
  const outcome = await attempt("deleting a post", POST_MESSAGES.deleteFailed, () =>
    deletePost(context.db, context.cloudflare.env.MEDIA, user.id, postId),
  );
  if (outcome.ok) {
    publishFeedEvent(context, { type: "post-deleted", postId: outcome.postId });
    if (outcome.repostOf) publishCounts(context, context.db, outcome.repostOf);
  }
  // The deleted post's own page is gone: go home instead.
  const returnTo = returnToOf(form);
  if (returnTo?.startsWith(`/post/${postId}`)) form.set("returnTo", "/");
  return respond(form, outcome.ok ? outcome : { ...outcome, message: POST_MESSAGES.deleteFailed }, POST_MESSAGES.deleted);
}

/** With JavaScript, a request that got no answer says so instead of losing the page. */
export function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return answerUnanswered(() => serverAction<typeof action>(), POST_MESSAGES.deleteFailed);
}

/** After a submission that got no answer, reloading this page's data would fail too. */
export const shouldRevalidate = skipQuietRevalidation;

export default function DeletePostPage() {
  const { id, title, returnTo } = useLoaderData<typeof loader>();
  const navigate = useNavigate();
  const done = useCallback(() => navigate(returnTo.startsWith(`/post/${id}`) ? "/" : returnTo), [navigate, returnTo, id]);
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
  return <GeneralErrorBoundary />;
}
