import { useFetcher } from "@remix-run/react";
import { useFetcherToast } from "~/lib/use-fetcher-toast";
import type { PostActionData } from "./post-types";

/**
 * An optimistic toggle (like, bookmark, repost): while the request runs the wanted state shows, and
 * its count moves by one; the server's answer then confirms both. Cards of the same post share it.
 */
export function useToggle(intent: "like" | "bookmark" | "repost", targetId: string, serverState: boolean) {
  const fetcher = useFetcher<PostActionData>({ key: `${intent}-${targetId}` });
  useFetcherToast(fetcher);
  const pending = fetcher.formData?.get("value");
  const confirmed = fetcher.data?.ok && typeof fetcher.data.state === "boolean" ? fetcher.data.state : serverState;
  const active = typeof pending === "string" ? pending === "true" : confirmed;
  /** The change to add to the last known count while a request is on its way. */
  const delta = typeof pending === "string" && active !== confirmed ? (active ? 1 : -1) : 0;
  return { fetcher, active, delta, counts: fetcher.data?.ok ? fetcher.data.counts : undefined };
}
