import { Link, useFetcher } from "@remix-run/react";
import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { Avatar } from "~/components/avatar";
import { Icon } from "~/components/icon";
import { buttonClass } from "~/components/ui/button";
import { VerifiedBadge } from "~/components/verified-badge";
import {
  ACTIVE_NOW_WITHIN_MS,
  ACTIVITY_TICK_MS,
  MAX_CODE_UNITS_PER_CHARACTER,
  MESSAGE_MAX_LENGTH,
  MESSAGES_AT_END_PX,
  MESSAGES_LIVE_KEPT,
  MESSAGES_RESYNC_LIMIT,
  RELATIVE_TIME_DAYS,
  TIME,
} from "~/lib/constants";
import { formatClock, formatRelativeTime } from "~/lib/format";
import { POST_MESSAGES } from "~/lib/messages";
import { DM_MESSAGES } from "~/lib/texts/dm";
import type { RoomEvent } from "~/lib/realtime";
import { CONVERSATION_PARTY } from "~/lib/room-names";
import { collapseBlankLines, countCharacters, isBlank } from "~/lib/text";
import type { Conversation } from "~/lib/types/message";
import { useHydrated } from "~/lib/use-hydrated";
import { useRoom } from "~/lib/use-room";
import { NAVIGATION_FOCUS } from "~/lib/navigation-focus";
import { dayHeadings } from "./days";
import { discardMessage, retryMessage, sendMessage, settleMessages, useOutbox } from "./outbox";
import { keptNewest, withEarlierPage, withMessages, type Thread } from "./thread";

export type ChatData = { conversation: Conversation; viewerId: string; paged: boolean; clientId: string };

/** A message the server refused when it was sent without JavaScript: why, and the text, kept in the field. */
export type RefusedMessage = { message: string; draft: string };

const threadOf = ({ messages, earlierCursor }: Conversation): Thread => ({ messages, earlierCursor });

/**
 * The open conversation (spec document 2 §2, §4; docs/decisions/036): timed bubbles oldest first,
 * 'Load earlier messages', and 'Start a new message'. Without JavaScript sending is a form post that
 * comes back here. With it: messages arrive live from the conversation's room (and what a reconnect
 * missed is asked for again, from D1), sending shows the message at once under an id the page made
 * (so a retry stores it once) and sends it after those before it (./outbox.ts, which keeps what is not
 * sent yet when the member leaves), and the sender sees when it is read. Each day begins with a
 * heading ('Today', 'Yesterday', 'Mon, Nov 28'; ./days.ts), and each bubble says who wrote it to a
 * screen reader. A page left open on a busy conversation keeps to its newest MESSAGES_LIVE_KEPT while
 * its reader is at the end (./thread.ts; decision 089), so each new message costs the same.
 */
