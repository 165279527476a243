/**
 * A HAR file imported into a project (issue 39), through the import of OpenAPI files: its JSON
 * answers become routes with their path parameters, a response per status and the bodies as
 * named examples; the rest is skipped and reported.
 */
import { MAX_HAR_FILE_BYTES, MAX_OPENAPI_FILE_BYTES } from '@mocksmith/core';
import type { Project, ProjectImportResult } from '@mocksmith/core/projects';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { multipartBody } from '../../../test/openapi.ts';
import { projectCalls } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof projectCalls>;
let ann: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url });
  calls = projectCalls(t.app);
  ann = (await accountSteps(t.app, sink).signUp('ann@har.test')).cookie;
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

let counter = 0;
async function newProject(): Promise<Project> {
  const res = await calls.create(ann, { name: `HAR ${++counter}` });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** An entry of a HAR: a request and its answer, `body` as JSON unless a text is given. */
function entry(
  method: string,
  url: string,
  status: number,
  {
    mimeType = 'application/json',
    body,
    text,
  }: { mimeType?: string; body?: unknown; text?: string } = {},
) {
  const content = text ?? (body === undefined ? undefined : JSON.stringify(body));
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 5,
    request: { method, url, httpVersion: 'HTTP/1.1', headers: [], queryString: [] },
    response: {
      status,
      statusText: '',
      headers: [],
      content: {
        size: content?.length ?? 0,
        mimeType,
        ...(content !== undefined && { text: content }),
      },
    },
  };
}

const API = 'https://api.shop.test/api';
const HAR = JSON.stringify({
  log: {
    version: '1.2',
    creator: { name: 'test', version: '1' },
    entries: [
      entry('GET', `${API}/users/42`, 200, {
        body: { id: 42, name: 'Ada Lovelace', email: 'ada@shop.test', plan: 'pro' },
      }),
      entry('GET', `${API}/users/17`, 200, {
        body: { id: 17, name: 'Alan Turing', email: 'alan@shop.test', plan: 'free' },
      }),
      entry('GET', `${API}/users/99`, 404, { body: { error: 'No such user' } }),
      entry('GET', `${API}/orders/3f2504e0-4f89-11d3-9a0c-0305e82c3301`, 200, {
        body: { id: '3f2504e0-4f89-11d3-9a0c-0305e82c3301', total: 12.5 },
      }),
      entry('POST', `${API}/orders`, 201, { body: { id: 'a1', total: 3 } }),
      entry('OPTIONS', `${API}/orders`, 204),
      entry('GET', 'https://api.shop.test/assets/app.js', 200, {
        mimeType: 'application/javascript',
        text: 'void 0',
      }),
      entry('GET', 'https://api.shop.test/login', 302, { mimeType: 'text/html', text: '' }),
      entry('GET', `${API}/health`, 200, { mimeType: 'text/plain', text: 'OK' }),
      entry('GET', 'https://stats.other.test/collect', 200, { body: { ok: true } }),
    ],
  },
});

function importHar(projectId: string, content = HAR) {
  // A .har as browsers save it: no JSON content type said.
  const { body, contentType } = multipartBody(content, {
    fileName: 'session.har',
    contentType: 'application/octet-stream',
  });
  return t.app.inject({
    method: 'POST',
    url: `/backend/projects/${projectId}/import`,
    payload: body,
    headers: { 'content-type': contentType, cookie: ann },
  });
}

