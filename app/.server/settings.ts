import type { AppLoadContext } from "@remix-run/cloudflare";
import { and, eq, sql } from "drizzle-orm";
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  DEFAULT_PRIVACY_SETTINGS,
  type NotificationSettings,
  type PrivacySettings,
  type ProfileSettings,
} from "~/lib/settings-options";
import type { SessionUser } from "~/lib/types/member";
import type { OwnSettings } from "~/lib/types/settings";
import type { Db } from "./db/client";
import { mapRead, param, selectRead, type Read } from "./db/reads";
import { memberSettings, sessions, users } from "./db/schema";
import { changePublicProfile } from "./profile-changes";
import { offeringSql } from "./users";
import { viewerValues, type Viewer } from "./viewer";

/**
 * A member's settings (spec document 2 §2 "Settings", §3): persisted in member_settings, one row per
 * member made at sign-up (the spec's app only kept them in the page). What each setting does, and
 * which part of Murmur honours it, is in docs/decisions/030-member-settings.md.
 */

type SettingsRow = ProfileSettings & {
  profileUpdatedAt: Date;
  priceCents: number;
  offering: number;
  verifiedType: string | null;
  likes: boolean | null;
  reposts: boolean | null;
  comments: boolean | null;
  follows: boolean | null;
  mentions: boolean | null;
  directMessages: boolean | null;
  emailNotifications: boolean | null;
  profileVisibility: PrivacySettings["profileVisibility"] | null;
  postVisibility: PrivacySettings["postVisibility"] | null;
  allowDirectMessages: PrivacySettings["allowDirectMessages"] | null;
  showActivity: boolean | null;
  indexProfile: boolean | null;
};

/**
 * The viewer's own profile fields and settings, one prepared read (013) that can travel with the
 * session's round trip (026): the member is joined from the session, their settings row left-joined
 * (a member without one has the defaults). Null without a member.
 */
export function ownSettingsRead(db: Db, viewer: NonNullable<Viewer>): Read<OwnSettings | null> {
  const bySession = typeof viewer !== "string";
  const read = selectRead<SettingsRow>(
    db,
    `settings:${bySession ? "session" : "member"}`,
    () => {
      // Every column has a name of its own: D1 answers batched rows by column name (008).
      const fields = {
        displayName: users.displayName,
        bio: users.bio,
        location: users.location,
        website: users.website,
        avatarUrl: users.avatarUrl,
        bannerUrl: users.bannerUrl,
        profileUpdatedAt: users.updatedAt,
        priceCents: users.subscriptionPriceCents,
        offering: offeringSql().as("settings_offering"),
        verifiedType: users.verifiedType,
        likes: memberSettings.notifyLikes,
        reposts: memberSettings.notifyReposts,
        comments: memberSettings.notifyComments,
        follows: memberSettings.notifyFollows,
        mentions: memberSettings.notifyMentions,
        directMessages: memberSettings.notifyDirectMessages,
        emailNotifications: memberSettings.emailNotifications,
        profileVisibility: memberSettings.profileVisibility,
        postVisibility: memberSettings.postVisibility,
        allowDirectMessages: memberSettings.allowDirectMessages,
        showActivity: memberSettings.showActivity,
        indexProfile: memberSettings.indexProfile,
      };
      if (!bySession) {
        const query = db.select(fields).from(users).leftJoin(memberSettings, eq(memberSettings.userId, users.id)).where(eq(users.id, param("viewer")));
        return { fields, query };
      }
      // Joined from the session (`users.id = (SELECT …)` may be a scan in D1, 020).
      const query = db
        .select(fields)
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .leftJoin(memberSettings, eq(memberSettings.userId, users.id))
        .where(and(eq(sessions.id, param("viewerSession")), sql`${sessions.expiresAt} > ${param("viewerSessionNow")}`));
      return { fields, query };
    },
    viewerValues(viewer),
  );
  return mapRead(read, (rows) => (rows[0] ? toSettings(rows[0]) : null));
}

function toSettings(row: SettingsRow): OwnSettings {
  const pick = <T>(value: T | null, fallback: T): T => (value === null ? fallback : value);
  const n = DEFAULT_NOTIFICATION_SETTINGS;
  const p = DEFAULT_PRIVACY_SETTINGS;
  return {
    profile: {
      displayName: row.displayName,
      bio: row.bio,
      location: row.location,
      website: row.website,
      avatarUrl: row.avatarUrl,
      bannerUrl: row.bannerUrl,
    },
    profileVersion: row.profileUpdatedAt instanceof Date ? row.profileUpdatedAt.getTime() : Number(row.profileUpdatedAt),
    // A lapsed badge pauses the offering (decision 037): shown as off until the member is verified again.
    subscription: { priceCents: row.offering ? row.priceCents : 0, canOffer: row.verifiedType !== null },
    notifications: {
      likes: pick(row.likes, n.likes),
      reposts: pick(row.reposts, n.reposts),
      comments: pick(row.comments, n.comments),
      follows: pick(row.follows, n.follows),
      mentions: pick(row.mentions, n.mentions),
      directMessages: pick(row.directMessages, n.directMessages),
      emailNotifications: pick(row.emailNotifications, n.emailNotifications),
    },
    privacy: {
      profileVisibility: pick(row.profileVisibility, p.profileVisibility),
      postVisibility: pick(row.postVisibility, p.postVisibility),
      allowDirectMessages: pick(row.allowDirectMessages, p.allowDirectMessages),
      showActivity: pick(row.showActivity, p.showActivity),
      indexProfile: pick(row.indexProfile, p.indexProfile),
    },
  };
}

/** The member's settings row, written whole (made if a member somehow has none). */
function upsertSettings(db: Db, memberId: string, values: Partial<typeof memberSettings.$inferInsert>, now: number) {
  const set = { ...values, updatedAt: new Date(now) };
  return db
    .insert(memberSettings)
    .values({ userId: memberId, ...set })
    .onConflictDoUpdate({ target: memberSettings.userId, set });
}

export async function saveNotificationSettings(db: Db, memberId: string, settings: NotificationSettings, now = Date.now()): Promise<{ ok: true }> {
  await upsertSettings(
    db,
    memberId,
    {
      notifyLikes: settings.likes,
      notifyReposts: settings.reposts,
      notifyComments: settings.comments,
      notifyFollows: settings.follows,
      notifyMentions: settings.mentions,
      notifyDirectMessages: settings.directMessages,
      emailNotifications: settings.emailNotifications,
    },
    now,
  );
  return { ok: true };
}

/** Email Notifications off, from the digest's unsubscribe link (decision 085): the other settings stay as they are. */
export async function turnOffEmailNotifications(db: Db, memberId: string, now = Date.now()): Promise<void> {
  await upsertSettings(db, memberId, { emailNotifications: false }, now);
}

/** Privacy shapes the public profile (who sees its posts, whether search engines index it): a public profile change. */
export async function savePrivacySettings(context: AppLoadContext, member: Pick<SessionUser, "id" | "username">, settings: PrivacySettings, now = Date.now()): Promise<{ ok: true }> {
  const saved = upsertSettings(context.db, member.id, settings, now);
  // Activity status off: when the member was last active is forgotten, and no longer recorded (decision 082).
  if (settings.showActivity) await changePublicProfile(context, member, [saved], now);
  else await changePublicProfile(context, member, [saved, context.db.update(users).set({ lastActiveAt: null }).where(eq(users.id, member.id))], now);
  return { ok: true };
}