export function ChatPane({ conversation, viewerId, paged, clientId, refused = null }: ChatData & { refused?: RefusedMessage | null }) {
  const { other } = conversation;
  const hydrated = useHydrated();
  // Whether the member may write here, as the conversation opened: a refusal that comes with a later
  // load of it (the page reloads its data after a form is sent) does not take the field from under
  // what is being typed; sending says why then.
  const [closed] = useState(conversation.refusal);
  // What the page holds: this page, earlier pages and what the room brought (./thread.ts).
  const [thread, setThread] = useState(() => threadOf(conversation));
  // The same conversation loaded again (its newest page, or a page of `?earlier=`): its page, with the
  // newer messages the page already holds.
  const [loaded, setLoaded] = useState(conversation);
  if (loaded !== conversation) {
    setLoaded(conversation);
    setThread((held) => withMessages(threadOf(conversation), held.messages));
  }
  // Whether the reader is at the newest message: only then does the page let its oldest go. Read from
  // the box when asked, not kept from its last scroll event: a scroll's event comes a frame later, and a
  // message arriving in between would find the reader still at the end.
  const box = useRef<HTMLDivElement>(null);
  const atEnd = () => !box.current || Math.abs(box.current.scrollTop) <= MESSAGES_AT_END_PX;
  const outbox = useOutbox(conversation.id, viewerId);
  // The other member has read my messages up to this one (ids sort by time).
  const [readThrough, setReadThrough] = useState("");
  // When the room last showed the other member active (a message from them, their read), when the page
  // may show it at all (decision 076): the line moves on without a reload.
  const activityShown = conversation.activity !== null;
  const [activeHeard, setActiveHeard] = useState(0);
  const heardActive = useCallback((at: number) => setActiveHeard((heard) => Math.max(heard, at)), []);
  const earlier = useFetcher<({ ok: true } & ChatData) | { ok: false; failed: string }>();
  // The cursor the last 'Load earlier messages' asked from: its answer goes above that message only.
  const earlierAsked = useRef<string | null>(null);
  useEffect(() => {
    const answer = earlier.data;
    const asked = earlierAsked.current;
    if (!answer?.ok || asked === null) return;
    // Each page once, however often the answer is looked at.
    setThread((held) => withEarlierPage(held, threadOf(answer.conversation), asked));
  }, [earlier.data]);
  // Refused by the server (its text), or no answer at all (decision 079: the conversation stays, and says so).
  const earlierFailed = earlier.data && !earlier.data.ok ? (earlier.data.failed ?? POST_MESSAGES.networkError) : null;

  // One's own sent messages, in case their answer came before the room's echo (each found by id, once held).
  const messages = useMemo(() => withMessages(thread, outbox.sent).messages, [thread, outbox.sent]);
  // Which unsent messages are stored after all: read only while there are unsent ones.
  const anyUnsent = outbox.unsent.length > 0;
  const stored = useMemo(() => (anyUnsent ? new Set(messages.map((message) => message.clientId)) : null), [messages, anyUnsent]);
  const waiting = stored ? outbox.unsent.filter((message) => !stored.has(message.clientId)) : [];
  useEffect(() => {
    if (stored) settleMessages(conversation.id, stored);
  }, [conversation.id, stored]);
  // Behind a failed message the rest are held (outbox.ts), not on their way.
  const held = outbox.unsent[0]?.failed != null;
  const now = useDayNow(hydrated);
  // One sequence, as shown: earlier pages, this one, live and sent messages, then those not sent yet.
  const headings = dayHeadings([...messages, ...waiting].map((message) => message.at), now, hydrated);
  const { earlierCursor } = thread;

  // What the room is asked for after a (re)connection: everything after the newest message shown.
  const newest = useRef<string | null>(null);
  newest.current = messages.at(-1)?.id ?? null;

  // Messages from the other that arrived while the page was hidden: read once it is in front again.
  const unseen = useRef(false);
  const markRead = useCallback(() => {
    unseen.current = false;
    const body = new FormData();
    body.set("intent", "conversation-read");
    fetch(`/messages/${conversation.id}/read`, { method: "POST", body }).catch((error: unknown) => console.warn("Marking messages read failed:", error));
  }, [conversation.id]);

  // A message from the other as it arrives, for a screen reader (the list itself is no live region: it
  // would read out every earlier page loaded, and one's own messages).
  const [heard, hear] = useState("");
  const onEvent = useCallback(
    (event: RoomEvent) => {
      if (event.type === "message" || event.type === "messages") {
        const arrived = event.type === "message" ? [event.message] : event.messages;
        if (arrived.length === 0) return;
        // At the end, the page keeps to its newest messages; scrolled up, the reader keeps what they read.
        const keep = atEnd();
        setThread((held) => (keep ? keptNewest(withMessages(held, arrived), MESSAGES_LIVE_KEPT) : withMessages(held, arrived)));
        if (event.type === "message" && event.message.senderId !== viewerId) hear(`${DM_MESSAGES.from(other.displayName)}${event.message.content}`);
        const theirs = arrived.filter((message) => message.senderId !== viewerId);
        if (activityShown && theirs.length > 0) heardActive(Math.max(...theirs.map((message) => message.at)));
        // A resync answers a page at a time: a full one asks for the rest.
        if (event.type === "messages" && arrived.length >= MESSAGES_RESYNC_LIMIT) room.current?.send({ type: "resync", after: arrived.at(-1)!.id });
        // Seen as it arrives while the page is in front (the sender is told), else once it is.
        if (arrived.some((message) => message.senderId !== viewerId && !message.read)) {
          if (document.visibilityState === "visible") markRead();
          else unseen.current = true;
        }
      } else if (event.type === "read" && event.readerId !== viewerId) {
        setReadThrough((through) => (event.through > through ? event.through : through));
        if (activityShown) heardActive(Date.now());
      }
    },
    // `room` is a ref (stable), declared below: it is read only when an event comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [viewerId, markRead, other.displayName, activityShown, heardActive],
  );
  const room = useRoom(CONVERSATION_PARTY, conversation.id, viewerId, "liveConversation", {
    onEvent,
    onOpen: (send) => send({ type: "resync", after: newest.current }),
  });
  useEffect(() => {
    const shown = () => {
      if (document.visibilityState === "visible" && unseen.current) markRead();
    };
    document.addEventListener("visibilitychange", shown);
    return () => document.removeEventListener("visibilitychange", shown);
  }, [markRead]);

  // Of my messages, the newest the other has read carries 'Seen'.
  const lastSeen = useMemo(() => {
    for (let index = messages.length - 1; index >= 0; index--) {
      const message = messages[index]!;
      if (message.senderId === viewerId && (message.read || message.id <= readThrough)) return message.id;
    }
    return undefined;
  }, [messages, viewerId, readThrough]);
  const fromOther = DM_MESSAGES.from(other.displayName);

  return (
    // After a conversation is opened from the list beside it, the keyboard comes here, not to the list's 'Messages' (086).
    <section aria-label={`Conversation with ${other.displayName}`} className="flex min-h-0 flex-1 flex-col" {...NAVIGATION_FOCUS}>
      {/* The page's heading where the list (and its 'Messages') is hidden, beside the conversation. */}
      <h1 className="sr-only md:hidden">Messages</h1>
      <p className="sr-only" aria-live="polite">
        {heard}
      </p>
      <header className="sticky top-14 z-10 flex items-center gap-3 border-b border-line bg-bg/90 px-4 py-2 backdrop-blur lg:top-0">
        <Link to="/messages" className="rounded-full p-2 hover:bg-surface md:hidden">
          <Icon name="chevron-left" className="size-5" />
          <span className="sr-only">Back to messages</span>
        </Link>
        <Link to={`/profile/${other.username}`} className="flex min-w-0 items-center gap-3 hover:underline">
          <Avatar src={other.avatarUrl} size="sm" />
          <span className="flex min-w-0 flex-col">
            <span className="flex items-center gap-1">
              <h2 className="truncate font-bold" dir="auto">
                {other.displayName}
              </h2>
              <VerifiedBadge type={other.verifiedType} />
            </span>
            <span className="truncate text-sm text-muted">{`@${other.username}`}</span>
          </span>
        </Link>
        {conversation.activity ? <ActivityStatus lastActiveAt={Math.max(conversation.activity.lastActiveAt ?? 0, activeHeard) || null} /> : null}
      </header>

      {/*
        The newest message in view, before and without JavaScript too: a box that scrolls from its end
        (column-reverse around its one list) opens at the bottom, keeps the bottom in view as messages
        arrive there, and keeps the reader's place when earlier ones come in above.
      */}
      <div
        ref={box}
        className="flex min-h-0 flex-1 flex-col-reverse overflow-y-auto"
        onScroll={() => {
          // A column-reverse box scrolls from its end: 0 there, negative above it. Back at the end after
          // reading above: what the page holds shrinks to the newest again.
          if (atEnd()) setThread((held) => keptNewest(held, MESSAGES_LIVE_KEPT));
        }}
      >
        <ol aria-label="Messages" className="flex flex-1 flex-col gap-2 px-4 py-4">
          {paged ? (
            <li className="text-center text-sm">
              <Link to={`/messages/${conversation.id}`} className="text-accent hover:underline">
                Back to the newest
              </Link>
            </li>
          ) : null}
          {earlierCursor ? (
            <li className="flex justify-center">
              <Link
                to={`/messages/${conversation.id}?${new URLSearchParams({ earlier: earlierCursor })}`}
                preventScrollReset
                onClick={(event) => {
                  event.preventDefault();
                  if (earlier.state !== "idle") return;
                  earlierAsked.current = earlierCursor;
                  earlier.load(`/messages/${conversation.id}?${new URLSearchParams({ earlier: earlierCursor })}`);
                }}
                className="rounded-full px-4 py-2 text-sm font-semibold text-accent hover:bg-surface"
              >
                {earlier.state !== "idle" ? "Loading..." : DM_MESSAGES.loadEarlier}
              </Link>
            </li>
          ) : null}
          {earlierFailed ? (
            <li role="alert" className="text-center text-sm font-semibold">
              {earlierFailed}
            </li>
          ) : null}
          {messages.length === 0 && waiting.length === 0 ? <li className="m-auto py-16 text-center text-muted">{DM_MESSAGES.empty}</li> : null}
          {messages.map((message, index) => {
            const mine = message.senderId === viewerId;
            return (
              <Bubble
                key={message.id}
                dayText={headings[index]?.text ?? null}
                dayDate={headings[index]?.date ?? null}
                mine={mine}
                from={mine ? DM_MESSAGES.you : fromOther}
                content={message.content}
                at={message.at}
                note={message.id === lastSeen ? "Seen" : null}
              />
            );
          })}
          {waiting.map((message, index) => (
            <Bubble
              key={message.clientId}
              dayText={headings[messages.length + index]?.text ?? null}
              dayDate={headings[messages.length + index]?.date ?? null}
              mine
              from={DM_MESSAGES.you}
              content={message.content}
              at={message.at}
              note={message.failed ? null : held ? "Waiting to send" : "Sending..."}
              failed={message.failed ? { text: message.failed, retry: () => retryMessage(conversation.id, message.clientId) } : null}
              discard={message.failed || held ? () => discardMessage(conversation.id, message.clientId) : null}
            />
          ))}
        </ol>
      </div>

      {closed && !refused ? (
        // Why nothing can be sent here now, in place of the field (a message refused as it was sent keeps
        // the field, with its text and the refusal under it).
        <p className="sticky bottom-0 border-t border-line bg-bg px-4 py-4 text-center text-sm text-muted wrap-anywhere">{closed}</p>
      ) : (
        <MessageForm conversationId={conversation.id} clientId={clientId} refused={refused} onSend={hydrated ? (content) => sendMessage(conversation.id, content) : null} />
      )}
    </section>
  );
}

