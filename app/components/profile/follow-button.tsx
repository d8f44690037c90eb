import { FetcherForm } from "~/components/fetcher-form";
import { ReturnTo } from "~/components/return-to";
import type { FollowAnswer } from "~/lib/types/profile";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { SubmitButton } from "~/components/ui/submit-button";

/**
 * Follow / Unfollow (spec document 2 §4): a plain form to the member's profile without JavaScript
 * (post/redirect/get with the toast), a fetcher with it, showing the wanted state while it is on its
 * way. Every button for the same member shares one fetcher, so they stay in step.
 */
export function FollowButton({ username, followed, size = "md" }: { username: string; followed: boolean; size?: "sm" | "md" }) {
  const { fetcher, busy } = useActionFetcher<FollowAnswer>(`follow:${username.toLowerCase()}`);
  const pending = fetcher.formData?.get("follow");
  const shown = typeof pending === "string" ? pending === "true" : followed;
  const padding = size === "sm" ? "px-4 py-1.5 text-sm" : "";
  return (
    <FetcherForm fetcher={fetcher} action={`/profile/${username}`}>
      <ReturnTo />
      <input type="hidden" name="intent" value="follow" />
      <input type="hidden" name="follow" value={String(!shown)} />
      {/* Busy, it keeps the keyboard (aria-disabled) and shows the wanted state; a second press waits. */}
      <SubmitButton
        busy={busy}
        busyLabel={shown ? "Unfollow" : "Follow"}
        variant={shown ? "secondary" : "primary"}
        aria-label={`${shown ? "Unfollow" : "Follow"} @${username}`}
        className={padding}
      >
        {shown ? "Unfollow" : "Follow"}
      </SubmitButton>
    </FetcherForm>
  );
}
