import nodemailer from 'nodemailer';
import type { Executor } from '../db/client.js';
import { outboxMail } from '../db/schema.js';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Callers bound their size (a scheduled report links a big file instead of attaching it). */
  attachments?: MailAttachment[];
  /** A stable id lets a receiver recognise the same message sent again after a worker was killed. */
  messageId?: string;
}

/** Only a warning is logged; a worker without Fastify passes its own. */
export interface MailLog {
  warn(details: object, message: string): void;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const FROM = 'SIM cabinet <no-reply@cabinet.local>';

/**
 * Mail (ARCHITECTURE §2): through SMTP when SMTP_URL is set; otherwise the message lands in the
 * outbox_mail table (read it there) and the log says one was stored, so a local install still shows
 * what would have been sent.
 */
export function createMailer(options: { smtpUrl: string | undefined; db: Executor; log: MailLog }): Mailer {
  const { smtpUrl, db, log } = options;
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: FROM, ...message });
      },
    };
  }
  return {
    async send(message) {
      // The outbox keeps the text; an attachment is named in it (the file itself stays in Downloads).
      const attached = message.attachments?.map((a) => `\n[attachment: ${a.filename}, ${a.content.length} bytes]`).join('') ?? '';
      await db.insert(outboxMail).values({ to: message.to, subject: message.subject, text: message.text + attached });
      // Only who and what about: a body holds reset links and generated passwords, and logs travel
      // further than the database (collectors, support tickets). warn: the default LOG_LEVEL shows it.
      log.warn({ mail: { to: message.to, subject: message.subject } }, 'no SMTP_URL: mail kept in outbox_mail');
    },
  };
}