/**
 * The other member's activity status (decision 076), read against the clock as the page renders and,
 * with JavaScript, again every ACTIVITY_TICK_MS. Nothing while Murmur has not seen them since it began
 * recording it.
 */
function ActivityStatus({ lastActiveAt }: { lastActiveAt: number | null }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), ACTIVITY_TICK_MS);
    return () => clearInterval(timer);
  }, [lastActiveAt]);
  if (lastActiveAt === null) return null;
  const elapsed = now - lastActiveAt;
  const text =
    elapsed < ACTIVE_NOW_WITHIN_MS
      ? DM_MESSAGES.activeNow
      : elapsed < RELATIVE_TIME_DAYS * TIME.DAY
        ? DM_MESSAGES.activeAgo(formatRelativeTime(lastActiveAt, now))
        : DM_MESSAGES.activeOn(formatRelativeTime(lastActiveAt, now));
  return (
    // The server's reading and the browser's may differ by a tick, as RelativeTime's may.
    <p className="ml-auto shrink-0 text-sm whitespace-nowrap text-muted" suppressHydrationWarning>
      {text}
    </p>
  );
}

/**
 * Now, for the day headings, read again when the reader's day ends (with JavaScript), so a page left
 * open overnight moves 'Today' to 'Yesterday'.
 */
