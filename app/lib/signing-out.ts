import { SIGNING_OUT_MARK_MS } from "./constants";

/**
 * Whether this page is signing its member out (the Sign Out dialog was confirmed). Its own rooms then
 * close as the session ends (decision 067); the page is already on its way to sign-in, so they must
 * not reload it as they would a page whose session ended elsewhere.
 */
let markedAt = Number.NEGATIVE_INFINITY;

export function markSigningOut(): void {
  markedAt = Date.now();
  forgetUnsentMessages();
}

/** What a tab keeps for its member alone, under keys that start with this (the messages' outbox: decision 082). */
export const MEMBER_STORAGE_PREFIX = "murmur:unsent-messages:";

/**
 * A member who signs out (or deletes their account) leaves nothing they typed in the tab: on a shared
 * computer the next person would not see it, but it would stay in the browser until the tab closes.
 */
function forgetUnsentMessages(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(MEMBER_STORAGE_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Storage that cannot be read (a private mode) holds nothing of ours.
  }
}

/**
 * A sign-out answers with a new document (so the mark goes with the page); one that failed, or got no
 * answer, leaves the page signed in: the mark then lapses, and a later end of the session reloads it.
 */
export function isSigningOut(): boolean {
  return Date.now() - markedAt < SIGNING_OUT_MARK_MS;
}
