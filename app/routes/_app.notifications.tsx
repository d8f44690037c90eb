import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { memberAction } from "~/.server/actions";
import { getOptionalUser, signInPath } from "~/.server/auth/guards";
import { safeRedirectPath } from "~/.server/http";
import { loadNotificationsPage, markAllNotificationsRead, markNotificationRead, notificationTabOf } from "~/.server/notifications";
import { tellNotified } from "~/.server/realtime";
import { answerHeaders, respond } from "~/.server/respond";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { NotificationsView } from "~/components/notifications/notifications-view";
import { useReloadOnMemberEvent } from "~/lib/live-rooms";
import { NOTIFICATION_MESSAGES } from "~/lib/texts/notification";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { answerOffline } from "~/lib/unanswered";

export const meta: MetaFunction = () => [{ title: "Notifications | Murmur" }];

/**
 * /notifications (spec document 1 §2.9, decision 032): the member's items newest first, by tab
 * (?tab=mentions, ?tab=likes), keyset-paged. Its read travels with the session's (026).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const tab = notificationTabOf(url.searchParams.get("tab"));
  const cursor = url.searchParams.get("cursor");
  // 'Mark all as read' marks what had come by now: not one that arrives after the page was drawn.
  const readAt = Date.now();
  const loaded = loadNotificationsPage(context, tab, cursor);
  const user = await getOptionalUser(context);
  const { page, failed, hadSession } = await loaded;
  if (!user) {
    // 'Load more' (a fetcher: the layout's loader does not run) after the session ended says so in
    // the list (spec document 1 §8); a page goes to sign in, as every member page does.
    if (cursor && hadSession) return { tab, page, failed: NOTIFICATION_MESSAGES.sessionExpired, paged: true, readAt };
    throw redirect(signInPath(request));
  }
  return { tab, page, failed, paged: Boolean(cursor), readAt };
}

/**
 * Opening an item marks it (its whole group) read and goes where it points; 'Mark all as read' marks
 * every unread one that had come when the page was read (`through`: one that came after was never on
 * it). A failure to mark is only logged (spec document 1 §8): the member still gets there.
 */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["notification-open", "notifications-read"], async ({ context, member, form, intent }) => {
    // The member's other pages show the count that is left (spec document 1 §4: a read item
    // decreases the count live), through their room.
    if (intent === "notifications-read") {
      await markAllNotificationsRead(context.db, member.id, readThrough(form.get("through"))).catch((error) => console.error("Marking all notifications read failed:", error));
      tellNotified(context, context.db, { ids: [member.id] });
      return respond(context, form, { ok: true });
    }
    const id = form.get("id");
    if (typeof id === "string" && id !== "") {
      await markNotificationRead(context.db, member.id, id).catch((error) => console.error("Marking a notification read failed:", error));
      tellNotified(context, context.db, { ids: [member.id] });
    }
    const to = form.get("to");
    return redirect(safeRedirectPath(typeof to === "string" ? to : null, "/notifications"));
  });
}

/** The time a page's 'Mark all as read' marks through: the page's, never later than now (an odd value is now). */
function readThrough(value: FormDataEntryValue | null): number {
  const now = Date.now();
  const at = typeof value === "string" && /^\d{1,15}$/.test(value) ? Number(value) : now;
  return Math.min(at, now);
}

// Without an answer the page stays as it is: these failures are only logged (spec document 1 §8).
export const clientAction = answerOffline;
export const shouldRevalidate = skipQuietRevalidation;

export const headers = answerHeaders;

export default function Notifications() {
  const data = useLoaderData<typeof loader>();
  // A notification came or went (the member room, docs/decisions/036): the list shows it.
  useReloadOnMemberEvent("notifications");
  return <NotificationsView {...data} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
