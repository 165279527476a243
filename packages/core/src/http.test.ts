import { describe, expect, it } from 'vitest';
import { endpointMatcher } from './http.ts';
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
