import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { ToastInput } from "../toast";
import { POST_MESSAGES } from "~/lib/messages";
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

/**
 * What a visitor sent to sign in from a member's page is told, where the spec has words for it
 * (document 1 §6). A post's Reply leads a visitor without JavaScript to the reply's page: a comment,
 * so it says what Reply says with JavaScript. Here, not in that page's loader: the signed-in layout's
 * loader asks too, and of two redirects Remix answers the outer route's.
 */
function signInToast(request: Request): ToastInput | null {
  const url = new URL(request.url);
  if (url.pathname === "/compose" && url.searchParams.has("replyTo")) return { type: "error", message: POST_MESSAGES.signInToComment };
  return null;
}

/** The signed-in member, or a redirect to /auth that comes back here afterwards. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getOptionalUser(context);
  if (user) return user;
  const toast = signInToast(request);
  throw toast ? await context.toasts.redirect(signInPath(request), toast) : redirect(signInPath(request));
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
