import { parseWithZod } from "@conform-to/zod/v4";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigate, type ClientActionFunctionArgs } from "@remix-run/react";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { answerUnanswered } from "~/lib/unanswered";
import { useCallback } from "react";
import { getOptionalUser, requireUser, signInPath } from "~/.server/auth/guards";
import { getFeedItem } from "~/.server/feed";
import { safeRedirectPath } from "~/.server/http";
import { checkMediaFile, storeMedia, type StoredMedia } from "~/.server/media";
import { createPost } from "~/.server/posts";
import { publishFeedEvent } from "~/.server/realtime";
import { attempt } from "~/.server/outcome";
import { returnToOf } from "~/.server/respond";
import { getShellData } from "~/.server/shell";
import { redirectWithToast } from "~/.server/toast";
import { PageHeader } from "~/components/page-header";
import { ReplyForm } from "~/components/post/comment-form";
import { ReplyingTo } from "~/components/post/compose-dialog";
import { Composer, type ComposeActionData } from "~/components/post/composer";
import { MAX_IMAGES_PER_POST } from "~/lib/constants";
import { POST_MESSAGES } from "~/lib/messages";
import { CreatePostSchema } from "~/lib/schemas/post";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.reply ? "Reply" : "Create Post"} | Murmur` },
];

/**
 * The composer as a page: what members without JavaScript use (with it, the same composer opens as a
 * dialog over the current page). ?replyTo={postId} makes it the reply composer.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const returnTo = safeRedirectPath(url.searchParams.get("returnTo"));
  const replyTo = url.searchParams.get("replyTo");
  if (replyTo) {
    const item = await getFeedItem(context.db, user.id, replyTo);
    if (!item || item.post.locked) throw new Response(POST_MESSAGES.notFound, { status: 404 });
    const { post } = item;
    return {
      returnTo,
      canPostForSubscribers: false,
      reply: { postId: post.id, displayName: post.author.displayName, username: post.author.username, excerpt: post.content },
    };
  }
  const { canPostForSubscribers } = await getShellData(context.db, user.id);
  return { returnTo, canPostForSubscribers, reply: null };
}

const files = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is File => value instanceof File && value.size > 0);

/**
 * Creates the post. Files picked without JavaScript arrive in this same request: they are checked by
 * their bytes first; if only the text is wrong they are kept (images and video, as uploads the form
 * now carries), so the member loses nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await getOptionalUser(context);
  if (!user) return notSignedIn(request);
  const form = await request.formData();
  const bucket = context.cloudflare.env.MEDIA;
  const images = files(form, "images");
  const video = files(form, "video").slice(0, 1);
  const refuse = (
    error: { formErrors?: string[]; fieldErrors?: Record<string, string[]> },
    stored: StoredMedia[] = [],
    status = 400,
    message: string | null = null,
  ) => {
    const reply = parseWithZod(form, { schema: CreatePostSchema }).reply(error);
    const keys = [...form.getAll("imageKeys").map(String), ...stored.filter((m) => m.kind === "image").map((m) => m.key)];
    const given = form.get("videoKey");
    const videoKey = stored.find((m) => m.kind === "video")?.key ?? (typeof given === "string" && given ? given : undefined);
    return data<ComposeActionData>(
      {
        ok: false,
        message,
        lastResult: { ...reply, initialValue: { ...reply.initialValue, imageKeys: keys, ...(videoKey ? { videoKey } : {}) } },
      },
      { status },
    );
  };

  /** Something broke on our side: the spec's 'Failed to create post', as a toast and above the form. */
  const failed = (message: string | null, stored: StoredMedia[] = []) => {
    const text = message ?? POST_MESSAGES.createFailed;
    return refuse({ formErrors: [text] }, stored, 500, text);
  };

  const attached = form.getAll("imageKeys").length + images.length;
  if (attached > MAX_IMAGES_PER_POST || (video.length > 0 && attached > 0)) {
    return refuse({ fieldErrors: { imageKeys: [POST_MESSAGES.tooManyImages] } });
  }
  const checked: { file: File; type: Parameters<typeof storeMedia>[4] }[] = [];
  for (const [file, kind] of [...images.map((f) => [f, "image"] as const), ...video.map((f) => [f, "video"] as const)]) {
    const check = await checkMediaFile(file, kind);
    if (!check.ok) return refuse({ fieldErrors: { imageKeys: [check.message] } });
    checked.push({ file, type: check.type });
  }
  const stored: StoredMedia[] = [];
  const saved = await attempt("storing a post's media", POST_MESSAGES.createFailed, async () => {
    for (const { file, type } of checked) stored.push(await storeMedia(context.db, bucket, user.id, file, type, "posts"));
    return { ok: true as const };
  });
  if (!saved.ok) return failed(saved.message, stored);

  const submission = parseWithZod(form, { schema: CreatePostSchema });
  if (submission.status !== "success") return refuse({}, stored);
  const input = {
    ...submission.value,
    imageKeys: [...submission.value.imageKeys, ...stored.filter((m) => m.kind === "image").map((m) => m.key)],
    videoKey: submission.value.videoKey ?? stored.find((m) => m.kind === "video")?.key,
  };
  const outcome = await attempt("creating a post", POST_MESSAGES.createFailed, () => createPost(context.db, user.id, input));
  if (!outcome.ok && outcome.status === 500) return failed(outcome.message, stored);
  if (!outcome.ok) {
    return refuse({ fieldErrors: { [outcome.field ?? "content"]: [outcome.message] } }, stored, outcome.status);
  }

  publishFeedEvent(context, { type: "post-created", postId: outcome.postId, authorId: user.id, hasVideo: Boolean(input.videoKey) });
  const returnTo = returnToOf(form);
  if (returnTo) return redirectWithToast(returnTo, { message: POST_MESSAGES.created });
  return data<ComposeActionData>({ ok: true, message: POST_MESSAGES.created, postId: outcome.postId });
}

/**
 * Posting after the session ended: 'User not authenticated' (spec document 1 §8). The dialog (a
 * fetcher) keeps the text and shows it; a page without JavaScript goes to sign in and back here.
 */
async function notSignedIn(request: Request) {
  const form = await request.formData();
  const returnTo = returnToOf(form);
  if (returnTo !== null) {
    return redirectWithToast(signInPath(request, { returnTo: "/compose" }), { type: "error", message: POST_MESSAGES.notAuthenticated });
  }
  return data<ComposeActionData>({ ok: false, message: POST_MESSAGES.notAuthenticated }, { status: 401 });
}

/** With JavaScript, a request that got no answer says so instead of losing the page. */
export function clientAction({ serverAction }: ClientActionFunctionArgs) {
  return answerUnanswered(() => serverAction<typeof action>(), POST_MESSAGES.networkError);
}

/** After a submission that got no answer, reloading this page's data would fail too. */
export const shouldRevalidate = skipQuietRevalidation;

export default function ComposePage() {
  const { returnTo, canPostForSubscribers, reply } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const back = useCallback(() => navigate(reply ? `/post/${reply.postId}` : returnTo), [navigate, reply, returnTo]);
  return (
    <div>
      <PageHeader title={reply ? "Reply" : "Create Post"} />
      <div className="flex flex-col gap-3 px-4 py-4">
        {reply ? (
          <>
            <ReplyingTo target={reply} />
            <ReplyForm
              scope="page"
              postId={reply.postId}
              rows={4}
              autoFocus
              returnTo={`/post/${reply.postId}`}
              onPosted={back}
            />
          </>
        ) : (
          <Composer
            canPostForSubscribers={canPostForSubscribers}
            lastResult={actionData && "lastResult" in actionData ? actionData.lastResult : undefined}
            returnTo={returnTo}
            onPosted={back}
            autoFocus
          />
        )}
      </div>
    </div>
  );
}

/** Inside the app shell: when only this page fails, the navigation stays. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
