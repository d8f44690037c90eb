import { desc } from "drizzle-orm";
import type { Db } from "./db/client";
import { emailOutbox } from "./db/schema";
import { newId } from "./ids";

export type MailMessage = { to: string; subject: string; text: string; html?: string };

/** Everything that sends e-mail goes through this interface. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * The embedded default: the message is stored in the email_outbox table (a delivery provider reads
 * it from there, docs/decisions/005). Locally it is also printed to the console and /dev/outbox lists
 * the outbox so a person can follow the links; in production the body (a live reset link) never goes
 * to the logs.
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
      });
      if (echo) console.log(`[mail] to=${message.to} subject=${JSON.stringify(message.subject)}\n${message.text}`);
    },
  };
}

export async function listOutbox(db: Db, limit = 50) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
}
