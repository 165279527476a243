/**
 * One origin in every link, whatever name the site was reached by: without PUBLIC_URL and
 * MOCK_ORIGIN, the links the server answers (a created API, the dashboard's list, an OpenAPI
 * import, a page's Link header), the mails and the origin it writes into the pages all name
 * http://localhost:PORT, even for a visitor who typed 127.0.0.1. Before, the answered links named
 * the request's Host while the mails and the pages named localhost.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps, cookieOf } from '../test/accounts.ts';
import { buildTestApp, pathOf, type TestApp } from '../test/helper.ts';
import { PETS_YAML, upload } from '../test/openapi.ts';
import { linkIn, type SmtpSink, startSmtpSink } from '../test/smtp-sink.ts';
import { apiCalls } from '../test/user-apis.ts';

const PORT = '4321';
const SHOWN = `http://localhost:${PORT}`;
/** The name the visitor typed: the same server, another origin. */
const TYPED = { host: `127.0.0.1:${PORT}` };

let t: TestApp;
let sink: SmtpSink;
let dist: string;
beforeAll(async () => {
  sink = await startSmtpSink();
  dist = await mkdtemp(join(tmpdir(), 'mocksmith-one-origin-'));
  const page = '<!doctype html><head><meta name="mocksmith-mock-origin" content="" /></head>';
  await writeFile(join(dist, 'index.html'), page);
  await writeFile(join(dist, 'app.html'), page);
  await writeFile(
    join(dist, 'routes.json'),
    JSON.stringify({
      pages: { '/': 'index.html' },
      notFound: 'index.html',
      shell: 'app.html',
      clientRoutes: ['/dashboard'],
      sitemap: ['/'],
    }),
  );
  t = await buildTestApp(
    { PUBLIC_URL: '', MOCK_ORIGIN: '', PORT, SMTP_URL: sink.url },
    { webDistDir: dist },
  );
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

const originOf = (link: string) => new URL(link).origin;

describe('without PUBLIC_URL, reached as 127.0.0.1', () => {
  it('names localhost:PORT in the link of an API created from the home page', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/backend/crud',
      headers: TYPED,
      payload: { template: '[{"__multiply":"3-3","id":"uuid"}]', requestEnum: 'GET' },
    });
    expect(res.statusCode).toBe(201);
    const { link } = res.json() as { link: string };
    expect(originOf(link)).toBe(SHOWN);

    // The API answers on the name typed, and its pages' Link header names the shown origin too.
    const page = await t.app.inject({ url: `${pathOf(link)}?page=1&limit=1`, headers: TYPED });
    expect(page.statusCode).toBe(200);
    expect(page.headers.link).toContain(`<${SHOWN}${pathOf(link)}?`);
    expect(page.headers.link).not.toContain('127.0.0.1');
  });

  it('names localhost:PORT in the mail, the dashboard, the saved API and the OpenAPI import', async () => {
    const steps = accountSteps(t.app, sink);
    const email = 'one-origin@example.test';
    expect((await steps.register(email)).statusCode).toBe(201);
    const mail = await sink.waitForMail(email, /Confirm your e-mail/);
    expect(linkIn(mail, '/verify-email/').origin).toBe(SHOWN);
    expect((await steps.followVerificationMail(email)).statusCode).toBe(200);
    const login = await steps.login(email);
    const cookie = cookieOf(login);
    const { userId } = login.json() as { userId: string };

    const calls = apiCalls(t.app);
    const created = await calls.create(cookie);
    expect(created.statusCode).toBe(201);
    expect(originOf(created.json().link)).toBe(SHOWN);
    const listed = await t.app.inject({
      url: `/backend/crud/getall/${userId}`,
      headers: { cookie, ...TYPED },
    });
    expect(listed.statusCode).toBe(200);
    const links = (listed.json() as { link: string }[]).map((api) => originOf(api.link));
    expect(links).toEqual([SHOWN]);

    const imported = await upload(t.app, PETS_YAML, { cookie, username: userId, headers: TYPED });
    expect(imported.statusCode).toBe(201);
    const importedOrigins = new Set(
      (imported.json() as { link: string }[]).map((api) => originOf(api.link)),
    );
    expect([...importedOrigins]).toEqual([SHOWN]);
  });

  it('writes the same origin into the pages, for their samples, the showcase and the exports', async () => {
    for (const url of ['/', '/dashboard']) {
      const res = await t.app.inject({ url, headers: TYPED });
      expect(res.body).toContain(`<meta name="mocksmith-mock-origin" content="${SHOWN}" />`);
    }
  });
});
