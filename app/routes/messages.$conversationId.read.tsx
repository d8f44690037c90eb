import { type ActionFunctionArgs } from "@remix-run/cloudflare";
import { memberAction } from "~/.server/actions";
import { requiredParam } from "~/.server/http";
import { markConversationRead } from "~/.server/messages";
import { publishRead } from "~/.server/realtime";
import { respond, toResponse } from "~/.server/respond";

/**
 * POST /messages/{id}/read: an open conversation's page (JavaScript) read messages that arrived live.
 * A failure is only logged: the next opening marks them read again.
 */
export async function action(args: ActionFunctionArgs) {
  const conversationId = requiredParam(args.params, "conversationId");
  const answer = await memberAction(args, ["conversation-read"], async ({ context, member, form }) => {
    const marked = await markConversationRead(context.db, member.id, conversationId);
    if (marked) publishRead(context, conversationId, member.id, marked);
    return respond(context, form, { ok: true, marked: marked !== null });
  });
  return toResponse(answer);
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
