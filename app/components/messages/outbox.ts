import { useCallback, useEffect, useSyncExternalStore } from "react";
import { MEMBER_STORAGE_PREFIX } from "~/lib/signing-out";
import * as z from "zod/mini";
import { newClientId } from "~/lib/client-ids";
import { MESSAGE_SEND_TIMEOUT_MS, MESSAGES_PAGE_SIZE, MESSAGES_UNSENT_KEPT } from "~/lib/constants";
import { DM_MESSAGES } from "~/lib/texts/dm";
import { showToast } from "~/lib/toast-store";
import type { ChatMessage } from "~/lib/types/message";

/** A message the page sends, not stored yet: waiting its turn, on its way, or failed (why). */
export type Unsent = { clientId: string; content: string; at: number; failed: string | null };

/**
 * A conversation's outbox: its unsent messages in the order they were typed (the first is the one on
 * its way, or the one that failed), and the messages it stored this visit of the app.
 */
export type Outbox = { unsent: Unsent[]; sending: string | null; sent: ChatMessage[] };

const EMPTY: Outbox = { unsent: [], sending: null, sent: [] };

/*
 * The member's messages on their way, kept here rather than in the conversation's pane, so that leaving
 * the conversation neither loses one that failed nor silences one that fails afterwards, and in the
 * tab's sessionStorage, so a reload keeps them too (the member's own key: another member signing in in
 * this tab never sees them).
 *
 * Messages go one after another per conversation: the next leaves when the one before is answered, so
 * they are stored (and shown to both) in the order typed. When one fails, those typed after it are held
 * with it rather than sent past it: Retry (or a new message, which means the member wants to go on)
 * sends it again first, and the rest follow in order; Discard drops it and lets the rest go.
 */
let viewer: string | null = null;
let outboxes = new Map<string, Outbox>();
const listeners = new Set<() => void>();
/** Conversations whose pane is on screen: a failure elsewhere is told in a toast. */
const shown = new Map<string, number>();

const storageKey = (viewerId: string) => `${MEMBER_STORAGE_PREFIX}${viewerId}`;
const StoredSchema = z.array(z.object({ conversationId: z.string(), clientId: z.string(), content: z.string(), at: z.number() }));

/** What the tab kept from before a reload: each conversation's first message shows as failed (was it sent? Retry says), the rest held behind it. */
function restore(viewerId: string): Map<string, Outbox> {
  const restored = new Map<string, Outbox>();
  try {
    const parsed = StoredSchema.safeParse(JSON.parse(sessionStorage.getItem(storageKey(viewerId)) ?? "[]"));
    if (!parsed.success) return restored;
    for (const { conversationId, ...message } of parsed.data) {
      const unsent = restored.get(conversationId)?.unsent ?? [];
      restored.set(conversationId, { ...EMPTY, unsent: [...unsent, { ...message, failed: unsent.length === 0 ? DM_MESSAGES.sendFailed : null }] });
    }
  } catch (error) {
    console.warn("Reading unsent messages failed:", error);
  }
  return restored;
}

function save() {
  if (!viewer) return;
  const kept = [...outboxes].flatMap(([conversationId, outbox]) => outbox.unsent.map(({ clientId, content, at }) => ({ conversationId, clientId, content, at })));
  kept.sort((a, b) => a.at - b.at);
  try {
    if (kept.length === 0) sessionStorage.removeItem(storageKey(viewer));
    else sessionStorage.setItem(storageKey(viewer), JSON.stringify(kept.slice(-MESSAGES_UNSENT_KEPT)));
  } catch (error) {
    // Storage full or refused: the messages are still kept while the page lives.
    console.warn("Keeping unsent messages failed:", error);
  }
}

function outboxOf(conversationId: string): Outbox {
  return outboxes.get(conversationId) ?? EMPTY;
}

function update(conversationId: string, change: (outbox: Outbox) => Outbox) {
  outboxes.set(conversationId, change(outboxOf(conversationId)));
  save();
  listeners.forEach((listener) => listener());
}

/** The signed-in member's outboxes, read from the tab's storage the first time (and again for another member). */
function takeViewer(viewerId: string) {
  if (viewer === viewerId) return;
  viewer = viewerId;
  outboxes = restore(viewerId);
}

type Answer = { ok: true; sent: ChatMessage } | { ok: false; failed: string };

