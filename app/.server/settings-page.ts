import type { AppLoadContext } from "@remix-run/cloudflare";
import type { OwnSettings } from "~/lib/types/settings";
import { requireUser } from "./auth/guards";
import { readLater } from "./db/reads";
import { invariantResponse } from "./http";
import { ownSettingsRead } from "./settings";

/**
 * What a settings tab reads: the member's profile fields and settings, handed to the session's round
 * trip (docs/decisions/026) before anything is awaited, so the page waits for one D1 round trip.
 */
export async function loadOwnSettings(request: Request, context: AppLoadContext): Promise<OwnSettings> {
  const answers = readLater(context.readAsMember((viewer) => [ownSettingsRead(context.db, viewer)] as const));
  await requireUser(request, context);
  const settings = (await answers)?.[0];
  invariantResponse(settings, "Not Found", { status: 404 });
  return settings;
}
