import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { signInPath } from "~/.server/auth/guards";
import { getOptionalUser } from "~/.server/auth/guards";
import { invariantResponse, requiredParam } from "~/.server/http";
import { loadConversation } from "~/.server/messages";
import { publishRead } from "~/.server/realtime";
import { GeneralErrorBoundary, notFound } from "~/components/error-boundary";
import { ChatPane } from "~/components/messages/chat-pane";
import { newClientId } from "~/lib/client-ids";
import { DM_MESSAGES } from "~/lib/messages";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.conversation.other.displayName} | Messages | Murmur` : "Messages | Murmur" }];

/**
 * An open conversation (spec document 2 §2): its newest messages oldest first, or the page before
 * `?earlier=` ('Load earlier messages'). Opening it marks the other's messages read in the same round
 * trip (without JavaScript too), and tells the sender live. Only its participants see it (404).
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const conversationId = requiredParam(params, "conversationId");
  const earlier = new URL(request.url).searchParams.get("earlier");
  const loaded = loadConversation(context, conversationId, earlier);
  const user = await getOptionalUser(context);
  if (!user) throw redirect(signInPath(request));
  const found = await loaded;
  invariantResponse(found.found, DM_MESSAGES.notFound, { status: 404 });
  if (found.markedRead) publishRead(context, conversationId, user.id);
  // A form rendered without JavaScript sends this id: sending it twice stores one message.
  return { conversation: found.conversation, viewerId: user.id, paged: Boolean(earlier), clientId: newClientId() };
}

export default function ConversationPage() {
  const data = useLoaderData<typeof loader>();
  return <ChatPane key={data.conversation.id} {...data} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound(DM_MESSAGES.notFound, "It may not exist, or it is not yours to read.") }} />;
}
