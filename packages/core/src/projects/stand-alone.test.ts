import { describe, expect, it } from 'vitest';
import { mockUrl } from '../http.ts';
import { buildOpenApiDocument } from '../openapi/export.ts';
import { buildPostmanCollection } from '../postman/collection.ts';
import { defaultResponseOf } from './route.ts';
import { type StandAloneApi, standAloneRoute, tokenVariable } from './stand-alone.ts';

const API: StandAloneApi = {
  requestId: 'a1b2c3d4e5f6a7b8c9d0e1f2',
  name: 'Orders',
  description: 'The orders',
  template: '{"id": "uuid"}',
  customEndpoint: '/orders/{id}',
  requestEnum: 'PUT',
  option: { httpCode: 201, authToken: `mck_${'a'.repeat(32)}` },
};

describe('standAloneRoute', () => {
  it('is a route at its custom endpoint with one default response of its status and template', () => {
    const route = standAloneRoute(API);
    expect(route).toMatchObject({
      requestId: API.requestId,
      method: 'PUT',
      path: '/orders/{id}',
      name: 'Orders',
      description: 'The orders',
      authToken: API.option.authToken,
    });
    expect(route.responses).toEqual([
      {
        name: '201 Created',
        status: 201,
        template: '{"id": "uuid"}',
        headers: [],
        delay: 0,
        isDefault: true,
      },
    ]);
    expect(defaultResponseOf(route)).toBe(route.responses[0]);
  });

  it('has no path without a custom endpoint, and a response named by its code alone off the list', () => {
    const route = standAloneRoute({
      ...API,
      customEndpoint: null,
      option: { httpCode: 299, authToken: null },
    });
    expect(route.path).toBeNull();
    expect(route.responses[0]?.name).toBe('299');
  });
});

describe('the stand-alone exports, a project of one route each', () => {
  it('the OpenAPI export puts the API at its custom endpoint, its stand-alone URL its server', () => {
    const document = buildOpenApiDocument([API], { mockOrigin: 'https://mocks.test', title: 'T' });
    const route = { method: API.requestEnum, requestId: API.requestId };
    expect(Object.keys(document.paths)).toEqual(['/orders/{id}']);
    expect(document.paths['/orders/{id}']?.put).toMatchObject({
      summary: 'Orders',
      description: 'The orders',
      servers: [{ url: mockUrl('https://mocks.test', { ...route, customEndpoint: null }) }],
    });
  });

  it('the Postman export makes one request per API, its token a variable of its own', () => {
    const collection = buildPostmanCollection([API], {
      name: 'N',
      mockOrigin: 'https://mocks.test',
    });
    expect(collection.item.map((item) => item.name)).toEqual(['Orders']);
    expect(collection.variable.map((variable) => variable.key)).toEqual([
      'baseUrl',
      tokenVariable(API.requestId),
    ]);
  });
});
