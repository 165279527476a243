import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonObject, JsonValue } from '../json.ts';
import type { NetworkProfile } from '../network/profile.ts';
import { ROUTE_METHODS } from '../projects/model.ts';
import type { CollectionOfFiles, ProjectBundle, RouteOfFiles } from './bundle.ts';
import { compareCollections, compareRoutes } from './order.ts';
import { readProjectFiles } from './read.ts';
import { type FileFormat, routeFileStem, writeProjectFiles } from './write.ts';

const PROFILE: NetworkProfile = {
  latency: { kind: 'lognormal', p50: 120, p95: 900 },
  fault: { percent: 2.5, kind: 'status', status: 503 },
  rateLimit: { limit: 10, per: 'second' },
};

const SHOP: ProjectBundle = {
  project: {
    name: 'Shop',
    slug: 'shop',
    seed: 42,
    spec: 'openapi.yaml',
    settings: {
      overrides: false,
      network: PROFILE,
      replay: true,
      logging: true,
      authToken: { env: 'SHOP_TOKEN' },
      validation: 'report',
    },
  },
  routes: [
    {
      method: 'POST',
      path: '/users',
      name: 'Create a user',
      mode: 'sequential',
      overrides: true,
      network: null,
      authToken: { env: 'USERS_TOKEN' },
      rules: [
        {
          combine: 'any',
          conditions: [{ source: 'body', name: '$.email', operator: 'missing' }],
          response: 'invalid',
        },
      ],
      responses: [
        {
          name: 'created',
          status: 201,
          template: JSON.stringify(
            { id: 'uuid', email: 'email', 'first name': 'firstName' },
            null,
            2,
          ),
          headers: [{ name: 'Location', value: '/users/1' }],
          delay: 250,
          isDefault: true,
          when: null,
        },
        {
          name: 'invalid',
          status: 422,
          template: JSON.stringify(
            { error: 'email: is required\n"quoted"', code: 'true' },
            null,
            2,
          ),
          headers: [],
          delay: 0,
          isDefault: false,
          when: { header: 'x-mode', equals: 'strict' },
        },
      ],
    },
    {
      method: 'GET',
      path: '/users/{id:integer}',
      mode: 'default',
      overrides: true,
      network: PROFILE,
      authToken: null,
      rules: [],
      responses: [
        {
          name: 'ok',
          status: 200,
          template: JSON.stringify([{ id: 1, tags: ['a', 'b'], ratio: 0.5, none: null }], null, 2),
          headers: [],
          delay: 0,
          isDefault: true,
          when: null,
        },
      ],
    },
  ],
  collections: [
    {
      name: 'orders',
      path: '/shop/orders',
      template: { id: 'uuid', total: 'price', user: 'ref:users.id' },
      count: 12,
      unknownFields: 'keep',
      cascade: true,
      authToken: null,
    },
    {
      name: 'users',
      path: '/people',
      template: { id: 'uuid', name: 'fullName' },
      count: 3,
      unknownFields: 'refuse',
      cascade: false,
      authToken: { env: 'PEOPLE_TOKEN' },
    },
  ],
};

/** A bundle as reading gives it back: its lists in the one order of order.ts. */
const inOrder = (bundle: ProjectBundle): ProjectBundle => ({
  ...bundle,
  routes: [...bundle.routes].sort(compareRoutes),
  collections: [...bundle.collections].sort(compareCollections),
});

function readBack(files: Map<string, string>): ProjectBundle {
  const result = readProjectFiles(files);
  if (!result.ok) throw new Error(JSON.stringify(result.problems, null, 2));
  expect(result.warnings).toEqual([]);
  return result.value;
}

