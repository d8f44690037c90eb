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
 * The embedded default: the message is stored in the email_outbox table and printed to the console.
 * Locally, /dev/outbox lists the outbox so a person can follow the links.
 */
export function createOutboxMailer(db: Db): Mailer {
  return {
    async send(message) {
      await db.insert(emailOutbox).values({
        id: newId(),
        toAddress: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html ?? null,
      });
      console.log(`[mail] to=${message.to} subject=${JSON.stringify(message.subject)}\n${message.text}`);
    },
  };
}

export async function listOutbox(db: Db, limit = 50) {
  return db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(limit);
}
