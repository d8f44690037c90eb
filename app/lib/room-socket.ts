import PartySocket from "partysocket";
import { ROOM_REFUSALS_BEFORE_SESSION_CHECK, ROOM_REVOKED_CODE, ROOM_SIGNED_OUT_CODE, SESSION_CHECK_PATH, SESSION_RECHECK_AFTER_MS } from "./constants";
import { isSigningOut } from "./signing-out";
import { parseRoomEvent, type PageMessage, type RoomEvent } from "./realtime";
import { SESSION_ENDED_MESSAGES } from "./texts/session";

/**
 * A connection to one realtime room (docs/decisions/036). Loaded only once a member's page is
 * interactive (dynamic import), so the socket and the message schemas cost nothing at first paint.
 * partysocket reconnects by itself, with backoff; `onOpen` runs on every (re)connection, so the page
 * resyncs from the server then rather than trusting what it may have missed.
 */
export type RoomConnection = { send(message: PageMessage): void; close(): void };

/** The page's open rooms: when its session ends, all of them close at once (decision 067). */
const rooms = new Set<RoomConnection>();

/**
 * Text the member typed and has not sent: in a field that holds writing (`data-draft`: the composer, a
 * comment, a message; React keeps such a controlled field's default equal to its value), or in any
 * other field whose value is not what the page was drawn with. Passwords do not count.
 */
function holdsUnsentText(): boolean {
  const fields = document.querySelectorAll<HTMLTextAreaElement | HTMLInputElement>("textarea, input:not([type]), input[type=text], input[type=search], input[type=url]");
  return Array.from(fields).some((field) => field.value.trim() !== "" && (field.hasAttribute("data-draft") || field.value !== field.defaultValue));
}

/** Whether the browser is signed in as the page's member: yes, no, or no answer (offline, a server error). */
type StillSignedIn = "yes" | "no" | "unknown";

/** The one question in flight, per member: is this browser still signed in as them? */
const asking = new Map<string, Promise<StillSignedIn>>();

/**
 * Whether this browser is still signed in as `member`: after a room found the page's session ended,
 * the browser may hold a new one (a password change: decision 083); after handshakes refused one
 * after another, its session may have ended while the page's sockets were down. Asked once for all
 * the page's rooms at a time.
 */
function stillSignedInAs(member: string): Promise<StillSignedIn> {
  let answer = asking.get(member);
  if (!answer) {
    answer = fetch(SESSION_CHECK_PATH, { headers: { Accept: "application/json" }, cache: "no-store" })
      .then(async (response): Promise<StillSignedIn> => {
        if (!response.ok) return "unknown";
        return ((await response.json()) as { member: string | null }).member === member ? "yes" : "no";
      })
      .catch((): StillSignedIn => "unknown")
      .finally(() => asking.delete(member));
    asking.set(member, answer);
  }
  return answer;
}

/**
 * The session this page was opened with has ended elsewhere (a sign-out in another tab, a password
 * change or reset): every room of the page closes, so it hears nothing more (067). A page without
 * unsent text reloads, which leads to sign-in. One holding text stays as it is, under a notice that
 * says what happened and leads to sign-in when the member is ready (decision 082): a reload would
 * throw the text away. Such a page sends nothing more.
 */
