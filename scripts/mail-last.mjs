// `npm run mail:last`: the newest mail of the outbox (DATA_DIR/outbox, where mails go without
// SMTP_URL), with its links one a line, ready to copy: the verification or reset link of a
// sign-up on a machine with no mail server. `npm run mail:last -- 3` shows the three newest.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import PostalMime from 'postal-mime';

const root = join(import.meta.dirname, '..');
if (existsSync(join(root, '.env'))) process.loadEnvFile(join(root, '.env'));

const outbox = join(resolve(process.env.DATA_DIR || './data'), 'outbox');
const count = Math.max(1, Number.parseInt(process.argv[2] ?? '1', 10) || 1);

const names = existsSync(outbox)
  ? (await readdir(outbox)).filter((name) => name.endsWith('.eml')).sort()
  : [];
if (names.length === 0) {
  console.log(`No mail in ${outbox} yet.`);
  process.exit(0);
}

// The names start with the time each mail was written, so the last in order is the newest.
for (const name of names.slice(-count).reverse()) {
  const file = join(outbox, name);
  const mail = await PostalMime.parse(await readFile(file));
  const links = [...new Set((mail.text ?? '').match(/https?:\/\/\S+/g) ?? [])];
  console.log(
    [
      file,
      `  Date:    ${mail.date ?? ''}`,
      `  To:      ${mail.to?.map((to) => to.address).join(', ') ?? ''}`,
      `  Subject: ${mail.subject ?? ''}`,
      ...(links.length === 0 ? ['  (no link)'] : links.map((link) => `  ${link}`)),
      '',
    ].join('\n'),
  );
}
