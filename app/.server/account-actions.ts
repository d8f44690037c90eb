import { data, redirectDocument } from "@remix-run/cloudflare";
import { ACCOUNT_MESSAGES } from "~/lib/texts/account";
import { ChangePasswordSchema, DeleteAccountSchema } from "~/lib/schemas/auth";
import type { AccountAnswer } from "~/lib/types/settings";
import { deleteAccount } from "./account-deletion";
import type { MemberActionArgs } from "./actions";
import { changePassword } from "./auth/accounts";
import { clearedSessionCookie, sessionCookie } from "./auth/session";
import { purgePublicProfile } from "./edge-cache";
import { clientIp } from "./http";
import { limiterOf } from "./limits";
import { closeRoomsOfEndedSessions } from "./realtime";
import { returnToOf } from "./respond";
import { parseSubmission } from "./submission";

/**
 * Settings › Account's two forms (docs/decisions/074). A refused form comes back with its errors in it
 * (beside a field, or above the form), in both modes; passwords never travel back in a page, so its
 * password fields are empty.
 */

type Args<I extends "password-change" | "account-delete"> = Pick<MemberActionArgs<I>, "request" | "context" | "member" | "form">;

/** The headers of a refusal that says when to try again. */
const retryAfter = (seconds?: number) => (seconds === undefined ? undefined : { "Retry-After": String(seconds) });

/**
 * A new password: on success 'Password changed', this browser stays signed in with a new session (and
 * trusted for sign-in with the new password; decision 083), every other session ends and their open
 * pages go to sign-in (decision 067). This browser's pages move their rooms to the new session.
 */
export async function answerPasswordChange({ request, context, member, form }: Args<"password-change">) {
  const intent = "password-change";
  const hideFields = ["currentPassword", "password", "confirmPassword"];
  const submission = parseSubmission(form, { schema: ChangePasswordSchema });
  if (submission.status !== "success") {
    return data<AccountAnswer>({ intent, ok: false, message: null, lastResult: submission.reply({ hideFields }) }, { status: 400 });
  }
  const { session } = await context.getSession();
  const devices = await context.devices.read(request);
  const from = { ip: clientIp(request), devices };
  const changed = await changePassword(context.db, limiterOf(context), { id: member.id }, submission.value, from);
  if (!changed.ok) {
    const lastResult = changed.field
      ? submission.reply({ fieldErrors: { [changed.field]: [changed.message] }, hideFields })
      : submission.reply({ formErrors: [changed.message], hideFields });
    const status = changed.retryAfterSeconds === undefined ? 400 : 429;
    return data<AccountAnswer>({ intent, ok: false, message: null, lastResult }, { status, headers: retryAfter(changed.retryAfterSeconds) });
  }
  // This browser's pages are told to listen again (with the new cookie), the others' to leave.
  closeRoomsOfEndedSessions(context, member.id, { renewed: session!.id });
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, changed.session.token, changed.session.expiresAt));
  headers.append("Set-Cookie", await context.devices.remember(devices, member.id, changed.passwordStamp));
  const returnTo = returnToOf(form);
  if (returnTo) return context.toasts.redirect(returnTo, { message: ACCOUNT_MESSAGES.passwordChanged }, { headers });
  return data<AccountAnswer>({ intent, ok: true, message: ACCOUNT_MESSAGES.passwordChanged, lastResult: submission.reply({ resetForm: true }) }, { headers });
}

/**
 * Deleting the account: on success the session cookie is cleared and a new document opens /auth with
 * 'Your account has been deleted' (as a sign-out does, so the page's rooms start afresh).
 */
export async function answerAccountDeletion({ request, context, member, form }: Args<"account-delete">) {
  const intent = "account-delete";
  const hideFields = ["password"];
  const submission = parseSubmission(form, { schema: DeleteAccountSchema });
  if (submission.status !== "success") {
    return data<AccountAnswer>({ intent, ok: false, message: null, lastResult: submission.reply({ hideFields }) }, { status: 400 });
  }
  const place = { db: context.db, bucket: context.cloudflare.env.MEDIA, config: context.config, limiter: limiterOf(context) };
  const from = { ip: clientIp(request), devices: await context.devices.read(request) };
  const outcome = await deleteAccount(place, member, submission.value.password, from);
  if (!outcome.ok) {
    const lastResult = outcome.field
      ? submission.reply({ fieldErrors: { [outcome.field]: [outcome.message] }, hideFields })
      : submission.reply({ formErrors: [outcome.message], hideFields });
    return data<AccountAnswer>({ intent, ok: false, message: null, lastResult }, { status: outcome.status, headers: retryAfter(outcome.retryAfterSeconds) });
  }
  // Every session of the member ended with the account: their other pages go to sign-in (decision 067),
  // and visitors no longer get the public profile from the edge cache (028).
  closeRoomsOfEndedSessions(context, member.id);
  await purgePublicProfile(context, member.username);
  const headers = new Headers();
  headers.append("Set-Cookie", clearedSessionCookie(request));
  // This browser no longer remembers the deleted account (the Privacy Policy's cookies).
  const device = await context.devices.forget(from.devices, member.id);
  if (device) headers.append("Set-Cookie", device);
  headers.append("Set-Cookie", await context.toasts.header({ message: ACCOUNT_MESSAGES.accountDeleted }));
  return redirectDocument("/auth", { headers });
}
