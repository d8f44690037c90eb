import type { ChatMessage } from "~/lib/types/message";

/**
 * The messages an open conversation holds, oldest first, each once, and where 'Load earlier messages'
 * continues: the id of the oldest held (the server answers the page of messages before it), null when
 * the first message of the conversation is held. What is held is one unbroken run of the
 * conversation, from the oldest held to the newest heard.
 */
export type Thread = { messages: ChatMessage[]; earlierCursor: string | null };

/**
 * A message heard again (a resync, a send's answer after the room's echo) over the one held: the same
 * object when nothing changed, so its bubble (memoised) is not drawn again; read once, read for good.
 */
function mergedMessage(held: ChatMessage, heard: ChatMessage): ChatMessage {
  const read = held.read || heard.read;
  const clientId = heard.clientId ?? held.clientId;
  if (held.content === heard.content && held.at === heard.at && held.senderId === heard.senderId && held.clientId === clientId && held.read === read) return held;
  return { ...held, ...heard, clientId, read };
}

/** Where `id` is, or would go, among messages in id order (ids sort by time). */
function placeOf(messages: readonly ChatMessage[], id: string): number {
  let low = 0;
  let high = messages.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (messages[middle]!.id < id) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * Messages heard (live from the room, a resync after a reconnection, one's own sent ones) taken into
 * the thread. One newer than the newest held is appended, the usual case, with no sort; an older one
 * (stored late, or heard twice) goes in its place by id. One older than the oldest held while earlier
 * ones exist is left to 'Load earlier messages', which brings it with its neighbours: taking it alone
 * would leave a gap above the run the cursor continues from. The same thread when nothing changed.
 */
export function withMessages(thread: Thread, heard: readonly ChatMessage[]): Thread {
  let messages = thread.messages;
  const copy = () => (messages === thread.messages ? [...messages] : messages);
  for (const message of heard) {
    const newest = messages.at(-1);
    if (!newest || message.id > newest.id) {
      messages = copy();
      messages.push(message);
      continue;
    }
    if (thread.earlierCursor !== null && message.id < messages[0]!.id) continue;
    const place = placeOf(messages, message.id);
    const held = messages[place];
    if (held?.id === message.id) {
      const merged = mergedMessage(held, message);
      if (merged === held) continue;
      messages = copy();
      messages[place] = merged;
    } else {
      messages = copy();
      messages.splice(place, 0, message);
    }
  }
  return messages === thread.messages ? thread : { ...thread, messages };
}

/**
 * An earlier page ('Load earlier messages') put above the thread, when it is the page the thread's
 * cursor asked for (`asked`): an answer to a cursor the thread no longer has (a page asked twice, or
 * the thread kept to its newest meanwhile) is left, so nothing shows twice or out of its place.
 */
export function withEarlierPage(thread: Thread, page: Thread, asked: string): Thread {
  if (thread.earlierCursor !== asked) return thread;
  const oldest = thread.messages[0]?.id;
  const older = oldest === undefined ? page.messages : page.messages.filter((message) => message.id < oldest);
  return withMessages({ messages: [...older, ...thread.messages], earlierCursor: page.earlierCursor }, page.messages);
}

/**
 * The thread kept to its newest `kept` messages: the older ones leave the page, and the cursor moves to
 * the oldest kept, so 'Load earlier messages' brings them back (the server answers those before it).
 */
export function keptNewest(thread: Thread, kept: number): Thread {
  if (thread.messages.length <= kept) return thread;
  const messages = thread.messages.slice(-kept);
  return { messages, earlierCursor: messages[0]!.id };
}
