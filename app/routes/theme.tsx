import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { badRequest, readForm, safeRedirectPath } from "~/.server/http";
import { isTheme, themeCookieValue } from "~/lib/theme";

/**
 * Sets the theme cookie. A plain form post (no JavaScript) sends returnTo and is redirected back;
 * the JavaScript toggle posts through a fetcher and just gets the cookie.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const theme = form.get("theme");
  if (!isTheme(theme)) return badRequest("Unknown theme: choose light or dark.");
  const headers = { "Set-Cookie": themeCookieValue(theme) };
  const returnTo = form.get("returnTo");
  if (typeof returnTo === "string") return redirect(safeRedirectPath(returnTo), { headers });
  return Response.json({ ok: true }, { headers });
}

export function loader() {
  return redirect("/");
}
