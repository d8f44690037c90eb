import { FetcherForm } from "~/components/fetcher-form";
import { ReturnTo } from "~/components/return-to";
import { SubmitButton } from "~/components/ui/submit-button";
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
    <FetcherForm fetcher={fetcher} action={`/profile/${username}`}>
      <ReturnTo to={returnTo} />
      <input type="hidden" name="intent" value={intent} />
      {/* Busy, a press does nothing and the keyboard stays on it (SubmitButton); after the reload it is
          Unmute (or Mute) in its place. */}
      <SubmitButton
        busy={busy}
        busyLabel={muted ? MUTE_TEXTS.unmuting : MUTE_TEXTS.muting}
        aria-label={muted ? MUTE_TEXTS.unmuteName(username) : MUTE_TEXTS.muteName(username)}
        variant="secondary"
        className="px-4 py-1.5 text-sm"
      >
        {muted ? MUTE_TEXTS.unmute : MUTE_TEXTS.mute}
      </SubmitButton>
    </FetcherForm>
  );
}