describe('writeProjectFiles', () => {
  it('writes one project file, one file per route and per collection, and the schemas', () => {
    expect([...writeProjectFiles(SHOP, 'yaml').keys()]).toEqual([
      'mocksmith.yaml',
      'routes/post-users.yaml',
      'routes/get-users-id.yaml',
      'collections/orders.yaml',
      'collections/users.yaml',
      '.mocksmith/project.schema.json',
      '.mocksmith/route.schema.json',
      '.mocksmith/collection.schema.json',
    ]);
    expect([...writeProjectFiles(SHOP, 'json').keys()].slice(0, 3)).toEqual([
      'mocksmith.json',
      'routes/post-users.json',
      'routes/get-users-id.json',
    ]);
  });

  it('writes a route as YAML with its template as a value, leaving out what is a default', () => {
    const files = writeProjectFiles(SHOP, 'yaml');
    expect(
      files.get('routes/get-users-id.yaml'),
    ).toBe(`# yaml-language-server: $schema=../.mocksmith/route.schema.json
$schema: ../.mocksmith/route.schema.json
method: GET
path: /users/{id:integer}
network:
  latency:
    kind: lognormal
    p50: 120
    p95: 900
  fault:
    percent: 2.5
    kind: status
    status: 503
  rateLimit:
    limit: 10
    per: second
responses:
  - name: ok
    status: 200
    default: true
    template:
      - id: 1
        tags:
          - a
          - b
        ratio: 0.5
        none: null
`);
  });

  it.each(['yaml', 'json'] as FileFormat[])(
    'reads back in %s the bundle it wrote, and writes the same files again',
    (format) => {
      const files = writeProjectFiles(SHOP, format);
      const bundle = readBack(files);
      expect(bundle).toEqual(inOrder(SHOP));
      expect(writeProjectFiles(bundle, format)).toEqual(files);
    },
  );

  it('names route files by method and path, a clash settled in path order', () => {
    expect(routeFileStem('GET', '/')).toBe('get-root');
    expect(routeFileStem('DELETE', '/users/{id:integer}/Posts/{postId}')).toBe(
      'delete-users-id-posts-postid',
    );
    expect(routeFileStem('GET', `/${'a'.repeat(200)}`)).toBe(`get-${'a'.repeat(80)}`);
    const route = (path: string): RouteOfFiles => ({
      ...(SHOP.routes[1] as RouteOfFiles),
      path,
      network: null,
    });
    const files = writeProjectFiles(
      { ...SHOP, routes: [route('/files/id'), route('/files/{id}'), route('/files/*')] },
      'yaml',
    );
    expect([...files.keys()].filter((file) => file.startsWith('routes/'))).toEqual([
      'routes/get-files-any.yaml',
      'routes/get-files-id.yaml',
      'routes/get-files-id-2.yaml',
    ]);
    expect(readBack(files).routes.map((read) => read.path)).toEqual([
      '/files/*',
      '/files/id',
      '/files/{id}',
    ]);
  });

  it('gives collections whose names differ only in case files of their own', () => {
    const collection = SHOP.collections[1] as CollectionOfFiles;
    const files = writeProjectFiles(
      {
        ...SHOP,
        collections: [
          { ...collection, name: 'users', path: '/users' },
          { ...collection, name: 'Users', path: '/Users' },
        ],
      },
      'yaml',
    );
    expect([...files.keys()].filter((file) => file.startsWith('collections/'))).toEqual([
      'collections/Users.yaml',
      'collections/users-2.yaml',
    ]);
  });
});

/** Keys and texts with what YAML must quote: `: `, `#`, quotes, new lines, `yes`, `123`. */
const text = fc.oneof(
  fc.constantFrom('yes', 'no', 'null', 'true', '123', '0x1F', '1e3', '~', '- a', '', ' a ', '@b'),
  fc.string({
    unit: fc.constantFrom('a', 'b', ' ', ':', '#', '"', "'", '\n', '-', '1', 'é', '😀'),
  }),
);
const key = fc.oneof(fc.constantFrom('id', 'name', 'first name', '2', 'a:b'), text);

/** Template values of literals only (no type names, references or directives). */
const literal: fc.Arbitrary<JsonValue> = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
  fc.boolean(),
  fc.constant(null),
  text.map((value) => `literal ${value}`),
);
const templateObject: fc.Arbitrary<JsonObject> = fc.dictionary(
  key.filter((name) => !name.startsWith('__')),
  fc.oneof(literal, fc.array(literal, { maxLength: 3 })),
  { maxKeys: 4 },
);

const network: fc.Arbitrary<NetworkProfile | null> = fc.constantFrom(null, PROFILE, {
  latency: { kind: 'fixed', ms: 30 },
  fault: null,
  rateLimit: null,
});
const token = fc.constantFrom(null, { env: 'A_TOKEN' }, { env: '_b' });

