/** An id a page makes for what it sends (a message), so a retry of the same send is stored once. */
export function newClientId(): string {
  return crypto.randomUUID();
}
