import { SIGNING_OUT_MARK_MS } from "./constants";

/**
 * Whether this page is signing its member out (the Sign Out dialog was confirmed). Its own rooms then
 * close as the session ends (decision 067); the page is already on its way to sign-in, so they must
 * not reload it as they would a page whose session ended elsewhere.
 */
let markedAt = Number.NEGATIVE_INFINITY;

export function markSigningOut(): void {
  markedAt = Date.now();
}

/**
 * A sign-out answers with a new document (so the mark goes with the page); one that failed, or got no
 * answer, leaves the page signed in: the mark then lapses, and a later end of the session reloads it.
 */
export function isSigningOut(): boolean {
  return Date.now() - markedAt < SIGNING_OUT_MARK_MS;
}
