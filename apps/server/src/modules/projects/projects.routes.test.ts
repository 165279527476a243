/**
 * The projects' management API end to end over HTTP: projects, their routes, moving APIs in and
 * out, previews with a sample request, with real accounts, the real database and the routes'
 * own stand-alone URLs (`/api/{requestId}`), which answer a route's default response.
 */
import { ErrorCode, type UserApi } from '@mocksmith/core';
import {
  type CreateRouteResult,
  type Project,
  type ProjectDetail,
  projectDetailSchema,
  projectSchema,
  type RouteView,
  routeSchema,
} from '@mocksmith/core/projects';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projectCalls, responseBody, routeBody } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { apiCalls, updateBody } from '../../../test/user-apis.ts';
import { apis, projects } from '../../db/schema/apis.ts';

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof projectCalls>;
let standAloneCalls: ReturnType<typeof apiCalls>;

interface Account {
  cookie: string;
  userId: string;
  email: string;
}
let ann: Account;
let bob: Account;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = projectCalls(t.app);
  standAloneCalls = apiCalls(t.app);
  const steps = accountSteps(t.app, sink);
  const signUp = async (email: string): Promise<Account> => {
    const { cookie, user } = await steps.signUp(email);
    return { cookie, userId: user.userId, email };
  };
  ann = await signUp('ann@example.test');
  bob = await signUp('bob@example.test');
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let counter = 0;
/** A project name no other test uses. */
const uniqueName = (label: string) => `${label} ${++counter}`;

