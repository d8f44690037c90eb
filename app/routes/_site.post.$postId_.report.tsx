import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigate, type ClientActionFunctionArgs } from "@remix-run/react";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { answerUnanswered } from "~/lib/unanswered";
import { useCallback } from "react";
import { getOptionalUser, signInPath } from "~/.server/auth/guards";
import { findTargetPost } from "~/.server/access";
import { safeRedirectPath } from "~/.server/http";
import { attempt, refuse } from "~/.server/outcome";
import { reportPost } from "~/.server/reports";
import { respond } from "~/.server/respond";
import { redirectWithToast } from "~/.server/toast";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { REPORT_TITLE, ReportForm, type ReportActionData } from "~/components/post/report-form";
import { POST_MESSAGES } from "~/lib/messages";
import { ReportSchema } from "~/lib/schemas/post";

export const meta: MetaFunction = () => [{ title: `${REPORT_TITLE} | Murmur` }, { name: "robots", content: "noindex" }];

/** The report dialog as a page, for members without JavaScript. Visitors are asked to sign in first. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(context);
  if (!user) throw await redirectWithToast(signInPath(request), { type: "error", message: POST_MESSAGES.reportSignIn });
  const post = await findTargetPost(context.db, user.id, params.postId ?? "");
  if (!post) throw new Response(POST_MESSAGES.notFound, { status: 404 });
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("returnTo"), `/post/${post.id}`);
  return { postId: post.id, returnTo };
}

/** Stores the report (one open report per member and post). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const user = await getOptionalUser(context);
  if (!user) return respond(form, refuse(401, POST_MESSAGES.reportSignIn));
  const submission = parseWithZod(form, { schema: ReportSchema });
  if (submission.status !== "success") {
    return data<ReportActionData>({ ok: false, message: null, lastResult: submission.reply() }, { status: 400 });
  }
  const outcome = await attempt("reporting a post", POST_MESSAGES.reportFailed, () =>
    reportPost(context.db, user.id, params.postId ?? "", submission.value),
  );
  return respond(form, outcome.ok || outcome.status !== 404 ? outcome : { ...outcome, message: POST_MESSAGES.reportFailed }, POST_MESSAGES.reported);
}

/** With JavaScript, a request that got no answer says so instead of losing the page. */
export function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return answerUnanswered(() => serverAction<typeof action>(), POST_MESSAGES.reportFailed);
}

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
  return <GeneralErrorBoundary />;
}
