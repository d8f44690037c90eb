import { z } from "./zod";
import { cleaned } from "./clean-text";
import { blankIsMissing, blankIsUndefined, required } from "./required";
import {
  COMMUNITY_DESCRIPTION_MAX_LENGTH,
  COMMUNITY_NAME_MAX_LENGTH,
  INVITE_MAX_EXPIRY_DAYS,
  INVITE_MAX_USES_LIMIT,
} from "../constants";
import { COMMUNITY_MESSAGES } from "../texts/community";
import { INVITE_MESSAGES } from "../texts/invite";
import { withinCharacters } from "../text";
import { cleanCommunityName } from "../name-keys";

/**
 * The community and invite forms' rules (spec document 2 §5), shared by the forms (conform) and the
 * actions: the name is required, an invite's max uses is at least 1, expiry and max uses are optional.
 */

/**
 * A name is stored as it looks (cleanCommunityName: nothing invisible, one space between words, decision
 * 096), before the rules: a name of only zero-width spaces is as empty as an empty one.
 */
export const CommunityNameSchema = cleaned(
  "single-line",
  z.preprocess(
    (value) => (typeof value === "string" ? cleanCommunityName(value) : value),
    blankIsMissing(
      z
        .string(required(COMMUNITY_MESSAGES.nameRequired))
        .trim()
        .refine((text) => withinCharacters(text, COMMUNITY_NAME_MAX_LENGTH), { error: COMMUNITY_MESSAGES.nameTooLong }),
    ),
  ),
);

const DescriptionSchema = cleaned(
  "multi-line",
  z
    .string()
    .trim()
    .refine((text) => withinCharacters(text, COMMUNITY_DESCRIPTION_MAX_LENGTH), { error: COMMUNITY_MESSAGES.descriptionTooLong })
    .optional()
    .transform(blankIsUndefined),
);

/** A checkbox: sent ('on') when ticked, missing when not. */
const toggle = z.boolean().default(false);

export const CreateCommunitySchema = z.object({
  name: CommunityNameSchema,
  description: DescriptionSchema,
  isPrivate: toggle,
});
export type CreateCommunityInput = z.infer<typeof CreateCommunitySchema>;

export const EditCommunitySchema = z.object({
  name: CommunityNameSchema,
  description: DescriptionSchema,
  /** Ticked: the community goes back to the default image. */
  removeImage: toggle,
});
export type EditCommunityInput = z.infer<typeof EditCommunitySchema>;

export const CreateInviteSchema = z.object({
  expiresInDays: z
    .number({ error: INVITE_MESSAGES.expiryInvalid })
    .int({ error: INVITE_MESSAGES.expiryInvalid })
    .min(1, { error: INVITE_MESSAGES.expiryInvalid })
    .max(INVITE_MAX_EXPIRY_DAYS, { error: INVITE_MESSAGES.expiryInvalid })
    .optional(),
  maxUses: z
    .number({ error: INVITE_MESSAGES.maxUsesMin })
    .int({ error: INVITE_MESSAGES.maxUsesMin })
    .min(1, { error: INVITE_MESSAGES.maxUsesMin })
    .max(INVITE_MAX_USES_LIMIT, { error: INVITE_MESSAGES.maxUsesTooMany })
    .optional(),
});
export type CreateInviteInput = z.infer<typeof CreateInviteSchema>;

export const COMMUNITY_ROLES_ASSIGNABLE = ["admin", "moderator", "member"] as const;
export const SetRoleSchema = z.object({
  memberId: z.string().min(1).max(64),
  role: z.enum(COMMUNITY_ROLES_ASSIGNABLE),
});
