/**
 * Parity of the two hosts of the engine (DESIGN.md §4b): one project, stored here as the
 * management API stores it and served by the runner (@mocksmith/cli) from the same files, answers
 * the same calls with the same statuses, the headers that matter and byte-identical seeded
 * bodies: named responses, rules, `Prefer` and `?__status`, a template reading the request, 404
 * and 405, a network profile's fault, a collection's json-server queries, writes in a session
 * and its reset, and a profile's faults drawn by `?__seed` at 50 % (the draw is keyed on the
 * route's `METHOD /path`, which both hosts know, not on its id, which the files do not carry).
 */

import { type MockServer, startMockServer } from '@mocksmith/cli';
import type { ProjectBundle, RouteOfFiles } from '@mocksmith/core/project-files';
import { parsePathTemplate } from '@mocksmith/core/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { apis, projects } from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';
import { collections } from '../../db/schema/collections.ts';
import { newRequestId } from '../../lib/ids.ts';

const SLUG = `parity-${newRequestId().toLowerCase()}`;

/** `GET {path}` answering `{"ok":true}`, or a 503 fault at `percent` % of its calls. */
function flakyRoute(path: string, percent: number): RouteOfFiles {
  return {
    method: 'GET',
    path,
    responses: [
      {
        name: 'ok',
        status: 200,
        template: '{"ok":true}',
        headers: [],
        delay: 0,
        isDefault: true,
      },
    ],
    mode: 'default',
    rules: [],
    network: {
      latency: { kind: 'none' },
      fault: { percent, kind: 'status', status: 503 },
      rateLimit: null,
    },
    overrides: true,
    authToken: null,
  };
}

const BUNDLE: ProjectBundle = {
  project: {
    name: 'Parity shop',
    slug: SLUG,
    seed: 42,
    settings: { overrides: true, network: null, replay: false, logging: true, authToken: null },
  },
  routes: [
    {
      method: 'GET',
      path: '/orders/{id:integer}',
      responses: [
        {
          name: 'found',
          status: 200,
          template: JSON.stringify({
            id: '{{request.params.id}}',
            total: 'number',
            buyer: 'string.name.fullname',
            lines: [{ sku: 'string.uuid', quantity: 'number' }],
          }),
          headers: [{ name: 'X-Shop', value: 'yes' }],
          delay: 0,
          isDefault: true,
        },
        {
          name: 'gone',
          status: 410,
          template: '{"message":"This order is gone"}',
          headers: [],
          delay: 0,
          isDefault: false,
        },
      ],
      mode: 'default',
      rules: [
        {
          name: 'old orders',
          combine: 'all',
          conditions: [{ source: 'param', name: 'id', operator: 'lt', value: '100' }],
          response: 'gone',
        },
      ],
      network: null,
      overrides: true,
      authToken: null,
    },
    {
      method: 'POST',
      path: '/echo',
      responses: [
        {
          name: 'echo',
          status: 201,
          template: JSON.stringify({
            name: '{{request.body.name}}',
            page: '{{request.query.page}}',
            tenant: '{{request.headers.x-tenant}}',
            note: 'string.lorem.sentence',
          }),
          headers: [],
          delay: 0,
          isDefault: true,
        },
      ],
      mode: 'default',
      rules: [],
      network: null,
      overrides: true,
      authToken: null,
    },
    flakyRoute('/flaky', 100),
    flakyRoute('/coin', 50),
  ],
  collections: [
    {
      name: 'users',
      path: '/users',
      template: { id: 'number', name: 'string.name.fullname', age: 'number' },
      count: 8,
      unknownFields: 'keep',
      cascade: false,
      authToken: null,
    },
  ],
};