const mock = (project: Project, path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/p/${project.slug}${path}`, headers });

describe('POST /backend/projects/{id}/import with a HAR file', () => {
  it('makes routes with path parameters, a response per status, the bodies as examples', async () => {
    const project = await newProject();
    const res = await importHar(project.id);
    expect(res.statusCode, res.body).toBe(201);
    const result: ProjectImportResult = res.json();
    expect([...result.report.created].sort()).toEqual([
      'GET /api/orders/{orderId}',
      'GET /api/users/{userId}',
      'POST /api/orders',
    ]);
    const users = result.routes.find((route) => route.path === '/api/users/{userId}');
    expect(users?.responses.map((r) => [r.name, r.status])).toEqual([
      ['ok', 200],
      ['ok-1', 200],
      ['ok-2', 200],
      ['not-found', 404],
      ['not-found-1', 404],
    ]);

    // The default answers in the recorded shape, generated; an example as it was recorded.
    const generated = await mock(project, '/api/users/5');
    expect(generated.statusCode).toBe(200);
    expect(Object.keys(generated.json()).sort()).toEqual(['email', 'id', 'name', 'plan']);
    const recorded = await mock(project, '/api/users/5', { prefer: 'example="ok-1"' });
    expect(recorded.json()).toEqual({
      id: 42,
      name: 'Ada Lovelace',
      email: 'ada@shop.test',
      plan: 'pro',
    });
    const missing = await mock(project, '/api/users/5', { prefer: 'code=404' });
    expect(missing.statusCode).toBe(404);
    expect(Object.keys(missing.json())).toEqual(['error']);

    // What was left out, and why.
    const skipped = result.report.skipped.map(({ operation, reason }) => `${operation}: ${reason}`);
    expect(skipped).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^OPTIONS \/api\/orders: An OPTIONS request/),
        'GET /assets/app.js: A static file (.js), not an API answer',
        expect.stringMatching(/^GET \/login: A redirect \(302\)/),
        'GET /api/health: The answer is not JSON (text/plain)',
        expect.stringMatching(/^GET \/collect: A request to stats\.other\.test/),
      ]),
    );
    expect(result.report.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^The routes are the requests to api\.shop\.test/),
        expect.stringMatching(/^5 entries of the HAR were skipped/),
      ]),
    );
  });

  it('leaves the routes unchanged when the same HAR is imported again', async () => {
    const project = await newProject();
    const first: ProjectImportResult = (await importHar(project.id)).json();
    const again = await importHar(project.id);
    expect(again.statusCode, again.body).toBe(201);
    const result: ProjectImportResult = again.json();
    expect(result.report.created).toEqual([]);
    expect([...result.report.unchanged].sort()).toEqual([...first.report.created].sort());
  });

  it('refuses a file of another kind in words', async () => {
    const project = await newProject();
    const { body, contentType } = multipartBody('GIF89a', {
      fileName: 'picture.gif',
      contentType: 'image/gif',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: `/backend/projects/${project.id}/import`,
      payload: body,
      headers: { 'content-type': contentType, cookie: ann },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/send a \.json, \.yaml, \.yml or \.har file/);
  });

  it('imports a HAR larger than an OpenAPI file may be, and refuses one past its own limit 413', async () => {
    /** A recording of `bytes` or a little less: users, their orders, a page of products each. */
    const recording = (bytes: number) => {
      const entries: string[] = [];
      let size = 100;
      for (let n = 1; ; n++) {
        const next = JSON.stringify(
          entry('GET', `${API}/users/${n}/orders/${n * 7}`, 200, {
            body: {
              id: n * 7,
              user: { id: n, email: `user${n}@shop.test` },
              lines: Array.from({ length: 10 }, (_, i) => ({
                sku: `SKU-${n}-${i}`,
                price: (n * i) / 100,
              })),
            },
          }),
        );
        if (size + next.length + 1 > bytes) break;
        entries.push(next);
        size += next.length + 1;
      }
      return `{"log":{"version":"1.2","creator":{"name":"t","version":"1"},"entries":[${entries.join(',')}]}}`;
    };
    const project = await newProject();
    // Past an OpenAPI file's 10 MiB: a recording holds every answer's body.
    const within = recording(MAX_OPENAPI_FILE_BYTES + 2 * 1024 * 1024);
    const res = await importHar(project.id, within);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
    const result: ProjectImportResult = res.json();
    expect(result.report.created).toEqual(['GET /api/users/{userId}/orders/{orderId}']);
    expect(result.routes[0]?.responses.map((r) => r.name)).toEqual(['ok', 'ok-1', 'ok-2', 'ok-3']);

    const beyond = await importHar(project.id, recording(MAX_HAR_FILE_BYTES + 1024 * 1024));
    expect(beyond.statusCode).toBe(413);
    expect(beyond.json().message).toMatch(/a HAR file may have at most 48 MiB/);

    // Another JSON file of that size is no recording: an OpenAPI file's limit holds for it.
    const spec = `{"openapi":"3.1.0","info":{"title":"t","version":"1"},"x-pad":"${'x'.repeat(MAX_OPENAPI_FILE_BYTES + 1024)}","paths":{}}`;
    const { body, contentType } = multipartBody(spec, {
      fileName: 'spec.json',
      contentType: 'application/json',
    });
    const large = await t.app.inject({
      method: 'POST',
      url: `/backend/projects/${project.id}/import`,
      payload: body,
      headers: { 'content-type': contentType, cookie: ann },
    });
    expect(large.statusCode).toBe(413);
    expect(large.json().message).toMatch(/an OpenAPI file may have at most 10 MiB/);
  }, 60_000);
});