/** Creates a project for the account (201 expected). */
async function created(account: Account, body: Record<string, unknown> = {}): Promise<Project> {
  const res = await calls.create(account.cookie, { name: uniqueName('Shop'), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Adds a route (201 expected). */
async function addRoute(
  account: Account,
  project: Project,
  body: Record<string, unknown>,
): Promise<CreateRouteResult> {
  const res = await calls.createRoute(account.cookie, project.id, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Adds a collection of users at `path` (201 expected). */
async function addCollection(account: Account, project: Project, path: string): Promise<void> {
  const res = await calls.call(
    'POST',
    `/backend/projects/${project.id}/collections`,
    account.cookie,
    {
      name: path.slice(1),
      path,
      template: { id: 'number', name: 'string' },
      count: 3,
    },
  );
  expect(res.statusCode, res.body).toBe(201);
}

/** The project as its page reads it. */
async function detailOf(account: Account, project: Project): Promise<ProjectDetail> {
  const res = await calls.get(account.cookie, project.id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** The project's row, for what the API does not show (version, seed). */
async function rowOf(project: Project) {
  const [row] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
  return row;
}

/** One call of a route's stand-alone URL. */
const callStandAloneUrl = (requestId: string, method = 'GET') =>
  t.app.inject({ method: method as 'GET', url: `/api/${requestId}` });

describe('POST /backend/projects', () => {
  it('creates a project at a base URL under the mock origin, with a random seed', async () => {
    const res = await calls.create(ann.cookie, { name: 'Pet Store', slug: 'pet-store' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(projectSchema.parse(body)).toEqual(body);
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'Pet Store',
      slug: 'pet-store',
      baseUrl: 'http://mocksmith.test/p/pet-store',
      wildcardUrl: null,
      routeCount: 0,
      collectionCount: 0,
      // Overrides on, no network profile, no replay, no token, no proxy, no checks: until the
      // owner says otherwise.
      settings: {
        overrides: true,
        network: null,
        replay: false,
        logging: true,
        authToken: null,
        validation: 'off',
        proxy: null,
      },
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      updatedAt: body.createdAt,
    });
    const row = await rowOf(body);
    expect(Number.isInteger(row?.seed)).toBe(true);
    expect(row?.version).toBe(1);
  });

  it('suggests the slug from the name, numbering it past the slugs taken by anyone', async () => {
    const slugs: string[] = [];
    for (const account of [ann, ann, bob]) {
      slugs.push((await created(account, { name: 'Crème Brûlée: the API!' })).slug);
    }
    expect(slugs).toEqual([
      'creme-brulee-the-api',
      'creme-brulee-the-api-2',
      'creme-brulee-the-api-3',
    ]);
    // A name whose slug the service keeps for itself.
    expect((await created(ann, { name: 'Admin' })).slug).toBe('admin-2');
    // A long name keeps its number within a DNS label.
    const long = (await created(ann, { name: 'x'.repeat(80) })).slug;
    expect(long).toBe('x'.repeat(63));
    expect((await created(ann, { name: 'x'.repeat(80) })).slug).toBe(`${'x'.repeat(61)}-2`);
  });

  it('refuses a slug that is taken (409 naming it), kept or malformed (400)', async () => {
    await created(ann, { slug: 'taken-slug' });
    const taken = await calls.create(bob.cookie, { name: 'Mine', slug: 'Taken-Slug' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: ErrorCode.SLUG_TAKEN,
      message: 'The slug "taken-slug" is taken: choose another',
    });
    const kept = await calls.create(ann.cookie, { name: 'Mine', slug: 'backend' });
    expect(kept.statusCode).toBe(400);
    expect(kept.json().message).toMatch(/The slug "backend" is kept for the service/);
    const malformed = await calls.create(ann.cookie, { name: 'Mine', slug: 'no_underscores' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/slug must be 1 to 63 lower case letters/);
    const nameless = await calls.create(ann.cookie, { name: '  ' });
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().message).toMatch(/name is required/);
  });
});

describe('GET /backend/projects', () => {
  it('lists the user’s projects, newest first, with their route and collection counts, and no one else’s', async () => {
    const older = await created(bob, { name: uniqueName('Older') });
    const newer = await created(bob, { name: uniqueName('Newer') });
    await addRoute(bob, newer, routeBody('/a'));
    await addRoute(bob, newer, routeBody('/b'));
    for (const path of ['/users', '/orders', '/carts']) await addCollection(bob, newer, path);
    await addCollection(bob, older, '/users');
    const res = await calls.list(bob.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const list: Project[] = res.json().projects;
    const ids = list.map((project) => project.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    // Counted apart: two routes and three collections are not six of each.
    expect(list.find((project) => project.id === newer.id)).toMatchObject({
      routeCount: 2,
      collectionCount: 3,
    });
    expect(list.find((project) => project.id === older.id)).toMatchObject({
      routeCount: 0,
      collectionCount: 1,
    });
    expect((await detailOf(bob, newer)).collectionCount).toBe(3);
    const renamed = await calls.update(bob.cookie, newer.id, { name: uniqueName('Renamed') });
    expect(renamed.json()).toMatchObject({ routeCount: 2, collectionCount: 3 });
    const annsIds = ((await calls.list(ann.cookie)).json().projects as Project[]).map((p) => p.id);
    expect(annsIds).not.toContain(newer.id);
  });
});

describe('GET /backend/projects/{id}', () => {
  it('answers the project with its routes ordered by path, then method', async () => {
    const project = await created(ann);
    await addRoute(ann, project, routeBody('/users/{id}', { method: 'DELETE' }));
    await addRoute(ann, project, routeBody('/users', { method: 'POST' }));
    await addRoute(ann, project, routeBody('/users/{id}'));
    await addRoute(ann, project, routeBody('/users'));
    const detail = await detailOf(ann, project);
    expect(projectDetailSchema.parse(detail)).toEqual(detail);
    expect(detail.routeCount).toBe(4);
    expect(detail.routes.map((route) => `${route.method} ${route.path}`)).toEqual([
      'GET /users',
      'POST /users',
      'DELETE /users/{id}',
      'GET /users/{id}',
    ]);
    expect(detail.routes[3]?.url).toBe(`${project.baseUrl}/users/{id}`);
  });
});

describe('PATCH /backend/projects/{id}', () => {
  it('renames the project and moves its base URL, bumping its version', async () => {
    const project = await created(ann);
    const res = await calls.update(ann.cookie, project.id, {
      name: 'Renamed',
      slug: 'renamed-shop',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: project.id,
      name: 'Renamed',
      slug: 'renamed-shop',
      baseUrl: 'http://mocksmith.test/p/renamed-shop',
    });
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThan(Date.parse(project.updatedAt));
    expect((await rowOf(project))?.version).toBe(2);
    // Only what is sent changes.
    const renamed = await calls.update(ann.cookie, project.id, { name: 'Again' });
    expect(renamed.json()).toMatchObject({ name: 'Again', slug: 'renamed-shop' });
    expect((await rowOf(project))?.version).toBe(3);
  });

  it('refuses another project’s slug with 409, changing nothing', async () => {
    const first = await created(ann);
    const second = await created(bob);
    const res = await calls.update(ann.cookie, first.id, { name: 'Kept?', slug: second.slug });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: ErrorCode.SLUG_TAKEN,
      message: `The slug "${second.slug}" is taken: choose another`,
    });
    expect((await detailOf(ann, first)).name).toBe(first.name);
    // Its own slug is no clash.
    expect((await calls.update(ann.cookie, first.id, { slug: first.slug })).statusCode).toBe(200);
  });
});

describe('PATCH /backend/projects/{id} settings', () => {
  it('changes the settings sent and keeps the others', async () => {
    const project = await created(ann);
    const network = { latency: { kind: 'fixed', ms: 5 }, fault: null, rateLimit: null };
    const first = await calls.update(ann.cookie, project.id, { settings: { network } });
    expect(first.statusCode, first.body).toBe(200);
    const second = await calls.update(ann.cookie, project.id, { settings: { replay: true } });
    expect(second.json().settings).toEqual({
      overrides: true,
      network,
      replay: true,
      logging: true,
      authToken: null,
      validation: 'off',
      proxy: null,
    });
    const third = await calls.update(ann.cookie, project.id, {
      settings: { overrides: false, network: null },
    });
    expect(third.json().settings).toEqual({
      overrides: false,
      network: null,
      replay: true,
      logging: true,
      authToken: null,
      validation: 'off',
      proxy: null,
    });
  });
});

describe('DELETE /backend/projects/{id}', () => {
  it('deletes the project and its routes, whose stand-alone URLs answer 404 from then on', async () => {
    const project = await created(ann);
    const route = await addRoute(ann, project, routeBody('/gone'));
    expect((await callStandAloneUrl(route.requestId)).statusCode).toBe(200);
    const res = await calls.remove(ann.cookie, project.id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await calls.get(ann.cookie, project.id)).statusCode).toBe(404);
    expect((await callStandAloneUrl(route.requestId)).statusCode).toBe(404);
    const left = await t.database.db.select().from(apis).where(eq(apis.id, route.id));
    expect(left).toEqual([]);
  });
});

describe('POST /backend/projects/{id}/routes', () => {
  it('saves a value that looks like a misspelt type as text, and its answers warn of it', async () => {
    const project = await created(ann);
    const template =
      '{"name": "string.name.fulname", "stars": "number.product.rate", "id": "uuid"}';
    const res = await calls.createRoute(ann.cookie, project.id, {
      ...routeBody('/typos'),
      responses: [responseBody({ name: 'found', template })],
    });
    expect(res.statusCode, res.body).toBe(201);
    const warnings = [
      {
        response: 'found',
        path: '$.name',
        value: 'string.name.fulname',
        suggestions: ['string.name.fullname'],
        message:
          'response found, $.name: "string.name.fulname" is not a data type and is returned as text; did you mean string.name.fullname?',
      },
      {
        response: 'found',
        path: '$.stars',
        value: 'number.product.rate',
        suggestions: ['number.product.price', 'number.product.rating'],
        message:
          'response found, $.stars: "number.product.rate" is not a data type and is returned as text; did you mean number.product.price or number.product.rating?',
      },
    ];
    expect(res.json().warnings).toEqual(warnings);
    // Saved and answered as written: any other string is a literal.
    const answer = (await t.app.inject({ url: `/p/${project.slug}/typos` })).json();
    expect(answer).toMatchObject({ name: 'string.name.fulname', stars: 'number.product.rate' });
    expect(answer.id).toMatch(/^[0-9a-f-]{36}$/);

    const replaced = await calls.updateRoute(ann.cookie, project.id, res.json().id, {
      ...routeBody('/typos'),
      responses: [responseBody({ name: 'found', template })],
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().warnings).toEqual(warnings);
    const fixed = await calls.updateRoute(
      ann.cookie,
      project.id,
      res.json().id,
      routeBody('/typos'),
    );
    expect(fixed.json().warnings).toEqual([]);
  });

  it('adds a route whose stand-alone URL answers its default response', async () => {
    const project = await created(ann);
    const res = await calls.createRoute(ann.cookie, project.id, {
      method: 'post',
      path: '/users/{id}/',
      responses: [
        responseBody({ name: 'created', status: 201, template: '{"id": "uuid", "ok": true}' }),
        responseBody({
          name: 'not found',
          status: 404,
          template: '{"error": "No such user"}',
          headers: [{ name: 'X-Reason', value: 'missing' }],
          default: true,
        }),
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      requestId: expect.stringMatching(/^[0-9a-z]{16}$/),
      method: 'POST',
      path: '/users/{id}',
      url: `${project.baseUrl}/users/{id}`,
      warnings: [],
    });
    const standAloneAnswer = await callStandAloneUrl(body.requestId, 'POST');
    expect(standAloneAnswer.statusCode).toBe(404);
    expect(standAloneAnswer.json()).toEqual({ error: 'No such user' });
    expect(standAloneAnswer.headers['x-reason']).toBe('missing');

    const route: RouteView = (await calls.getRoute(ann.cookie, project.id, body.id)).json();
    expect(route.name).toBe('POST /users/{id}');
    expect(route.responses.map((response) => [response.name, response.default])).toEqual([
      ['created', false],
      ['not found', true],
    ]);
    expect(route).toMatchObject({ responseMode: 'default', authToken: null, importKey: null });
    // Not one of the user's stand-alone APIs.
    const listed: UserApi[] = (await standAloneCalls.list(ann.cookie, ann.userId)).json();
    expect(listed.map((api) => api.id)).not.toContain(body.id);
  });

  it('makes the first response the default when none is marked', async () => {
    const project = await created(ann);
    const route = await addRoute(ann, project, {
      ...routeBody('/first'),
      name: 'First wins',
      responses: [
        responseBody({ name: 'one', template: '{"n": 1}' }),
        responseBody({ name: 'two', template: '{"n": 2}' }),
      ],
    });
    expect((await callStandAloneUrl(route.requestId)).json()).toEqual({ n: 1 });
    const stored: RouteView = (await calls.getRoute(ann.cookie, project.id, route.id)).json();
    expect(stored.name).toBe('First wins');
    expect(stored.responses.map((response) => response.default)).toEqual([true, false]);
  });

  it('refuses a method and path another route has, whatever its parameters are called', async () => {
    const project = await created(ann);
    await addRoute(ann, project, { ...routeBody('/users/{id}'), name: 'Get user' });
    const clash = await calls.createRoute(ann.cookie, project.id, routeBody('/users/{userId}/'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({
      code: ErrorCode.ROUTE_TAKEN,
      message: 'GET /users/{id} already exists in this project ("Get user")',
    });
    // Another method, or another project, is no clash.
    await addRoute(ann, project, routeBody('/users/{userId}', { method: 'PATCH' }));
    await addRoute(ann, await created(ann), routeBody('/users/{id}'));
    expect((await detailOf(ann, project)).routeCount).toBe(2);
  });

  it('refuses a method and path a collection of the project answers, naming it', async () => {
    const project = await created(ann);
    const made = await calls.call(
      'POST',
      `/backend/projects/${project.id}/collections`,
      ann.cookie,
      {
        name: 'users',
        template: { id: 'number', name: 'string.name.fullname' },
      },
    );
    expect(made.statusCode, made.body).toBe(201);
    for (const [method, path, shown] of [
      ['GET', '/users/{userId}', 'GET /users/{id}'],
      ['POST', '/users', 'POST /users'],
      ['DELETE', '/users/{x}', 'DELETE /users/{id}'],
    ] as const) {
      const res = await calls.createRoute(ann.cookie, project.id, routeBody(path, { method }));
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: ErrorCode.ROUTE_TAKEN,
        message: `${shown} is answered by the collection "users" of this project`,
      });
    }
    // Other methods and paths are free: a PUT of the list, a route beside the collection.
    await addRoute(ann, project, routeBody('/users', { method: 'PUT' }));
    await addRoute(ann, project, routeBody('/users/{id}/orders'));
    // Another project's collection is none of this one's business.
    const other = await created(ann);
    await addRoute(ann, other, routeBody('/users/{userId}'));
    await addRoute(ann, other, routeBody('/users', { method: 'POST' }));
  });

  it('refuses a bad path, a bad template, two defaults and a misfit header, naming each', async () => {
    const project = await created(ann);
    const cases: [Record<string, unknown>, RegExp][] = [
      [routeBody('users'), /The path "users" must start with \//],
      [routeBody('/users/{id}/{id}'), /The parameter \{id\} appears twice in the path/],
      [routeBody('/files/*/x'), /A \* \(any rest of the path\) can only be the last segment/],
      [routeBody('/x', { method: 'TRACE' }), /method must be one of GET, POST, PUT, PATCH, DELETE/],
      [
        routeBody('/x', {
          responses: [responseBody(), responseBody({ name: 'not-found', template: '{"a": ' })],
        }),
        /^responses\[1\] "not-found": Invalid JSON format/,
      ],
      [
        routeBody('/x', {
          responses: [
            responseBody({ name: 'huge', template: '[{"__multiply": "1-1000000", "id": "uuid"}]' }),
          ],
        }),
        /^responses\[0\] "huge": \$\[0\]\.__multiply: __multiply range "1-1000000" is out of bounds/,
      ],
      [
        routeBody('/x', {
          responses: [responseBody({ default: true }), responseBody({ name: 'b', default: true })],
        }),
        /Only one response can be the default/,
      ],
      [
        routeBody('/x', { responses: [responseBody(), responseBody()] }),
        /Two responses are named "ok"/,
      ],
      [routeBody('/x', { responses: [] }), /a route needs at least one response/],
      [
        routeBody('/x', {
          responses: [
            responseBody({
              name: 'signed-out',
              headers: [{ name: 'WWW-Authenticate', value: 'Bearer' }],
            }),
          ],
        }),
        /^responses\[0\] "signed-out": Header "WWW-Authenticate" can only be set on an API that answers 401/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await calls.createRoute(ann.cookie, project.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message, JSON.stringify(body)).toMatch(message);
    }
    expect((await detailOf(ann, project)).routeCount).toBe(0);
    expect((await rowOf(project))?.version).toBe(1);
  });
});

describe('GET, PUT and DELETE /backend/projects/{id}/routes/{routeId}', () => {
  it('answers, replaces and deletes a route; its request id stays and its stand-alone URL follows', async () => {
    const project = await created(ann);
    const made = await addRoute(ann, project, routeBody('/orders'));
    const res = await calls.getRoute(ann.cookie, project.id, made.id);
    expect(res.statusCode).toBe(200);
    expect(routeSchema.parse(res.json())).toEqual(res.json());
    expect(res.json()).toMatchObject({ id: made.id, requestId: made.requestId, path: '/orders' });

    const put = await calls.updateRoute(ann.cookie, project.id, made.id, {
      method: 'PUT',
      path: '/orders/{orderId:integer}',
      name: 'Replace order',
      responses: [responseBody({ name: 'replaced', status: 202, template: '{"replaced": true}' })],
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({
      id: made.id,
      requestId: made.requestId,
      method: 'PUT',
      path: '/orders/{orderId:integer}',
      name: 'Replace order',
      url: `${project.baseUrl}/orders/{orderId:integer}`,
    });
    const standAloneAnswer = await callStandAloneUrl(made.requestId, 'PUT');
    expect(standAloneAnswer.statusCode).toBe(202);
    expect(standAloneAnswer.json()).toEqual({ replaced: true });
    expect((await rowOf(project))?.version).toBe(3);

    const removed = await calls.removeRoute(ann.cookie, project.id, made.id);
    expect(removed.statusCode).toBe(204);
    expect((await calls.getRoute(ann.cookie, project.id, made.id)).statusCode).toBe(404);
    expect((await callStandAloneUrl(made.requestId, 'PUT')).statusCode).toBe(404);
    expect((await rowOf(project))?.version).toBe(4);
  });

  it('refuses a change onto another route’s method and path, and keeps its own', async () => {
    const project = await created(ann);
    await addRoute(ann, project, { ...routeBody('/a/{x}'), name: 'A' });
    const b = await addRoute(ann, project, routeBody('/b'));
    const clash = await calls.updateRoute(ann.cookie, project.id, b.id, routeBody('/a/{y}'));
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('GET /a/{x} already exists in this project ("A")');
    const same = await calls.updateRoute(ann.cookie, project.id, b.id, routeBody('/b/'));
    expect(same.statusCode).toBe(200);
  });

  it('answers 404 for a route of another project of the user', async () => {
    const one = await created(ann);
    const other = await created(ann);
    const route = await addRoute(ann, one, routeBody('/here'));
    expect((await calls.getRoute(ann.cookie, other.id, route.id)).statusCode).toBe(404);
    const missing = await calls.removeRoute(ann.cookie, other.id, route.id);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: ErrorCode.ROUTE_NOT_FOUND,
      message: `This project has no route with the id "${route.id}"`,
    });
  });

  it('writes route creations, changes and deletions to the Recent Activity', async () => {
    const project = await created(bob);
    const route = await addRoute(bob, project, { ...routeBody('/history/{id}'), name: 'Traced' });
    await calls.updateRoute(bob.cookie, project.id, route.id, {
      ...routeBody('/history/{id}'),
      name: 'Traced again',
    });
    await calls.removeRoute(bob.cookie, project.id, route.id);
    const res = await standAloneCalls.history(bob.cookie, bob.email);
    const messages = (res.json().messageHistoryList as { message: string }[]).map((m) => m.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Created API "Traced" (GET /history/{id})',
        'Updated API "Traced again" (renamed from "Traced")',
        'Deleted API "Traced again"',
      ]),
    );
  });
});

describe('moving APIs in and out', () => {
  /** One of the user's stand-alone APIs, created through the original product's call and called once. */
  async function standAlone(account: Account, body: Record<string, unknown> = {}) {
    const res = await standAloneCalls.create(account.cookie, {
      name: 'Legacy users',
      template: JSON.stringify({ legacy: true, id: 'uuid' }),
      requestEnum: 'POST',
      customEndpoint: `/legacy-${++counter}`,
      option: { delay: 0, authToken: null, httpCode: 201 },
      customHeaders: [{ name: 'X-Legacy', value: 'yes' }],
      ...body,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; requestId: string };
  }

  it('makes an API a route that keeps its URL, template and options, and leaves the list', async () => {
    const project = await created(ann, { name: 'Legacy shop' });
    const api = await standAlone(ann, {
      isPublic: true,
      category: 'other',
      description: 'Users of the old system',
    });
    const res = await calls.moveIn(ann.cookie, project.id, {
      apiId: api.id,
      path: '/legacy/users',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: api.id,
      requestId: api.requestId,
      method: 'POST',
      path: '/legacy/users',
      name: 'Legacy users',
      url: `${project.baseUrl}/legacy/users`,
      responses: [
        {
          name: 'default',
          status: 201,
          template: JSON.stringify({ legacy: true, id: 'uuid' }),
          headers: [{ name: 'X-Legacy', value: 'yes' }],
          delay: 0,
          default: true,
          when: null,
        },
      ],
    });
    const standAloneAnswer = await callStandAloneUrl(api.requestId, 'POST');
    expect(standAloneAnswer.statusCode).toBe(201);
    expect(standAloneAnswer.json()).toMatchObject({ legacy: true });
    expect(standAloneAnswer.headers['x-legacy']).toBe('yes');
    const listed: UserApi[] = (await standAloneCalls.list(ann.cookie, ann.userId)).json();
    expect(listed.map((item) => item.id)).not.toContain(api.id);
    const [row] = await t.database.db.select().from(apis).where(eq(apis.id, api.id));
    expect(row).toMatchObject({ isPublic: false, customEndpoint: null, projectId: project.id });
  });

  it('answers 409 to the original product’s update and delete of a route, changing nothing', async () => {
    const project = await created(ann, { name: 'Guarded' });
    const api = await standAlone(ann);
    const [before] = (await standAloneCalls.list(ann.cookie, ann.userId))
      .json()
      .filter((item: UserApi) => item.id === api.id);
    await calls.moveIn(ann.cookie, project.id, { apiId: api.id, path: '/guarded' });
    const message =
      'This API is a route of the project "Guarded": change it on the project\'s page';
    const update = await standAloneCalls.update(
      ann.cookie,
      updateBody(before, { name: 'Changed' }),
    );
    expect(update.statusCode).toBe(409);
    expect(update.json()).toMatchObject({ code: ErrorCode.API_IS_ROUTE, message });
    const remove = await standAloneCalls.remove(ann.cookie, {
      idTemplate: api.id,
      idRequest: api.requestId,
    });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().message).toBe(message);
    const route: RouteView = (await calls.getRoute(ann.cookie, project.id, api.id)).json();
    expect(route.name).toBe('Legacy users');
  });

  it('refuses a clash, another user’s API and a route, naming each', async () => {
    const project = await created(ann, { name: 'Crowded' });
    await addRoute(ann, project, { ...routeBody('/taken', { method: 'POST' }), name: 'Taken' });
    const api = await standAlone(ann);
    const clash = await calls.moveIn(ann.cookie, project.id, { apiId: api.id, path: '/taken' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().message).toBe('POST /taken already exists in this project ("Taken")');
    // With another method it fits.
    const moved = await calls.moveIn(ann.cookie, project.id, {
      apiId: api.id,
      method: 'patch',
      path: '/taken',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().method).toBe('PATCH');
    const again = await calls.moveIn(ann.cookie, (await created(ann)).id, {
      apiId: api.id,
      path: '/again',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      'This API is a route of the project "Crowded" already: move it out of it first',
    );
    const bobs = await standAlone(bob);
    const foreign = await calls.moveIn(ann.cookie, project.id, { apiId: bobs.id, path: '/bob' });
    expect(foreign.statusCode).toBe(404);
  });

  it('makes a route a stand-alone API again, its default response at its stand-alone URL', async () => {
    const project = await created(ann);
    const route = await addRoute(ann, project, {
      ...routeBody('/out/{id}', { method: 'DELETE' }),
      name: 'Leaving',
      responses: [
        responseBody({ name: 'gone', status: 201, template: '{"gone": true}' }),
        responseBody({ name: 'other', template: '{"other": true}' }),
      ],
    });
    const res = await calls.moveOut(ann.cookie, project.id, route.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: route.id,
      requestId: route.requestId,
      link: `http://mocksmith.test/backend/apitemplate/delete/${route.requestId}`,
    });
    const standAloneAnswer = await callStandAloneUrl(route.requestId, 'DELETE');
    expect(standAloneAnswer.statusCode).toBe(201);
    expect(standAloneAnswer.json()).toEqual({ gone: true });
    const listed: UserApi[] = (await standAloneCalls.list(ann.cookie, ann.userId)).json();
    expect(listed.find((api) => api.id === route.id)).toMatchObject({
      name: 'Leaving',
      requestEnum: 'DELETE',
      option: { httpCode: 201 },
    });
    const [row] = await t.database.db.select().from(apis).where(eq(apis.id, route.id));
    expect(row).toMatchObject({ projectId: null, routePath: null, routeKey: null, responses: [] });
    expect((await detailOf(ann, project)).routeCount).toBe(0);
  });

  it('keeps a PATCH route in its project: stand-alone APIs answer the other four', async () => {
    const project = await created(ann);
    const route = await addRoute(ann, project, routeBody('/patchy', { method: 'PATCH' }));
    const res = await calls.moveOut(ann.cookie, project.id, route.id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: ErrorCode.ROUTE_CANNOT_STAND_ALONE,
      message:
        'A PATCH route cannot leave its project: stand-alone APIs answer GET, POST, PUT, DELETE',
    });
    expect((await detailOf(ann, project)).routeCount).toBe(1);
  });

  it('keeps a route whose default status stand-alone APIs cannot answer', async () => {
    const project = await created(ann);
    const route = await addRoute(ann, project, {
      ...routeBody('/accepted'),
      responses: [responseBody({ status: 202 })],
    });
    const res = await calls.moveOut(ann.cookie, project.id, route.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'A route whose default response answers 202 cannot leave its project: stand-alone APIs answer 200, 201, 204, 400, 401, 403, 404, 409, 429, 500, 503',
    );
  });
});

describe('POST /backend/projects/{id}/preview', () => {
  const template = JSON.stringify({
    id: '{{request.params.id}}',
    page: '{{request.query.page}}',
    tenant: '{{request.headers.x-tenant}}',
    greeting: 'Hello {{request.body.name}}',
    missing: '{{request.query.nothing}}',
  });

  it('answers the body the live URL would give that sample request', async () => {
    const project = await created(ann);
    const res = await calls.preview(ann.cookie, project.id, {
      template,
      routePath: '/users/{id:integer}',
      request: {
        method: 'POST',
        path: '/users/42/?page=2',
        headers: { 'X-Tenant': 'acme' },
        body: { name: 'Ann' },
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      id: 42,
      page: '2',
      tenant: 'acme',
      greeting: 'Hello Ann',
      missing: null,
    });
    // A body sent as JSON text reads the same; a template sent as a value too.
    const asText = await calls.preview(ann.cookie, project.id, {
      template: JSON.parse(template),
      routePath: '/users/{id}',
      request: { path: '/users/7', query: { page: ['3', '4'] }, body: '{"name": "Bo"}' },
    });
    expect(asText.json()).toMatchObject({ id: '7', page: '3', greeting: 'Hello Bo', tenant: null });
  });

  it('generates the same body for the same seed, and applies the list parameters', async () => {
    const project = await created(ann);
    const list = JSON.stringify([{ __multiply: '5-5', n: 'number', name: 'string.name.fullname' }]);
    const once = await calls.preview(ann.cookie, project.id, { template: list, seed: 'abc' });
    const twice = await calls.preview(ann.cookie, project.id, { template: list, seed: 'abc' });
    expect(once.json()).toHaveLength(5);
    expect(twice.json()).toEqual(once.json());
    const paged = await calls.preview(ann.cookie, project.id, {
      template: list,
      request: { path: '/', query: { seed: 'abc', page: '2', limit: '2' } },
    });
    expect(paged.json()).toEqual(once.json().slice(2, 4));
  });

  it('refuses a sample path the route’s path does not fit, a bad template and a large body', async () => {
    const project = await created(ann);
    const misfit = await calls.preview(ann.cookie, project.id, {
      template,
      routePath: '/users/{id:integer}',
      request: { path: '/users/ann' },
    });
    expect(misfit.statusCode).toBe(400);
    expect(misfit.json().message).toBe(
      'The sample path "/users/ann" does not fit the route\'s path "/users/{id:integer}"',
    );
    const bad = await calls.preview(ann.cookie, project.id, { template: '{"a": ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Invalid JSON format/);
    const large = await calls.preview(ann.cookie, project.id, {
      template,
      request: { path: '/', body: { text: 'x'.repeat(70 * 1024) } },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toBe(
      'The sample body is 71 KiB; templates read bodies of up to 64 KiB',
    );
  });
});

describe('ownership', () => {
  let project: Project;
  let route: CreateRouteResult;
  let api: { id: string };

  beforeAll(async () => {
    project = await created(ann, { name: 'Private' });
    route = await addRoute(ann, project, routeBody('/secret/{id}'));
    const made = await standAloneCalls.create(bob.cookie, { customEndpoint: `/bobs-${++counter}` });
    api = made.json();
  });

  /** Every call of the management API on Ann's project and route. */
  const everyCall = (cookie: string | undefined) => [
    calls.get(cookie, project.id),
    calls.update(cookie, project.id, { name: 'Taken over' }),
    calls.remove(cookie, project.id),
    calls.createRoute(cookie, project.id, routeBody('/intruder')),
    calls.getRoute(cookie, project.id, route.id),
    calls.updateRoute(cookie, project.id, route.id, routeBody('/changed')),
    calls.removeRoute(cookie, project.id, route.id),
    calls.moveIn(cookie, project.id, { apiId: api.id, path: '/moved' }),
    calls.moveOut(cookie, project.id, route.id),
    calls.preview(cookie, project.id, { template: '{"a": 1}' }),
  ];

  it('answers 404 to another user for every call, changing nothing', async () => {
    for (const res of await Promise.all(everyCall(bob.cookie))) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().code).toMatch(/^(PROJECT_NOT_FOUND)$/);
    }
    const listed = (await calls.list(bob.cookie)).json().projects as Project[];
    expect(listed.map((item) => item.id)).not.toContain(project.id);
    const detail = await detailOf(ann, project);
    expect(detail).toMatchObject({ name: 'Private', routeCount: 1 });
    expect(detail.routes[0]?.path).toBe('/secret/{id}');
    expect((await rowOf(project))?.version).toBe(2);
  });

  it('answers 404 for an id that is not one', async () => {
    const res = await calls.get(ann.cookie, 'not-a-uuid');
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('You have no project with the id "not-a-uuid"');
  });

  it('answers 404 for a route id that is not one, on every call of a route', async () => {
    for (const routeId of ['not-a-uuid', 'move']) {
      const all = await Promise.all([
        calls.getRoute(ann.cookie, project.id, routeId),
        calls.updateRoute(ann.cookie, project.id, routeId, routeBody('/changed')),
        calls.removeRoute(ann.cookie, project.id, routeId),
        calls.moveOut(ann.cookie, project.id, routeId),
      ]);
      for (const res of all) {
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json().code).toBe(ErrorCode.ROUTE_NOT_FOUND);
      }
    }
    expect((await detailOf(ann, project)).routeCount).toBe(1);
  });

  it('answers 401 to a visitor for every call, and for the list and the create', async () => {
    const all = [
      ...everyCall(undefined),
      calls.list(undefined),
      calls.create(undefined, { name: 'Anonymous' }),
    ];
    for (const res of await Promise.all(all)) expect(res.statusCode, res.body).toBe(401);
  });
});
