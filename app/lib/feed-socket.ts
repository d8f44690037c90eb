import PartySocket from "partysocket";
import { FEED_PARTY, GLOBAL_FEED, parseFeedEvent, type FeedEvent } from "./realtime";

/**
 * The connection to the feed room. Loaded only once a member's page is interactive (dynamic import),
 * so the socket and the message schema cost nothing at first paint. Reconnects by itself.
 */
export function connectFeed(onEvent: (event: FeedEvent) => void): () => void {
  const socket = new PartySocket({ host: window.location.host, party: FEED_PARTY, room: GLOBAL_FEED });
  // Whether the page is listening, on <html data-live> (the end-to-end tests wait for it).
  const live = (state: "open" | null) => {
    if (state) document.documentElement.dataset.live = state;
    else delete document.documentElement.dataset.live;
  };
  socket.addEventListener("open", () => live("open"));
  socket.addEventListener("close", () => live(null));
  socket.addEventListener("message", (message) => {
    const event = parseFeedEvent(message.data);
    if (event) onEvent(event);
  });
  return () => {
    socket.close();
    live(null);
  };
}
