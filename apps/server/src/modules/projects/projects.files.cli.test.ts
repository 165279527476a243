/**
 * `mocksmith pull` and `mocksmith push` (the real command line, packages/cli) against a real
 * server listening on a port, with a personal API key: the files and the variables to set, the
 * changes a push prints and makes, a dry run, the refusal of files pulled before a later edit
 * (exit 1, the server's words) and --force, and a directory from no pull made a new project.
 */
import { access, mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startMockServer } from '@mocksmith/cli';
import type { Project } from '@mocksmith/core/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { runCli } from '../../../test/cli.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { ordersSpec } from '../../../test/openapi.ts';
import { projectCalls, routeBody } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof projectCalls>;
let ann: string;
let env: Record<string, string>;
let work: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  // Private upstreams: the pulled project's proxy forwards to a server on loopback.
  t = await buildTestApp({ SMTP_URL: sink.url, MOCK_PROXY_ALLOW_PRIVATE: 'true' });
  calls = projectCalls(t.app);
  ann = (await accountSteps(t.app, sink).signUp('ann@cli-files.test')).cookie;
  const key = await calls.call('POST', '/backend/user/keys', ann, { name: 'cli' });
  expect(key.statusCode, key.body).toBe(201);
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  env = { MOCKSMITH_URL: url, MOCKSMITH_TOKEN: key.json().key };
  work = await mkdtemp(join(tmpdir(), 'mocksmith-pull-'));
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

/** Runs the command line; its exit code and what it printed. */
const run = (args: string[], environment: Record<string, string> = env) =>
  runCli(args, environment);

