import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { data, redirect } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { getOptionalUser, signInPath } from "~/.server/auth/guards";
import { invariantResponse, readForm, requiredParam } from "~/.server/http";
import { sendMessageAction } from "~/.server/message-send";
import { loadConversation } from "~/.server/messages";
import { beforeOf } from "~/.server/posts/cursors";
import { publishRead } from "~/.server/realtime";
import { readLater } from "~/.server/db/reads";
import { answerHeaders, toResponse } from "~/.server/respond";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { ChatPane, type RefusedMessage } from "~/components/messages/chat-pane";
import { newClientId } from "~/lib/client-ids";
import { DM_MESSAGES } from "~/lib/texts/dm";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.ok ? `${data.conversation.other.displayName} | Messages | Murmur` : "Messages | Murmur" },
];

/**
 * An open conversation (spec document 2 §2): its newest messages oldest first, or the page before
 * `?earlier=` ('Load earlier messages'). Opening it marks the other's messages read in the same round
 * trip (without JavaScript too), and tells the sender live. Only its participants see it (404). A
 * failed read is 'Failed to load conversations' in the pane; 'Load earlier messages' after the session
 * ended says 'Session expired. Please refresh the page.' (spec document 2 §8).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const conversationId = requiredParam(params, "conversationId");
  const earlier = beforeOf(new URL(request.url).searchParams.get("earlier"));
  const loaded = readLater(loadConversation(context, conversationId, earlier));
  const user = await getOptionalUser(context);
  const found = await loaded;
  if (!user) {
    if (earlier && "hadSession" in found && found.hadSession) return { ok: false as const, failed: DM_MESSAGES.sessionExpired };
    throw redirect(signInPath(request));
  }
  if (found.found === null) return { ok: false as const, failed: found.failed };
  invariantResponse(found.found, DM_MESSAGES.notFound, { status: 404 });
  if (found.marked) publishRead(context, conversationId, user.id, found.marked);
  // A form rendered without JavaScript sends this id: sending it twice stores one message.
  return { ok: true as const, conversation: found.conversation, viewerId: user.id, paged: earlier !== null, clientId: newClientId() };
}

/**
 * 'Start a new message' without JavaScript (with it, the page sends to /messages/{id}/send). A stored
 * message comes back as the conversation (post/redirect/get); a refused one (too long, the limit
 * spent) shows the page again with the refusal under the field and the text still in it.
 */
export async function action(args: ActionFunctionArgs) {
  const conversationId = requiredParam(args.params, "conversationId");
  // The text as sent, to give back on a refusal (read from a copy: the shared action reads the form).
  const form = await readForm(args.request.clone() as Request).catch(() => null);
  const content = form?.get("content");
  const answer = toResponse(await sendMessageAction(args, conversationId));
  if (answer.ok) return redirect(`/messages/${conversationId}`);
  if (answer.status >= 300 && answer.status < 400) return answer;
  // Not a conversation of this member's: the page says so, and keeps nothing of what was sent.
  invariantResponse(answer.status !== 404, DM_MESSAGES.notFound, { status: 404 });
  const { message } = (await answer.json()) as { message?: string | null };
  // The session ended meanwhile: to sign-in and back here, told why (as a form with `returnTo` is).
  if (answer.status === 401 && message) return args.context.toasts.redirect(signInPath(args.request), { type: "error", message });
  const refused = { message: message ?? DM_MESSAGES.sendFailed, draft: typeof content === "string" ? content : "" };
  const retryAfter = answer.headers.get("Retry-After");
  return data({ refused }, { status: answer.status, headers: retryAfter ? { "Retry-After": retryAfter } : undefined });
}

export const headers = answerHeaders;

/**
 * Loaded when it is opened (or paged), never again for a reload of the list beside it: messages come
 * from the room after that, and loading it again would mark them read in a tab nobody looks at.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) =>
  formMethod === undefined && currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate;

export default function ConversationPage() {
  const data = useLoaderData<typeof loader>();
  // Typed by hand: the action's other answers are responses (redirects), which never reach the page.
  const actionData = useActionData<{ refused: RefusedMessage }>();
  if (!data.ok) {
    return (
      <p role="alert" className="m-auto px-6 py-16 text-center font-semibold">
        {data.failed}
      </p>
    );
  }
  return <ChatPane key={data.conversation.id} {...data} refused={actionData?.refused ?? null} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound(DM_MESSAGES.notFound, "It may not exist, or it is not yours to read.") }} />;
}
