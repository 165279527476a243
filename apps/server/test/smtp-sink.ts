/**
 * A real SMTP server for the tests (smtp-server) that keeps every message it receives, parsed
 * (postal-mime), so a test can wait for the mail a user would get and follow its link.
 */
import { readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../src/lib/free-port.ts';

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  mails: ReceivedMail[];
  /** Waits (up to 5 s) for a mail to `to` whose subject matches, not counting `skip` earlier ones. */
  waitForMail(to: string, subject?: RegExp, skip?: number): Promise<ReceivedMail>;
  /** The mails received for an address so far. */
  mailsTo(to: string): ReceivedMail[];
  close(): Promise<void>;
}

/**
 * Starts the sink on a free loopback port. With `saveTo`, each mail is also written there as
 * JSON, for tests in other processes (the browser tests read them with `readMails`).
 */
export async function startSmtpSink(saveTo?: string): Promise<SmtpSink> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          async (email) => {
            const mail: ReceivedMail = {
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
            };
            mails.push(mail);
            if (saveTo) {
              // Written aside and renamed, so a reader in another process never parses half a mail.
              const name = `${String(mails.length).padStart(5, '0')}.json`;
              await writeFile(join(saveTo, `${name}.part`), JSON.stringify(mail));
              await rename(join(saveTo, `${name}.part`), join(saveTo, name));
            }
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));

  const mailsTo = (to: string) => mails.filter((mail) => mail.to.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    async waitForMail(to, subject, skip = 0) {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = mailsTo(to).filter((mail) => !subject || subject.test(mail.subject));
        if (found.length > skip) return found[skip]!;
        if (Date.now() > deadline) {
          throw new Error(`No mail to ${to}${subject ? ` matching ${subject}` : ''} arrived`);
        }
        await sleep(20);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link of a mail's text whose path starts with `path`. */
export function linkIn(mail: ReceivedMail, path: string): URL {
  for (const match of mail.text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(path)) return url;
  }
  throw new Error(`The mail "${mail.subject}" has no link to ${path}:\n${mail.text}`);
}

/** The mails a sink started with `saveTo: dir` has received so far, oldest first. */
export async function readMails(dir: string): Promise<ReceivedMail[]> {
  const names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(
    names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as ReceivedMail),
  );
}