function useDayNow(local: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!local) return;
    const midnight = new Date(now);
    midnight.setHours(24, 0, 0, 0);
    // A timer that fires a little early reads a time before midnight, and waits again.
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, midnight.getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [now, local]);
  return now;
}

/**
 * A message, and before the first of a day that day's heading: a heading (under the conversation's,
 * the other member's name) that a screen reader can move between, inside the message's own item, so
 * the list's items are its messages alone (a list holds only items; an item that was only a day would
 * count as one more message). Memoised: its props are strings, numbers and (for unsent messages only)
 * functions, so a message arriving draws its own bubble, and those whose day heading or 'Seen' moved.
 */
const Bubble = memo(function Bubble({
  dayText,
  dayDate,
  mine,
  from,
  content,
  at,
  note,
  failed = null,
  discard = null,
}: {
  /** The day's heading before the first message of a day (./days.ts), and its date for `<time>`. */
  dayText: string | null;
  dayDate: string | null;
  mine: boolean;
  /** Who wrote it ('You: ', 'Maya Chen: '), for a screen reader: the page shows it by side and colour. */
  from: string;
  content: string;
  at: number;
  note: string | null;
  failed?: { text: string; retry: () => void } | null;
  /** Drops a message not sent (failed, or held behind one that failed). */
  discard?: (() => void) | null;
}) {
  const date = new Date(at);
  const hydrated = useHydrated();
  return (
    <li className="flex flex-col gap-2">
      {dayText ? (
        <h3 className="pt-2 text-center text-xs font-semibold text-muted">
          {/* The server's 'Today' and the browser's may differ by a tick across midnight, as RelativeTime's may. */}
          <time dateTime={dayDate ?? undefined} suppressHydrationWarning>
            {dayText}
          </time>
        </h3>
      ) : null}
      <div className={`flex max-w-[80%] flex-col gap-0.5 ${mine ? "items-end self-end" : "items-start self-start"}`}>
        {/* A long word or address breaks anywhere (a flex item is as wide as its longest word otherwise);
            marks stacked above or below the text stay in the bubble. Who wrote it has a direction of its
            own, so the text alone decides the bubble's (an element with `dir` is skipped by `dir="auto"`). */}
        <p
          dir="auto"
          className={`max-w-full overflow-clip rounded-2xl px-4 py-2 whitespace-pre-wrap wrap-anywhere ${mine ? "rounded-br-sm bg-primary text-on-primary" : "rounded-bl-sm bg-surface text-fg"} ${failed ? "opacity-60" : ""}`}
        >
          <span className="sr-only" dir="auto">
            {from}
          </span>
          <span>{collapseBlankLines(content)}</span>
        </p>
        <span className="flex items-center gap-2 text-xs text-muted">
          <time dateTime={date.toISOString()} title={date.toUTCString()} suppressHydrationWarning>
            {formatClock(at, hydrated)}
          </time>
          {note ? <span>{note}</span> : null}
          {discard && !failed ? (
            <button type="button" onClick={discard} className="underline">
              Discard
            </button>
          ) : null}
        </span>
        {failed ? (
          <span role="alert" className="flex items-center gap-2 text-xs font-semibold text-red-600 dark:text-red-400">
            {failed.text}
            <button type="button" onClick={failed.retry} className="underline">
              Retry
            </button>
            {discard ? (
              <button type="button" onClick={discard} className="underline">
                Discard
              </button>
            ) : null}
          </span>
        ) : null}
      </div>
    </li>
  );
});

