import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { createAccount } from "~/.server/auth/accounts";
import { hashPassword } from "~/.server/auth/password";
import { createSession, generateSessionToken } from "~/.server/auth/session";
import { eq, sql } from "drizzle-orm";
import { communityInvites, hashtagTrends, messages, users } from "~/.server/db/schema";
import { setFollow } from "~/.server/follows";
import { readForm, requireLocalDevelopment } from "~/.server/http";
import { newId } from "~/.server/ids";
import { mailerOf } from "~/.server/mail";
import { sendNotificationDigests } from "~/.server/notification-digests";
import { testProvider } from "~/.server/payments";
import { applyPaidPeriod } from "~/.server/subscriptions";
import { refreshTrends } from "~/.server/trends";
import { refreshPopularPosts } from "~/.server/popular-posts";
import { unsubscribeToken } from "~/.server/unsubscribe";
import { findMemberId } from "~/.server/users";
import { SUBSCRIPTION_DEFAULT_PRICE_CENTS } from "~/lib/constants";
import { creatorPeriodEnd } from "~/lib/money";
import { SignUpSchema } from "~/lib/schemas/auth";

/**
 * Test set-up for the end-to-end tests, as the Epic Stack's fixtures write to the database directly:
 * a member with a session (tests that are not about signing in start signed in), follows (which
 * the interface cannot make yet), and what the cron jobs write (a local Worker has no cron): the
 * trends job, at a given time if asked (the benchmark runs it at its data set's time), a trending
 * hashtag as that job would write it, explore's popular posts, an expired invite, a verified member, a
 * member subscribed to more creators than a page shows, a room's minute check (its alarm) at once, and
 * a member's notification digest and their unsubscribe link's token, and messages written at given times
 * (a conversation over several days).
 * Exists only on a local Worker
 * reached at localhost, like /dev/outbox.
 */
const FixtureSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("member"), displayName: z.string(), username: z.string(), email: z.string(), password: z.string() }),
  z.object({ intent: z.literal("follow"), follower: z.string(), following: z.string() }),
  z.object({ intent: z.literal("trends"), now: z.coerce.number().int().positive().optional() }),
  // Explore (decision 034): a trending hashtag as the trends job would write it, and popular posts ranked now.
  z.object({ intent: z.literal("trend"), hashtag: z.string(), postsCount: z.coerce.number().int().min(0), category: z.enum(hashtagTrends.category.enumValues) }),
  z.object({ intent: z.literal("popular"), now: z.coerce.number().int().positive().optional() }),
  // An invite past its expiry (the form's shortest is a day; decision 035).
  z.object({ intent: z.literal("invite-expire"), code: z.string() }),
  // A verified member (Messages' Verified Only filter, decision 036), as a verified subscription will make one.
  z.object({ intent: z.literal("verify"), username: z.string() }),
  // A member subscribed to this many new creators (the Subscribed tab's pages), in one request: no checkout each.
  z.object({ intent: z.literal("subscriptions"), subscriber: z.string(), creators: z.coerce.number().int().min(1).max(200) }),
  // A conversation room's minute check of its sockets' sessions, now (decisions 067, 083).
  z.object({ intent: z.literal("room-check"), conversationId: z.string() }),
  // The cron's notification digest of one member, now, if it is due (decisions 076, 085).
  z.object({ intent: z.literal("digest"), username: z.string() }),
  // A member's unsubscribe link's token (decision 085): the benchmark's row for the page it opens.
  z.object({ intent: z.literal("unsubscribe-token"), username: z.string() }),
  // Messages written at given times (ms), in one request: a conversation's earlier days (decision 087).
  z.object({
    intent: z.literal("messages"),
    conversationId: z.string(),
    sender: z.string(),
    messages: z
      .string()
      .transform((value, context): unknown => {
        try {
          return JSON.parse(value);
        } catch {
          context.addIssue({ code: z.ZodIssueCode.custom, message: "Not JSON" });
          return z.NEVER;
        }
      })
      .pipe(z.array(z.object({ content: z.string().min(1), at: z.number().int().positive() })).min(1)),
  }),
]);

/** Test members share a handful of passwords: each is hashed once per isolate, not once per member. */
const hashes = new Map<string, Promise<string>>();

function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
}

async function memberWithSession(context: AppLoadContext, fields: z.infer<typeof SignUpSchema>) {
  const created = await createAccount(context.db, fields, await hashOnce(fields.password));
  if (!created.ok) return Response.json(created, { status: 409 });
  const token = generateSessionToken();
  await createSession(context.db, token, created.userId);
  return Response.json({ ok: true, userId: created.userId, token });
}

/** Creators made here never sign in; they share one password. */
const CREATOR_PASSWORD = "creator-password";

/**
 * `count` new creators, each with a monthly subscription from `subscriber` applied as a test-mode
 * payment applies one; answers their usernames. All start, so all end, at the same moment: the
 * Subscribed tab orders them by id alone.
 */
