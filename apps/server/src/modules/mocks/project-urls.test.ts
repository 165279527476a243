/**
 * A project's base URL, as its callers see it: routing, 404 and 405, the request in templates,
 * the named responses and their choice, the checks of the stand-alone URLs (token, sandbox, bans), and
 * changes reaching the answers. Projects and routes are stored directly (the management API has
 * its own tests); the calls go through the app.
 */
import type { RouteResponse } from '@mocksmith/core/projects';
import { parsePathTemplate } from '@mocksmith/core/projects';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { type ApiRow, apis, projects } from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';
import { newRequestId } from '../../lib/ids.ts';

let t: TestApp;
let ownerId: string;
let projectId: string;
const SLUG = 'shop';

beforeAll(async () => {
  t = await buildTestApp();
  ownerId = `owner-${newRequestId()}`;
  await t.database.db
    .insert(users)
    .values({ id: ownerId, name: 'Owner', email: `${ownerId}@example.com`, emailVerified: true });
  const [project] = await t.database.db
    .insert(projects)
    .values({ ownerId, name: 'Shop', slug: SLUG, seed: 7 })
    .returning();
  projectId = (project as { id: string }).id;
  for (const route of ROUTES) await addRoute(...route);
});
afterAll(() => t.close());

const response = (
  name: string,
  template: unknown,
  extra: Partial<RouteResponse> = {},
): RouteResponse => ({
  name,
  status: 200,
  template: JSON.stringify(template),
  headers: [],
  delay: 0,
  isDefault: false,
  ...extra,
});

/** Stores a route as the management API does: the default response mirrored in the row. */
async function addRoute(
  method: ApiRow['method'],
  path: string,
  responses: RouteResponse[],
  extra: Partial<typeof apis.$inferInsert> = {},
): Promise<ApiRow> {
  const parsed = parsePathTemplate(path);
  if (!parsed.ok) throw new Error(parsed.error);
  const main = responses.find((r) => r.isDefault) ?? (responses[0] as RouteResponse);
  const [row] = await t.database.db
    .insert(apis)
    .values({
      requestId: newRequestId(),
      name: `${method} ${path}`,
      ownerId,
      projectId,
      method,
      routePath: parsed.value.path,
      routeKey: parsed.value.key,
      responses,
      template: main.template,
      httpCode: main.status,
      customHeaders: main.headers,
      delay: main.delay,
      ...extra,
    })
    .returning();
  return row as ApiRow;
}

const ROUTES: Parameters<typeof addRoute>[] = [
  ['GET', '/users', [response('list', [{ id: 1 }, { id: 2 }, { id: 3 }], { isDefault: true })]],
  [
    'POST',
    '/users',
    [
      response(
        'created',
        { name: '{{request.body.name}}', greeting: 'Hello {{request.body.name}}!' },
        { status: 201, isDefault: true },
      ),
    ],
  ],
  ['GET', '/users/me', [response('me', { me: true })]],
  [
    'GET',
    '/users/{id:integer}',
    [
      response(
        'one',
        {
          id: '{{request.params.id}}',
          tenant: '{{request.headers.x-tenant}}',
          page: '{{request.query.page}}',
        },
        { isDefault: true },
      ),
      response('missing', { message: 'no such user' }, { status: 404 }),
      response(
        'broken',
        { message: 'boom' },
        { status: 500, headers: [{ name: 'X-Why', value: 'test' }] },
      ),
    ],
  ],
  ['DELETE', '/users/{id}', [response('gone', {}, { status: 204 })]],
  ['GET', '/files/*', [response('file', { path: '{{request.params.tail}}' })]],
  [
    'GET',
    '/lights',
    [
      response('red', { light: 'red' }),
      response('green', { light: 'green' }),
      response('blue', { light: 'blue' }),
    ],
    { responseMode: 'sequential' },
  ],
  [
    'POST',
    '/',
    [
      response(
        'Detail',
        { op: 'detail' },
        { isDefault: true, when: { header: 'x-amz-target', equals: 'Svc.GetDetail' } },
      ),
      response('List', { op: 'list' }, { when: { header: 'x-amz-target', equals: 'Svc.List' } }),
    ],
  ],
];

