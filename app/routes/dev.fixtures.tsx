import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { findUserIdByUsername, setFollow } from "~/.server/follows";

/**
 * Test set-up that the interface cannot do yet (follows arrive with profiles), for the end-to-end
 * tests. Exists only on a local (non-production) Worker reached at localhost, like /dev/outbox.
 */
const FixtureSchema = z.object({ intent: z.literal("follow"), follower: z.string(), following: z.string() });

export async function action({ request, context }: ActionFunctionArgs) {
  const { hostname } = new URL(request.url);
  if (!context.config.isLocal || (hostname !== "localhost" && hostname !== "127.0.0.1")) {
    throw new Response("Not Found", { status: 404 });
  }
  const parsed = FixtureSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return Response.json({ ok: false }, { status: 400 });
  const [follower, following] = await Promise.all([
    findUserIdByUsername(context.db, parsed.data.follower),
    findUserIdByUsername(context.db, parsed.data.following),
  ]);
  if (!follower || !following) return Response.json({ ok: false }, { status: 404 });
  const outcome = await setFollow(context.db, follower, following, true);
  return Response.json(outcome, { status: outcome.ok ? 200 : outcome.status });
}

export function loader() {
  throw new Response("Not Found", { status: 404 });
}
