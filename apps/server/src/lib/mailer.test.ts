import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import pino from 'pino';
import PostalMime from 'postal-mime';
import { afterEach, expect, it } from 'vitest';
import { accountMails } from '../modules/auth/auth.mails.ts';
import { createMailer } from './mailer.ts';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

it('writes each mail to the outbox as an .eml file and logs where, never the link, when no SMTP is set', async () => {
  dir = await mkdtemp(join(tmpdir(), 'mocksmith-outbox-'));
  const lines: string[] = [];
  const log = pino(
    new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }),
  );
  const mailer = createMailer({
    from: 'Mocksmith <no-reply@mocksmith.test>',
    outboxDir: join(dir, 'outbox'),
    log,
  });
  await mailer.send({
    to: 'ann@example.test',
    subject: 'Confirm your e-mail address',
    text: 'Hello Ann,\n\nConfirm:\nhttp://localhost:3000/verify-email/abc.def\n',
    html: '<p>Hello Ann</p>',
  });

  const files = await readdir(join(dir, 'outbox'));
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/\.eml$/);
  const mail = await PostalMime.parse(await readFile(join(dir, 'outbox', files[0]!)));
  expect(mail.subject).toBe('Confirm your e-mail address');
  expect(mail.to?.[0]?.address).toBe('ann@example.test');
  expect(mail.from?.address).toBe('no-reply@mocksmith.test');
  expect(mail.text).toContain('http://localhost:3000/verify-email/abc.def');
  expect(mail.html).toContain('<p>Hello Ann</p>');

  const logged = JSON.parse(lines.at(-1)!);
  expect(logged).toMatchObject({
    toDomain: 'example.test',
    file: join(dir, 'outbox', files[0]!),
    msg: 'mail written to the outbox',
  });
  // The link carries a token: it is in the file, never in the log; nor is the address.
  expect(lines.join('')).not.toContain('abc.def');
  expect(lines.join('')).not.toContain('ann@');
});

it('writes the text part as it is, so that a long link can be copied from the file, and mail:last prints it', async () => {
  dir = await mkdtemp(join(tmpdir(), 'mocksmith-outbox-'));
  const mailer = createMailer({
    from: 'Mocksmith <no-reply@mocksmith.test>',
    outboxDir: join(dir, 'outbox'),
    log: pino({ enabled: false }),
  });
  // A token as long as better-auth's (a signed JWT): the link is far over 76 characters.
  const token = `eyJhbGciOiJIUzI1NiJ9.${'eyJlbWFpbCI6ImFubkBleGFtcGxlLnRlc3QifQ'.repeat(4)}.sig-Abc_123`;
  const link = `http://localhost:3000/verify-email/${token}`;
  await mailer.send(
    accountMails('http://localhost:3000').verifyEmail(
      { email: 'ann@example.test', name: 'Ann' },
      token,
    ),
  );

  const [file] = await readdir(join(dir, 'outbox'));
  const raw = await readFile(join(dir, 'outbox', file!), 'utf8');
  // What a person opening the file sees: the link whole, on a line of its own.
  expect(raw.split('\r\n')).toContain(link);
  const mail = await PostalMime.parse(raw);
  expect(mail.text).toContain(`Confirm my e-mail address:\n${link}`);
  expect(mail.html).toContain(`href="${link}"`);

  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(import.meta.dirname, '../../../../scripts/mail-last.mjs')],
    { env: { ...process.env, DATA_DIR: dir } },
  );
  expect(stdout).toContain('Subject: Confirm your e-mail address for Mocksmith');
  expect(stdout.split('\n')).toContain(`  ${link}`);
});
