import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { requireUser } from "~/.server/auth/guards";
import { getFeedItem } from "~/.server/feed";
import { safeRedirectPath } from "~/.server/http";
import { sharePost } from "~/.server/posts";
import { publishCounts } from "~/.server/realtime";
import { attempt } from "~/.server/outcome";
import { respond, returnToOf } from "~/.server/respond";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { SHARE_TITLE, SharePage } from "~/components/post/share-dialog";
import { POST_MESSAGES } from "~/lib/messages";
import { ShareSchema } from "~/lib/schemas/post";
import { postUrl, shareTargets } from "~/lib/share";

export const meta: MetaFunction = () => [{ title: `${SHARE_TITLE} | Murmur` }, { name: "robots", content: "noindex" }];

/** The share dialog as a page, for members without JavaScript. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const item = await getFeedItem(context.db, user.id, params.postId ?? "");
  if (!item || item.post.locked) throw new Response(POST_MESSAGES.notFound, { status: 404 });
  const returnTo = safeRedirectPath(new URL(request.url).searchParams.get("returnTo"), `/post/${item.post.id}`);
  return { post: item.post, returnTo };
}

/**
 * Records a share with its platform. A fetcher (JavaScript) gets the new count; a page without
 * JavaScript is sent on to the service itself.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const user = await requireUser(request, context);
  const parsed = ShareSchema.safeParse({ platform: form.get("platform") ?? undefined });
  const platform = parsed.success ? parsed.data.platform : "internal";
  const outcome = await attempt("recording a share", POST_MESSAGES.shareFailed, () => sharePost(context.db, user.id, params.postId ?? "", platform));
  if (outcome.ok) publishCounts(context, context.db, outcome.postId, outcome.counts);
  const returnTo = returnToOf(form);
  if (!returnTo || !outcome.ok) return respond(form, outcome);
  const item = await getFeedItem(context.db, user.id, outcome.postId);
  const url = postUrl(new URL(request.url).origin, outcome.postId, item?.post.communityId ?? null);
  const target = shareTargets(url, item?.post.content ?? "").find((t) => t.platform === platform);
  return redirect(target?.href ?? returnTo);
}

/** After a submission that got no answer, reloading this page's data would fail too. */
export const shouldRevalidate = skipQuietRevalidation;

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
  return <GeneralErrorBoundary />;
}
