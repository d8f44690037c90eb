import { parseWithZod } from "@conform-to/zod/v4";
import { type ActionFunctionArgs } from "@remix-run/cloudflare";
import { memberAction } from "~/.server/actions";
import { requiredParam } from "~/.server/http";
import { sendMessage } from "~/.server/messages";
import { refuse } from "~/.server/outcome";
import { publishMessage } from "~/.server/realtime";
import { respond, toResponse } from "~/.server/respond";
import { DM_MESSAGES } from "~/lib/messages";
import { SendMessageSchema } from "~/lib/schemas/message";

/**
 * POST /messages/{id}/send: a message from a participant (docs/decisions/036). Written to D1 first,
 * then published to the conversation's room and both members' rooms (after the answer). Without
 * JavaScript the form comes back to the conversation (post/redirect/get); with it the page gets the
 * stored message as JSON. The page's own id makes a retry after a lost answer store nothing twice.
 */
export async function action(args: ActionFunctionArgs) {
  const conversationId = requiredParam(args.params, "conversationId");
  const answer = await memberAction(args, ["message-send"], async ({ context, member, form }) => {
    const submission = parseWithZod(form, { schema: SendMessageSchema });
    if (submission.status !== "success") {
      const error = submission.error?.content?.[0] ?? DM_MESSAGES.sendFailed;
      return respond(context, form, refuse(400, error, "content"));
    }
    const outcome = await sendMessage(context.db, member.id, conversationId, submission.value);
    if (!outcome.ok) return respond(context, form, outcome);
    if (!outcome.duplicate) publishMessage(context, outcome);
    return respond(context, form, { ok: true, sent: outcome.message });
  });
  return toResponse(answer);
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