function sessionEnded(): void {
  for (const room of rooms) room.close();
  if (!holdsUnsentText()) {
    window.location.reload();
    return;
  }
  if (document.getElementById("session-ended")) return;
  // Nothing more is sent from this page: the browser's cookie may already be another member's (signed in
  // in another tab), and what the page shows is the member who signed out. Its text stays to be copied.
  document.addEventListener(
    "submit",
    (event) => {
      event.preventDefault();
      event.stopImmediatePropagation();
      document.getElementById("session-ended")?.focus();
    },
    true,
  );
  const notice = document.createElement("div");
  notice.id = "session-ended";
  notice.tabIndex = -1;
  notice.setAttribute("role", "alert");
  notice.className = "top-0 z-50 flex flex-wrap items-center justify-center gap-3 border-b border-line bg-bg px-4 py-3 text-fg shadow-lg";
  const words = document.createElement("p");
  words.className = "text-sm";
  const title = document.createElement("strong");
  title.textContent = `${SESSION_ENDED_MESSAGES.title}. `;
  words.appendChild(title);
  words.appendChild(document.createTextNode(SESSION_ENDED_MESSAGES.text));
  const signIn = document.createElement("a");
  signIn.href = `/auth?${new URLSearchParams({ returnTo: window.location.pathname + window.location.search })}`;
  signIn.className = "rounded-full bg-primary px-4 py-1.5 text-sm font-bold text-on-primary";
  signIn.textContent = SESSION_ENDED_MESSAGES.signIn;
  notice.appendChild(words);
  notice.appendChild(signIn);
  // Above everything: inside an open modal dialog (the composer, a reply), which makes the rest of the
  // page unreachable, else at the top of the page.
  const modal = Array.from(document.querySelectorAll("dialog[open]")).find((dialog) => dialog.matches(":modal"));
  const place = modal ?? document.body;
  notice.classList.add(...(modal ? ["sticky"] : ["fixed", "inset-x-0"]));
  place.insertBefore(notice, place.firstChild);
}

export function connectRoom({
  party,
  room,
  member,
  marker,
  onEvent,
  onOpen,
}: {
  party: string;
  room: string;
  /** The member the page is for (a room that finds its session ended asks whether the browser still is them). */
  member: string;
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
    // community) would refuse every reconnect. (One that says the session was renewed, 083, is
    // reconnected to, as after any other close.)
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
      rooms.delete(connection);
      socket.close();
      live(null);
    },
  };
  rooms.add(connection);
  let opened = false;
  let isOpen = false;
  /** Handshakes in a row that never opened. */
  let refused = 0;
  socket.addEventListener("open", () => {
    live("open");
    onOpen?.(connection, opened);
    opened = true;
    isOpen = true;
    refused = 0;
  });
  socket.addEventListener("close", (event) => {
    live(null);
    const wasOpen = isOpen;
    isOpen = false;
    // A page signing out itself is already on its way to sign-in.
    if (isSigningOut()) return;
    if (event.code === ROOM_SIGNED_OUT_CODE) {
      // The session ended: the page's own, or one its browser replaced (a password change in this or
      // another tab, 083), when the room's minute check finds it. Then the page listens on, with the
      // browser's new cookie; else (no answer included: the room said it ended) the session is over.
      // A "no" is asked once more a moment later: the change's answer, with the new cookie, may not
      // have reached the browser when the room looked (SESSION_RECHECK_AFTER_MS).
      void stillSignedInAs(member)
        .then((still) => (still === "no" ? new Promise<void>((wait) => setTimeout(wait, SESSION_RECHECK_AFTER_MS)).then(() => stillSignedInAs(member)) : still))
        .then((still) => {
          if (!rooms.has(connection)) return;
          if (still === "yes") socket.reconnect();
          else sessionEnded();
        });
      return;
    }
    // A handshake the Worker refuses (no session: 401) reaches the page as a network failure, so a
    // session that ended while the page's sockets were down (a laptop asleep) would be retried for ever
    // and never said (a review found it). Every few refusals in a row, the page asks; only a plain
    // "not signed in as this member" ends it (offline, it keeps trying).
    if (wasOpen) return;
    refused += 1;
    if (refused % ROOM_REFUSALS_BEFORE_SESSION_CHECK !== 0) return;
    void stillSignedInAs(member).then((still) => {
      if (rooms.has(connection) && still === "no") sessionEnded();
    });
  });
  socket.addEventListener("message", (message) => {
    const event = parseRoomEvent(message.data);
    if (event) onEvent(event);
  });
  return connection;
}
