import { createCookie, redirect } from "@remix-run/cloudflare";
import { z } from "zod";

/**
 * Toasts travel in their own short-lived flash cookie: an action sets it, the next root loader
 * reads and clears it. Without JavaScript the page shows the text; with it, a dismissible toast.
 */

const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  message: z.string(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = { type?: Toast["type"]; message: string };

const toastCookie = createCookie("toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60 });

export async function toastHeader(toast: ToastInput): Promise<string> {
  return toastCookie.serialize({ id: crypto.randomUUID(), type: toast.type ?? "success", message: toast.message });
}

export async function readToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const raw = await toastCookie.parse(request.headers.get("Cookie"));
  if (raw === null || raw === undefined) return { toast: null, headers: null };
  const parsed = ToastSchema.safeParse(raw);
  const headers = new Headers({ "Set-Cookie": await toastCookie.serialize("", { maxAge: 0 }) });
  return { toast: parsed.success ? parsed.data : null, headers };
}

function mergeHeaders(init: HeadersInit | undefined, cookie: string): Headers {
  const headers = new Headers(init);
  headers.append("Set-Cookie", cookie);
  return headers;
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  return redirect(url, { ...init, headers: mergeHeaders(init?.headers, await toastHeader(toast)) });
}
