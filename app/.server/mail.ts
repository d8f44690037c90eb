import type { AppLoadContext } from "@remix-run/cloudflare";
import { desc } from "drizzle-orm";
import { MAIL_SEND_GAP_MS, MAIL_SEND_TIMEOUT_MS } from "~/lib/constants";
import type { Db } from "./db/client";
import { emailOutbox } from "./db/schema";
import { newId } from "./ids";

/**
 * A mail; `replyTo` is where an answer goes (a member's address, on their message to support);
 * `headers` are its own mail headers (a digest's List-Unsubscribe, decision 085).
 */
export type MailMessage = { to: string; subject: string; text: string; html?: string; replyTo?: string; headers?: Record<string, string> };

/** Everything that sends e-mail goes through this interface. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The embedded default: the message is stored in the email_outbox table (a delivery process of the
 * deploy's own reads it from there, docs/decisions/005). Locally it is also printed to the console and
 * /dev/outbox lists the outbox so a person can follow the links; in production the body (a live reset
 * link) never goes to the logs.
 */
export function createOutboxMailer(db: Db, { echo = false }: { echo?: boolean } = {}): Mailer {
  return {
    async send(message) {
      await db.insert(emailOutbox).values({
        id: newId(),
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
        headers: message.headers ?? null,
      });
      if (echo) console.log(`[mail] to=${message.to} subject=${JSON.stringify(message.subject)}\n${message.text}`);
    },
  };
}

const RESEND_API = "https://api.resend.com/emails";

/** The provider's refusal, with its HTTP status. */
export class MailError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** When this isolate may next call the provider. */
let nextSendAt = 0;

/**
 * The provider allows a few requests a second for a whole account (Resend: 2): an isolate's sends
 * (the cron's digests, a reset mail) go at least MAIL_SEND_GAP_MS apart, each waiting its turn.
 */
async function paced(): Promise<void> {
  const now = Date.now();
  const at = Math.max(now, nextSendAt);
  nextSendAt = at + MAIL_SEND_GAP_MS;
  if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
}

/**
 * Delivery through an HTTP e-mail API (Resend's: POST /emails with a bearer key and the message as
 * JSON, its own headers as an object; decision 075), with fetch and no SDK, as Stripe is called
 * (payments.ts). A message the provider does not accept within MAIL_SEND_TIMEOUT_MS, or refuses,
 * throws; nothing is kept in the outbox.
 */
export function createProviderMailer({ apiKey, from }: { apiKey: string; from: string }): Mailer {
  return {
    async send(message) {
      await paced();
      const response = await fetch(RESEND_API, {
        method: "POST",
        headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
        body: JSON.stringify({
          from,
          to: [message.to],
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.replyTo ? { reply_to: message.replyTo } : {}),
          // Resend puts these on the mail as they are.
          ...(message.headers ? { headers: message.headers } : {}),
        }),
        signal: AbortSignal.timeout(MAIL_SEND_TIMEOUT_MS),
      });
      if (!response.ok) {
        // Its answer names the problem (a domain not verified, a key revoked), never the message's body.
        const answer = await response.text().catch(() => "");
        throw new MailError(response.status, `The mail provider answered ${response.status}: ${answer.slice(0, 300)}`);
      }
    },
  };
}

/**
 * The one way to get a Mailer: the provider when MAIL_API_KEY and MAIL_FROM are configured, else the
 * outbox (locally printed too; in production only with MAIL = "outbox", env.ts).
 */
export function mailerOf(context: Pick<AppLoadContext, "db" | "config">): Mailer {
  const { mail, isLocal } = context.config;
  return mail ? createProviderMailer(mail) : createOutboxMailer(context.db, { echo: isLocal });
}

export async function listOutbox(db: Db, limit = 50) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
}
