import { useRef } from "react";
import type { ToggleName } from "~/lib/intents";
import type { PostActionAnswer, PostCounts } from "~/lib/types/post";
import { useActionFetcher } from "~/lib/use-action-fetcher";

/**
 * An optimistic toggle (like, bookmark, repost): while the request runs the wanted state shows, and
 * its count moves by one; the server's answer then confirms both. Cards of the same post share it.
 * The form field is the toggle's name, its value the wanted state ('true' / 'false').
 */
export function useToggle(name: ToggleName, targetId: string, serverState: boolean) {
  // The last state and counts the server confirmed: a refused request (a spent limit) changed
  // nothing, so the toggle goes back to them, not to the page's first state.
  const confirmedRef = useRef<{ page: boolean; state: boolean; counts?: PostCounts }>({ page: serverState, state: serverState });
  if (confirmedRef.current.page !== serverState) confirmedRef.current = { page: serverState, state: serverState };
  const { fetcher } = useActionFetcher<PostActionAnswer>(`${name}-${targetId}`, (answer) => {
    if (answer.ok && typeof answer.state === "boolean") confirmedRef.current.state = answer.state;
    if (answer.ok && answer.counts) confirmedRef.current.counts = answer.counts;
  });
  const pending = fetcher.formData?.get(name);
  const confirmed = fetcher.data?.ok && typeof fetcher.data.state === "boolean" ? fetcher.data.state : confirmedRef.current.state;
  const active = typeof pending === "string" ? pending === "true" : confirmed;
  /** The change to add to the last known count while a request is on its way. */
  const delta = typeof pending === "string" && active !== confirmed ? (active ? 1 : -1) : 0;
  return { fetcher, active, delta, counts: fetcher.data?.ok ? fetcher.data.counts : confirmedRef.current.counts };
}
