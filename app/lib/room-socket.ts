import PartySocket from "partysocket";
import { ROOM_REVOKED_CODE, ROOM_SIGNED_OUT_CODE } from "./constants";
import { isSigningOut } from "./signing-out";
import { parseRoomEvent, type PageMessage, type RoomEvent } from "./realtime";

/**
 * A connection to one realtime room (docs/decisions/036). Loaded only once a member's page is
 * interactive (dynamic import), so the socket and the message schemas cost nothing at first paint.
 * partysocket reconnects by itself, with backoff; `onOpen` runs on every (re)connection, so the page
 * resyncs from the server then rather than trusting what it may have missed.
 */
export type RoomConnection = { send(message: PageMessage): void; close(): void };

export function connectRoom({
  party,
  room,
  marker,
  onEvent,
  onOpen,
}: {
  party: string;
  room: string;
  /** Whether the page is listening, on <html data-{marker}="open"> (the end-to-end tests wait for it). */
  marker: string;
  onEvent: (event: RoomEvent) => void;
  onOpen?: (connection: RoomConnection, reconnected: boolean) => void;
}): RoomConnection {
  const socket = new PartySocket({
    host: window.location.host,
    party,
    room,
    // A room that closed the socket for good (its session ended, decision 067; the member left the
    // community) would refuse every reconnect.
    shouldReconnectOnClose: (event) => event.code !== ROOM_SIGNED_OUT_CODE && event.code !== ROOM_REVOKED_CODE,
  });
  const live = (state: "open" | null) => {
    // A socket closed while the page unloads may find no document element.
    const root = document.documentElement as HTMLElement | null;
    if (!root) return;
    if (state) root.dataset[marker] = state;
    else delete root.dataset[marker];
  };
  const connection: RoomConnection = {
    send(message) {
      // Sent once open (partysocket queues what is sent before); a closed socket drops it, and the next open says it again.
      socket.send(JSON.stringify(message));
    },
    close() {
      socket.close();
      live(null);
    },
  };
  let opened = false;
  socket.addEventListener("open", () => {
    live("open");
    onOpen?.(connection, opened);
    opened = true;
  });
  socket.addEventListener("close", (event) => {
    live(null);
    // The session this page was opened with has ended elsewhere (a sign-out in another tab, a password
    // reset): the page reloads, which leads to sign-in, and closes its other rooms. A page signing
    // out itself is already on its way there.
    if (event.code === ROOM_SIGNED_OUT_CODE && !isSigningOut()) window.location.reload();
  });
  socket.addEventListener("message", (message) => {
    const event = parseRoomEvent(message.data);
    if (event) onEvent(event);
  });
  return connection;
}
