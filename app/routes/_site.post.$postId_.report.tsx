import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import { memberAction } from "~/.server/actions";
import { getOptionalUser, signInPath } from "~/.server/auth/guards";
import { invariantResponse, requiredParam, safeRedirectPath } from "~/.server/http";
import { findTargetPost } from "~/.server/posts/access";
import { mailReportAfterAnswer, reportPost } from "~/.server/reports";
import { answerHeaders, respond } from "~/.server/respond";
import { parseSubmission } from "~/.server/submission";
import { ErrorPage, GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { REPORT_TITLE, ReportForm } from "~/components/post/report-form";
import { POST_MESSAGES } from "~/lib/messages";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { ReportSchema } from "~/lib/schemas/post";
import type { ActionAnswer } from "~/lib/types/post";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction = () => [{ title: `${REPORT_TITLE} | Murmur` }, { name: "robots", content: "noindex" }];

/** The report dialog as a page, for members without JavaScript. Visitors are asked to sign in first. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context);
  if (!user) throw await context.toasts.redirect(signInPath(request), { type: "error", message: POST_MESSAGES.reportSignIn });
  const post = await findTargetPost(context.db, user.id, requiredParam(params, "postId"));
  invariantResponse(post?.canView, POST_MESSAGES.notFound, { status: 404 });
  invariantResponse(post.userId !== user.id, POST_MESSAGES.ownReport, { status: 403 });
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("returnTo"), `/post/${post.id}`);
  return { postId: post.id, returnTo };
}

/** Stores the report (one open report per member and post) and mails it to the team after the answer. */
export function action(args: ActionFunctionArgs) {
  const postId = requiredParam(args.params, "postId");
  return memberAction(args, ["report"], async ({ context, member, form }) => {
    const submission = parseSubmission(form, { schema: ReportSchema });
    if (submission.status !== "success") {
      return data<ActionAnswer>({ ok: false, message: null, lastResult: submission.reply() }, { status: 400 });
    }
    const now = Date.now();
    const outcome = await reportPost(context.db, member.id, postId, submission.value, now);
    if (outcome.ok) mailReportAfterAnswer(context, outcome.reportId, now);
    return respond(context, form, outcome.ok || outcome.status !== 404 ? outcome : { ...outcome, message: POST_MESSAGES.reportFailed }, POST_MESSAGES.reported);
  });
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a request that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

/** After a submission that got no answer, reloading this page's data would fail too. */
export const shouldRevalidate = skipQuietRevalidation;

export default function ReportPostPage() {
  const { postId, returnTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const done = useCallback(() => navigate(returnTo), [navigate, returnTo]);
  return (
    <div>
      <PageHeader title={REPORT_TITLE} />
      <div className="px-4 py-4">
        <ReportForm
          postId={postId}
          returnTo={returnTo}
          lastResult={actionData && "lastResult" in actionData ? actionData.lastResult : undefined}
          onDone={done}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        403: () => <ErrorPage status={403} title="Not allowed" text={POST_MESSAGES.ownReport} />,
        404: notFound("Post not found", POST_MESSAGES.notFound),
      }}
    />
  );
}
