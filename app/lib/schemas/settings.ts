import { z } from "./zod";
import { DisplayNameSchema } from "./auth";
import { cleaned } from "./clean-text";
import { blankIsMissing, blankIsUndefined } from "./required";
import { LOCATION_MAX_LENGTH, PROFILE_LIMITS } from "../constants";
import { SETTINGS_MESSAGES } from "../texts/settings";
import { DIRECT_MESSAGE_AUDIENCES, POST_VISIBILITIES, PROFILE_VISIBILITIES } from "../settings-options";
import { SITE_PATH } from "../site-path";
import { withinCharacters } from "../text";

/**
 * The settings forms' rules (spec document 2 §5: display name required, avatar URL and website in URL
 * format; an avatar URL over https, decision 080), shared by the forms (conform) and the actions. Free
 * text is cleaned first (decision 024); an empty optional field is no value, and saving it clears what
 * was there.
 */

/** A scheme written out ("https:", "javascript:"), as opposed to a port after a host ("example.com:8080"). */
const SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d)/i;

/**
 * A web address as members type it, or null: http and https only, so a stored `javascript:` or
 * `data:` address can never become a link or an image. Without a scheme, https is meant
 * ("example.com/me", "//cdn.example/me.png").
 */
export function webAddress(value: string): string | null {
  // A path on this site ('/x') is no address elsewhere; '//host' is one without its scheme.
  if (value.startsWith("/") && !value.startsWith("//")) return null;
  const address = SCHEME.test(value) ? value : value.startsWith("//") ? `https:${value}` : `https://${value}`;
  try {
    const url = new URL(address);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" ? address : null;
  } catch {
    return null;
  }
}

/**
 * An avatar's address: a path on this site, or an https address elsewhere, whose image the save copies
 * into Murmur (docs/decisions/080) so that no viewer's browser ever asks that host for it. Plain http is
 * refused: the copy is fetched over https only.
 */
export function avatarAddress(value: string): string | null {
  if (SITE_PATH.test(value)) return value;
  const address = webAddress(value);
  return address && new URL(address).protocol === "https:" ? address : null;
}

/** An optional one-line address: `accept` says what it may be and how it is stored. */
function optionalAddress(invalid: string, accept: (value: string) => string | null) {
  const max = PROFILE_LIMITS.urlMaxLength;
  return cleaned(
    "single-line",
    blankIsMissing(
      z
        .string()
        .trim()
        .max(max, { error: SETTINGS_MESSAGES.urlTooLong(max) })
        .refine((value) => accept(value) !== null, { error: invalid })
        .transform((value) => accept(value)!)
        .optional(),
    ),
  );
}

const optionalLine = (max: number, tooLong: string) =>
  cleaned("single-line", z.string().trim().max(max, { error: tooLong }).optional().transform(blankIsUndefined));

export const BioSchema = cleaned(
  "multi-line",
  z
    .string()
    .trim()
    // The cheap length check first keeps a megabyte of text from being segmented.
    .refine((text) => withinCharacters(text, PROFILE_LIMITS.bioMaxLength), {
      error: SETTINGS_MESSAGES.bioTooLong(PROFILE_LIMITS.bioMaxLength),
    })
    .optional()
    .transform(blankIsUndefined),
);

export const ProfileSettingsSchema = z.object({
  displayName: DisplayNameSchema,
  bio: BioSchema,
  location: optionalLine(LOCATION_MAX_LENGTH, SETTINGS_MESSAGES.locationTooLong(LOCATION_MAX_LENGTH)),
  website: optionalAddress(SETTINGS_MESSAGES.websiteInvalid, webAddress),
  avatarUrl: optionalAddress(SETTINGS_MESSAGES.avatarUrlInvalid, avatarAddress),
});

export type ProfileSettingsInput = z.infer<typeof ProfileSettingsSchema>;

/** A checkbox: sent ('on') when ticked, missing when not. */
const toggle = z.boolean().default(false);

export const NotificationSettingsSchema = z.object({
  likes: toggle,
  reposts: toggle,
  comments: toggle,
  follows: toggle,
  mentions: toggle,
  directMessages: toggle,
  emailNotifications: toggle,
});

const choose = { error: "Please choose one of the options" };

export const PrivacySettingsSchema = z.object({
  profileVisibility: z.enum(PROFILE_VISIBILITIES, choose),
  postVisibility: z.enum(POST_VISIBILITIES, choose),
  allowDirectMessages: z.enum(DIRECT_MESSAGE_AUDIENCES, choose),
  showActivity: toggle,
  indexProfile: toggle,
});
