import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { FollowList } from "~/lib/types/profile";
import { BLOCK_TEXTS, PROFILE_MESSAGES } from "~/lib/texts/profile";
import { requireUser } from "./auth/guards";
import { invariantResponse } from "./http";
import { loadFollowListPage } from "./profile-page";
import { profileUsername } from "./profiles";

/**
 * The loader of /profile/{username}/followers and /following: the profile and one keyset page, with the
 * session; refused (403) to a member the profile's member blocked.
 */
export function followListLoader(kind: FollowList) {
  return async ({ request, params, context }: LoaderFunctionArgs) => {
    const cursor = new URL(request.url).searchParams.get("cursor");
    const username = profileUsername(params.username);
    const loaded = username ? loadFollowListPage(context, { username }, kind, cursor) : null;
    await requireUser(request, context);
    const found = await loaded;
    invariantResponse(found?.profile, PROFILE_MESSAGES.notFound, { status: 404 });
    // A member who blocked the viewer keeps their lists from them (decision 100).
    invariantResponse(!found.profile.blocksViewer, BLOCK_TEXTS.blocksYou(found.profile.username), { status: 403 });
    return { profile: found.profile, list: found.list, kind, failed: found.failed };
  };
}