interface Call {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'HEAD';
  path: string;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The calls, in order (the writes change what the later reads answer, on both hosts alike). */
const CALLS: Call[] = [
  { method: 'GET', path: '/orders/123?seed=1' },
  { method: 'GET', path: '/orders/123?seed=2' },
  { method: 'GET', path: '/orders/456?seed=abc' },
  { method: 'GET', path: '/orders/7' },
  { method: 'GET', path: '/orders/123', headers: { prefer: 'example=gone' } },
  { method: 'GET', path: '/orders/123?__status=503' },
  { method: 'GET', path: '/orders/123', headers: { prefer: 'code=404' } },
  { method: 'HEAD', path: '/orders/123?seed=1' },
  { method: 'GET', path: '/orders/abc' },
  { method: 'DELETE', path: '/orders/1' },
  { method: 'OPTIONS', path: '/orders/1' },
  { method: 'GET', path: '/nowhere' },
  {
    method: 'POST',
    path: '/echo?page=3&seed=5',
    headers: { 'content-type': 'application/json', 'x-tenant': 'acme' },
    body: { name: 'Ada' },
  },
  { method: 'GET', path: '/flaky' },
  { method: 'GET', path: '/flaky?__status=200' },
  { method: 'GET', path: '/users' },
  { method: 'GET', path: '/users?_sort=name&_order=desc' },
  { method: 'GET', path: '/users?_page=2&_limit=3&_sort=id' },
  { method: 'GET', path: '/users?age_gte=500' },
  { method: 'GET', path: '/users?q=a' },
  { method: 'GET', path: '/users/3' },
  { method: 'GET', path: '/users/999' },
  {
    method: 'POST',
    path: '/users',
    headers: { 'content-type': 'application/json', 'x-mock-session': 'alice' },
    body: { name: 'Ada Lovelace', age: 36 },
  },
  { method: 'GET', path: '/users?_sort=id&_order=desc', headers: { 'x-mock-session': 'alice' } },
  {
    method: 'PATCH',
    path: '/users/2',
    headers: { 'content-type': 'application/json', 'x-mock-session': 'alice' },
    body: { age: 99 },
  },
  { method: 'DELETE', path: '/users/1', headers: { 'x-mock-session': 'alice' } },
  { method: 'GET', path: '/users', headers: { 'x-mock-session': 'alice' } },
  { method: 'GET', path: '/users' },
  { method: 'POST', path: '/users', headers: { 'content-type': 'text/plain' }, body: 'hello' },
  { method: 'POST', path: '/__reset', headers: { 'x-mock-session': 'alice' } },
  { method: 'GET', path: '/users', headers: { 'x-mock-session': 'alice' } },
];

/** A fault at 50 %, drawn by `?__seed`: the same seed draws the same on both hosts. */
const COIN_CALLS: Call[] = Array.from({ length: 12 }, (_, index) => ({
  method: 'GET' as const,
  path: `/coin?__seed=${index + 1}`,
}));

/** The headers whose values must agree (those naming an origin are compared without it). */
const HEADERS = [
  'content-type',
  'content-length',
  'x-mock-response',
  'x-mock-rule',
  'x-mock-fault',
  'x-total-count',
  'x-shop',
  'allow',
  'location',
  'access-control-allow-origin',
  'access-control-expose-headers',
  'content-security-policy',
  'x-content-type-options',
];

interface Answered {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
}

let t: TestApp;
let runner: MockServer;

beforeAll(async () => {
  t = await buildTestApp();
  const ownerId = `owner-${newRequestId()}`;
  const { db } = t.database;
  await db
    .insert(users)
    .values({ id: ownerId, name: 'Owner', email: `${ownerId}@example.com`, emailVerified: true });
  const [project] = await db
    .insert(projects)
    .values({ ownerId, name: BUNDLE.project.name, slug: SLUG, seed: BUNDLE.project.seed })
    .returning();
  const projectId = (project as { id: string }).id;
  // Stored as the management API stores them: the default response mirrored in the row.
  for (const route of BUNDLE.routes) {
    const parsed = parsePathTemplate(route.path);
    if (!parsed.ok) throw new Error(parsed.error);
    const main = route.responses.find((r) => r.isDefault) ?? route.responses[0];
    if (!main) throw new Error('a route without responses');
    await db.insert(apis).values({
      requestId: newRequestId(),
      name: `${route.method} ${route.path}`,
      ownerId,
      projectId,
      method: route.method,
      routePath: parsed.value.path,
      routeKey: parsed.value.key,
      responses: [...route.responses],
      responseMode: route.mode,
      rules: [...route.rules],
      network: route.network,
      overrides: route.overrides,
      template: main.template,
      httpCode: main.status,
      customHeaders: main.headers,
      delay: main.delay,
    });
  }
  for (const collection of BUNDLE.collections) {
    const { authToken: _token, ...definition } = collection;
    await db.insert(collections).values({ ...definition, projectId });
  }
  runner = await startMockServer({ bundle: BUNDLE });
});

afterAll(async () => {
  await runner?.close();
  await t?.close();
});

/** A project's base URL on either host (the server's `/p/{slug}`, the runner's origin). */
const BASE_URL = new RegExp(`https?://[^/\\s>]+(?:/p/${SLUG})?`, 'g');

function picked(get: (name: string) => string | undefined): Answered['headers'] {
  return Object.fromEntries(HEADERS.map((name) => [name, get(name)?.replace(BASE_URL, 'BASE')]));
}

async function onServer(call: Call): Promise<Answered> {
  const answer = await t.app.inject({
    method: call.method,
    url: `/p/${SLUG}${call.path}`,
    headers: call.headers,
    payload:
      call.body === undefined
        ? undefined
        : typeof call.body === 'string'
          ? call.body
          : JSON.stringify(call.body),
  });
  const header = (name: string) => {
    const value = answer.headers[name];
    return value === undefined ? undefined : String(value);
  };
  return { status: answer.statusCode, headers: picked(header), body: answer.body };
}

async function onRunner(call: Call): Promise<Answered> {
  const answer = await fetch(`${runner.url}${call.path}`, {
    method: call.method,
    headers: call.headers,
    body:
      call.body === undefined
        ? undefined
        : typeof call.body === 'string'
          ? call.body
          : JSON.stringify(call.body),
  });
  const body = await answer.text();
  const header = (name: string) => answer.headers.get(name) ?? undefined;
  return { status: answer.status, headers: picked(header), body };
}

describe('the runner and the server', () => {
  it('answer the same calls with the same statuses, headers and bytes', async () => {
    const statuses: number[] = [];
    for (const call of [...CALLS, ...COIN_CALLS]) {
      const server = await onServer(call);
      const local = await onRunner(call);
      const what = `${call.method} ${call.path}`;
      expect({ what, ...local }).toEqual({ what, ...server });
      statuses.push(server.status);
    }
    // What was compared is what each feature answers, not a row of refusals.
    expect(statuses.slice(0, CALLS.length)).toEqual([
      200, 200, 200, 410, 410, 503, 404, 200, 404, 405, 204, 404, 201, 503, 200, 200, 200, 200, 200,
      200, 200, 404, 201, 200, 200, 204, 200, 200, 415, 204, 200,
    ]);
    // The seeded coin fell both ways: its draws were compared, not twelve of one side.
    expect(new Set(statuses.slice(CALLS.length))).toEqual(new Set([200, 503]));
  });
});
