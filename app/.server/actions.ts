import { type ActionFunctionArgs } from "@remix-run/cloudflare";
import { FORM_MAX_BYTES } from "~/lib/constants";
import { INTENTS, intentOf, type Intent, type IntentSpec } from "~/lib/intents";
import type { SessionUser } from "~/lib/types/member";
import { readForm } from "./http";
import { limiterOf, subjects, tooManyRequests } from "./limits";
import { attempt, isFailure, refuse } from "./outcome";
import { respond, returnToOf } from "./respond";

export type MemberActionArgs<I extends Intent = Intent> = ActionFunctionArgs & { form: FormData; member: SessionUser; intent: I };

/**
 * The one recipe of a member's action (docs/decisions/021): the form is read (anything else is a
 * 400; a body past the size its intents allow, 413), its intent must be one this route serves, a
 * signed-out visitor is told what the intent says (without JavaScript on the sign-in page, which
 * leads back), the member's limit for the intent takes a hit (429 when spent, docs/decisions/023;
 * started while the session is validated when this isolate knows whose session it is, 026), and the
 * work runs through `attempt`, so an unexpected error answers the intent's failure text instead of an
 * error page.
 */
export async function memberAction<const I extends readonly Intent[], T>(
  args: ActionFunctionArgs,
  intents: I,
  run: (args: MemberActionArgs<I[number]>) => Promise<T>,
) {
  const { request, context } = args;
  const form = await readForm(request, Math.max(FORM_MAX_BYTES, ...intents.map((intent) => (INTENTS[intent] as IntentSpec).maxBytes ?? 0)));
  const intent = intentOf(form);
  if (!isOneOf(intent, intents)) return respond(context, form, refuse(400, "This form cannot be sent here."));
  const spec = INTENTS[intent];
  const limiter = limiterOf(context);
  const hit = (memberId: string) => limiter.hit([subjects.member(memberId)], spec.limit);
  // The member's limit takes its hit while the session is validated, when this isolate knows whose
  // session it is (a session that has just ended costs its member one hit, nothing more).
  const hinted = context.sessionMemberHint();
  const early = hinted ? hit(hinted) : null;
  early?.catch(() => {}); // awaited below when the session is the hinted member's
  const { user } = await context.getSession();
  if (!user) {
    const returnTo = returnToOf(form);
    if (returnTo === null) return respond(context, form, refuse(401, spec.signIn));
    return context.toasts.redirect(`/auth?${new URLSearchParams({ returnTo })}`, { type: "error", message: spec.signIn });
  }
  const answer = await attempt(`the '${intent}' action`, spec.failed, async () => {
    const verdict = await (early && hinted === user.id ? early : hit(user.id));
    if (!verdict.allowed) return tooManyRequests(form, verdict.retryAfterSeconds);
    return run({ ...args, form, member: user, intent });
  });
  return isFailure(answer) ? respond(context, form, answer) : answer;
}

function isOneOf<I extends readonly Intent[]>(intent: Intent | null, intents: I): intent is I[number] {
  return intent !== null && intents.includes(intent);
}
