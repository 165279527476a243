import { describe, expect, it } from 'vitest';
import type { ProjectBundle, RouteOfFiles } from './bundle.ts';
import { diffBundles, isNoChange } from './diff.ts';

const route = (method: RouteOfFiles['method'], path: string, template = '{"ok":true}') =>
  ({
    method,
    path,
    name: `${method} ${path}`,
    mode: 'default',
    overrides: true,
    network: null,
    authToken: null,
    rules: [],
    responses: [
      { name: 'ok', status: 200, template, headers: [], delay: 0, isDefault: true, when: null },
    ],
  }) satisfies RouteOfFiles;

const BASE: ProjectBundle = {
  project: {
    name: 'Shop',
    slug: 'shop',
    seed: 1,
    settings: { overrides: true, network: null, replay: false, logging: true, authToken: null },
  },
  routes: [route('GET', '/users'), route('GET', '/users/{id}'), route('DELETE', '/users/{id}')],
  collections: [
    {
      name: 'orders',
      path: '/orders',
      template: { total: 'number' },
      count: 5,
      unknownFields: 'refuse',
      cascade: false,
      authToken: null,
    },
  ],
};

describe('diffBundles', () => {
  it('finds nothing between a bundle and itself, whatever the indent of a template', () => {
    const reindented: ProjectBundle = {
      ...BASE,
      routes: BASE.routes.map((r) => ({
        ...r,
        responses: r.responses.map((x) => ({ ...x, template: '{\n  "ok": true\n}' })),
      })),
    };
    expect(isNoChange(diffBundles(BASE, reindented))).toBe(true);
  });

  it('tells created, updated and deleted routes and collections, and the project fields', () => {
    const next: ProjectBundle = {
      project: { ...BASE.project, name: 'Shop 2', seed: 2 },
      routes: [
        route('GET', '/users', '{"ok":false}'),
        // A parameter renamed: the same route, updated.
        route('GET', '/users/{userId}'),
        route('POST', '/users'),
      ],
      collections: [{ ...BASE.collections[0], count: 6 } as ProjectBundle['collections'][number]],
    };
    expect(diffBundles(BASE, next)).toEqual({
      project: ['name', 'seed'],
      routes: {
        created: ['POST /users'],
        updated: ['GET /users', 'GET /users/{userId}'],
        deleted: ['DELETE /users/{id}'],
      },
      collections: { created: [], updated: ['orders'], deleted: [] },
    });
  });

  it('compares a token by whether there is one, not by the name of its variable', () => {
    const withToken = (env: string): ProjectBundle => ({
      ...BASE,
      routes: BASE.routes.map((r) => ({ ...r, authToken: { env } })),
    });
    expect(isNoChange(diffBundles(withToken('A'), withToken('B')))).toBe(true);
    expect(diffBundles(BASE, withToken('A')).routes.updated).toHaveLength(3);
  });
});