const mock = (project: { slug: string }, path: string, method = 'GET') =>
  t.app.inject({ method: method as 'GET', url: `/p/${project.slug}${path}` });

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('mocksmith pull and push', () => {
  it('pulls a project, pushes edits back, refuses a stale push until --force', async () => {
    const created = await calls.create(ann, { name: 'Pulled shop' });
    const project: Project = created.json();
    await calls.createRoute(
      ann,
      project.id,
      routeBody('/users/{id}', { authToken: `mck_${'u'.repeat(40)}` }),
    );
    await calls.createRoute(ann, project.id, routeBody('/health'));
    const dir = join(work, 'mocks');

    const pulled = await run(['pull', project.slug, dir]);
    expect(pulled.code, pulled.err).toBe(0);
    expect(pulled.out).toContain(`Pulled ${project.slug} (version `);
    expect(pulled.out).toContain(`into ${dir}: 2 routes, 0 collections`);
    expect(pulled.out).toContain('  MOCKSMITH_TOKEN_GET_USERS_ID  (GET /users/{id})');
    expect(pulled.out).not.toContain('u'.repeat(40));
    expect(await exists(join(dir, 'mocksmith.yaml'))).toBe(true);
    expect(await exists(join(dir, '.mocksmith/hosted.json'))).toBe(true);
    expect((await run(['validate', dir])).code).toBe(0);

    // Edits: one route changed, one added, one deleted.
    const health = join(dir, 'routes/get-health.yaml');
    await writeFile(
      health,
      (await readFile(health, 'utf8')).replace(
        /template:[\s\S]*$/,
        'template:\n      status: up\n',
      ),
    );
    await writeFile(
      join(dir, 'routes/post-orders.yaml'),
      'method: POST\npath: /orders\nresponses:\n  - name: created\n    status: 201\n    template: { id: 1 }\n',
    );
    await unlink(join(dir, 'routes/get-users-id.yaml'));

    const dry = await run(['push', dir, '--dry-run']);
    expect(dry.code, dry.err).toBe(0);
    expect(dry.out).toContain(
      'Routes: 1 created, 1 updated, 1 deleted\n  + POST /orders\n  ~ GET /health\n  - GET /users/{id}\n',
    );
    expect(dry.out).toContain('Dry run: nothing was changed');
    expect((await mock(project, '/orders', 'POST')).statusCode).toBe(404);

    const pushed = await run(['push', dir]);
    expect(pushed.code, pushed.err).toBe(0);
    expect(pushed.out).toContain('  + POST /orders\n  ~ GET /health\n  - GET /users/{id}\n');
    expect(pushed.out).toMatch(new RegExp(`Pushed to ${project.slug}: version \\d+`));
    expect((await mock(project, '/health')).json()).toEqual({ status: 'up' });
    expect((await mock(project, '/orders', 'POST')).statusCode).toBe(201);
    // The next push starts from the version just pushed: nothing to change.
    expect((await run(['push', dir])).out).toContain('Nothing to change');

    // An edit on the project page after the pull: the push is refused, --force overwrites.
    await calls.createRoute(ann, project.id, routeBody('/made-on-the-page'));
    const stale = await run(['push', dir]);
    expect(stale.code).toBe(1);
    expect(stale.err).toContain(
      `mocksmith: "${project.name}" was changed on the server after these files were pulled`,
    );
    expect(stale.err).toContain('push with --force to overwrite it');
    const forced = await run(['push', dir, '--force']);
    expect(forced.code, forced.err).toBe(0);
    expect(forced.out).toContain('  - GET /made-on-the-page');
    expect((await mock(project, '/made-on-the-page')).statusCode).toBe(404);

    // A pull again drops the file of a route the project no longer has.
    await calls.createRoute(ann, project.id, routeBody('/made-on-the-page'));
    await writeFile(join(dir, 'routes/get-gone.yaml'), 'method: GET\npath: /gone\nresponses: []\n');
    const again = await run(['pull', project.id, dir]);
    expect(again.code, again.err).toBe(0);
    expect(again.out).toContain('removed routes/get-gone.yaml');
    expect(await exists(join(dir, 'routes/get-made-on-the-page.yaml'))).toBe(true);

    // Another project is not pulled over these files.
    const other: Project = (await calls.create(ann, { name: 'Another shop' })).json();
    const refused = await run(['pull', other.slug, dir]);
    expect([refused.code, refused.err]).toEqual([
      1,
      `mocksmith: ${dir} holds the files of another project (${project.slug}): pull into another directory\n`,
    ]);
    expect(await exists(join(dir, 'routes/get-health.yaml'))).toBe(true);
  });

  it('pulls JSON files with --format json', async () => {
    const project: Project = (await calls.create(ann, { name: 'Json shop' })).json();
    await calls.createRoute(ann, project.id, routeBody('/health'));
    const dir = join(work, 'json');
    const pulled = await run(['pull', project.slug, dir, '--format', 'json']);
    expect(pulled.code, pulled.err).toBe(0);
    expect(await exists(join(dir, 'mocksmith.json'))).toBe(true);
    expect(JSON.parse(await readFile(join(dir, 'routes/get-health.json'), 'utf8'))).toMatchObject({
      method: 'GET',
      path: '/health',
    });
    expect((await run(['push', dir])).out).toContain('Nothing to change');
    const wrong = await run(['pull', project.slug, dir, '--format', 'xml']);
    expect([wrong.code, wrong.err]).toEqual([
      2,
      'mocksmith: --format must be yaml or json, not "xml"\n',
    ]);
  });

  it('makes a new project of a directory pulled from none', async () => {
    const dir = join(work, 'fresh');
    await run(['pull', 'no-such-project', dir]).then((refused) => {
      expect(refused.code).toBe(1);
      expect(refused.err).toBe(
        'mocksmith: You have no project with the slug or id "no-such-project"\n',
      );
    });
    await mkdir(join(dir, 'routes'), { recursive: true });
    await writeFile(join(dir, 'mocksmith.yaml'), 'name: From files\nslug: from-files-cli\n');
    await writeFile(
      join(dir, 'routes/get-ping.yaml'),
      'method: GET\npath: /ping\nresponses:\n  - name: ok\n    status: 200\n    template: { pong: true }\n',
    );
    const pushed = await run(['push', dir]);
    expect(pushed.code, pushed.err).toBe(0);
    expect(pushed.out).toContain('Routes: 1 created, 0 updated, 0 deleted\n  + GET /ping\n');
    expect(pushed.out).toMatch(/Created from-files-cli: version \d+/);
    expect((await mock({ slug: 'from-files-cli' }, '/ping')).json()).toEqual({ pong: true });
    expect(await exists(join(dir, '.mocksmith/hosted.json'))).toBe(true);
  });

  it('pushes the spec its project file names along: its routes are checked as the runner checks them', async () => {
    const created = await calls.create(ann, { name: 'Pushed spec' });
    const project: Project = created.json();
    await calls.createRoute(ann, project.id, routeBody('/pets'));
    await calls.update(ann, project.id, { settings: { validation: 'report' } });
    const dir = join(work, 'with-spec');
    expect((await run(['pull', project.slug, dir])).code).toBe(0);
    await writeFile(
      join(dir, 'openapi.json'),
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Pets', version: '1' },
        paths: {
          '/pets': {
            get: {
              parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
              responses: { '200': { description: 'the pets' } },
            },
          },
        },
      }),
    );
    const projectFile = join(dir, 'mocksmith.yaml');
    await writeFile(projectFile, `${await readFile(projectFile, 'utf8')}spec: openapi.json\n`);
    expect((await mock(project, '/pets?limit=ten')).headers['x-mock-violations']).toBeUndefined();
    const pushed = await run(['push', dir]);
    expect(pushed.code, pushed.err).toBe(0);
    expect((await mock(project, '/pets?limit=ten')).headers['x-mock-violations']).toBe('1');
  });

  it('pulls a project imported from a spec with the spec: served by the runner, it refuses and finds drift as the hosted one', async () => {
    const spec = ordersSpec();
    // The real API answers the list, with a price as a string where the spec says a number.
    const upstream: Server = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify([{ id: 1, price: '12' }]));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const project: Project = (await calls.create(ann, { name: 'Spec orders' })).json();
    const imported = await calls.importSpec(ann, project.id, spec, 'orders.json');
    expect(imported.statusCode, imported.body).toBe(201);
    const list = (imported.json().routes as { id: string; path: string }[]).find(
      (route) => route.path === '/orders',
    );
    expect((await calls.removeRoute(ann, project.id, list?.id ?? '')).statusCode).toBe(204);
    const patched = await calls.update(ann, project.id, {
      settings: { validation: 'enforce', proxy: { url: upstreamUrl } },
    });
    expect(patched.statusCode, patched.body).toBe(200);

    const dir = join(work, 'spec-orders');
    const pulled = await run(['pull', project.slug, dir]);
    expect(pulled.code, pulled.err).toBe(0);
    // The files carry the spec as it was imported, named by the project file.
    expect(await readFile(join(dir, 'openapi.json'), 'utf8')).toBe(spec);
    expect(await readFile(join(dir, 'mocksmith.yaml'), 'utf8')).toContain('\nspec: openapi.json\n');
    expect((await run(['validate', dir])).code).toBe(0);
    // Files to hosted and back: nothing changes.
    const pushed = await run(['push', dir]);
    expect(pushed.code, pushed.err).toBe(0);
    expect(pushed.out).toContain('Nothing to change');

    const runner = await startMockServer({ dir });
    try {
      const hosted = `/p/${project.slug}`;
      const bad = await Promise.all([
        t.app.inject({ url: `${hosted}/orders/7?limit=ten` }),
        fetch(`${runner.url}/orders/7?limit=ten`),
      ]);
      expect(bad[0].statusCode).toBe(400);
      expect(bad[1].status).toBe(400);
      const refusals = [bad[0].json(), await bad[1].json()];
      expect(refusals[0].violations).toEqual(['query.limit: must be an integer, got "ten"']);
      expect(refusals[1].violations).toEqual(refusals[0].violations);
      expect(refusals[1].status).toBe(refusals[0].status);
      // A good call is answered by the route on both.
      expect((await t.app.inject({ url: `${hosted}/orders/7?limit=2` })).statusCode).toBe(200);
      expect((await fetch(`${runner.url}/orders/7?limit=2`)).status).toBe(200);

      // The list is forwarded by both, and both find where the real API disagrees with its spec.
      const forwarded = await Promise.all([
        t.app.inject({ url: `${hosted}/orders` }),
        fetch(`${runner.url}/orders`),
      ]);
      expect(forwarded[0].headers['x-mock-proxied']).toBe('true');
      expect(forwarded[1].headers.get('x-mock-proxied')).toBe('true');
      await forwarded[1].text();
      const driftOn = async (origin: string, headers: Record<string, string>) => {
        const listed = await fetch(
          `${origin}/backend/projects/${project.id}/requests?path=/orders`,
          {
            headers,
          },
        );
        const { requests } = (await listed.json()) as { requests: { drift?: string[] }[] };
        return requests[0]?.drift;
      };
      const server = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
      const words = ['body[0].price: must be a number, got "12"'];
      await expect.poll(() => driftOn(server, { cookie: ann })).toEqual(words);
      await expect.poll(() => driftOn(runner.url, {})).toEqual(words);
    } finally {
      await runner.close();
      upstream.close();
    }
  });

  it('says what to set without MOCKSMITH_URL or MOCKSMITH_TOKEN, and names bad files', async () => {
    const noToken = await run(['push', work], { MOCKSMITH_URL: env.MOCKSMITH_URL as string });
    expect([noToken.code, noToken.err]).toEqual([
      1,
      'mocksmith: Set MOCKSMITH_TOKEN to a personal API key (mks_...): make one on your account page\n',
    ]);
    const noUrl = await run(['pull', 'x', work], {});
    expect(noUrl.err).toContain('Set MOCKSMITH_URL');
    const down = await run(['pull', 'x', work], { ...env, MOCKSMITH_URL: 'http://127.0.0.1:9' });
    expect(down.code).toBe(1);
    expect(down.err).toMatch(/^mocksmith: cannot reach http:\/\/127\.0\.0\.1:9: /);
    const bad = join(work, 'bad');
    await mkdir(bad, { recursive: true });
    await writeFile(join(bad, 'mocksmith.yaml'), 'name: Bad\nslug: bad-files\nseed: x\n');
    const refused = await run(['push', bad]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('mocksmith.yaml:3: seed: ');
    expect(refused.err).toContain('nothing was pushed');
  });
});
