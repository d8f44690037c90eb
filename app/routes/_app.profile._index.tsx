import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { memberAction } from "~/.server/actions";
import { requireUser } from "~/.server/auth/guards";
import { invariantResponse } from "~/.server/http";
import { loadProfilePage } from "~/.server/profile-page";
import { answerProfilePhoto } from "~/.server/profile-photo-action";
import { answerHeaders } from "~/.server/respond";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { ProfilePage } from "~/components/profile/profile-page";
import { PROFILE_MESSAGES } from "~/lib/texts/profile";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { answerOffline } from "~/lib/unanswered";
import { profileFeedHandle } from "~/lib/live-rooms";

/** Live posts of this member, from their profile's feed room (docs/decisions/036). */
export const handle = profileFeedHandle;

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.profile.displayName} (@${data.profile.username}) | Murmur` : "Profile | Murmur" }];

/** /profile: one's own profile, read with the session (docs/decisions/026). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const cursor = new URL(request.url).searchParams.get("cursor");
  const loaded = loadProfilePage(context, "own", cursor);
  await requireUser(request, context);
  const { profile, page, failed } = await loaded;
  invariantResponse(profile, PROFILE_MESSAGES.notFound, { status: 404 });
  return { profile, page, failed };
}

/** The owner's new avatar or banner (spec document 2 §2): 'Profile photo updated successfully!' and the rest. */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["avatar", "banner"], answerProfilePhoto);
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, an upload that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

export const shouldRevalidate = skipQuietRevalidation;

export default function OwnProfile() {
  const { profile, page, failed } = useLoaderData<typeof loader>();
  return <ProfilePage profile={profile} page={page} failed={failed} path="/profile" />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound(PROFILE_MESSAGES.notFound, PROFILE_MESSAGES.notFoundText) }} />;
}
