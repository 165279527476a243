import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../limits.ts';
import { nestedJson } from '../testing/nested-json.ts';
import {
  isSecretName,
  maskBody,
  maskHeaders,
  maskJson,
  maskQuery,
  maskSecret,
  TOO_DEEP,
} from './mask.ts';

const SECRET = 'sk_live_0123456789abcdefWXYZ';

describe('masking what the inspector keeps', () => {
  // 30 cases: each value, whatever its place, keeps at most its last 4 characters.
  const headerCases: [string, string, string][] = [
    ['authorization', `Bearer ${SECRET}`, 'Bearer ••••WXYZ'],
    ['Authorization', `Basic ${SECRET}`, 'Basic ••••WXYZ'],
    ['authorization', SECRET, '••••WXYZ'],
    ['proxy-authorization', `Bearer ${SECRET}`, 'Bearer ••••WXYZ'],
    ['cookie', `sid=${SECRET}; theme=darkest`, 'sid=••••WXYZ; theme=••••kest'],
    ['set-cookie', `sid=${SECRET}`, '••••WXYZ'],
    ['x-api-key', SECRET, '••••WXYZ'],
    ['x-mocksmith-key', SECRET, '••••WXYZ'],
    ['X-Auth-Token', SECRET, '••••WXYZ'],
    ['x-client-secret', SECRET, '••••WXYZ'],
    ['x-db-password', SECRET, '••••WXYZ'],
    ['x-signature', SECRET, '••••WXYZ'],
    ['x-session-id', SECRET, '••••WXYZ'],
    ['x-access-key', SECRET, '••••WXYZ'],
    ['x-csrf-token', SECRET, '••••WXYZ'],
    ['x-refresh-token', 'abc', '••••'],
  ];
  it.each(headerCases)('header %s', (name, value, shown) => {
    expect(maskHeaders({ [name]: value })[name]).toBe(shown);
  });

  const bodyCases: [string, unknown, unknown][] = [
    ['password', { password: SECRET }, { password: '••••WXYZ' }],
    ['nested token', { user: { token: SECRET } }, { user: { token: '••••WXYZ' } }],
    ['apiKey camel', { apiKey: SECRET }, { apiKey: '••••WXYZ' }],
    ['api_key', { api_key: SECRET }, { api_key: '••••WXYZ' }],
    ['client_secret', { client_secret: SECRET }, { client_secret: '••••WXYZ' }],
    ['in a list', [{ secret: SECRET }], [{ secret: '••••WXYZ' }]],
    ['a number', { pin: 12345678 }, { pin: '••••5678' }],
    ['an object', { credentials: { a: 1 } }, { credentials: '••••":1}' }],
    ['accessToken', { accessToken: SECRET }, { accessToken: '••••WXYZ' }],
    ['privateKey', { privateKey: SECRET }, { privateKey: '••••WXYZ' }],
  ];
  it.each(bodyCases)('JSON field: %s', (_label, value, shown) => {
    expect(maskJson(value)).toEqual(shown);
  });

  it('masks a cut JSON body and form fields by name', () => {
    const cut = maskBody(`{"name":"Ann","password":"${SECRET}","notes":"${'x'.repeat(20_000)}"}`);
    expect(cut.truncated).toBe(true);
    expect(cut.body).toContain('"password":"••••WXYZ"');
    expect(cut.body).not.toContain(SECRET.slice(0, -4));
    const form = maskBody(`user=ann&password=${SECRET}&token=${SECRET}`);
    expect(form).toEqual({ body: 'user=ann&password=••••WXYZ&token=••••WXYZ', truncated: false });
    expect(maskBody(JSON.stringify({ a: { secret: SECRET } })).body).toBe(
      '{"a":{"secret":"••••WXYZ"}}',
    );
    expect(maskBody('plain text').body).toBe('plain text');
    expect(maskBody(`{"token": "${SECRET}"`).body).toBe('{"token": "••••WXYZ"');
  });

  it('masks query parameters named like a secret', () => {
    expect(maskQuery(`page=2&token=${SECRET}&q=pens`)).toBe(
      `page=2&token=${encodeURIComponent('••••WXYZ')}&q=pens`,
    );
    expect(maskQuery('')).toBe('');
  });

  it.each([
    'key',
    'code',
    'jwt',
    'sig',
    'client_secret',
    'X-Amz-Signature',
    'X-Amz-Credential',
    'X-Amz-Security-Token',
    'access_token',
    'id_token',
    'x-jwt-assertion',
    'Ocp-Apim-Subscription-Key',
    'x-functions-key',
  ])('masks the query parameter %s', (name) => {
    expect(maskQuery(`page=2&${name}=${SECRET}`)).toBe(
      `page=2&${name}=${encodeURIComponent('••••WXYZ')}`,
    );
  });

  it('keeps names that only hold those words', () => {
    for (const name of ['zip_code', 'sort_key', 'status_code', 'signal', 'design', 'monkey']) {
      expect(isSecretName(name)).toBe(false);
    }
  });

  it('cuts what is nested past MAX_JSON_DEPTH levels, so that the copy serialises', () => {
    const masked = maskJson(JSON.parse(nestedJson(100_000, [false])));
    let level = masked as Record<string, unknown>;
    for (let depth = 1; depth < MAX_JSON_DEPTH; depth++) level = level.v as typeof level;
    expect(level).toEqual({ 'k[': ']}', v: TOO_DEEP });
    expect(JSON.stringify(masked).length).toBeLessThan(2_000);
    const secret = { token: JSON.parse(nestedJson(100_000)) };
    expect(maskJson(secret)).toEqual({ token: '••••' });
  });

  it('masks a body nested too deep to walk as text', () => {
    const text = `{"password":"${SECRET}","a":${nestedJson(100_000)}}`;
    const masked = maskBody(text, text.length);
    expect(masked.body).toBe(text.replace(SECRET, '••••WXYZ'));
  });

  it('keeps what is no secret, the sandbox name among it', () => {
    expect(isSecretName('x-mock-session')).toBe(false);
    expect(isSecretName('content-type')).toBe(false);
    expect(isSecretName('x-author')).toBe(false);
    expect(isSecretName('keyboard')).toBe(false);
    expect(isSecretName('shipping')).toBe(false);
    expect(isSecretName('spinner')).toBe(false);
    expect(isSecretName('x-session-id')).toBe(true);
    expect(isSecretName('clientSecret')).toBe(true);
    expect(maskHeaders({ 'x-mock-session': 'ci-1', accept: 'application/json' })).toEqual({
      'x-mock-session': 'ci-1',
      accept: 'application/json',
    });
    expect(maskSecret('abcd')).toBe('••••');
  });
});
