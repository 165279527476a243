import { describe, expect, it } from 'vitest';
import { callOf } from '../testing/calls.ts';
import { callUrl, curlCommand, shellQuote } from './curl.ts';

const BASE = 'https://mocks.test/p/shop';

describe('curlCommand', () => {
  it('leaves the method to curl for a GET, and the client’s own headers out', () => {
    const call = callOf({
      path: '/users/42',
      query: 'page=2&sort=name',
      headers: {
        host: 'mocks.test',
        'user-agent': 'my-app/1.0',
        accept: 'application/json',
        'accept-encoding': 'gzip',
        connection: 'keep-alive',
      },
    });
    expect(curlCommand(call, BASE)).toBe(
      [
        "curl 'https://mocks.test/p/shop/users/42?page=2&sort=name' \\",
        "  -H 'user-agent: my-app/1.0' \\",
        "  -H 'accept: application/json'",
      ].join('\n'),
    );
  });

  it('says the method and sends the body as logged, its quotes escaped for the shell', () => {
    const call = callOf({
      method: 'POST',
      path: '/orders',
      headers: { 'content-type': 'application/json', 'content-length': '27' },
      body: `{"note":"it's here","n":1}`,
    });
    expect(curlCommand(call, `${BASE}/`)).toBe(
      [
        "curl -X POST 'https://mocks.test/p/shop/orders' \\",
        "  -H 'content-type: application/json' \\",
        `  --data-raw '{"note":"it'\\''s here","n":1}'`,
      ].join('\n'),
    );
  });

  it('leaves the masked headers out, naming them in a comment, and says a cut or masked body', () => {
    const call = callOf({
      method: 'PUT',
      path: '/me',
      headers: {
        authorization: 'Bearer ••••9f3a',
        cookie: 'sid=••••abcd',
        'x-tenant': 'acme',
      },
      body: '{"password":"••••word","name":"Ada"',
      bodyTruncated: true,
    });
    expect(curlCommand(call, BASE)).toBe(
      [
        '# Masked in the log, left out: authorization, cookie',
        '# The body was cut at 16 KB in the log: this sends its first 16 KB.',
        '# Secrets in the body are masked (••••): put them back.',
        "curl -X PUT 'https://mocks.test/p/shop/me' \\",
        "  -H 'x-tenant: acme' \\",
        `  --data-raw '{"password":"••••word","name":"Ada"'`,
      ].join('\n'),
    );
  });

  it('asks HEAD with --head, and a GET with a body with -X GET', () => {
    expect(curlCommand(callOf({ method: 'HEAD', headers: {} }), BASE)).toBe(
      "curl --head 'https://mocks.test/p/shop/users'",
    );
    expect(curlCommand(callOf({ method: 'GET', headers: {}, body: 'q' }), BASE)).toBe(
      "curl -X GET 'https://mocks.test/p/shop/users' \\\n  --data-raw 'q'",
    );
  });
});

describe('callUrl and shellQuote', () => {
  it('join the base URL, the path and the query; quote anything for a shell', () => {
    expect(callUrl(BASE, { path: '/', query: '' })).toBe('https://mocks.test/p/shop/');
    expect(callUrl('https://shop.mocks.test/', { path: '/a b', query: 'x=1' })).toBe(
      'https://shop.mocks.test/a b?x=1',
    );
    expect(shellQuote("a'b $HOME")).toBe(`'a'\\''b $HOME'`);
  });
});