const call = (
  method: string,
  path: string,
  extra: { headers?: Record<string, string>; payload?: unknown } = {},
) => t.app.inject({ method: method as 'GET', url: `/p/${SLUG}${path}`, ...extra } as never);

describe('a project base URL: routing', () => {
  it('answers a route, with the sandbox and open CORS of every mock answer', async () => {
    const res = await call('GET', '/users');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect(res.headers['access-control-allow-origin']).toBe('*');
  });

  it('prefers a static segment to a parameter, and takes trailing slashes and queries', async () => {
    expect((await call('GET', '/users/me')).json()).toEqual({ me: true });
    expect((await call('GET', '/users/me/')).json()).toEqual({ me: true });
    expect((await call('GET', '/users/?x=1')).json()).toHaveLength(3);
  });

  it('answers 405 with every method of the path in Allow', async () => {
    const res = await call('PUT', '/users/42');
    expect(res.statusCode).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, DELETE, OPTIONS');
    expect(res.json().message).toBe(
      '/users/42 of project "Shop" answers GET, HEAD, DELETE, OPTIONS, not PUT',
    );
  });

  it("answers OPTIONS with the path's Allow, and a browser preflight with CORS", async () => {
    const plain = await call('OPTIONS', '/users');
    expect(plain.statusCode).toBe(204);
    expect(plain.headers.allow).toBe('GET, HEAD, POST, OPTIONS');
    const preflight = await call('OPTIONS', '/users', {
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'prefer, x-mock-session, authorization',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('PATCH');
    expect(preflight.headers['access-control-allow-headers']).toBe(
      'prefer, x-mock-session, authorization',
    );
    // A path no route has: the preflight passes, so the call itself gets the 404 that names
    // the closest routes rather than a bare CORS failure.
    const unknown = await call('OPTIONS', '/nowhere', {
      headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
    });
    expect(unknown.statusCode).toBe(204);
    expect(unknown.headers['access-control-allow-origin']).toBe('*');
    expect(unknown.headers.allow).toBe('OPTIONS');
  });

  it('answers HEAD like GET, without a body', async () => {
    const res = await call('HEAD', '/users');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
  });

  it('answers an unknown path 404, naming the project and its closest routes', async () => {
    const res = await call('GET', '/user/42');
    expect(res.statusCode).toBe(404);
    const body = res.json();
    expect(body.code).toBe('ROUTE_NOT_FOUND');
    expect(body.message).toMatch(
      /^Project "Shop" \(shop\) has no route for GET \/user\/42; the closest: /,
    );
    expect(body.details.project).toBe('shop');
    expect(body.details.routes.length).toBeLessThanOrEqual(5);
    expect(body.details.routes[0]).toMatch(/^(GET|DELETE) \/users\/\{id/);
  });

  it('matches a parameter only with a value of its declared type (/users/abc finds only the DELETE route)', async () => {
    expect((await call('GET', '/users/abc')).statusCode).toBe(405);
    expect((await call('GET', '/users/12')).statusCode).toBe(200);
  });

  it('answers an unknown project 404', async () => {
    const res = await t.app.inject('/p/no-such-project/users');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('No project has the slug "no-such-project"');
    expect((await t.app.inject('/p/Bad_Slug!/x')).statusCode).toBe(404);
  });
});

describe('a project base URL: the request in templates', () => {
  it('reads path parameters with their declared type, headers and the query', async () => {
    const res = await call('GET', '/users/42?page=3', { headers: { 'X-Tenant': 'acme' } });
    expect(res.json()).toEqual({ id: 42, tenant: 'acme', page: '3' });
    expect((await call('GET', '/users/7')).json()).toEqual({ id: 7, tenant: null, page: null });
  });

  it('reads a JSON body, whole and inside strings', async () => {
    const res = await call('POST', '/users', { payload: { name: 'Ada' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ name: 'Ada', greeting: 'Hello Ada!' });
  });

  it('reads no body past 64 KiB, nor one that is not JSON, and never fails for it', async () => {
    const big = await call('POST', '/users', {
      payload: { name: 'x'.repeat(70_000) },
    });
    expect(big.statusCode).toBe(201);
    expect(big.json().name).toBeNull();
    const text = await call('POST', '/users', {
      payload: 'name=Ada',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(text.statusCode).toBe(201);
    expect(text.json().name).toBeNull();
    const broken = await call('POST', '/users', {
      payload: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(201);
    expect(broken.json().name).toBeNull();
  });

  it('gives a tail route the rest of the path', async () => {
    expect((await call('GET', '/files/docs/a.txt')).json()).toEqual({ path: 'docs/a.txt' });
  });
});

describe('a project base URL: several responses', () => {
  it('answers the response a Prefer header names, by name or status, with its headers', async () => {
    const missing = await call('GET', '/users/1', { headers: { prefer: 'example=missing' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'no such user' });
    const broken = await call('GET', '/users/1', { headers: { prefer: 'code=500' } });
    expect(broken.statusCode).toBe(500);
    expect(broken.headers['x-why']).toBe('test');
  });

  it('answers 400 naming the responses when the one asked for is not there', async () => {
    const res = await call('GET', '/users/1', { headers: { prefer: 'example=nope' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'This route has no response named "nope" (Prefer: example=nope); its responses: one (200), missing (404), broken (500)',
    );
  });

  it('rotates in order when the route asks for it', async () => {
    const bodies = [];
    for (let i = 0; i < 4; i++) bodies.push((await call('GET', '/lights')).json());
    expect(bodies.map((body) => body.light)).toEqual(['red', 'green', 'blue', 'red']);
  });

  it('chooses by a header value, as an AWS-style import asks', async () => {
    const target = (value: string) => call('POST', '/', { headers: { 'x-amz-target': value } });
    expect((await target('Svc.List')).json()).toEqual({ op: 'list' });
    expect((await target('Svc.GetDetail')).json()).toEqual({ op: 'detail' });
    expect((await target('Svc.Other')).json()).toEqual({ op: 'detail' });
  });

  it('answers 204 without a body', async () => {
    const res = await call('DELETE', '/users/9');
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('keeps the stand-alone URL of a route, answering its default or the one asked for', async () => {
    const [row] = await t.database.db
      .select()
      .from(apis)
      .where(eq(apis.routePath, '/users/{id:integer}'));
    const standAlone = await t.app.inject(`/api/${row?.requestId}`);
    expect(standAlone.json()).toEqual({ id: null, tenant: null, page: null });
    const asked = await t.app.inject({
      url: `/api/${row?.requestId}`,
      headers: { prefer: 'example=missing' },
    });
    expect(asked.statusCode).toBe(404);
  });
});

describe('a project base URL: checks and changes', () => {
  it('asks a protected route for its token', async () => {
    const token = `mck_${'t'.repeat(40)}`;
    await addRoute('GET', '/secret', [response('s', { ok: true })], { authToken: token });
    await t.app.apiChanged(`p:${SLUG}`);
    expect((await call('GET', '/secret')).statusCode).toBe(401);
    const ok = await call('GET', '/secret', { headers: { authorization: `Bearer ${token}` } });
    expect(ok.statusCode).toBe(200);
  });

  it('answers a new route once announced, and an edited one with its new body', async () => {
    expect((await call('GET', '/orders')).statusCode).toBe(404);
    const route = await addRoute('GET', '/orders', [response('o', { v: 1 })]);
    await t.app.apiChanged(`p:${SLUG}`);
    expect((await call('GET', '/orders')).json()).toEqual({ v: 1 });
    const edited = [response('o', { v: 2 })];
    await t.database.db
      .update(apis)
      .set({ responses: edited, template: edited[0]?.template })
      .where(eq(apis.id, route.id));
    await t.app.apiChanged(route.requestId);
    expect((await call('GET', '/orders')).json()).toEqual({ v: 2 });
  });

  it("stops every route of a banned owner's project, and starts them again", async () => {
    await t.database.db.update(users).set({ banned: true }).where(eq(users.id, ownerId));
    const [row] = await t.database.db.select().from(apis).where(eq(apis.routePath, '/users'));
    await t.app.apiChanged(row?.requestId as string);
    const res = await call('GET', '/users');
    expect(res.statusCode).toBe(403);
    await t.database.db.update(users).set({ banned: false }).where(eq(users.id, ownerId));
    await t.app.apiChanged(row?.requestId as string);
    expect((await call('GET', '/users')).statusCode).toBe(200);
  });

  it('paginates a list route with a Link header under the base URL', async () => {
    const res = await call('GET', '/users?page=1&limit=2');
    expect(res.json()).toEqual([{ id: 1 }, { id: 2 }]);
    expect(res.headers['x-total-count']).toBe('3');
    expect(res.headers.link).toContain(`/p/${SLUG}/users?page=2&limit=2`);
  });
});

describe('a project on its own host (MOCK_WILDCARD_HOST)', () => {
  let wild: TestApp;
  beforeAll(async () => {
    wild = await buildTestApp(
      {
        PUBLIC_URL: 'https://app.example.test',
        MOCK_ORIGIN: 'https://mocks.example.test',
        MOCK_WILDCARD_HOST: 'mocks.example.test',
      },
      { database: t.database },
    );
  });
  afterAll(() => wild.close());

  const at = (host: string, url: string) => wild.app.inject({ url, headers: { host } });

  it('answers every path of {slug}.{host} as the project base URL', async () => {
    const res = await at('shop.mocks.example.test', '/users?page=1&limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ id: 1 }]);
    expect(res.headers['content-security-policy']).toBe("sandbox; default-src 'none'");
    expect((await at('SHOP.mocks.example.test:443', '/users/me')).json()).toEqual({ me: true });
  });

  it("never serves the app there: its paths are the project's", async () => {
    const res = await at('shop.mocks.example.test', '/backend/user/me');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROUTE_NOT_FOUND');
    expect((await at('nope.mocks.example.test', '/users')).json().message).toBe(
      'No project has the slug "nope"',
    );
  });

  it('keeps /p/{slug} on the mock origin, and sends it there from the app host', async () => {
    expect((await at('mocks.example.test', `/p/${SLUG}/users/me`)).json()).toEqual({ me: true });
    const moved = await at('app.example.test', `/p/${SLUG}/users/me`);
    expect(moved.statusCode).toBe(308);
    expect(moved.headers.location).toBe(`https://mocks.example.test/p/${SLUG}/users/me`);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('a project on two nodes', () => {
  it('answers a route added on one node from the other once announced', async () => {
    const a = await buildTestApp({}, { database: t.database, redis: true });
    const b = await buildTestApp({}, { database: t.database, redis: true });
    try {
      const url = `/p/${SLUG}/two-nodes`;
      expect((await b.app.inject(url)).statusCode).toBe(404);
      await addRoute('GET', '/two-nodes', [response('n', { nodes: 2 })]);
      await a.app.apiChanged(`p:${SLUG}`);
      // Through Redis: node B hears it within a moment.
      let answer = await b.app.inject(url);
      for (let i = 0; i < 50 && answer.statusCode !== 200; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        answer = await b.app.inject(url);
      }
      expect(answer.json()).toEqual({ nodes: 2 });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('a project base URL: what a template never reads', () => {
  it('gives no cookie to a template, the site session least of all', async () => {
    await addRoute('GET', '/echo', [
      response('e', { cookie: '{{request.headers.cookie}}', a: '{{request.headers.x-a}}' }),
    ]);
    await t.app.apiChanged(`p:${SLUG}`);
    const res = await call('GET', '/echo', { headers: { cookie: 'session=secret', 'x-a': '1' } });
    expect(res.json()).toEqual({ cookie: null, a: '1' });
  });
});
