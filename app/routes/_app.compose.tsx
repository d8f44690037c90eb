import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { useCallback } from "react";
import { memberAction } from "~/.server/actions";
import { limiterOf } from "~/.server/limits";
import { requireUser } from "~/.server/auth/guards";
import { invariantResponse, safeRedirectPath } from "~/.server/http";
import { getCard } from "~/.server/posts/cards";
import { purgePublicProfile } from "~/.server/edge-cache";
import { createPostWithFiles, type ComposeRefusal } from "~/.server/posts/create";
import { profileUsername } from "~/.server/profiles";
import { publishNewPost, tellNotified } from "~/.server/realtime";
import { answerHeaders, respond, returnToOf } from "~/.server/respond";
import { canPostIn } from "~/.server/communities";
import { refuse } from "~/.server/outcome";
import { parseSubmission } from "~/.server/submission";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { PageHeader } from "~/components/page-header";
import { ReplyForm } from "~/components/post/comment-form";
import { ReplyingTo } from "~/components/post/compose-dialog";
import { Composer } from "~/components/post/composer";
import { POST_MESSAGES } from "~/lib/messages";
import { COMMUNITY_MESSAGES } from "~/lib/texts/community";
import { PROFILE_MESSAGES } from "~/lib/texts/profile";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { extractMentions } from "~/lib/text";
import { CreatePostSchema } from "~/lib/schemas/post";
import type { PostActionAnswer } from "~/lib/types/post";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.reply ? "Reply" : data?.community ? COMMUNITY_MESSAGES.postIn(data.community.name) : "Create Post"} | Murmur` },
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
    const item = await getCard(context.db, user.id, replyTo);
    invariantResponse(item && !item.post.locked, POST_MESSAGES.notFound, { status: 404 });
    const { post } = item;
    return {
      returnTo,
      canPostForSubscribers: false,
      mention: null,
      community: null,
      reply: { postId: post.id, displayName: post.author.displayName, username: post.author.username, excerpt: post.content },
    };
  }
  const { canPostForSubscribers } = (await context.getShell())!;
  // A profile's Mention (spec document 2 §2): the composer starts with '@username '.
  const mention = profileUsername(url.searchParams.get("mention") ?? undefined);
  // A community's Post (spec document 1 §2.6: 'Post in {name}'): members only.
  const communityId = url.searchParams.get("community");
  const community = communityId ? await canPostIn(context.db, user.id, communityId) : null;
  invariantResponse(!communityId || community, COMMUNITY_MESSAGES.notFound, { status: 404 });
  return { returnTo, canPostForSubscribers, reply: null, mention, community: community && communityId ? { id: communityId, name: community.name } : null };
}

/** The form again with its errors, keeping the text and every file already stored. */
function composeAgain(form: FormData, refusal: ComposeRefusal) {
  const reply = parseSubmission(form, { schema: CreatePostSchema }).reply(refusal.errors);
  const images = refusal.stored.filter((media) => media.kind === "image").map((media) => media.key);
  const given = form.get("videoKey");
  const videoKey = refusal.stored.find((media) => media.kind === "video")?.key ?? (typeof given === "string" && given ? given : undefined);
  const imageKeys = [...form.getAll("imageKeys").map(String), ...images];
  const initialValue = { ...reply.initialValue, imageKeys, ...describedAgain(form, imageKeys, images.length), ...(videoKey ? { videoKey } : {}) };
  const headers = refusal.retryAfterSeconds ? { "Retry-After": String(refusal.retryAfterSeconds) } : undefined;
  return data<PostActionAnswer>({ ok: false, message: refusal.message, lastResult: { ...reply, initialValue } }, { status: refusal.status, headers });
}

/**
 * The descriptions as they were typed (a too-long one too, to be cut down), each now beside its image:
 * every image the form comes back with is named in `describedImage`, the files stored meanwhile taking
 * the descriptions given in their places. Those beyond (files not stored, or a description with no file)
 * stay in their places among the fields for files still to pick.
 */
function describedAgain(form: FormData, imageKeys: string[], storedImages: number) {
  const typed = form.getAll("imageDescription").map((value) => (typeof value === "string" ? value : ""));
  const named = form.getAll("describedImage").map(String);
  const byKey = new Map(named.map((key, index) => [key, typed[index] ?? ""]));
  const forFiles = typed.slice(named.length);
  const kept = imageKeys.slice(0, imageKeys.length - storedImages).map((key) => byKey.get(key) ?? "");
  return { describedImage: imageKeys, imageDescription: [...kept, ...forFiles] };
}

/** Creates the post (spec document 1 §2.6): the text, its files, location and visibility. */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["post"], async ({ context, member, form }) => {
    // A post in a community: only its members post there (decision 035).
    const asked = form.get("communityId");
    const communityId = typeof asked === "string" && asked !== "" ? asked : null;
    if (communityId && !(await canPostIn(context.db, member.id, communityId))) {
      return respond(context, form, refuse(403, COMMUNITY_MESSAGES.membersOnlyPost));
    }
    const created = await createPostWithFiles(context.db, context.cloudflare.env.MEDIA, limiterOf(context), member.id, form, { communityId });
    if (!created.ok) return composeAgain(form, created);
    // A send repeated is answered as the first was; the pages and rooms heard of the post then.
    if (!created.again) {
      await purgePublicProfile(context, member.username);
      const event = { type: "post-created", postId: created.postId, authorId: member.id, hasVideo: created.hasVideo, communityId, repost: false } as const;
      publishNewPost(context, event, { authorId: member.id, communityId, authorKeeps: created.authorKeeps, privateCommunity: created.privateCommunity }, { authorInBlock: created.authorInBlock, authorMuted: created.authorMuted });
      tellNotified(context, context.db, { ids: created.mentionedIds });
    }
    const returnTo = returnToOf(form);
    const message = communityId ? COMMUNITY_MESSAGES.postedIn : mentionsAsked(form) ? PROFILE_MESSAGES.postedWithMention : POST_MESSAGES.created;
    if (returnTo) return context.toasts.redirect(returnTo, { message });
    return data<PostActionAnswer>({ ok: true, message, postId: created.postId });
  });
}

/** The post was started by a profile's Mention and still mentions that member. */
function mentionsAsked(form: FormData): boolean {
  const mention = form.get("mention");
  const username = typeof mention === "string" ? profileUsername(mention) : null;
  const content = form.get("content");
  return Boolean(username && typeof content === "string" && extractMentions(content).includes(username.toLowerCase()));
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a request that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

/** After a submission that got no answer, reloading this page's data would fail too. */
export const shouldRevalidate = skipQuietRevalidation;

export default function ComposePage() {
  const { returnTo, canPostForSubscribers, reply, mention, community } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const back = useCallback(() => navigate(reply ? `/post/${reply.postId}` : returnTo), [navigate, reply, returnTo]);
  return (
    <div>
      <PageHeader title={reply ? "Reply" : community ? COMMUNITY_MESSAGES.postIn(community.name) : "Create Post"} />
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
            initialContent={mention ? `@${mention} ` : undefined}
            mention={mention ?? undefined}
            communityId={community?.id}
          />
        )}
      </div>
    </div>
  );
}

/** Inside the app shell: when only this page fails, the navigation stays. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound("Post not found", POST_MESSAGES.notFound) }} />;
}
