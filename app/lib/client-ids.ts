import { useRef } from "react";
import { useRootData } from "~/lib/root-data";

/** An id a page makes for what it sends (a message, a post, a comment), so a retry of the same send is stored once. */
export function newClientId(): string {
  return crypto.randomUUID();
}

/**
 * The id a form sends in its `clientId` input (decision 072): the same for a send repeated unchanged
 * (its answer was lost), a new one once anything in the form changed, so an edited send is never taken
 * for the one before it. `stamp` runs in the form's onSubmit, before the submission reads the form;
 * `forget` after a send succeeded (the next one is another).
 */
export function useSendId() {
  const last = useRef<{ id: string; sent: string } | null>(null);
  return {
    stamp(form: HTMLFormElement) {
      const input = form.elements.namedItem("clientId");
      if (!(input instanceof HTMLInputElement)) return;
      const sent = JSON.stringify(
        [...new FormData(form)].filter(([name]) => name !== "clientId").map(([name, value]) => [name, typeof value === "string" ? value : `${value.name}:${value.size}`]),
      );
      if (last.current?.sent !== sent) last.current = { id: newClientId(), sent };
      input.value = last.current.id;
    },
    forget() {
      last.current = null;
    },
  };
}

/**
 * The id a form sends without JavaScript: the page's nonce (the root loader's, for members) and the
 * form's place on the page, so the browser's own resend of the page it had is stored once and a page
 * drawn again sends new ones. With JavaScript `useSendId` stamps its own at each send.
 */
export function usePageSendId(place: string): string | undefined {
  const nonce = useRootData()?.sendNonce;
  return nonce ? `${nonce}-${place}` : undefined;
}
