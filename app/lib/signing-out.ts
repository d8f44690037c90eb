/**
 * Whether this page is signing its member out (the Sign Out dialog was confirmed). Its own rooms then
 * close as the session ends (decision 067); the page is already on its way to sign-in, so they must
 * not reload it as they would a page whose session ended elsewhere.
 */
let signingOut = false;

export function markSigningOut(): void {
  signingOut = true;
}

export function isSigningOut(): boolean {
  return signingOut;
}
