import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { DM_MESSAGES } from "~/lib/texts/dm";
import { SendMessageSchema } from "~/lib/schemas/message";
import { memberAction } from "./actions";
import { sendMessage } from "./messages";
import { refuse } from "./outcome";
import { publishMessage } from "./realtime";
import { respond } from "./respond";
import { parseSubmission } from "./submission";

/**
 * A message from a participant (docs/decisions/036), as both ways of sending it post it: written to
 * D1 first, then published to the conversation's room and both members' rooms (after the answer). The
 * form's own id makes a retry after a lost answer store nothing twice.
 */
export function sendMessageAction(args: ActionFunctionArgs, conversationId: string) {
  return memberAction(args, ["message-send"], async ({ context, member, form }) => {
    const submission = parseSubmission(form, { schema: SendMessageSchema });
    if (submission.status !== "success") {
      const error = submission.error?.content?.[0] ?? DM_MESSAGES.sendFailed;
      return respond(context, form, refuse(400, error, "content"));
    }
    const outcome = await sendMessage(context.db, member.id, conversationId, submission.value);
    if (!outcome.ok) return respond(context, form, outcome);
    if (!outcome.duplicate) publishMessage(context, outcome);
    return respond(context, form, { ok: true, sent: outcome.message });
  });
}
