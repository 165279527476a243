/** A route compiled for serving: the objects the steps read, made once. */
import type { Route } from '@mocksmith/core/projects';
import { describe, expect, it } from 'vitest';
import { compileRoute } from './compile.ts';
import { collectionTarget, compileProjectTable, resetTarget } from './project-table.ts';

const route = (overrides: Partial<Route> = {}): Route => ({
  id: 'r1',
  requestId: 'abc123',
  method: 'GET',
  path: '/users/{id}',
  responses: [
    { name: 'ok', status: 200, template: '{"id":1}', headers: [], delay: 0, isDefault: true },
    {
      name: 'missing',
      status: 404,
      template: '{"name":"string.name.fullname"}',
      headers: [
        { name: 'X-Own', value: 'yes' },
        { name: 'Content-Length', value: '3' },
      ],
      delay: 5,
      isDefault: false,
      when: { header: 'x-case', equals: 'missing' },
    },
  ],
  mode: 'default',
  rules: [],
  network: null,
  overrides: true,
  authToken: null,
  ...overrides,
});

const facts = { projectId: 'p1', projectSlug: 'shop', ownerId: 'u1', stopped: null };

describe('compileRoute', () => {
  it('compiles a project route: its default first, static bodies once, rules from `when`', () => {
    const compiled = compileRoute(route(), facts);
    expect(compiled).not.toBeNull();
    if (!compiled) return;
    expect(compiled.name).toBe('ok');
    expect(compiled.staticBody).toBe('{"id":1}');
    expect(compiled.routePath).toBe('/users/{id}');
    expect(compiled.customEndpoint).toBeNull();
    expect(compiled.matchesEndpoint).toBeNull();
    expect(compiled.routeName).toBe('GET /users/{id}');
    expect(compiled.responses.map((r) => r.name)).toEqual(['ok', 'missing']);
    // The reserved header is left out; the response's own kept.
    expect(compiled.responses[1]?.headerList).toEqual([['X-Own', 'yes']]);
    expect(compiled.responses[1]?.staticBody).toBeNull();
    expect(compiled.rules).not.toBeNull();
    expect(compiled.byDefault).toEqual({ response: compiled, status: 200, rule: null });
  });

  it('compiles a stand-alone API: its path is its custom endpoint, its one response itself', () => {
    const alone = compileRoute(route({ responses: route().responses.slice(0, 1) }), {
      ...facts,
      projectId: null,
      projectSlug: null,
    });
    expect(alone?.customEndpoint).toBe('/users/{id}');
    expect(alone?.matchesEndpoint?.('/users/7')).toBe(true);
    expect(alone?.routePath).toBeNull();
    expect(alone?.responses).toEqual([alone]);
    expect(alone?.rules).toBeNull();
  });

  it('is null when its default does not compile', () => {
    const broken = route();
    const [first] = broken.responses;
    if (!first) throw new Error('no response');
    const responses = [{ ...first, template: '{' }];
    expect(compileRoute({ ...broken, responses }, facts)).toBeNull();
  });
});

describe('compileProjectTable', () => {
  const users = {
    id: 'c1',
    name: 'users',
    path: '/users',
    template: { id: 'number', name: 'string.name.fullname' },
    count: 3,
    unknownFields: 'keep' as const,
    cascade: false,
    seedVersion: 0,
    version: 1,
  };
  const project = { collections: [users], settings: {} };

  it('puts a route before a collection place, and resolves a collection call and a reset', () => {
    const table = compileProjectTable([{ method: 'GET', path: '/users/me', value: 'me' }], [users]);
    const me = table.match('GET', '/users/me');
    expect(me.kind === 'route' && me.route.value).toBe('me');
    const one = table.match('DELETE', '/users/2');
    if (one.kind !== 'route' || typeof one.route.value === 'string') throw new Error('no place');
    expect(collectionTarget(project, one.route.value, one.params, undefined)).toMatchObject({
      collection: users,
      recordId: '2',
      access: { kind: 'anyone' },
      parent: null,
    });
    expect(resetTarget(project, undefined)).toMatchObject({ collection: null, recordId: null });
  });
});
