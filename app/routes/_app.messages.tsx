import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { memberAction } from "~/.server/actions";
import { getOptionalUser, signInPath } from "~/.server/auth/guards";
import { readLater } from "~/.server/db/reads";
import { conversationFilterOf, loadConversationList, startConversation } from "~/.server/messages";
import { searchQueryOf } from "~/.server/posts/search";
import { parseConversationCursor } from "~/.server/posts/cursors";
import { answerHeaders, respond } from "~/.server/respond";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MessagesLayout } from "~/components/messages/messages-layout";
import { DM_MESSAGES } from "~/lib/texts/dm";
import { skipQuietRevalidation } from "~/lib/revalidation";
import { answerOffline } from "~/lib/unanswered";
import { StartConversationSchema } from "~/lib/schemas/message";

export const meta: MetaFunction = () => [{ title: "Messages | Murmur" }];

/**
 * /messages (spec document 2 §2, docs/decisions/036): the member's conversations, newest message
 * first, with the All Messages / Verified Only filter and 'Search messages' as query parameters; the
 * open conversation is the child route. Its reads travel with the session's (026).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const filter = conversationFilterOf(url.searchParams.get("filter"));
  // A term as every search takes it: at most SEARCH_QUERY_MAX_LENGTH characters, an emoji at the cut whole.
  const search = searchQueryOf(url.searchParams.get("q"));
  const cursor = parseConversationCursor(url.searchParams.get("cursor")) ? url.searchParams.get("cursor") : null;
  const loaded = readLater(loadConversationList(context, filter, search, cursor));
  const user = await getOptionalUser(context);
  const { list, failed, hadSession } = await loaded;
  if (!user) {
    // 'Load more' after the session ended says so in the list (spec document 2 §8).
    if (cursor && hadSession) return { filter, search, list, failed: DM_MESSAGES.sessionExpired, paged: true };
    throw redirect(signInPath(request));
  }
  return { filter, search, list, failed, paged: Boolean(cursor) };
}

/**
 * Message on a profile: the one conversation with that member, found (opened as it is) or started ('Started
 * conversation with {name}'), then opened. Refused for oneself and where the member's
 * allowDirectMessages does not allow it, with the reason.
 */
export function action(args: ActionFunctionArgs) {
  return memberAction(args, ["conversation-start"], async ({ context, member, form }) => {
    const parsed = StartConversationSchema.safeParse({ username: form.get("username") ?? undefined });
    if (!parsed.success) return respond(context, form, { ok: false, status: 400, message: DM_MESSAGES.memberNotFound });
    const outcome = await startConversation(context.db, member.id, parsed.data.username);
    if (!outcome.ok) return respond(context, form, outcome);
    // A conversation already there just opens: nothing was started.
    if (!outcome.created) return redirect(`/messages/${outcome.conversationId}`, 303);
    return context.toasts.redirect(`/messages/${outcome.conversationId}`, { type: "success", message: DM_MESSAGES.started(outcome.name) });
  });
}

export const clientAction = answerOffline;
export const shouldRevalidate = skipQuietRevalidation;

export const headers = answerHeaders;

export default function Messages() {
  const data = useLoaderData<typeof loader>();
  return <MessagesLayout {...data} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
