/**
 * Sends the service's mails: over SMTP when SMTP_URL is set, otherwise into DATA_DIR/outbox/ as
 * .eml files (their paths logged, their links readable in the file and by `npm run mail:last`),
 * so the embedded default works with no mail server.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Background } from './background.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

export interface MailerOptions {
  /** smtp://user:pass@host:port; when unset, mails go to `outboxDir`. */
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}

/** The longest line a part sent as it is (8bit) may have, in octets (RFC 5322). */
const MAX_8BIT_LINE = 998;

/**
 * The text part as it is written (8bit), for a mail read from a file: nodemailer would pick
 * quoted-printable, which cuts a long link with `=` every 76 characters, and a link copied from
 * the file then leads nowhere. A text with a line too long for 8bit is left to nodemailer.
 */
function plainTextPart(text: string): string | { raw: string } {
  const lines = text.split(/\r?\n/);
  if (lines.some((line) => Buffer.byteLength(line) > MAX_8BIT_LINE)) return text;
  return {
    raw: [
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: 8bit',
      '',
      ...lines,
    ].join('\r\n'),
  };
}

/** The recipient's domain: enough to follow a mail in the log, without the person's address. */
function domainOf(to: string): string {
  return to.slice(to.lastIndexOf('@') + 1).replace(/>$/, '');
}

export function createMailer({ smtpUrl, from, outboxDir, log }: MailerOptions): Mailer {
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from, ...mail });
        log.info({ toDomain: domainOf(mail.to), subject: mail.subject }, 'mail sent');
      },
    };
  }
  // nodemailer builds the whole message (headers, encodings, both parts); we keep the bytes.
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail, text: plainTextPart(mail.text) });
      await mkdir(outboxDir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`;
      const file = join(outboxDir, name);
      await writeFile(file, info.message as Buffer, { mode: 0o600 });
      // The file, not the link: the link carries a token, and tokens are never logged. The file
      // holds it on a line of its own; `npm run mail:last` prints it.
      log.info(
        { toDomain: domainOf(mail.to), subject: mail.subject, file },
        'mail written to the outbox',
      );
    },
  };
}

/**
 * A mailer whose `send` returns at once and sends in the background (a failure is logged): no
 * answer waits for the mail server, and none tells by its timing whether a mail was sent.
 */
export function sendingInBackground(mailer: Mailer, background: Background): Mailer {
  return {
    async send(mail) {
      background.run(`mail to ${mail.to}`, () => mailer.send(mail));
    },
  };
}