/**
 * 'Start a new message': without JavaScript a form that posts to the conversation's page, which comes
 * back to it (a refused message comes back in the field, `refused`); with it, `onSend` takes the text
 * and the field is cleared at once. Enter sends, Shift+Enter breaks the line.
 */
function MessageForm({
  conversationId,
  clientId,
  refused,
  onSend,
}: {
  conversationId: string;
  clientId: string;
  refused: RefusedMessage | null;
  onSend: ((content: string) => void) | null;
}) {
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  const [error, setError] = useState<string | null>(refused?.message ?? null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!onSend) return;
    event.preventDefault();
    const content = field.current?.value.trim() ?? "";
    if (isBlank(content)) return setError(DM_MESSAGES.contentRequired);
    if (countCharacters(content) > MESSAGE_MAX_LENGTH) return setError(DM_MESSAGES.tooLong(MESSAGE_MAX_LENGTH));
    setError(null);
    onSend(content);
    field.current!.value = "";
    field.current!.focus();
  };
  return (
    <form
      method="post"
      action={`/messages/${conversationId}`}
      onSubmit={submit}
      // Nothing typed is restored on Back: without JavaScript Chromium would put a sent message back in
      // the field, beside a new page's id (the hidden one is not restored), and sending it again stores it twice.
      autoComplete="off"
      className="sticky bottom-0 flex flex-col gap-1 border-t border-line bg-bg px-4 py-3 max-[360px]:px-3"
    >
      <input type="hidden" name="intent" value="message-send" />
      <input type="hidden" name="clientId" value={clientId} />
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {DM_MESSAGES.placeholder}
        </label>
        <textarea
          ref={field}
          id={id}
          name="content"
          rows={1}
          required
          defaultValue={refused?.draft}
          // A refused message comes back here: the field, its text and the refusal under it, in focus.
          autoFocus={refused !== null}
          maxLength={MESSAGE_MAX_LENGTH * MAX_CODE_UNITS_PER_CHARACTER}
          placeholder={DM_MESSAGES.placeholder}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onKeyDown={(event) => {
            if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          // Below 360 px the field and Send draw in, so 'Start a new message' is whole (decision 077).
          className="max-h-40 min-h-10 min-w-0 flex-1 resize-none rounded-2xl border border-field bg-surface px-4 py-2 text-fg placeholder:text-muted focus:border-accent focus:outline-none max-[360px]:px-3"
        />
        <button type="submit" className={buttonClass("primary", "px-4 py-2 max-[360px]:px-3.5")}>
          Send
        </button>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-semibold text-red-600 dark:text-red-400">
          {error}
        </p>
      ) : null}
    </form>
  );
}
