import { useEffect, useRef } from "react";
import { inNextTask } from "./next-task";
import type { PageMessage, RoomEvent } from "./realtime";
import type { RoomConnection } from "./room-socket";

export type RoomHandlers = {
  onEvent: (event: RoomEvent) => void;
  /** On every (re)connection: what to tell the room, what to ask again. */
  onOpen?: (send: (message: PageMessage) => void, reconnected: boolean) => void;
};

/**
 * Listens to a realtime room while the page shows it (an enhancement: pages are whole without it), as
 * `member` (the page's). `room` null listens to nothing. The handlers may change between renders
 * without reconnecting.
 */
export function useRoom(party: string, room: string | null, member: string, marker: string, handlers: RoomHandlers): { current: RoomConnection | null } {
  const latest = useRef(handlers);
  latest.current = handlers;
  const connection = useRef<RoomConnection | null>(null);
  useEffect(() => {
    if (!room) return;
    let cancelled = false;
    // In a task of its own, after hydration's (docs/decisions/054).
    const start = () => {
      import("./room-socket")
        .then(({ connectRoom }) => {
          if (cancelled) return;
          connection.current = connectRoom({
            party,
            room,
            member,
            marker,
            onEvent: (event) => latest.current.onEvent(event),
            onOpen: (opened, reconnected) => latest.current.onOpen?.((message) => opened.send(message), reconnected),
          });
        })
        .catch((error: unknown) => console.warn("Live updates unavailable", error));
    };
    const cancelStart = inNextTask(start);
    return () => {
      cancelled = true;
      cancelStart();
      connection.current?.close();
      connection.current = null;
    };
  }, [party, room, member, marker]);
  return connection;
}