const route: fc.Arbitrary<RouteOfFiles> = fc
  .record({
    method: fc.constantFrom(...ROUTE_METHODS),
    segments: fc.array(fc.constantFrom('users', 'orders', '{id}', 'a.b', 'x-y'), {
      minLength: 1,
      maxLength: 3,
    }),
    name: fc.option(fc.constantFrom('List users', 'a: b', '#1'), { nil: undefined }),
    mode: fc.constantFrom('default', 'sequential', 'random'),
    overrides: fc.boolean(),
    network,
    authToken: token,
    responses: fc.uniqueArray(
      fc.record({
        name: fc.constantFrom('ok', 'created', 'not found', 'error-1'),
        status: fc.integer({ min: 200, max: 599 }),
        template: fc.oneof(templateObject, fc.array(templateObject, { maxLength: 2 })),
        headers: fc.array(
          fc.record({
            name: fc.constantFrom('X-One', 'Cache-Control'),
            value: fc.string({
              unit: fc.constantFrom('a', ' ', ':', '#', '"', "'", '-', '1', '{'),
            }),
          }),
          { maxLength: 2 },
        ),
        delay: fc.integer({ min: 0, max: 10_000 }),
        when: fc.constantFrom(null, { header: 'x-target', equals: 'Get' }),
      }),
      { minLength: 1, maxLength: 3, selector: (response) => response.name },
    ),
    defaultIndex: fc.nat(),
    ruled: fc.boolean(),
  })
  .map(({ segments, defaultIndex, ruled, name, responses, ...rest }) => {
    // A parameter name is unique within its path.
    let params = 0;
    const path = `/r/${segments.map((segment) => (segment === '{id}' ? `{id${params++}}` : segment)).join('/')}`;
    const picked = defaultIndex % responses.length;
    return {
      ...rest,
      path,
      ...(name !== undefined && { name }),
      rules: ruled
        ? [
            {
              combine: 'all' as const,
              conditions: [{ source: 'query' as const, name: 'q', operator: 'exists' as const }],
              response: (responses[0] as { name: string }).name,
            },
          ]
        : [],
      responses: responses.map(({ template, ...response }, index) => ({
        ...response,
        template: JSON.stringify(template, null, 2),
        isDefault: index === picked,
      })),
    };
  });

const collection: fc.Arbitrary<CollectionOfFiles> = fc.record({
  name: fc.constantFrom('users', 'Users', 'orders', '_drafts', 'line-items'),
  path: fc.constant(''),
  template: templateObject,
  count: fc.integer({ min: 0, max: 10_000 }),
  unknownFields: fc.constantFrom('refuse', 'keep'),
  cascade: fc.boolean(),
  authToken: token,
});

const bundle: fc.Arbitrary<ProjectBundle> = fc.record({
  project: fc.record({
    name: fc.constantFrom('Shop', 'A: project #1', 'yes'),
    slug: fc.constantFrom('shop', 'a-1', '0'),
    seed: fc.integer({ min: -2147483648, max: 2147483647 }),
    settings: fc.record({
      overrides: fc.boolean(),
      network,
      replay: fc.boolean(),
      logging: fc.boolean(),
      authToken: token,
      validation: fc.constantFrom('off' as const, 'report' as const, 'enforce' as const),
    }),
  }),
  routes: fc.uniqueArray(route, {
    maxLength: 6,
    selector: (one) => `${one.method} ${one.path.replace(/\{[^}]+\}/g, '{}')}`,
  }),
  collections: fc
    .uniqueArray(collection, { maxLength: 3, selector: (one) => one.name })
    .map((list) => list.map((one) => ({ ...one, path: `/c/${one.name}` }))),
});

describe('writeProjectFiles and readProjectFiles, on any bundle', () => {
  it.each(['yaml', 'json'] as FileFormat[])(
    'read(write(bundle)) is the bundle and write(read(files)) the files (%s)',
    (format) => {
      fc.assert(
        fc.property(bundle, (any) => {
          const files = writeProjectFiles(any, format);
          const read = readBack(files);
          expect(read).toEqual(inOrder(any));
          expect(writeProjectFiles(read, format)).toEqual(files);
        }),
        { numRuns: 100 },
      );
    },
  );
});