/** One message to /messages/{id}/send, answered within MESSAGE_SEND_TIMEOUT_MS or failed. */
async function post(conversationId: string, message: Unsent): Promise<Answer> {
  const body = new FormData();
  body.set("intent", "message-send");
  body.set("content", message.content);
  body.set("clientId", message.clientId);
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), MESSAGE_SEND_TIMEOUT_MS);
  try {
    const response = await fetch(`/messages/${conversationId}/send`, { method: "POST", body, headers: { Accept: "application/json" }, signal: timeout.signal });
    const answer = (await response.json()) as { ok: boolean; sent?: ChatMessage; message: string | null };
    if (answer.ok && answer.sent) return { ok: true, sent: answer.sent };
    return { ok: false, failed: typeof answer.message === "string" ? answer.message : DM_MESSAGES.sendFailed };
  } catch (error) {
    console.warn("Sending a message failed:", error);
    return { ok: false, failed: DM_MESSAGES.sendFailed };
  } finally {
    clearTimeout(timer);
  }
}

/** Sends the conversation's first unsent message unless one is on its way or the first has failed; then the next. */
async function sendNext(conversationId: string) {
  const { sending, unsent } = outboxOf(conversationId);
  const next = unsent[0];
  if (sending || !next || next.failed) return;
  update(conversationId, (outbox) => ({ ...outbox, sending: next.clientId }));
  const answer = await post(conversationId, next);
  update(conversationId, (outbox) =>
    answer.ok
      ? { unsent: outbox.unsent.filter((one) => one.clientId !== next.clientId), sending: null, sent: [...outbox.sent, answer.sent].slice(-MESSAGES_PAGE_SIZE) }
      : { ...outbox, sending: null, unsent: outbox.unsent.map((one) => (one.clientId === next.clientId ? { ...one, failed: answer.failed } : one)) },
  );
  if (answer.ok) void sendNext(conversationId);
  else if (!shown.get(conversationId)) showToast(DM_MESSAGES.sendFailed, "error");
}

/** A new message: after those before it (a failed one is sent again first). */
export function sendMessage(conversationId: string, content: string) {
  update(conversationId, (outbox) => ({
    ...outbox,
    unsent: [...outbox.unsent.map((one, index) => (index === 0 ? { ...one, failed: null } : one)), { clientId: newClientId(), content, at: Date.now(), failed: null }],
  }));
  void sendNext(conversationId);
}

/** Sends the failed message again, under its own id (one that did arrive is stored once), and those held behind it. */
export function retryMessage(conversationId: string, clientId: string) {
  update(conversationId, (outbox) => ({ ...outbox, unsent: outbox.unsent.map((one) => (one.clientId === clientId ? { ...one, failed: null } : one)) }));
  void sendNext(conversationId);
}

/** Drops an unsent message (never the one on its way); those held behind it go on. */
export function discardMessage(conversationId: string, clientId: string) {
  if (outboxOf(conversationId).sending === clientId) return;
  update(conversationId, (outbox) => ({ ...outbox, unsent: outbox.unsent.filter((one) => one.clientId !== clientId) }));
  void sendNext(conversationId);
}

/** Unsent messages the conversation shows stored after all (an answer lost, a reload mid-send) are sent: dropped here. */
export function settleMessages(conversationId: string, stored: ReadonlySet<string | null>) {
  const { unsent, sending } = outboxOf(conversationId);
  if (!unsent.some((one) => one.clientId !== sending && stored.has(one.clientId))) return;
  update(conversationId, (outbox) => ({ ...outbox, unsent: outbox.unsent.filter((one) => one.clientId === sending || !stored.has(one.clientId)) }));
  void sendNext(conversationId);
}

/** The conversation's outbox for the member, kept while its pane is on screen (and after). */
export function useOutbox(conversationId: string, viewerId: string): Outbox {
  const subscribe = useCallback(
    (listener: () => void) => {
      takeViewer(viewerId);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    [viewerId],
  );
  const outbox = useSyncExternalStore(
    subscribe,
    () => (viewer === viewerId ? outboxOf(conversationId) : EMPTY),
    () => EMPTY,
  );
  useEffect(() => {
    shown.set(conversationId, (shown.get(conversationId) ?? 0) + 1);
    return () => void shown.set(conversationId, (shown.get(conversationId) ?? 1) - 1);
  }, [conversationId]);
  return outbox;
}
