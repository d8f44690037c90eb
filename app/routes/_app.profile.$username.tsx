import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { memberAction } from "~/.server/actions";
import { requireUser } from "~/.server/auth/guards";
import { setFollowByUsername } from "~/.server/follows";
import { tellNotified } from "~/.server/realtime";
import { invariantResponse } from "~/.server/http";
import { muteMember, unmuteMember } from "~/.server/mutes";
import { loadProfilePage } from "~/.server/profile-page";
import { profileUsername } from "~/.server/profiles";
import { refuse } from "~/.server/outcome";
import { answerHeaders, respond } from "~/.server/respond";
import { answerSubscription } from "~/.server/subscription-actions";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { ProfilePage } from "~/components/profile/profile-page";
import { PROFILE_ACTION_TEXTS } from "~/lib/messages";
import { MUTE_TEXTS, PROFILE_MESSAGES } from "~/lib/texts/profile";
import { ToggleSchema } from "~/lib/schemas/post";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { answerOffline } from "~/lib/unanswered";
import { profileFeedHandle } from "~/lib/live-rooms";

/** Live posts of this member, from their profile's feed room (docs/decisions/036). */
export const handle = profileFeedHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.profile.displayName} (@${data.profile.username}) | Murmur` : `${PROFILE_MESSAGES.notFound} | Murmur` },
];

/** /profile/{username}: a member's profile and posts, read with the session (docs/decisions/026). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get("cursor");
  const username = profileUsername(params.username);
  const loaded = username ? loadProfilePage(context, { username }, cursor) : null;
  await requireUser(request, context);
  const found = await loaded;
  invariantResponse(found?.profile, PROFILE_MESSAGES.notFound, { status: 404 });
  return { profile: found.profile, page: found.page, failed: found.failed };
}

/**
 * Follow / Unfollow (spec document 2 §4): 'Following @username' / 'Unfollowed @username'; Subscribe
 * ('Subscribed to {name}!') and Cancel ('Subscription cancelled successfully!'); Mute / Unmute (107).
 */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["follow", "subscribe", "unsubscribe", "mute", "unmute"], async ({ context, member, form, params, intent }) => {
    if (intent === "subscribe" || intent === "unsubscribe") return answerSubscription({ context, member, form, params, intent });
    const username = profileUsername(params.username);
    if (intent === "mute" || intent === "unmute") {
      // Mute / Unmute (decision 107): a second one changes nothing and answers the same.
      if (!username) return respond(context, form, refuse(404, PROFILE_MESSAGES.notFound));
      if (intent === "unmute") {
        const outcome = await unmuteMember(context.db, member.id, username);
        return respond(context, form, outcome, outcome.ok ? MUTE_TEXTS.unmuted(outcome.username) : undefined);
      }
      const outcome = await muteMember(context.db, member.id, username);
      // The muter's notifications of them went: their badge may have changed.
      if (outcome.ok) tellNotified(context, context.db, { ids: [member.id] });
      return respond(context, form, outcome, outcome.ok ? MUTE_TEXTS.muted(outcome.username) : undefined);
    }
    // The button carries the wanted state ('follow' = 'true' or 'false'); anything else changes nothing.
    const wanted = ToggleSchema.safeParse({ value: form.get("follow") ?? undefined });
    const outcome = !username
      ? ({ ok: false, status: 404, message: PROFILE_MESSAGES.notFound } as const)
      : !wanted.success
        ? refuse(400, PROFILE_ACTION_TEXTS.followFailed)
        : await setFollowByUsername(context.db, member.id, username, wanted.data.value);
    if (outcome.ok) tellNotified(context, context.db, { usernames: [outcome.username] });
    const success = outcome.ok ? (outcome.following ? PROFILE_MESSAGES.following(outcome.username) : PROFILE_MESSAGES.unfollowed(outcome.username)) : undefined;
    return respond(context, form, outcome, success);
  });
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, a follow that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

export const shouldRevalidate = skipQuietRevalidation;

export default function MemberProfile() {
  const { profile, page, failed } = useLoaderData<typeof loader>();
  return <ProfilePage profile={profile} page={page} failed={failed} path={`/profile/${profile.username}`} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound(PROFILE_MESSAGES.notFound, PROFILE_MESSAGES.notFoundText) }} />;
}
