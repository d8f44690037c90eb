import { DurableObject } from "cloudflare:workers";

/** A counting window: how many hits it took, and when it ends. */
type Window = { count: number; end: number };

export type LimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * The counters of one subject (a member, an address, an account's e-mail, a trusted device; the
 * object's name), one fixed window per kind of action, in the object's own storage
 * (docs/decisions/023-rate-limits.md). An action asks its subject's object before it writes: the check
 * costs no D1 round trip, and a busy member is one small object, never a shared hot row. Only allowed
 * hits count, so a refused request never extends its own wait.
 */
export class RateLimiter extends DurableObject<Env> {
  async hit(kind: string, max: number, windowMs: number, now: number = Date.now(), count = 1): Promise<LimitVerdict> {
    const key = `window:${kind}`;
    const held = await this.ctx.storage.get<Window>(key);
    const window = held && held.end > now ? held : { count: 0, end: now + windowMs };
    if (window.count + count > max) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.end - now) / 1000)) };
    window.count += count;
    await this.ctx.storage.put(key, window);
    // Forget the subject once its windows have passed.
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm < window.end) await this.ctx.storage.setAlarm(window.end);
    return { allowed: true };
  }

  async alarm(): Promise<void> {
    const now = Date.now();
    const windows = await this.ctx.storage.list<Window>({ prefix: "window:" });
    const open = [...windows].filter(([, window]) => window.end > now);
    if (open.length === 0) {
      await this.ctx.storage.deleteAll();
      return;
    }
    await this.ctx.storage.delete([...windows].filter(([, window]) => window.end <= now).map(([key]) => key));
    await this.ctx.storage.setAlarm(Math.min(...open.map(([, window]) => window.end)));
  }
}
