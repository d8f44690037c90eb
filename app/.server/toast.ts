import { createCookie, redirect, type Cookie } from "@remix-run/cloudflare";
import { z } from "zod";

/**
 * Toasts travel in their own short-lived flash cookie: an action sets it, the next root loader reads
 * and clears it. Without JavaScript the page shows the text; with it, a dismissible toast. The cookie
 * is signed (a forged one is ignored, not shown) and Secure wherever the session cookie is.
 */

const ToastSchema = z.object({
  id: z.string(),
  type: z.enum(["success", "error", "info"]),
  message: z.string(),
});
export type Toast = z.infer<typeof ToastSchema>;
export type ToastInput = { type?: Toast["type"]; message: string };

export class Toasts {
  #cookie: Cookie;

  constructor({ secret, secure }: { secret: string; secure: boolean }) {
    this.#cookie = createCookie("toast", { path: "/", httpOnly: true, sameSite: "lax", maxAge: 60, secure, secrets: [secret] });
  }

  /** The Set-Cookie header that carries a toast to the next page. */
  header(toast: ToastInput): Promise<string> {
    return this.#cookie.serialize({ id: crypto.randomUUID(), type: toast.type ?? "success", message: toast.message });
  }

  /** The toast a request carries (null for none or a forged one), and the header that clears it. */
  async read(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
    const cookies = request.headers.get("Cookie");
    if (!cookies?.includes("toast=")) return { toast: null, headers: null };
    // A forged or broken cookie is no toast (Remix's parser throws on some malformed signatures).
    const raw: unknown = await this.#cookie.parse(cookies).catch(() => null);
    const parsed = ToastSchema.safeParse(raw);
    const headers = new Headers({ "Set-Cookie": await this.#cookie.serialize("", { maxAge: 0 }) });
    return { toast: parsed.success ? parsed.data : null, headers };
  }

  /** A redirect that shows `toast` on the page it leads to. */
  async redirect(url: string, toast: ToastInput, init?: ResponseInit): Promise<ReturnType<typeof redirect>> {
    const headers = new Headers(init?.headers);
    headers.append("Set-Cookie", await this.header(toast));
    return redirect(url, { ...init, headers });
  }
}
