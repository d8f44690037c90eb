import { describe, expect, it } from "vitest";
import { keptNewest, withEarlierPage, withMessages, type Thread } from "~/components/messages/thread";
import type { ChatMessage } from "~/lib/types/message";

/**
 * What an open conversation holds (decision 089): messages heard live, again, late or as a send's
 * answer each once and in order; the newest kept when the page has too many, and the cursor moved so
 * 'Load earlier messages' brings the rest back with no gap and no repeat.
 */
const id = (n: number) => `01K${String(n).padStart(23, "0")}`;
const message = (n: number, fields: Partial<ChatMessage> = {}): ChatMessage => ({ id: id(n), clientId: `c${n}`, senderId: "other", content: `Message ${n}`, at: n, read: false, ...fields });
const run = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const numbers = (thread: Thread) => thread.messages.map((one) => Number(one.content.split(" ")[1]));

/** The server's earlier page: up to `size` messages before the cursor, and its own cursor. */
function pageBefore(all: ChatMessage[], cursor: string, size: number): Thread {
  const before = all.filter((one) => one.id < cursor);
  const messages = before.slice(-size);
  return { messages, earlierCursor: before.length > size ? messages[0]!.id : null };
}

describe("an open conversation's messages", () => {
  it("appends a newer message to the same objects, and keeps the thread itself when nothing changed", () => {
    const thread: Thread = { messages: run(1, 3), earlierCursor: id(1) };
    const next = withMessages(thread, [message(4)]);
    expect(numbers(next)).toEqual([1, 2, 3, 4]);
    // Unchanged messages are the same objects, so their (memoised) bubbles are not drawn again.
    next.messages.slice(0, 3).forEach((one, index) => expect(one).toBe(thread.messages[index]));
    expect(next.earlierCursor).toBe(id(1));
    expect(withMessages(next, [message(2), message(4)])).toBe(next);
  });

  it("puts a late or out-of-order message in its place, once, and keeps a message read once read", () => {
    const thread: Thread = { messages: [message(1), message(3, { read: true }), message(6)], earlierCursor: null };
    const next = withMessages(thread, [message(5), message(2), message(3, { read: false }), message(7), message(4), message(7)]);
    expect(numbers(next)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(next.messages[2]).toBe(thread.messages[1]);
    const read = withMessages(next, [message(6, { read: true })]);
    expect(read.messages[5]!.read).toBe(true);
    expect(read.messages[4]).toBe(next.messages[4]);
  });

  it("leaves a message older than the oldest held to 'Load earlier messages' while earlier ones exist", () => {
    const thread: Thread = { messages: run(10, 12), earlierCursor: id(10) };
    expect(withMessages(thread, [message(4)])).toBe(thread);
    // At the conversation's start there is nothing earlier to load: it goes in its place.
    expect(numbers(withMessages({ ...thread, earlierCursor: null }, [message(4)]))).toEqual([4, 10, 11, 12]);
  });

  it("keeps the newest when there are too many, its cursor at the oldest kept", () => {
    const thread: Thread = { messages: run(1, 10), earlierCursor: null };
    const kept = keptNewest(thread, 4);
    expect(numbers(kept)).toEqual([7, 8, 9, 10]);
    expect(kept.earlierCursor).toBe(id(7));
    expect(keptNewest(kept, 4)).toBe(kept);
  });

  it("after many live messages, keeps the newest and 'Load earlier messages' brings back every dropped one in order, no gap, no repeat", () => {
    const all = run(1, 400);
    const size = 30;
    const kept = 150;
    let thread: Thread = pageBefore(all, id(33), size);
    // The page opened on messages 3–32; 368 more arrive live, in small bursts, some heard twice.
    for (let n = 33; n <= 400; n += 4) thread = keptNewest(withMessages(thread, [...all.slice(n - 2, n - 1), ...all.slice(n - 1, n + 3)]), kept);
    expect(thread.messages).toHaveLength(kept);
    expect(numbers(thread)).toEqual(all.slice(-kept).map((_, i) => 251 + i));
    while (thread.earlierCursor) {
      const asked = thread.earlierCursor;
      thread = withEarlierPage(thread, pageBefore(all, asked, size), asked);
      // The same answer looked at again adds nothing.
      expect(withEarlierPage(thread, pageBefore(all, asked, size), asked)).toBe(thread);
    }
    expect(numbers(thread)).toEqual(all.map((_, i) => i + 1));
  });

  it("leaves an earlier page that answers a cursor the thread no longer has", () => {
    const all = run(1, 100);
    const thread: Thread = { messages: all.slice(40), earlierCursor: id(41) };
    const stale = pageBefore(all, id(31), 30);
    expect(withEarlierPage(thread, stale, id(31))).toBe(thread);
  });
});
