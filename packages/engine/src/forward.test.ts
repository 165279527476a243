import { describe, expect, it } from 'vitest';
import { forwardedHeaders, returnedHeaders, upstreamUrl } from './forward.ts';

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
