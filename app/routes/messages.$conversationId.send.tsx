import { type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requiredParam } from "~/.server/http";
import { sendMessageAction } from "~/.server/message-send";
import { toResponse } from "~/.server/respond";

/**
 * POST /messages/{id}/send: a message from a participant, as the page sends it with JavaScript (it
 * gets the stored message as JSON). Without JavaScript the form posts to the conversation's page
 * instead, which can show a refused message's text again.
 */
export async function action(args: ActionFunctionArgs) {
  const conversationId = requiredParam(args.params, "conversationId");
  return toResponse(await sendMessageAction(args, conversationId));
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
