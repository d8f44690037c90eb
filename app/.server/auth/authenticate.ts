import type { AppLoadContext } from "@remix-run/cloudflare";
import { AUTH_MESSAGES } from "~/lib/messages";
import type { SignInInput, SignUpInput } from "~/lib/schemas/auth";
import { clientIp } from "../http";
import { limiterOf } from "../limits";
import { signIn, signUp, type AccountResult } from "./accounts";
import { startSessionAndRedirect } from "./guards";

export type Authentication = { mode: "sign-in"; input: SignInInput } | { mode: "sign-up"; input: SignUpInput };

/**
 * The auth form's work, once its fields passed the rules: sign in (limited per trusted device, or per
 * address and account) or sign up, then start the session, remember this browser as trusted for the
 * account (docs/decisions/023) and go on to `returnTo` with the spec's welcome. Answers the redirect,
 * or the account result that says why not.
 */
export async function authenticate(
  request: Request,
  context: AppLoadContext,
  auth: Authentication,
  returnTo: string,
): Promise<Response | Exclude<AccountResult, { ok: true }>> {
  const ip = clientIp(request);
  const limiter = limiterOf(context);
  const devices = await context.devices.read(request);
  const result =
    auth.mode === "sign-up"
      ? await signUp(context.db, limiter, auth.input, ip)
      : await signIn(context.db, limiter, auth.input, { ip, devices });
  if (!result.ok) return result;
  const welcome = auth.mode === "sign-up" ? AUTH_MESSAGES.accountCreated : AUTH_MESSAGES.welcomeBack;
  const trusted = await context.devices.remember(devices, result.userId, result.passwordStamp);
  return startSessionAndRedirect(request, context, result.userId, returnTo, { message: welcome }, [trusted]);
}
