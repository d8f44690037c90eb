import { data, redirect, type AppLoadContext, type HeadersFunction } from "@remix-run/cloudflare";
import { safeRedirectPath } from "./http";
import type { Outcome } from "./outcome";

/**
 * One answer for both kinds of form submission (docs/decisions/004). Forms rendered before
 * JavaScript runs carry `returnTo`: the browser posted a document, so it gets post/redirect/get back
 * to that page with a flash toast. A fetcher (JavaScript) gets the outcome and its message as data.
 */
export function returnToOf(form: FormData): string | null {
  const value = form.get("returnTo");
  return typeof value === "string" ? safeRedirectPath(value) : null;
}

export async function respond<T extends object>(context: AppLoadContext, form: FormData, outcome: Outcome<T>, success?: string) {
  const returnTo = returnToOf(form);
  const message = outcome.ok ? success : outcome.message;
  if (returnTo) {
    if (!message) return redirect(returnTo);
    return context.toasts.redirect(returnTo, { type: outcome.ok ? "success" : "error", message });
  }
  return data({ ...outcome, message: message ?? null }, { status: outcome.ok ? 200 : outcome.status });
}

/**
 * The `headers` of a page with actions: its answer carries what its loader said about the page
 * (no-store) and what its action said about the answer (Retry-After on a spent limit), also when the
 * action threw. Remix keeps only Set-Cookie otherwise.
 */
export const answerHeaders: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) => {
  const headers = new Headers(loaderHeaders);
  for (const [name, value] of errorHeaders ?? actionHeaders) headers.set(name, value);
  return headers;
};

/**
 * A resource route (no page) must answer a Response: Remix would send other answers as 200 JSON and
 * lose their status. Data becomes JSON with its status; responses pass through.
 */
export function toResponse(answer: unknown): Response {
  if (answer instanceof Response) return answer;
  if (answer && typeof answer === "object" && (answer as { type?: unknown }).type === "DataWithResponseInit") {
    const { data: body, init } = answer as { data: unknown; init: ResponseInit | null };
    const headers = new Headers(init?.headers);
    headers.set("Cache-Control", "no-store");
    return Response.json(body, { ...init, headers });
  }
  return Response.json(answer, { headers: { "Cache-Control": "no-store" } });
}
