import { data } from "@remix-run/cloudflare";
import { SETTINGS_MESSAGES } from "~/lib/texts/settings";
import type { PhotoAnswer } from "~/lib/types/settings";
import type { MemberActionArgs } from "./actions";
import { replaceProfilePhoto } from "./profile-changes";
import { respond } from "./respond";

const TEXTS = {
  avatar: { updated: SETTINGS_MESSAGES.photoUpdated, failed: SETTINGS_MESSAGES.photoFailed },
  banner: { updated: SETTINGS_MESSAGES.bannerUpdated, failed: SETTINGS_MESSAGES.bannerFailed },
} as const;

/**
 * A new avatar or banner from the owner's profile or the settings' Profile tab (intents `avatar` and
 * `banner`, run by `memberAction`): the spec's toasts on success (post/redirect/get without
 * JavaScript, data with it). A refused file answers the spec's failure toast with the upload's
 * reason beside the file input, as data in both cases, so the page without JavaScript can show it.
 */
export async function answerProfilePhoto({ context, member, form, intent }: MemberActionArgs<"avatar" | "banner">) {
  const file = form.get("photo");
  const outcome = await replaceProfilePhoto({ context, member }, intent, file instanceof File ? file : null);
  if (!outcome.ok) {
    return data<PhotoAnswer>({ ok: false, message: TEXTS[intent].failed, photo: intent, error: outcome.message ?? undefined }, { status: outcome.status });
  }
  return respond(context, form, outcome, TEXTS[intent].updated);
}
