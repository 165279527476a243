/**
 * The runner over HTTP, no database: an OpenAPI file served as if imported, and a project's
 * bundle with named responses, rules, a network profile's fault and a collection with sessions.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ProjectBundle, writeProjectFiles } from '@mocksmith/core/project-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../src/index.ts';
import { okRoute } from './fixtures/routes.ts';

const PETSTORE = fileURLToPath(new URL('./fixtures/petstore.yaml', import.meta.url));

const json = async (response: Response) => JSON.parse(await response.text());

describe('mocksmith serve of an OpenAPI file', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ openapi: PETSTORE, seed: 7 });
  });
  afterAll(() => server.close());

  it('answers each operation at the root and at /p/{slug}, with the sandbox and CORS headers', async () => {
    const listed = await fetch(`${server.url}/pets?seed=3`);
    expect(listed.status).toBe(200);
    expect(listed.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(listed.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(listed.headers.get('x-content-type-options')).toBe('nosniff');
    expect(listed.headers.get('access-control-allow-origin')).toBe('*');
    const body = await listed.text();
    const pets = JSON.parse(body);
    expect(Array.isArray(pets)).toBe(true);
    for (const pet of pets)
      expect(pet).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
    // The same seed, the same bytes, whichever base URL.
    const again = await fetch(`${server.url}/p/petstore/pets?seed=3`);
    expect(await again.text()).toBe(body);
  });

  it('answers a named example, a declared error status, 404 with the closest routes and 405', async () => {
    const tom = await fetch(`${server.url}/pets/2`, { headers: { Prefer: 'example=tom' } });
    expect(tom.headers.get('x-mock-response')).toBe('tom');
    expect(await json(tom)).toEqual({ id: 2, name: 'Tom', tag: 'cat' });
    expect(await json(await fetch(`${server.url}/pets/1`))).toEqual({
      id: 1,
      name: 'Rex',
      tag: 'dog',
    });
    const missing = await fetch(`${server.url}/pets/1`, { headers: { Prefer: 'code=404' } });
    expect(missing.status).toBe(404);
    // A path parameter typed integer: `x` is no pet's path.
    const unknown = await fetch(`${server.url}/pets/x`);
    expect(unknown.status).toBe(404);
    expect(await json(unknown)).toMatchObject({
      code: 'ROUTE_NOT_FOUND',
      details: { project: 'petstore', routes: expect.arrayContaining(['GET /pets']) },
    });
    const wrong = await fetch(`${server.url}/pets`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
  });

  it('keeps the calls it answered', () => {
    const calls = server.requests();
    expect(calls.length).toBeGreaterThan(3);
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/pets?seed=3', status: 200 });
  });
});

const bundle: ProjectBundle = {
  project: {
    name: 'Shop',
    slug: 'shop',
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
          template:
            '{"id":"{{request.params.id}}","total":"number","buyer":"string.name.fullname"}',
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
    okRoute('/flaky', {
      network: {
        latency: { kind: 'none' },
        fault: { percent: 100, kind: 'status', status: 503 },
        rateLimit: null,
      },
    }),
    okRoute('/dropped', {
      network: {
        latency: { kind: 'none' },
        fault: { percent: 100, kind: 'reset' },
        rateLimit: null,
      },
    }),
  ],
  collections: [
    {
      name: 'users',
      path: '/users',
      template: { id: 'number', name: 'string.name.fullname', age: 'number' },
      count: 5,
      unknownFields: 'keep',
      cascade: false,
      authToken: null,
    },
  ],
};

describe('mocksmith serve of a project bundle', () => {
  let server: MockServer;
  beforeAll(async () => {
    server = await startMockServer({ bundle });
  });
  afterAll(() => server.close());

  it('answers its default, and the response a rule picks (X-Mock-Response, X-Mock-Rule)', async () => {
    const found = await fetch(`${server.url}/orders/123?seed=1`);
    expect(found.status).toBe(200);
    expect(found.headers.get('x-mock-response')).toBe('found');
    expect(found.headers.get('x-shop')).toBe('yes');
    const order = await json(found);
    expect(order).toMatchObject({
      id: 123,
      total: expect.any(Number),
      buyer: expect.any(String),
    });
    const again = await fetch(`${server.url}/p/shop/orders/123?seed=1`);
    expect(await json(again)).toEqual(order);

    const gone = await fetch(`${server.url}/orders/7`);
    expect(gone.status).toBe(410);
    expect(gone.headers.get('x-mock-response')).toBe('gone');
    expect(gone.headers.get('x-mock-rule')).toBe('old orders');
    expect(await json(gone)).toEqual({ message: 'This order is gone' });
  });

  it('injects its network profile’s faults: a status, and a connection reset', async () => {
    const flaky = await fetch(`${server.url}/flaky`);
    expect(flaky.status).toBe(503);
    expect(flaky.headers.get('x-mock-fault')).toBe('503');
    // A caller who asks for a status gets it: no fault in its place.
    const asked = await fetch(`${server.url}/flaky?__status=200`);
    expect(asked.status).toBe(200);
    await expect(fetch(`${server.url}/dropped`)).rejects.toThrow();
  });

  it('serves a collection with json-server queries, writes, sessions and __reset', async () => {
    const list = await fetch(`${server.url}/users?_sort=id&_limit=2`);
    expect(list.status).toBe(200);
    expect(list.headers.get('x-total-count')).toBe('5');
    const firstTwo = await json(list);
    expect(firstTwo).toHaveLength(2);
    expect(firstTwo[0].id).toBeLessThan(firstTwo[1].id);

    const added = await fetch(`${server.url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-mock-session': 'alice' },
      body: JSON.stringify({ name: 'Ada Lovelace', age: 36 }),
    });
    expect(added.status).toBe(201);
    const ada = await json(added);
    expect(ada).toMatchObject({ name: 'Ada Lovelace', age: 36 });

    const read = await fetch(`${server.url}/users/${ada.id}`, {
      headers: { 'x-mock-session': 'alice' },
    });
    expect(await json(read)).toEqual(ada);
    // Another session (and the shared state) has only the seeded records.
    const shared = await fetch(`${server.url}/users/${ada.id}`);
    expect(shared.status).toBe(404);
    const alices = await fetch(`${server.url}/users`, { headers: { 'x-mock-session': 'alice' } });
    expect(alices.headers.get('x-total-count')).toBe('6');

    const removed = await fetch(`${server.url}/users/${firstTwo[0].id}`, {
      method: 'DELETE',
      headers: { 'x-mock-session': 'alice' },
    });
    expect(removed.status).toBe(204);
    const after = await fetch(`${server.url}/users`, { headers: { 'x-mock-session': 'alice' } });
    expect(after.headers.get('x-total-count')).toBe('5');

    const reset = await fetch(`${server.url}/__reset`, {
      method: 'POST',
      headers: { 'x-mock-session': 'alice' },
    });
    expect(reset.status).toBe(204);
    const seeded = await fetch(`${server.url}/users`, { headers: { 'x-mock-session': 'alice' } });
    expect(seeded.headers.get('x-total-count')).toBe('5');
    expect(
      await json(
        await fetch(`${server.url}/users/${ada.id}`, { headers: { 'x-mock-session': 'alice' } }),
      ),
    ).toMatchObject({ code: 'RECORD_NOT_FOUND' });
  });

  it('answers a preflight with the path’s Allow and the CORS headers', async () => {
    const preflight = await fetch(`${server.url}/users`, {
      method: 'OPTIONS',
      headers: { origin: 'http://app.test', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST');
    expect(preflight.headers.get('access-control-max-age')).toBe('86400');
  });

  it('starts again from its seeded state on reset()', async () => {
    await fetch(`${server.url}/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Grace Hopper', age: 85 }),
    });
    expect((await fetch(`${server.url}/users`)).headers.get('x-total-count')).toBe('6');
    server.reset();
    expect(server.requests()).toEqual([]);
    expect((await fetch(`${server.url}/users`)).headers.get('x-total-count')).toBe('5');
  });
});

describe('mocksmith serve of a project directory', () => {
  let dir: string;
  let fromFiles: MockServer;
  let fromBundle: MockServer;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mocksmith-dir-'));
    // The directory the format writes of the bundle: one file per route and collection.
    for (const [file, text] of writeProjectFiles(bundle, 'yaml')) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), text);
    }
    fromFiles = await startMockServer({ dir });
    fromBundle = await startMockServer({ bundle });
  });
  afterAll(async () => {
    await fromFiles?.close();
    await fromBundle?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers as the bundle it was written from, byte for byte', async () => {
    for (const path of [
      '/orders/123?seed=9',
      '/orders/7',
      '/users?_sort=name',
      '/users/2',
      '/p/shop/flaky',
    ]) {
      const [files, values] = await Promise.all([
        fetch(`${fromFiles.url}${path}`),
        fetch(`${fromBundle.url}${path}`),
      ]);
      expect(files.status).toBe(values.status);
      expect(files.headers.get('x-mock-response')).toBe(values.headers.get('x-mock-response'));
      expect(await files.text()).toBe(await values.text());
    }
  });

  it('refuses a directory with a broken file, naming the file', async () => {
    await writeFile(
      join(dir, 'routes', 'broken.yaml'),
      'method: GET\npath: /broken\nresponses: 12\n',
    );
    await expect(startMockServer({ dir })).rejects.toThrow(/routes\/broken\.yaml/);
  });
});
