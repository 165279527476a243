import { describe, expect, it } from 'vitest';
import { endpointMatcher, withoutAppCookies } from './http.ts';
import { normalizeCustomEndpoint } from './schemas/api.ts';

describe('endpointMatcher', () => {
  it('compares an endpoint without parameters exactly', () => {
    const matches = endpointMatcher('/users/list');
    expect(matches('/users/list')).toBe(true);
    expect(matches('/users/lists')).toBe(false);
    expect(matches('/users')).toBe(false);
  });

  it('lets a {param} segment match any one segment', () => {
    const matches = endpointMatcher('/pets/{id}/toys/{toyId}');
    expect(matches('/pets/42/toys/ball-7')).toBe(true);
    expect(matches('/pets/{id}/toys/{toyId}')).toBe(true);
    expect(matches('/pets/42/toys')).toBe(false);
    expect(matches('/pets//toys/1')).toBe(false);
    expect(matches('/pets/4/2/toys/1')).toBe(false);
    expect(matches('/cats/42/toys/1')).toBe(false);
  });

  it('keeps the literal parts of a segment with a parameter, dots included', () => {
    const matches = endpointMatcher('/files/{name}.json');
    expect(matches('/files/report.json')).toBe(true);
    expect(matches('/files/reportxjson')).toBe(false);
    expect(matches('/files/.json')).toBe(false);
  });
});

describe('normalizeCustomEndpoint', () => {
  it('accepts {name} path parameters', () => {
    expect(normalizeCustomEndpoint('pets/{petId}/')).toBe('/pets/{petId}');
    expect(normalizeCustomEndpoint('/files/{name}.{ext}')).toBe('/files/{name}.{ext}');
  });

  it('refuses braces that are not a {name} pair', () => {
    for (const raw of [
      '/pets/{',
      '/pets/}',
      '/pets/{}',
      '/pets/{a/b}',
      '/pets/{{id}}',
      '/p/{a b}',
    ]) {
      expect(normalizeCustomEndpoint(raw), raw).toBeUndefined();
    }
  });
});

describe('withoutAppCookies', () => {
  it("takes the app's cookies out of Cookie, whatever their prefix or case, and keeps the rest", () => {
    const headers = {
      cookie:
        'a=1; mocksmith.session_token=abc.def;__Secure-mocksmith.session_data=x; Mocksmith.device=y; b=2',
      'x-tenant': 'acme',
    };
    expect(withoutAppCookies(headers)).toEqual({ cookie: 'a=1; b=2', 'x-tenant': 'acme' });
    expect(headers.cookie).toContain('mocksmith.session_token');
  });

  it('drops the header when nothing else is left, and reads every line of a repeated one', () => {
    expect(withoutAppCookies({ cookie: 'mocksmith.session_token=abc' })).toEqual({});
    expect(
      withoutAppCookies({ cookie: ['mocksmith.session_token=abc', 'theme=dark'], accept: '*/*' }),
    ).toEqual({ cookie: 'theme=dark', accept: '*/*' });
  });

  it('gives back the same headers when they hold no app cookie', () => {
    const headers = { cookie: 'mocksmithx=1; my.mocksmith.thing=2', accept: '*/*' };
    expect(withoutAppCookies(headers)).toBe(headers);
    const none = { accept: '*/*' };
    expect(withoutAppCookies(none)).toBe(none);
  });
});
