import { Readable } from 'node:stream';
import { responseContractOf } from '@mocksmith/core/openapi';
import { describe, expect, it } from 'vitest';
import {
  compileSpecResponses,
  type ForwardPort,
  forward,
  forwardedHeaders,
  returnedHeaders,
  upstreamUrl,
} from './forward.ts';

describe('what a forwarded call sends upstream', () => {
  it('appends the call’s path and query to the proxy’s base URL', () => {
    expect(upstreamUrl('https://api.example.com/v1', '/users/42?tab=orders')).toBe(
      'https://api.example.com/v1/users/42?tab=orders',
    );
    expect(upstreamUrl('https://api.example.com', '/')).toBe('https://api.example.com/');
    expect(upstreamUrl('https://api.example.com/', '/?q=1')).toBe('https://api.example.com/?q=1');
  });

  it('leaves out hop-by-hop headers, those Connection names, the app’s cookies and key, and X-Mock-*', () => {
    expect(
      forwardedHeaders({
        host: 'mocks.example.test',
        connection: 'keep-alive, x-private-hop',
        'x-private-hop': '1',
        'keep-alive': 'timeout=5',
        'transfer-encoding': 'chunked',
        'proxy-authorization': 'Basic x',
        upgrade: 'h2c',
        te: 'trailers',
        'content-length': '12',
        cookie: 'mocksmith.session_token=secret; theme=dark',
        'x-mocksmith-key': 'mks_secret',
        'x-mock-session': 'ci',
        'X-Mock-Response-Delay': '5',
        authorization: 'Bearer upstream-token',
        'content-type': 'application/json',
        accept: ['application/json', 'text/plain'],
      }),
    ).toEqual({
      cookie: 'theme=dark',
      authorization: 'Bearer upstream-token',
      'content-type': 'application/json',
      accept: ['application/json', 'text/plain'],
    });
  });
});

describe('what a forwarded answer sends back', () => {
  it('keeps the upstream’s headers but hop-by-hop ones, the sandbox and CORS, and app cookies; then X-Mock-Proxied', () => {
    expect(
      returnedHeaders({
        'content-type': 'application/json',
        'content-length': '20',
        connection: 'close',
        'transfer-encoding': 'chunked',
        'content-security-policy': "default-src 'self'",
        'access-control-allow-origin': 'https://only.example',
        'set-cookie': ['mocksmith.session_token=evil; Path=/', 'upstream=1; Path=/'],
        'x-request-id': 'abc',
        location: undefined,
      }),
    ).toEqual([
      ['content-type', 'application/json'],
      ['content-length', '20'],
      ['set-cookie', 'upstream=1; Path=/'],
      ['x-request-id', 'abc'],
      ['x-mock-proxied', 'true'],
    ]);
  });
});

describe('drift: a forwarded answer checked against its operation’s response schema', () => {
  const contract = responseContractOf('3.0', {
    responses: {
      '200': {
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: {
                items: {
                  type: 'array',
                  items: { type: 'object', properties: { price: { type: 'number' } } },
                },
              },
            },
          },
        },
      },
    },
  });

  async function forwarded(answer: string, type: string, known: boolean) {
    const call = {
      method: 'GET',
      headers: {},
      forwardBody: null,
      upstream: null,
      drift: null as string[] | null,
    };
    const port: ForwardPort<null> = {
      forward: async () => ({
        status: 200,
        headers: { 'content-type': type },
        body: Readable.from([Buffer.from(answer)]),
        ms: 1,
      }),
    };
    const streamed = await forward(
      port,
      null,
      call,
      { url: 'http://upstream.test' },
      '/items?page=2',
      {
        id: 'p',
        ownerId: null,
        specResponses: compileSpecResponses([
          { method: 'GET', path: known ? '/items' : '/orders', contract },
        ]),
      },
    );
    let sent = '';
    for await (const chunk of streamed.body ?? []) sent += chunk;
    return { call, sent };
  }

  it('names each field where the real API disagrees with its spec, and passes the answer as it came', async () => {
    const body = '{"items":[{"price":"12"}]}';
    const { call, sent } = await forwarded(body, 'application/json', true);
    expect(sent).toBe(body);
    expect(call.drift).toEqual(['body.items[0].price: must be a number, got "12"']);
  });

  it('finds no drift when the answer agrees, the spec knows no such operation, or it is not JSON', async () => {
    expect((await forwarded('{"items":[{"price":12}]}', 'application/json', true)).call.drift).toBe(
      null,
    );
    expect(
      (await forwarded('{"items":[{"price":"12"}]}', 'application/json', false)).call.drift,
    ).toBe(null);
    expect((await forwarded('{"items":[{"price":"12"}]}', 'text/plain', true)).call.drift).toBe(
      null,
    );
  });
});
