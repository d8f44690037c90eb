import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { accountExport, exportFileName } from "~/.server/account-export";
import { requireUser } from "~/.server/auth/guards";
import { badRequest } from "~/.server/http";
import { limiterOf, subjects } from "~/.server/limits";
import { RATE_MESSAGES } from "~/lib/texts/rate";

/** Where the download's link is: the Account tab. */
const ACCOUNT_TAB = "/settings/account";

/**
 * GET /settings/account/export: Download your data (docs/decisions/090), one JSON file written as it is
 * read. A plain link, so it works without JavaScript; it changes nothing but the member's `export`
 * count. A visitor goes to sign in and comes back here. A link followed from another site (a page
 * cannot read the answer, but it could spend the member's downloads) goes to the Account tab instead,
 * uncounted. Framing is refused as for every answer (workers/app.ts's security headers).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const site = request.headers.get("Sec-Fetch-Site");
  if (site === "cross-site" || site === "same-site") throw redirect(ACCOUNT_TAB);
  const member = await requireUser(request, context);
  const verdict = await limiterOf(context).hit([subjects.member(member.id)], "export");
  if (!verdict.allowed) {
    return badRequest(RATE_MESSAGES.tooOften(verdict.retryAfterSeconds), 429, { "Retry-After": String(verdict.retryAfterSeconds) });
  }
  const { session } = await context.getSession();
  const now = Date.now();
  const body = accountExport(context.db, { id: member.id, username: member.username, sessionId: session!.id }, { origin: context.config.origin, now });
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFileName(member.username, now)}"`,
      "Cache-Control": "no-store",
    },
  });
}
