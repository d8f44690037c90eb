import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/.server/auth/guards";
import { readLater } from "~/.server/db/reads";
import { discoverCreatorsRead, mySubscriptionsRead, mySubscriptionsTotalRead } from "~/.server/subscriptions";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SubscriptionsView, type SubscriptionsTab } from "~/components/subscriptions/subscriptions-view";
import { SUBSCRIPTION_MESSAGES } from "~/lib/texts/subscription";
import type { SubscribedPage } from "~/lib/types/subscription";

export const meta: MetaFunction = () => [{ title: "Subscriptions | Murmur" }, { name: "robots", content: "noindex" }];

/**
 * /subscriptions (spec document 2 §2): tabs Subscribed (the member's running subscriptions, a page at
 * a time from `cursor`, and their total a month) and Discover (creators who offer subscriptions, most subscribers first). One read,
 * with the session's (docs/decisions/026).
 */
const NO_SUBSCRIPTIONS: SubscribedPage = { items: [], nextCursor: null };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab: SubscriptionsTab = url.searchParams.get("tab") === "discover" ? "discover" : "subscribed";
  const cursor = url.searchParams.get("cursor");
  const now = Date.now();
  const { db } = context;
  const discover = tab === "discover" ? readLater(context.readAsMember((viewer) => [discoverCreatorsRead(db, viewer, now)] as const)) : null;
  const subscribed =
    tab === "subscribed" ? readLater(context.readAsMember((viewer) => [mySubscriptionsRead(db, viewer, now, cursor), mySubscriptionsTotalRead(db, viewer, now)] as const)) : null;
  await requireUser(request, context);
  try {
    const [page, total] = (await subscribed) ?? [NO_SUBSCRIPTIONS, 0];
    return { tab, subscribed: page, monthlyTotalCents: total, discover: (await discover)?.[0] ?? [], failed: null };
  } catch (error) {
    console.error("The subscriptions read failed:", error);
    return { tab, subscribed: NO_SUBSCRIPTIONS, monthlyTotalCents: 0, discover: [], failed: SUBSCRIPTION_MESSAGES.loadFailed };
  }
}

export default function Subscriptions() {
  const data = useLoaderData<typeof loader>();
  return <SubscriptionsView {...data} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
