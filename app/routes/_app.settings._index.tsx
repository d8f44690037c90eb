import { redirect } from "@remix-run/cloudflare";

/** /settings opens its first tab, Profile. */
export function loader() {
  return redirect("/settings/profile");
}
