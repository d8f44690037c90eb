import { FetcherForm } from "~/components/fetcher-form";
import { ReturnTo } from "~/components/return-to";
import { buttonClass } from "~/components/ui/button";
import { MUTE_TEXTS } from "~/lib/texts/profile";
import { useActionFetcher } from "~/lib/use-action-fetcher";

type MuteAnswer = { ok: boolean; message: string | null };

/**
 * Mute / Unmute (decision 107), on a member's profile and in Settings' list: a plain form without
 * JavaScript (post/redirect/get back to `returnTo`, with the toast), a fetcher with it; the page's data
 * reload after it. No confirmation: a mute changes nothing for the other member and is undone as easily.
 */
export function MuteButton({ username, muted, returnTo, onDone }: { username: string; muted: boolean; returnTo?: string; onDone?: () => void }) {
  const intent = muted ? "unmute" : "mute";
  const { fetcher, busy } = useActionFetcher<MuteAnswer>(`${intent}:${username.toLowerCase()}`, (answer) => {
    if (answer.ok) onDone?.();
  });
  return (
    <FetcherForm
      fetcher={fetcher}
      action={`/profile/${username}`}
      // Busy, a press does nothing; the button stays enabled so that the keyboard stays on it (a disabled
      // button drops it to the page's body), and after the reload it is Unmute (or Mute) in its place.
      onSubmit={(event) => {
        if (busy) event.preventDefault();
      }}
    >
      <ReturnTo to={returnTo} />
      <input type="hidden" name="intent" value={intent} />
      <button
        type="submit"
        aria-disabled={busy || undefined}
        aria-label={muted ? MUTE_TEXTS.unmuteName(username) : MUTE_TEXTS.muteName(username)}
        className={buttonClass("secondary", "px-4 py-1.5 text-sm")}
      >
        {muted ? (busy ? MUTE_TEXTS.unmuting : MUTE_TEXTS.unmute) : busy ? MUTE_TEXTS.muting : MUTE_TEXTS.mute}
      </button>
    </FetcherForm>
  );
}
