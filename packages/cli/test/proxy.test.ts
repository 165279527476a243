/**
 * The runner's forward (issue 40) over HTTP: `--proxy URL` (startMockServer's `proxy`) sends the
 * calls no route answers to a real upstream on loopback (the runner allows any upstream: it runs
 * on the developer's own machine), its own routes still first.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { responseContractOf } from '@mocksmith/core/openapi';
import type { ProjectBundle } from '@mocksmith/core/project-files';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MockServer, startMockServer } from '../src/index.ts';
import { okRoute } from './fixtures/routes.ts';

const bundle: ProjectBundle = {
  project: {
    name: 'Half real',
    slug: 'half',
    seed: 1,
    settings: { overrides: true, network: null, replay: false, logging: true, authToken: null },
  },
  routes: [okRoute('/mocked')],
  collections: [],
  // What the spec says `PUT /orders` answers: the real API's `real` is no string (drift).
  specResponses: [
    {
      method: 'PUT',
      path: '/orders',
      contract: responseContractOf('3.0', {
        responses: {
          '202': {
            content: {
              'application/json': {
                schema: { type: 'object', properties: { real: { type: 'string' } } },
              },
            },
          },
        },
      }),
    },
  ],
};

let upstream: Server;
let received: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] =
  [];
let server: MockServer;

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
      if (request.url === '/api/moved') {
        response.writeHead(301, { location: 'http://127.0.0.1:1/elsewhere' });
        return response.end();
      }
      response.writeHead(202, { 'content-type': 'application/json', 'x-upstream': 'real' });
      response.end(JSON.stringify({ real: true }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const { port } = upstream.address() as AddressInfo;
  server = await startMockServer({ bundle, proxy: `http://127.0.0.1:${port}/api` });
});
afterAll(async () => {
  await server?.close();
  upstream?.close();
});

describe('mocksmith serve --proxy', () => {
  it('answers its own routes itself', async () => {
    received = [];
    const res = await fetch(`${server.url}/mocked`);
    expect(await res.json()).toEqual({ ok: true });
    expect(res.headers.get('x-mock-proxied')).toBeNull();
    expect(received).toEqual([]);
  });

  it('forwards the rest with method, path, query, body and headers, and marks the answer', async () => {
    received = [];
    const res = await fetch(`${server.url}/orders?page=2`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain', 'x-mock-session': 'ci', 'x-tenant': 'acme' },
      body: 'hello upstream',
    });
    expect(res.status).toBe(202);
    expect(res.headers.get('x-mock-proxied')).toBe('true');
    expect(res.headers.get('x-upstream')).toBe('real');
    expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(await res.json()).toEqual({ real: true });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'PUT', url: '/api/orders?page=2' });
    expect(received[0]?.body).toBe('hello upstream');
    expect(received[0]?.headers['x-tenant']).toBe('acme');
    expect(received[0]?.headers['x-mock-session']).toBeUndefined();
  });

  it('passes a redirect back without following it', async () => {
    const res = await fetch(`${server.url}/moved`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('http://127.0.0.1:1/elsewhere');
  });

  it('logs forwarded calls with the upstream’s status and time, and not among the unanswered', () => {
    const forwarded = server.requests().filter((call) => call.upstream !== null);
    expect(forwarded.map((call) => [call.method, call.status, call.upstream?.status])).toEqual([
      ['PUT', 202, 202],
      ['GET', 301, 301],
    ]);
    expect(server.unanswered()).toEqual([]);
  });

  it('marks where a forwarded answer disagrees with the spec (drift)', () => {
    const forwarded = server.requests().filter((call) => call.upstream !== null);
    expect(forwarded.map((call) => [call.method, call.drift])).toEqual([
      ['PUT', ['body.real: must be a string, got true']],
      ['GET', null],
    ]);
  });
});