async function subscribedToNewCreators(context: AppLoadContext, subscriber: string, count: number) {
  const memberId = await findMemberId(context.db, subscriber);
  if (!memberId) return Response.json({ ok: false }, { status: 404 });
  const now = Date.now();
  const periodEnd = creatorPeriodEnd(now, "monthly");
  // Random, so creators made for tests running at once never share a username.
  const prefix = `c${newId().slice(-12).toLowerCase()}`;
  const usernames: string[] = [];
  for (let n = 1; n <= count; n++) {
    const username = `${prefix}_${n}`;
    const created = await createAccount(context.db, { username, displayName: `Creator ${n}`, email: `${username}@example.com` }, await hashOnce(CREATOR_PASSWORD));
    if (!created.ok) return Response.json(created, { status: 409 });
    const order = { kind: "creator", memberId, creatorId: created.userId, plan: "monthly", amountCents: SUBSCRIPTION_DEFAULT_PRICE_CENTS } as const;
    const eventId = `${testProvider.name}_${newId()}`;
    const applied = await applyPaidPeriod(context.db, { provider: testProvider.name, eventId, order, subscriptionReference: null, paymentReference: eventId, periodEnd, renewal: false }, now);
    if (applied !== "applied") return Response.json({ ok: false, applied }, { status: 409 });
    usernames.push(username);
  }
  return Response.json({ ok: true, usernames });
}

/**
 * Messages from `sender` (a test names one of the conversation's two) stored as if written at their
 * times; the inbox triggers keep the list as for any message. One statement each: D1 binds at most 100
 * values to one.
 */
async function messagesAt(context: AppLoadContext, conversationId: string, sender: string, written: { content: string; at: number }[]) {
  const senderId = await findMemberId(context.db, sender);
  if (!senderId) return Response.json({ ok: false }, { status: 404 });
  const [first, ...rest] = written.map(({ content, at }) =>
    context.db.insert(messages).values({ id: newId(at), conversationId, senderId, content, clientId: newId(), createdAt: new Date(at) }),
  );
  await context.db.batch([first!, ...rest]);
  return Response.json({ ok: true });
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireLocalDevelopment(request, context.config);
  const parsed = FixtureSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return Response.json({ ok: false }, { status: 400 });
  const fixture = parsed.data;
  if (fixture.intent === "member") {
    const fields = SignUpSchema.safeParse({ ...fixture, confirmPassword: fixture.password });
    if (!fields.success) return Response.json({ ok: false, issues: fields.error.issues }, { status: 400 });
    return memberWithSession(context, fields.data);
  }
  if (fixture.intent === "verify") {
    await context.db.update(users).set({ verifiedType: "user" }).where(sql`lower(${users.username}) = lower(${fixture.username})`);
    return Response.json({ ok: true });
  }
  if (fixture.intent === "trends") {
    await refreshTrends(context.db, fixture.now);
    return Response.json({ ok: true });
  }
  if (fixture.intent === "trend") {
    const { hashtag, postsCount, category } = fixture;
    await context.db.insert(hashtagTrends).values({ hashtag, postsCount, category }).onConflictDoUpdate({ target: hashtagTrends.hashtag, set: { postsCount, category } });
    return Response.json({ ok: true });
  }
  if (fixture.intent === "invite-expire") {
    const expired = await context.db
      .update(communityInvites)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(communityInvites.inviteCode, fixture.code))
      .returning({ id: communityInvites.id });
    return Response.json({ ok: expired.length > 0 }, { status: expired.length > 0 ? 200 : 404 });
  }
  if (fixture.intent === "subscriptions") return subscribedToNewCreators(context, fixture.subscriber, fixture.creators);
  if (fixture.intent === "room-check") {
    const rooms = context.cloudflare.env.ConversationRoom;
    await rooms.get(rooms.idFromName(fixture.conversationId)).closeEndedSessions();
    return Response.json({ ok: true });
  }
  if (fixture.intent === "digest") {
    const memberId = await findMemberId(context.db, fixture.username);
    if (!memberId) return Response.json({ ok: false }, { status: 404 });
    const options = { origin: context.config.origin, now: Date.now(), secret: context.config.cookieSecret, only: memberId };
    return Response.json({ ok: true, ...(await sendNotificationDigests(context.db, mailerOf(context), options)) });
  }
  if (fixture.intent === "unsubscribe-token") {
    const member = await context.db.select({ id: users.id, email: users.email }).from(users).where(sql`lower(${users.username}) = lower(${fixture.username})`).get();
    if (!member) return Response.json({ ok: false }, { status: 404 });
    return Response.json({ ok: true, token: await unsubscribeToken(context.config.cookieSecret, member) });
  }
  if (fixture.intent === "messages") return messagesAt(context, fixture.conversationId, fixture.sender, fixture.messages);
  if (fixture.intent === "popular") {
    await refreshPopularPosts(context.db, fixture.now);
    return Response.json({ ok: true });
  }
  const [follower, following] = await Promise.all([findMemberId(context.db, fixture.follower), findMemberId(context.db, fixture.following)]);
  if (!follower || !following) return Response.json({ ok: false }, { status: 404 });
  const outcome = await setFollow(context.db, follower, following, true);
  return Response.json(outcome, { status: outcome.ok ? 200 : outcome.status });
}

export function loader() {
  throw new Response("Not Found", { status: 404 });
}
