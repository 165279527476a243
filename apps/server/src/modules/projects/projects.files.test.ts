/**
 * A project's files pushed into the hosted service and a project made from files, over HTTP
 * with real accounts and the real database: the changes answered and made, a dry run, the
 * refusal of files pulled before a later edit (and --force), problems named by file and line
 * with nothing changed, a push that fails midway leaving the project as it was, an API key,
 * the round trip (export, import, export: the same files) and the zip download.
 */
import { HOSTED_FILE, parseHostedFile } from '@mocksmith/core/project-files';
import type { Project } from '@mocksmith/core/projects';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projectCalls, routeBody } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

interface Exported {
  project: { id: string; slug: string; version: number };
  files: Record<string, string>;
  tokens: { env: string; of: string; value: string }[];
}

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof projectCalls>;
let ann: string;
let bob: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = projectCalls(t.app);
  const steps = accountSteps(t.app, sink);
  ann = (await steps.signUp('ann@files.test')).cookie;
  bob = (await steps.signUp('bob@files.test')).cookie;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let counter = 0;
async function newProject(cookie = ann): Promise<Project> {
  const res = await calls.create(cookie, { name: `Files ${++counter}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function exported(projectId: string, cookie = ann): Promise<Exported> {
  const res = await calls.call('GET', `/backend/projects/${projectId}/export/files`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const push = (projectId: string, body: Record<string, unknown>, cookie = ann) =>
  calls.call('PUT', `/backend/projects/${projectId}/files`, cookie, body);

const mock = (project: { slug: string }, path: string, method = 'GET') =>
  t.app.inject({ method: method as 'GET', url: `/p/${project.slug}${path}` });

/** A project with a route holding a token and a collection. */
async function stockedProject(): Promise<{ project: Project; token: string }> {
  const project = await newProject();
  const token = `mck_${'t'.repeat(40)}`;
  const route = await calls.createRoute(
    ann,
    project.id,
    routeBody('/users/{id}', {
      name: 'A user',
      authToken: token,
      responses: [{ name: 'ok', status: 200, template: '{"id":"uuid"}' }],
    }),
  );
  expect(route.statusCode, route.body).toBe(201);
  const other = await calls.createRoute(ann, project.id, routeBody('/health'));
  expect(other.statusCode, other.body).toBe(201);
  const collection = await calls.call('POST', `/backend/projects/${project.id}/collections`, ann, {
    name: 'orders',
    template: { total: 'number.money.price' },
    count: 3,
  });
  expect(collection.statusCode, collection.body).toBe(201);
  return { project, token };
}

describe('PUT /backend/projects/{id}/files (mocksmith push)', () => {
  it('answers what the files change, a dry run writing nothing, then makes it', async () => {
    const { project } = await stockedProject();
    const pulled = await exported(project.id);
    const files = { ...pulled.files };
    // An edited route, a new one, a deleted one, a collection's count, the project's name.
    files['routes/get-health.yaml'] = (files['routes/get-health.yaml'] as string).replace(
      /template:[\s\S]*$/,
      'template:\n      status: up\n',
    );
    files['routes/post-orders-refund.yaml'] =
      'method: POST\npath: /orders/refund\nresponses:\n  - name: done\n    status: 202\n    template: { refunded: true }\n';
    delete files['routes/get-users-id.yaml'];
    files['collections/orders.yaml'] = (files['collections/orders.yaml'] as string).replace(
      'count: 3',
      'count: 4',
    );
    files['mocksmith.yaml'] = (files['mocksmith.yaml'] as string).replace(
      `name: ${project.name}`,
      'name: Renamed by a push',
    );
    const body = { files, baseVersion: pulled.project.version };

    const dry = await push(project.id, { ...body, dryRun: true });
    expect(dry.statusCode, dry.body).toBe(200);
    const changes = {
      project: ['name'],
      routes: {
        created: ['POST /orders/refund'],
        updated: ['GET /health'],
        deleted: ['GET /users/{id}'],
      },
      collections: { created: [], updated: ['orders'], deleted: [] },
    };
    expect(dry.json()).toMatchObject({ applied: false, changes });
    expect((await mock(project, '/health')).json()).not.toEqual({ status: 'up' });

    const res = await push(project.id, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ applied: true, changes });
    expect(res.json().project.version).toBeGreaterThan(pulled.project.version);
    expect((await mock(project, '/health')).json()).toEqual({ status: 'up' });
    const refund = await mock(project, '/orders/refund', 'POST');
    expect([refund.statusCode, refund.json()]).toEqual([202, { refunded: true }]);
    expect((await mock(project, '/users/1')).statusCode).toBe(404);
    expect((await mock(project, '/orders')).json()).toHaveLength(4);
    const after = await calls.get(ann, project.id);
    expect(after.json().name).toBe('Renamed by a push');

    // The files as they are now change nothing.
    const again = await push(project.id, { files, baseVersion: res.json().project.version });
    expect(again.json()).toMatchObject({
      applied: false,
      changes: {
        project: [],
        routes: { created: [], updated: [], deleted: [] },
        collections: { created: [], updated: [], deleted: [] },
      },
    });
  });

  it('refuses files pulled before a later edit of the project (409), unless forced', async () => {
    const { project } = await stockedProject();
    const pulled = await exported(project.id);
    const edit = await calls.createRoute(ann, project.id, routeBody('/made-on-the-page'));
    expect(edit.statusCode, edit.body).toBe(201);

    const refused = await push(project.id, {
      files: pulled.files,
      baseVersion: pulled.project.version,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('PROJECT_CHANGED');
    expect(refused.json().message).toContain(
      `"${project.name}" was changed on the server after these files were pulled`,
    );
    expect(refused.json().message).toContain('--force');
    const unsaid = await push(project.id, { files: pulled.files });
    expect(unsaid.statusCode).toBe(409);
    expect((await mock(project, '/made-on-the-page')).statusCode).toBe(200);

    const forced = await push(project.id, { files: pulled.files, force: true });
    expect(forced.statusCode, forced.body).toBe(200);
    expect(forced.json().changes.routes.deleted).toEqual(['GET /made-on-the-page']);
    expect((await mock(project, '/made-on-the-page')).statusCode).toBe(404);
  });

  it('names each problem by file and line, and changes nothing', async () => {
    const { project } = await stockedProject();
    const pulled = await exported(project.id);
    const files = {
      ...pulled.files,
      'routes/get-health.yaml':
        'method: GET\npath: /health\nresponses:\n  - name: ok\n    status: 999\n    template: {}\n',
    };
    const res = await push(project.id, { files, baseVersion: pulled.project.version });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^The files have a problem: routes\/get-health\.yaml:5: /);
    expect(res.json().details).toEqual([
      expect.objectContaining({ file: 'routes/get-health.yaml', line: 5 }),
    ]);
    expect((await exported(project.id)).project.version).toBe(pulled.project.version);
  });

  it('leaves the project as it was when the push fails midway (a slug another project has)', async () => {
    const { project } = await stockedProject();
    const other = await newProject();
    const pulled = await exported(project.id);
    const files = { ...pulled.files };
    delete files['routes/get-users-id.yaml'];
    files['mocksmith.yaml'] = (files['mocksmith.yaml'] as string).replace(
      `slug: ${project.slug}`,
      `slug: ${other.slug}`,
    );
    const res = await push(project.id, { files, baseVersion: pulled.project.version });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'SLUG_TAKEN' });
    const now = await exported(project.id);
    expect(now.files).toEqual(pulled.files);
    expect(now.project.version).toBe(pulled.project.version);
  });

  it('swaps the paths of two collections', async () => {
    const { project } = await stockedProject();
    const made = await calls.call('POST', `/backend/projects/${project.id}/collections`, ann, {
      name: 'carts',
      template: { items: 'number' },
      count: 2,
    });
    expect(made.statusCode, made.body).toBe(201);
    const pulled = await exported(project.id);
    const files = { ...pulled.files };
    const move = (file: string, from: string, to: string) => {
      files[file] = (files[file] as string).replace(`path: ${from}`, `path: ${to}`);
    };
    move('collections/orders.yaml', '/orders', '/carts');
    move('collections/carts.yaml', '/carts', '/orders');
    const res = await push(project.id, { files, baseVersion: pulled.project.version });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().changes.collections.updated).toEqual(['carts', 'orders']);
    expect((await mock(project, '/orders')).json()).toHaveLength(2);
    expect((await mock(project, '/carts')).json()).toHaveLength(3);
  });

  it('moves the project to the slug its files give', async () => {
    const { project } = await stockedProject();
    const pulled = await exported(project.id);
    expect((await mock(project, '/health')).statusCode).toBe(200);
    const slug = `${project.slug}-moved`;
    const files = {
      ...pulled.files,
      'mocksmith.yaml': (pulled.files['mocksmith.yaml'] as string).replace(
        `slug: ${project.slug}`,
        `slug: ${slug}`,
      ),
    };
    const res = await push(project.id, { files, baseVersion: pulled.project.version });
    expect(res.json()).toMatchObject({ project: { slug }, changes: { project: ['slug'] } });
    expect((await mock({ slug }, '/health')).statusCode).toBe(200);
    expect((await mock(project, '/health')).statusCode).toBe(404);
  });

  it('clears the records written to its collections when the seed changes', async () => {
    const { project } = await stockedProject();
    const pulled = await exported(project.id);
    const written = await t.app.inject({
      method: 'POST',
      url: `/p/${project.slug}/orders`,
      payload: { total: 5 },
    });
    expect(written.statusCode, written.body).toBe(201);
    expect((await mock(project, '/orders')).json()).toHaveLength(4);
    const files = {
      ...pulled.files,
      'mocksmith.yaml': (pulled.files['mocksmith.yaml'] as string).replace(
        /^seed: .*$/m,
        'seed: 12345',
      ),
    };
    const res = await push(project.id, { files, baseVersion: pulled.project.version });
    expect(res.json().changes.project).toEqual(['seed']);
    expect((await mock(project, '/orders')).json()).toHaveLength(3);
  });

  it('keeps a token the files name but do not give, and sets one they give', async () => {
    const { project, token } = await stockedProject();
    const pulled = await exported(project.id);
    const same = await push(project.id, {
      files: pulled.files,
      baseVersion: pulled.project.version,
    });
    expect(same.json().applied).toBe(false);
    expect((await exported(project.id)).tokens).toEqual(pulled.tokens);

    const fresh = `mck_${'n'.repeat(40)}`;
    const res = await push(project.id, {
      files: pulled.files,
      baseVersion: pulled.project.version,
      tokens: { MOCKSMITH_TOKEN_GET_USERS_ID: fresh },
    });
    expect(res.json().changes.routes.updated).toEqual(['GET /users/{id}']);
    const [stored] = (await exported(project.id)).tokens;
    expect(stored?.value).toBe(fresh);
    expect(stored?.value).not.toBe(token);
  });

  it("answers 404 for another's project and 401 signed out; a personal API key pushes", async () => {
    const project = await newProject();
    const pulled = await exported(project.id);
    const body = { files: pulled.files, baseVersion: pulled.project.version };
    expect((await push(project.id, body, bob)).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'PUT',
      url: `/backend/projects/${project.id}/files`,
      payload: body,
    });
    expect(anonymous.statusCode).toBe(401);
    const key = await calls.call('POST', '/backend/user/keys', ann, { name: 'push' });
    expect(key.statusCode, key.body).toBe(201);
    const keyed = await t.app.inject({
      method: 'PUT',
      url: `/backend/projects/${project.id}/files`,
      payload: body,
      headers: { authorization: `Bearer ${key.json().key}` },
    });
    expect(keyed.statusCode, keyed.body).toBe(200);
  });
});

describe('the round trip and the new project from files', () => {
  it('export, import, export gives the same files', async () => {
    const { project } = await stockedProject();
    const pulled = await exported(project.id);

    // Into the same project after edits on the page: it is restored file for file.
    await calls.createRoute(ann, project.id, routeBody('/made-on-the-page'));
    const restored = await push(project.id, { files: pulled.files, force: true });
    expect(restored.statusCode, restored.body).toBe(200);
    const back = await exported(project.id);
    expect(back.files).toEqual(pulled.files);
    expect(back.tokens).toEqual(pulled.tokens);

    // Into a new project (the slug is taken: one is suggested); the same files but its slug.
    const created = await calls.call('POST', '/backend/projects/import/files', ann, {
      files: pulled.files,
      tokens: Object.fromEntries(pulled.tokens.map(({ env, value }) => [env, value])),
    });
    expect(created.statusCode, created.body).toBe(201);
    const copy = created.json().project as { id: string; slug: string };
    expect(copy.slug).not.toBe(project.slug);
    expect(created.json().changes.routes.created).toEqual(['GET /health', 'GET /users/{id}']);
    const copied = await exported(copy.id);
    expect({
      ...copied.files,
      'mocksmith.yaml': copied.files['mocksmith.yaml']?.replace(copy.slug, project.slug),
    }).toEqual(pulled.files);
    expect((await mock(copy, '/orders')).json()).toHaveLength(3);
  });

  it('refuses a new project whose files name a token not given, or makes its tokens when asked', async () => {
    const { project } = await stockedProject();
    const pulled = await exported(project.id);
    const before = (await calls.list(ann)).json().projects.length;
    const res = await calls.call('POST', '/backend/projects/import/files', ann, {
      files: pulled.files,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'Set the token the files name: MOCKSMITH_TOKEN_GET_USERS_ID (GET /users/{id})',
    );
    expect((await calls.list(ann)).json().projects).toHaveLength(before);

    // The dashboard's upload asks for new tokens: the route is protected by one of its own.
    const made = await calls.call('POST', '/backend/projects/import/files', ann, {
      files: pulled.files,
      makeTokens: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().madeTokens).toEqual(['MOCKSMITH_TOKEN_GET_USERS_ID']);
    const [token] = (await exported(made.json().project.id)).tokens;
    expect(token?.value).toMatch(/^mck_[A-Za-z0-9_-]{40}$/);
    expect(token?.value).not.toBe(pulled.tokens[0]?.value);
    expect((await mock(made.json().project, '/users/1')).statusCode).toBe(401);
  });
});

describe('GET /backend/projects/{id}/export/files.zip', () => {
  it('downloads the directory and where it came from, named after the slug', async () => {
    const { project, token } = await stockedProject();
    const res = await calls.call('GET', `/backend/projects/${project.id}/export/files.zip`, ann);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${project.slug}.zip"`);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    const pulled = await exported(project.id);
    for (const [path, text] of Object.entries(pulled.files)) {
      expect(strFromU8(entries[path] as Uint8Array)).toBe(text);
    }
    const hosted = parseHostedFile(strFromU8(entries[HOSTED_FILE] as Uint8Array));
    expect(hosted).toEqual({
      ok: true,
      value: { project: project.id, slug: project.slug, version: pulled.project.version },
    });
    expect(
      Object.values(entries)
        .map((bytes) => strFromU8(bytes))
        .join('\n'),
    ).not.toContain(token);
  });
});

describe('the budget of pushes', () => {
  it('answers 429 past the pushes a user may make a minute', async () => {
    const limited = await buildTestApp({ SMTP_URL: sink.url, OPENAPI_RATE_LIMIT: '2' });
    try {
      const own = projectCalls(limited.app);
      const cookie = (await accountSteps(limited.app, sink).signUp('cid@files.test')).cookie;
      const project: Project = (await own.create(cookie, { name: 'Limited' })).json();
      const url = `/backend/projects/${project.id}/export/files`;
      const { files } = (await own.call('GET', url, cookie)).json() as Exported;
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await own.call('PUT', `/backend/projects/${project.id}/files`, cookie, {
          files,
          force: true,
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429)
          expect(res.json().message).toMatch(/^Too many pushes of files: at most 2 per minute/);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
