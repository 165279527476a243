/**
 * The server's forward port with a real connection (undici to a node:http server on loopback):
 * a name is checked in the connection's own lookup, so one that resolves to a private address is
 * refused before any byte reaches it, while a self-hosted install (allowPrivate) reaches it.
 * Names are resolved by a resolver of the test's own, without a network.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createMemoryLimits } from '@mocksmith/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUpstream } from './upstream.ts';
import type { Resolver } from './upstream-address.ts';

let server: Server;
let port: number;
let calls = 0;

/** `api.internal.example` is this machine, as a hostile DNS could say. */
const resolver: Resolver = (hostname, callback) =>
  hostname === 'api.internal.example'
    ? callback(null, [{ address: '127.0.0.1', family: 4 }])
    : callback(Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' }), []);

const options = {
  connectTimeoutMs: 2_000,
  timeoutMs: 5_000,
  maxBytes: 1024 * 1024,
  perMinute: 0,
  limits: createMemoryLimits(),
  resolver,
};

beforeAll(async () => {
  server = createServer((_request, response) => {
    calls++;
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end('{"reached":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  server?.close();
});

const call = (url: string) => ({ url, method: 'GET', headers: {}, body: null, account: 'owner' });

describe('the forward port’s connection', () => {
  it('refuses a name resolving to a private address in its own lookup, before connecting', async () => {
    const upstream = createUpstream({ ...options, allowPrivate: false });
    try {
      await expect(
        upstream.forward(call(`http://api.internal.example:${port}/secret`), null),
      ).rejects.toMatchObject({
        code: 'UPSTREAM_REFUSED',
        message: expect.stringContaining('127.0.0.1 is a loopback address'),
      });
      expect(calls).toBe(0);
    } finally {
      await upstream.close();
    }
  });

  it('reaches it on a self-hosted install that allows private upstreams', async () => {
    const upstream = createUpstream({ ...options, allowPrivate: true });
    try {
      const answer = await upstream.forward(call(`http://127.0.0.1:${port}/open`), null);
      expect(answer.status).toBe(200);
      const chunks: Buffer[] = [];
      for await (const chunk of answer.body ?? []) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe('{"reached":true}');
      expect(calls).toBe(1);
    } finally {
      await upstream.close();
    }
  });
});
