import { FetcherForm } from "~/components/fetcher-form";
import { ReturnTo } from "~/components/return-to";
import { useActionFetcher } from "~/lib/use-action-fetcher";
import { DM_MESSAGES } from "~/lib/texts/dm";
import { SubmitButton } from "~/components/ui/submit-button";

/**
 * Message on someone's profile: finds or starts the one conversation with them and opens it ('Started
 * conversation with {name}'). A form post to /messages without JavaScript; with it a fetcher, so a
 * refusal (they do not accept messages) is a toast on the profile, and 'Starting conversation...' shows
 * while it goes.
 */
export function MessageButton({ username }: { username: string }) {
  const { fetcher, busy } = useActionFetcher(`conversation-start:${username}`);
  return (
    <FetcherForm fetcher={fetcher} action="/messages">
      <ReturnTo />
      <input type="hidden" name="intent" value="conversation-start" />
      <input type="hidden" name="username" value={username} />
      <SubmitButton busy={busy} busyLabel={DM_MESSAGES.starting} variant="secondary" className="px-4 py-1.5 text-sm">
        Message
      </SubmitButton>
    </FetcherForm>
  );
}
