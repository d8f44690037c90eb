import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { RATE_LIMITS, type RateLimitName } from "~/lib/constants";
import { RATE_MESSAGES } from "~/lib/messages";
import type { LimitVerdict } from "../../workers/rate-limiter";
import { badRequest } from "./http";
import { returnToOf } from "./respond";

/**
 * A limit on every write (docs/decisions/023-rate-limits.md): each subject (a member, an address, an
 * account's e-mail, a trusted device) has its own counter object; an action takes a hit of its kind
 * before it writes (one, or one per file a post carries). Member actions are limited by the recipe
 * (`memberAction`, from their intent); uploads and the account forms call `hit` themselves.
 */
export const subjects = {
  member: (id: string) => `member:${id}`,
  address: (ip: string) => `ip:${ip}`,
  account: (email: string) => `account:${email.toLowerCase()}`,
  device: (nonce: string) => `device:${nonce}`,
};

export class Limiter {
  readonly #objects: Env["RateLimiter"];

  constructor(objects: Env["RateLimiter"]) {
    this.#objects = objects;
  }

  /**
   * `count` hits of `name` for each subject in order, stopping at the first that refuses: a spent
   * subject (an address that guessed too often) never counts against the next (the account it
   * names), so one address cannot lock accounts by naming them.
   */
  async hit(forSubjects: string[], name: RateLimitName, { now = Date.now(), count = 1 }: { now?: number; count?: number } = {}): Promise<LimitVerdict> {
    const { max, windowMs } = RATE_LIMITS[name];
    for (const subject of forSubjects) {
      const verdict = await this.#objects.get(this.#objects.idFromName(subject)).hit(name, max, windowMs, now, count);
      if (!verdict.allowed) return verdict;
    }
    return { allowed: true };
  }
}

export const limiterOf = (context: AppLoadContext) => new Limiter(context.cloudflare.env.RateLimiter);

/**
 * A refused write: 429 with Retry-After and what to do. A page without JavaScript shows the message
 * on an error page (thrown, like a guard); a fetcher gets it as data, to show as a toast.
 */
export function tooManyRequests(form: FormData | null, retryAfterSeconds: number, message = RATE_MESSAGES.tooOften(retryAfterSeconds)) {
  const headers = { "Retry-After": String(retryAfterSeconds) };
  if (form && returnToOf(form) !== null) throw badRequest(message, 429, headers);
  return data({ ok: false as const, status: 429 as const, message }, { status: 429, headers });
}
