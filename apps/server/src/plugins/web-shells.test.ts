/**
 * A signed-in page's shell named for its user (dist/routes.json's namedShells): the intro the
 * build left in slots comes with the user's name and address, and on a project's page the
 * project's name, escaped, and the facts block the page's first render reads; anyone else (a
 * stranger, a visitor, an unknown project, a user the shell does not fit) gets the page's plain
 * shell, which names nothing.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps, cookieOf } from '../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { projectCalls } from '../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../test/smtp-sink.ts';

const page = (body: string) =>
  `<!doctype html><html><head><title>Mocksmith</title></head><body>${body}</body></html>`;
const PLAIN = page('<div id="root" data-chrome><nav>Projects</nav></div>');
const NAMED = page(
  [
    '<div id="root" data-chrome><nav>Projects</nav>',
    '<a href="/dashboard/projects/__MOCKSMITH_PROJECT_ID__">← %MOCKSMITH_PROJECT_NAME%</a>',
    '<h1>%MOCKSMITH_PROJECT_NAME%</h1></div>',
  ].join(''),
);
const WELCOME = page(
  '<div id="root" data-chrome><h1>Welcome back, %MOCKSMITH_USER_NAME%!</h1><p>%MOCKSMITH_USER_EMAIL%</p></div>',
);
/** A name that would break the page if it went in as it is. */
const NAME = 'Shop <b>&"bold"</b> </script><script>alert(1)</script>';

let t: TestApp;
let sink: SmtpSink;
let dist: string;
let ann: string;
let bob: string;
let projectId: string;

beforeAll(async () => {
  dist = await mkdtemp(join(tmpdir(), 'mocksmith-web-shells-'));
  await mkdir(join(dist, 'shells'));
  await writeFile(join(dist, 'index.html'), page('<main>Home</main>'));
  await writeFile(join(dist, '404.html'), page('<main>Page Not Found</main>'));
  await writeFile(join(dist, 'app.html'), page('<div id="root"></div>'));
  await writeFile(join(dist, 'shells', 'project.html'), PLAIN);
  await writeFile(join(dist, 'shells', 'project.named.html'), NAMED);
  await writeFile(join(dist, 'shells', 'dashboard.html'), PLAIN);
  await writeFile(join(dist, 'shells', 'dashboard.named.html'), WELCOME);
  await writeFile(
    join(dist, 'routes.json'),
    JSON.stringify({
      pages: { '/': 'index.html' },
      notFound: '404.html',
      shell: 'app.html',
      shells: {
        '/dashboard': 'shells/dashboard.html',
        '/dashboard/projects/:projectId': 'shells/project.html',
      },
      namedShells: {
        '/dashboard': { file: 'shells/dashboard.named.html', requires: { firstSignIn: false } },
        '/dashboard/projects/:projectId': { file: 'shells/project.named.html' },
      },
      clientRoutes: ['/dashboard', '/dashboard/projects/:projectId'],
      sitemap: ['/'],
    }),
  );
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url }, { webDistDir: dist });
  const steps = accountSteps(t.app, sink);
  ann = (await steps.signUp('ann-shells@example.test', undefined, NAME)).cookie;
  bob = (await steps.signUp('bob-shells@example.test')).cookie;
  const created = await projectCalls(t.app).create(ann, { name: NAME });
  expect(created.statusCode).toBe(201);
  projectId = created.json().id;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
  if (dist) await rm(dist, { recursive: true, force: true });
});

const open = (id: string, cookie?: string, encoding?: string) =>
  t.app.inject({
    url: `/dashboard/projects/${id}`,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(encoding ? { 'accept-encoding': encoding } : {}),
    },
  });

/** The facts block's JSON, as the page's script reads it (its text parsed). */
function factsOf(html: string): unknown {
  const block = /<script type="application\/json" id="mocksmith-shell-facts">(.*?)<\/script>/s.exec(
    html,
  );
  return block ? JSON.parse(block[1] ?? '') : undefined;
}

describe("a project page's shell", () => {
  it('names the project for its owner: escaped in the heading, whole in the facts block', async () => {
    const res = await open(projectId, ann);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const escaped =
      'Shop &#60;b&#62;&#38;&#34;bold&#34;&#60;/b&#62; &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;';
    expect(res.body).toContain(`<h1>${escaped}</h1>`);
    expect(res.body).toContain(`<a href="/dashboard/projects/${projectId}">← ${escaped}</a>`);
    expect(factsOf(res.body)).toEqual({ projectId, projectName: NAME });
    // The name's own </script> cannot end the block: one block, no script of the name's.
    expect(res.body.match(/<script/g)).toHaveLength(1);
    expect(res.body).not.toContain('%MOCKSMITH_PROJECT_NAME%');
  });

  it('is compressed as the client accepts', async () => {
    const res = await open(projectId, ann, 'br');
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString('utf8');
    expect(factsOf(html)).toEqual({ projectId, projectName: NAME });
  });

  it('names nothing for a stranger, a visitor or a project that is not there', async () => {
    for (const [id, cookie] of [
      [projectId, bob],
      [projectId, undefined],
      ['00000000-0000-4000-8000-000000000000', ann],
      ['not-a-uuid', ann],
    ] as const) {
      const res = await open(id, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(PLAIN);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });
});

describe("the dashboard's shell", () => {
  const dashboard = (cookie?: string) =>
    t.app.inject({ url: '/dashboard', headers: cookie ? { cookie } : {} });

  it('welcomes back a returning user by name, escaped, with the address', async () => {
    // Ann's second sign-in: she has been here before.
    const again = await accountSteps(t.app, sink).login('ann-shells@example.test');
    const res = await dashboard(cookieOf(again));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<h1>Welcome back, Shop &#60;b&#62;&#38;&#34;bold&#34;&#60;/b&#62; &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;!</h1><p>ann-shells@example.test</p>',
    );
    // No project on this page: no facts block.
    expect(res.body).not.toContain('<script');
  });

  it('is the plain shell at a first sign-in (no welcome back) and for a visitor', async () => {
    expect((await dashboard(bob)).body).toBe(PLAIN);
    expect((await dashboard()).body).toBe(PLAIN);
  });
});
