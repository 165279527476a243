/**
 * The runner's verification API at the service's paths, no database: its answers parsed by
 * core's schemas (the ones the service's routes declare), its filters, count, one call and
 * clearing; the JSON call log and the summary of the calls no route answered.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { loggedCallSchema, requestCountSchema, requestListSchema } from '@mocksmith/core/inspector';
import {
  HOSTED_FILE,
  hostedFileText,
  type ProjectBundle,
  writeProjectFiles,
} from '@mocksmith/core/project-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../src/index.ts';
import { main } from '../src/main.ts';

const bundle: ProjectBundle = {
  project: {
    name: 'Checked',
    slug: 'checked',
    seed: 3,
    settings: { overrides: true, network: null, replay: false, logging: true, authToken: null },
  },
  routes: [
    {
      method: 'GET',
      path: '/orders/{id}',
      responses: [
        {
          name: 'found',
          status: 200,
          template: '{"id":"{{request.params.id}}"}',
          headers: [],
          delay: 0,
          isDefault: true,
        },
        {
          name: 'gone',
          status: 410,
          template: '{"gone":true}',
          headers: [],
          delay: 0,
          isDefault: false,
        },
      ],
      mode: 'default',
      rules: [
        {
          name: 'seven',
          combine: 'all',
          conditions: [{ source: 'param', name: 'id', operator: 'equals', value: '7' }],
          response: 'gone',
        },
      ],
      network: null,
      overrides: true,
      authToken: null,
    },
  ],
  collections: [],
};

describe('the runner’s verification API', () => {
  let server: MockServer;
  const lines: string[] = [];
  let base: string;
  beforeAll(async () => {
    server = await startMockServer({ bundle, format: 'json', log: (line) => lines.push(line) });
    base = `${server.url}/backend/projects/checked/requests`;
    await fetch(`${server.url}/orders/1?x=1`);
    await fetch(`${server.url}/orders/7`, {
      headers: { authorization: 'Bearer abcdefgh12345678' },
    });
    await fetch(`${server.url}/nothing`);
    await fetch(`${server.url}/orders/2`, { method: 'POST' });
  });
  // The last test closes it (to read the summary); closing twice is refused.
  afterAll(() => server?.close().catch(() => {}));

  it('lists the calls newest first, in the service’s shape, secrets masked', async () => {
    const response = await fetch(base);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const list = requestListSchema.parse(await response.json());
    expect(list).toMatchObject({ complete: true, dropped: 0 });
    expect(list.requests.map((call) => `${call.method} ${call.path} ${call.status}`)).toEqual([
      'POST /orders/2 405',
      'GET /nothing 404',
      'GET /orders/7 410',
      'GET /orders/1 200',
    ]);
    const [, , gone, first] = list.requests;
    expect(first).toMatchObject({
      id: 1,
      route: 'GET /orders/{id}',
      response: 'found',
      query: 'x=1',
    });
    expect(gone).toMatchObject({ response: 'gone', rule: 1 });
    expect(gone?.headers.authorization).not.toContain('abcdefgh');
    expect(Number.isNaN(Date.parse(first?.at ?? ''))).toBe(false);
  });

  it('filters as the service documents: method, path, status, after, q and limit', async () => {
    const list = async (query: string) =>
      requestListSchema.parse(await (await fetch(`${base}?${query}`)).json()).requests;
    expect((await list('method=post')).map((call) => call.path)).toEqual(['/orders/2']);
    expect((await list('path=/orders/*')).length).toBe(3);
    expect((await list('path=/orders/7')).map((call) => call.status)).toEqual([410]);
    expect((await list('status=404')).map((call) => call.path)).toEqual(['/nothing']);
    expect((await list('after=2')).map((call) => call.id)).toEqual([4, 3]);
    expect((await list('q=gone')).map((call) => call.path)).toEqual(['/orders/7']);
    expect((await list('limit=1')).length).toBe(1);
    expect(
      (await list(`since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`))
        .length,
    ).toBe(0);
    const refused = await fetch(`${base}?limit=0`);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('counts, shows one call, refuses another project and clears', async () => {
    const count = requestCountSchema.parse(
      await (await fetch(`${base}/count?path=/orders/*`)).json(),
    );
    expect(count).toEqual({ count: 3, complete: true, dropped: 0 });
    const one = loggedCallSchema.parse(await (await fetch(`${base}/3`)).json());
    expect(one).toMatchObject({ id: 3, path: '/nothing', route: null });
    expect((await fetch(`${base}/99`)).status).toBe(404);
    // By its runner id too; another project's is not found.
    expect((await fetch(`${server.url}/backend/projects/project:checked/requests`)).status).toBe(
      200,
    );
    const other = await fetch(`${server.url}/backend/projects/other/requests`);
    expect(other.status).toBe(404);
    expect(await other.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    // As the service's API paths: no CORS, and a preflight finds no route.
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(base, {
      method: 'OPTIONS',
      headers: { origin: 'http://elsewhere.example', 'access-control-request-method': 'DELETE' },
    });
    expect(preflight.status).toBe(404);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(await preflight.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: `No route OPTIONS ${new URL(base).pathname}`,
    });
    expect((await fetch(base, { method: 'DELETE' })).status).toBe(204);
    expect(requestListSchema.parse(await (await fetch(base)).json()).requests).toEqual([]);
    // The verification API's own calls are not the project's.
    expect(server.requests()).toEqual([]);
  });

  it('logs one JSON object per call and sums up the calls no route answered', async () => {
    const [first] = lines.map((line) => JSON.parse(line));
    expect(first).toMatchObject({
      method: 'GET',
      path: '/orders/1?x=1',
      status: 200,
      response: 'found',
      rule: null,
      ms: expect.any(Number),
    });
    expect(Number.isNaN(Date.parse(first.time))).toBe(false);
    expect(JSON.parse(lines[1] as string)).toMatchObject({ response: 'gone', rule: 1 });
    expect(lines.length).toBe(4);
    expect(server.unanswered()).toEqual([
      { method: 'GET', path: '/nothing', status: 404, count: 1 },
      { method: 'POST', path: '/orders/2', status: 405, count: 1 },
    ]);
    await server.close();
    expect(lines.slice(4)).toEqual([
      '2 calls no route answered:',
      '  404 GET /nothing',
      '  405 POST /orders/2',
    ]);
  });
});

describe('the verification API of a pulled directory', () => {
  const HOSTED_ID = '0b5c6f0e-3d4a-4f7e-9a51-2c8d7e6f1a90';
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mocksmith-hosted-id-'));
    const files = writeProjectFiles(bundle, 'yaml');
    // What `pull` writes beside the files: the hosted project's id, slug and version.
    files.set(HOSTED_FILE, hostedFileText({ project: HOSTED_ID, slug: 'checked', version: 4 }));
    for (const [file, text] of files) {
      await mkdir(dirname(join(dir, file)), { recursive: true });
      await writeFile(join(dir, file), text);
    }
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('answers at the hosted project’s id, as at its slug; another id is not found', async () => {
    const server = await startMockServer({ dir });
    try {
      await fetch(`${server.url}/orders/1`);
      for (const id of [HOSTED_ID, 'checked']) {
        const answer = await fetch(`${server.url}/backend/projects/${id}/requests/count`);
        expect(requestCountSchema.parse(await answer.json()).count).toBe(1);
      }
      const other = await fetch(
        `${server.url}/backend/projects/${HOSTED_ID.replace('0b5c', '1b5c')}/requests`,
      );
      expect(other.status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('takes the id given to startMockServer, and warns of a hosted.json that does not read', async () => {
    const server = await startMockServer({ bundle, hostedId: 'given-id' });
    try {
      expect((await fetch(`${server.url}/backend/projects/given-id/requests`)).status).toBe(200);
    } finally {
      await server.close();
    }
    await writeFile(join(dir, HOSTED_FILE), '{"project": 12}');
    let out = '';
    const code = await main(
      ['validate', dir],
      { write: (text: string) => (out += text) },
      {
        write: () => true,
      },
    );
    expect(code).toBe(0);
    expect(out).toContain(
      `warning: ${HOSTED_FILE}: ${HOSTED_FILE} must hold the project's id, slug and version`,
    );
  });
});
