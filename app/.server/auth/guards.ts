import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { ToastInput } from "../toast";
import type { SessionUser } from "~/lib/types/member";
import { createSession, generateSessionToken, sessionCookie } from "./session";

export async function getOptionalUser(context: AppLoadContext): Promise<SessionUser | null> {
  return (await context.getSession()).user;
}

export function signInPath(request: Request, extra: Record<string, string> = {}): string {
  const url = new URL(request.url);
  const params = new URLSearchParams({ returnTo: `${url.pathname}${url.search}`, ...extra });
  return `/auth?${params}`;
}

/** The signed-in member, or a redirect to /auth that comes back here afterwards. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getOptionalUser(context);
  if (!user) throw redirect(signInPath(request));
  return user;
}

/** Auth pages are for visitors: a signed-in member opening one goes home. */
export async function requireAnonymous(context: AppLoadContext): Promise<void> {
  if (await getOptionalUser(context)) throw redirect("/");
}

/** Starts a session for the member and sends them on with a toast. */
export async function startSessionAndRedirect(
  request: Request,
  context: AppLoadContext,
  userId: string,
  to: string,
  toast: ToastInput,
  cookies: string[] = [],
): Promise<Response> {
  const token = generateSessionToken();
  const session = await createSession(context.db, token, userId);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(request, token, session.expiresAt));
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await context.toasts.header(toast));
  return redirect(to, { headers });
}
