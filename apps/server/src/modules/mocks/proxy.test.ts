/**
 * Partial mocking over real HTTP (issue 40): a project answers its routes itself and forwards
 * the rest to a real upstream (a node:http server on loopback, allowed by
 * MOCK_PROXY_ALLOW_PRIVATE for this app), as a front end calling the project sees it: what the
 * upstream receives, what comes back, redirects passed through rather than followed, the answer
 * bound, the per-account limit, the inspector's and the analytics' view of forwarded calls;
 * and, on the hosted default, the same loopback upstream refused before any connection.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { projectCalls } from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';

/** What the upstream received, in order. */
interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let upstream: Server;
let upstreamUrl: string;
let received: Received[] = [];
/** Another loopback server a redirect points at: it must never be called. */
let secret: Server;
let secretCalls = 0;
let secretUrl: string;

let t: TestApp;
let origin: string;
let sink: SmtpSink;
let calls: ReturnType<typeof projectCalls>;
let cookie: string;
let project: { id: string; slug: string };

const PER_MINUTE = 10;
const MAX_BYTES = 4096;

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    });
  });
}

beforeAll(async () => {
  upstream = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      if (request.url?.startsWith('/v1/moved')) {
        response.writeHead(302, { location: `${secretUrl}/admin` });
        return response.end();
      }
      if (request.url?.startsWith('/v1/huge')) {
        const body = JSON.stringify({ blob: 'x'.repeat(MAX_BYTES * 2) });
        // Said ahead (Content-Length), or found while it streams (chunked).
        const sized = request.url.includes('sized');
        response.writeHead(200, {
          'content-type': 'application/json',
          ...(sized ? { 'content-length': Buffer.byteLength(body) } : {}),
        });
        return response.end(body);
      }
      if (request.url?.startsWith('/v1/customers/')) {
        const id = Number(request.url.split('/')[3]);
        response.writeHead(200, { 'content-type': 'application/json' });
        return response.end(
          JSON.stringify({ id, name: 'Ann Smith', email: 'ann.smith@example.com', vip: true }),
        );
      }
      response.writeHead(request.method === 'POST' ? 201 : 200, {
        'content-type': 'application/json',
        'x-upstream': 'real',
        'set-cookie': ['mocksmith.session_token=stolen; Path=/', 'real=1; Path=/'],
      });
      response.end(JSON.stringify({ real: true, path: request.url }));
    });
  });
  upstreamUrl = await listen(upstream);
  secret = createServer((_request, response) => {
    secretCalls++;
    response.end('secret');
  });
  secretUrl = await listen(secret);

  sink = await startSmtpSink();
  t = await buildTestApp({
    SMTP_URL: sink.url,
    MOCK_PROXY_ALLOW_PRIVATE: 'true',
    MOCK_PROXY_CALLS_PER_MINUTE: String(PER_MINUTE),
    MOCK_MAX_RESPONSE_BYTES: String(MAX_BYTES),
  });
  origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  calls = projectCalls(t.app);
  ({ cookie } = await accountSteps(t.app, sink).signUp('proxy@example.test'));
  project = await newProject(cookie, 'Half real');
  const route = await calls.createRoute(cookie, project.id, {
    method: 'GET',
    path: '/users/{id}',
    responses: [{ name: 'mocked', status: 200, template: JSON.stringify({ mocked: true }) }],
  });
  expect(route.statusCode, route.body).toBe(201);
  const patched = await calls.update(cookie, project.id, {
    settings: { proxy: { url: `${upstreamUrl}/v1/` } },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  expect(patched.json().settings.proxy).toEqual({
    url: `${upstreamUrl}/v1`,
    record: false,
    recordLimit: 100,
    recorded: [],
  });
});

afterAll(async () => {
  await t?.close();
  await sink?.close();
  upstream?.close();
  secret?.close();
});

async function newProject(owner: string, name: string) {
  const res = await calls.create(owner, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; slug: string };
}

const base = () => `${origin}/p/${project.slug}`;

