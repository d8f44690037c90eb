import { ERROR_MESSAGES } from "~/lib/texts/errors";
import { POST_MESSAGES } from "~/lib/messages";
import { Button } from "./button";

/**
 * What a dialog that loads its list shows when the load got no answer (decision 079): the app's network
 * text and a way to ask again, in the dialog's place for the list, with the page behind it untouched.
 */
export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 py-8 text-center">
      <p className="text-muted">{POST_MESSAGES.networkError}</p>
      <Button variant="secondary" onClick={onRetry}>
        {ERROR_MESSAGES.tryAgain}
      </Button>
    </div>
  );
}
