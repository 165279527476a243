/** The mails the server sent during the browser tests, as the SMTP sink received them. */
import { setTimeout as sleep } from 'node:timers/promises';
import { inject } from 'vitest';
import { type ReceivedMail, readMails } from '../apps/server/test/smtp-sink.ts';

export { linkIn } from '../apps/server/test/smtp-sink.ts';

/** Waits (up to 10 s) for the `index`th mail to `to` whose subject matches `subject`. */
export async function waitForMail(to: string, subject: RegExp, index = 0): Promise<ReceivedMail> {
  const dir = inject('mailDir');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await readMails(dir)).filter(
      (mail) => mail.to.includes(to.toLowerCase()) && subject.test(mail.subject),
    );
    if (found.length > index) return found[index]!;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} arrived`);
    await sleep(50);
  }
}