describe('a project with a proxy', () => {
  it('answers its own routes itself', async () => {
    received = [];
    const res = await fetch(`${base()}/users/7`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ mocked: true });
    expect(res.headers.get('x-mock-proxied')).toBeNull();
    expect(received).toEqual([]);
  });

  it('forwards a path no route has, with its method, query, body and headers, and streams the answer back', async () => {
    received = [];
    const res = await fetch(`${base()}/orders/9?expand=items&page=2`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer real-api-token',
        cookie: 'mocksmith.session_token=app-session; theme=dark',
        'x-mock-session': 'ci',
        'x-mocksmith-key': 'mks_owner_key',
        'x-tenant': 'acme',
      },
      body: JSON.stringify({ item: 'book', count: 2 }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-mock-proxied')).toBe('true');
    expect(res.headers.get('x-upstream')).toBe('real');
    // The upstream cannot set the app's own cookie, nor lift the sandbox.
    expect(res.headers.getSetCookie()).toEqual(['real=1; Path=/']);
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(await res.json()).toEqual({ real: true, path: '/v1/orders/9?expand=items&page=2' });

    expect(received).toHaveLength(1);
    const [sent] = received as [Received];
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/v1/orders/9?expand=items&page=2');
    expect(JSON.parse(sent.body)).toEqual({ item: 'book', count: 2 });
    expect(sent.headers.authorization).toBe('Bearer real-api-token');
    expect(sent.headers['x-tenant']).toBe('acme');
    expect(sent.headers.cookie).toBe('theme=dark');
    expect(sent.headers['x-mock-session']).toBeUndefined();
    expect(sent.headers['x-mocksmith-key']).toBeUndefined();
  });

  it('forwards another method of a path a route has', async () => {
    received = [];
    const res = await fetch(`${base()}/users/7`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-mock-proxied')).toBe('true');
    expect(received.map((call) => `${call.method} ${call.url}`)).toEqual(['DELETE /v1/users/7']);
  });

  it('passes a redirect back as it came, never following it', async () => {
    const res = await fetch(`${base()}/moved`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${secretUrl}/admin`);
    expect(secretCalls).toBe(0);
  });

  it.each(['/huge', '/huge-sized'])(
    'refuses an answer larger than a mock answer may be (%s)',
    async (path) => {
      const res = await fetch(`${base()}${path}`);
      expect(res.status).toBe(502);
      expect(((await res.json()) as { message: string }).message).toContain(`(${MAX_BYTES} bytes)`);
    },
  );

  it('shows forwarded calls in the inspector with the upstream’s status and time, and counts them apart', async () => {
    const log = await t.app.inject({
      url: `/backend/projects/${project.id}/requests?path=/orders/9`,
      headers: { cookie },
    });
    expect(log.statusCode, log.body).toBe(200);
    const [order] = log.json().requests;
    expect(order).toMatchObject({ method: 'POST', status: 201, route: null });
    expect(order.upstream.status).toBe(201);
    expect(order.upstream.ms).toBeGreaterThanOrEqual(0);
    const own = await t.app.inject({
      url: `/backend/projects/${project.id}/requests?path=/users/7&method=GET`,
      headers: { cookie },
    });
    expect(own.json().requests[0].upstream).toBeNull();

    const charts = await t.app.inject({
      url: `/backend/projects/${project.id}/analytics?range=hour`,
      headers: { cookie },
    });
    expect(charts.statusCode, charts.body).toBe(200);
    // Forwarded: the order, the DELETE, the redirect, and the two huge answers (refused, 502).
    expect(charts.json().totals.proxied).toBe(5);
    expect(charts.json().totals.calls).toBe(6);
  });

  it('counts an account’s forwarded calls per minute, and refuses past the limit with 429', async () => {
    // Another account, so that this count starts at 0; a minute's window may turn once.
    const other = (await accountSteps(t.app, sink).signUp('proxy-limit@example.test')).cookie;
    const limited = await newProject(other, 'Limited');
    await calls.update(other, limited.id, { settings: { proxy: { url: upstreamUrl } } });
    const statuses: number[] = [];
    for (let n = 0; n < 2 * PER_MINUTE + 1; n++) {
      statuses.push((await fetch(`${origin}/p/${limited.slug}/anything`)).status);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(PER_MINUTE);
  });

  it('does not loop when a proxy points back at a mock URL (508)', async () => {
    const loop = await newProject(cookie, 'Loop');
    await calls.update(cookie, loop.id, {
      settings: { proxy: { url: `${origin}/p/${loop.slug}` } },
    });
    const res = await fetch(`${origin}/p/${loop.slug}/anything`);
    // The inner call refused the loop; the outer one passed its answer back.
    expect(res.status).toBe(508);
    expect(res.headers.get('x-mock-proxied')).toBe('true');
    expect(((await res.json()) as { message: string }).message).toContain('would loop');
  });

  it('refuses a proxy URL that is not one, naming the problem', async () => {
    const res = await calls.update(cookie, project.id, {
      settings: { proxy: { url: 'ftp://files.example.com' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('proxy.url must be an http or https URL');
  });
});

describe('a project that records what it forwards', () => {
  it('turns a forwarded JSON answer into a typed route, lists it, and stops at its limit', async () => {
    const recorder = await newProject(cookie, 'Recorder');
    const patched = await calls.update(cookie, recorder.id, {
      settings: { proxy: { url: `${upstreamUrl}/v1`, record: true, recordLimit: 1 } },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const at = `${origin}/p/${recorder.slug}`;

    const first = await fetch(`${at}/customers/42`);
    expect(first.headers.get('x-mock-proxied')).toBe('true');
    expect(await first.json()).toMatchObject({ id: 42, name: 'Ann Smith' });

    // Stored off the call's path: the project shows it once it is written.
    await vi.waitFor(
      async () => {
        const read = await calls.get(cookie, recorder.id);
        expect(read.json().settings.proxy.recorded).toHaveLength(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    const read = (await calls.get(cookie, recorder.id)).json();
    expect(read.settings.proxy.recorded[0]).toMatchObject({
      method: 'GET',
      path: '/customers/{customerId}',
    });
    const [route] = read.routes;
    expect(route).toMatchObject({ method: 'GET', path: '/customers/{customerId}' });
    const typed = route.responses.find((response: { name: string }) => response.name === 'ok');
    for (const personal of ['Ann', 'Smith', 'ann.smith@example.com']) {
      expect(typed.template).not.toContain(personal);
    }
    const example = route.responses.find((response: { name: string }) => response.name === 'ok-1');
    expect(JSON.parse(example.template)).toEqual({
      id: 42,
      name: 'Ann Smith',
      email: 'ann.smith@example.com',
      vip: true,
    });

    // The route answers now: mocked, not forwarded; the example on asking for it.
    received = [];
    const mocked = await fetch(`${at}/customers/7`);
    expect(mocked.status).toBe(200);
    expect(mocked.headers.get('x-mock-proxied')).toBeNull();
    expect(mocked.headers.get('x-mock-response')).toBe('ok');
    const generated = (await mocked.json()) as Record<string, unknown>;
    expect(Object.keys(generated).sort()).toEqual(['email', 'id', 'name', 'vip']);
    expect(received).toEqual([]);

    // Past its limit (1 route), recording stops: forwarded, never added.
    const other = await fetch(`${at}/orders/3`);
    expect(other.headers.get('x-mock-proxied')).toBe('true');
    const again = await fetch(`${at}/orders/3`);
    expect(again.headers.get('x-mock-proxied')).toBe('true');
    const after = (await calls.get(cookie, recorder.id)).json();
    expect(after.routes).toHaveLength(1);
    expect(after.settings.proxy.recorded).toHaveLength(1);
  });

  it('exports its proxy in the project file; a push of the files keeps what recording added', async () => {
    const recorder = await newProject(cookie, 'Recorder pulled');
    await calls.update(cookie, recorder.id, {
      settings: { proxy: { url: `${upstreamUrl}/v1`, record: true, recordLimit: 1 } },
    });
    expect((await fetch(`${origin}/p/${recorder.slug}/customers/42`)).status).toBe(200);
    await vi.waitFor(
      async () => {
        const read = await calls.get(cookie, recorder.id);
        expect(read.json().settings.proxy.recorded).toHaveLength(1);
      },
      { timeout: 10_000, interval: 50 },
    );
    const exported = await calls.call(
      'GET',
      `/backend/projects/${recorder.id}/export/files`,
      cookie,
    );
    const { files, project } = exported.json() as {
      files: Record<string, string>;
      project: { version: number };
    };
    const projectFile = files['mocksmith.yaml'] ?? '';
    expect(projectFile).toContain(
      `  proxy:\n    url: ${upstreamUrl}/v1\n    record: true\n    recordLimit: 1\n`,
    );
    // The same files change nothing; a higher limit in them keeps the route recorded so far.
    const same = await calls.call('PUT', `/backend/projects/${recorder.id}/files`, cookie, {
      files,
      baseVersion: project.version,
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().applied).toBe(false);
    const pushed = await calls.call('PUT', `/backend/projects/${recorder.id}/files`, cookie, {
      files: {
        ...files,
        'mocksmith.yaml': projectFile.replace('recordLimit: 1', 'recordLimit: 5'),
      },
      baseVersion: project.version,
    });
    expect(pushed.statusCode, pushed.body).toBe(200);
    expect(pushed.json().changes.project).toEqual(['settings']);
    const after = (await calls.get(cookie, recorder.id)).json();
    expect(after.settings.proxy.recordLimit).toBe(5);
    expect(after.settings.proxy.recorded).toEqual([
      expect.objectContaining({ method: 'GET', path: '/customers/{customerId}' }),
    ]);
  });
});

describe('on the hosted default (private upstreams not allowed)', () => {
  let hosted: TestApp;
  let hostedOrigin: string;

  beforeAll(async () => {
    hosted = await buildTestApp({ SMTP_URL: sink.url });
    hostedOrigin = await hosted.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await hosted?.close();
  });

  it.each([
    ['the loopback upstream by address', () => upstreamUrl],
    [
      'the loopback upstream by the name localhost.',
      () => upstreamUrl.replace('127.0.0.1', 'localhost.'),
    ],
    ['the metadata address', () => 'http://169.254.169.254'],
  ])('refuses %s before connecting (502)', async (_name, url) => {
    const hostedCalls = projectCalls(hosted.app);
    const owner = (
      await accountSteps(hosted.app, sink).signUp(`hosted-${Math.random()}@example.test`)
    ).cookie;
    const res = await hostedCalls.create(owner, { name: 'Hosted' });
    const made = res.json() as { id: string; slug: string };
    await hostedCalls.update(owner, made.id, { settings: { proxy: { url: url() } } });
    received = [];
    const answer = await fetch(`${hostedOrigin}/p/${made.slug}/orders`);
    expect(answer.status).toBe(502);
    const body = (await answer.json()) as { code: string; message: string };
    expect(body.code).toBe('UPSTREAM_REFUSED');
    expect(body.message).toContain('MOCK_PROXY_ALLOW_PRIVATE=true');
    expect(received).toEqual([]);
  });
});
