import type { SubmissionResult } from "@conform-to/react";
import type { NotificationSettings, PrivacySettings, ProfileSettings } from "../settings-options";

/** The signed-in member's own profile fields and settings, as the settings pages edit them. */
export type OwnSettings = {
  profile: ProfileSettings;
  /** When the public profile last changed (users.updated_at): the profile form starts again after a save. */
  profileVersion: number;
  /** The creator offering (docs/decisions/037): the monthly price (0: not offering), and whether the member may offer (verified). */
  subscription: { priceCents: number; canOffer: boolean };
  notifications: NotificationSettings;
  privacy: PrivacySettings;
};

/** A settings form's answer: its toast, and the form again with its errors when refused. */
export type SettingsAnswer = { ok: boolean; message: string | null; lastResult?: SubmissionResult<string[]> };

/** An Account tab form's answer (docs/decisions/074): which of its two forms it answers, so only that one shows it. */
export type AccountAnswer = SettingsAnswer & { intent: "password-change" | "account-delete" };

export type ProfilePhoto = "avatar" | "banner";

/** What a new avatar or banner answers: the toast, and a refused upload's reason ('Please select an image file'). */
export type PhotoAnswer = { ok: boolean; message: string | null; photo?: ProfilePhoto; error?: string; url?: string };
