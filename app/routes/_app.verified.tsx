import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { memberAction } from "~/.server/actions";
import { requireUser } from "~/.server/auth/guards";
import { readLater } from "~/.server/db/reads";
import { answerHeaders, respond } from "~/.server/respond";
import { purgePublicProfile } from "~/.server/edge-cache";
import { postStatsReads } from "~/.server/post-stats";
import { cancelVerified, subscribeVerified, verifiedStatusRead } from "~/.server/subscriptions";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { VerifiedView } from "~/components/subscriptions/verified-view";
import { VERIFIED_MESSAGES } from "~/lib/texts/verified";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction = () => [{ title: "Verified | Murmur" }, { name: "robots", content: "noindex" }];

/** /verified: the member's verification status, read with the session (docs/decisions/026). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const now = Date.now();
  const answers = readLater(context.readAsMember((viewer) => [verifiedStatusRead(context.db, viewer, now), ...postStatsReads(context.db, viewer)] as const));
  const user = await requireUser(request, context);
  const member = { id: user.id, username: user.username, displayName: user.displayName, avatarUrl: user.avatarUrl, verifiedType: user.verifiedType };
  try {
    const [verification, totals, top] = (await answers) ?? [];
    // Advanced Analytics: a verified member's numbers (their reads answer nothing for anyone else).
    const stats = member.verifiedType && totals && top ? { ...totals, top } : null;
    return { member, status: verification?.status ?? null, granted: verification?.granted ?? false, stats, failed: null };
  } catch (error) {
    console.error("The verified status read failed:", error);
    return { member, status: null, granted: false, stats: null, failed: VERIFIED_MESSAGES.loadFailed };
  }
}

/** Subscribe Now ('Verified subscription activated!') and Cancel Subscription ('Verified subscription cancelled'). */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["verified-subscribe", "verified-cancel"], async ({ context, member, form, intent }) => {
    const acting = { context, memberId: member.id, origin: context.config.origin };
    if (intent === "verified-cancel") return respond(context, form, await cancelVerified(acting), VERIFIED_MESSAGES.cancelled);
    const outcome = await subscribeVerified(acting);
    // Paying on the provider's own page (Stripe Checkout): the webhook activates it.
    if (outcome.ok && outcome.redirect) return redirect(outcome.redirect, 303);
    // Active now: the badge shows on the public profile (docs/decisions/028).
    if (outcome.ok) await purgePublicProfile(context, member.username);
    return respond(context, form, outcome, VERIFIED_MESSAGES.activated);
  });
}

/** A refused request says when to try again. */
export const headers = answerHeaders;

/** With JavaScript, an action that got no answer says so instead of losing the page. */
export const clientAction = answerOffline;

export const shouldRevalidate = skipQuietRevalidation;

export default function Verified() {
  const data = useLoaderData<typeof loader>();
  return <VerifiedView {...data} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
