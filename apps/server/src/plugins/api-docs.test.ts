/**
 * The OpenAPI document of the API: valid (checked by @apidevtools/swagger-parser, which the
 * OpenAPI import will use too) and complete: every route of /backend and /api is in it, with
 * its method, and only the routes that must stay out of it are hidden.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let document: { openapi: string; paths: Record<string, Record<string, unknown>> };
beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject('/backend/openapi.json');
  expect(res.statusCode).toBe(200);
  document = res.json();
});
afterAll(() => t.close());

/** `/backend/user/verify/:token` as OpenAPI writes it: `/backend/user/verify/{token}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

/** Routes that are not calls of the API: the reference itself, and the mock URLs' long forms. */
const HIDDEN = [
  /^\/backend\/openapi\.json$/,
  /^\/backend\/docs(\/|$)/,
  /^\/backend\/apitemplate\/:method\/:requestId\/\*$/,
  /^\/api\/:requestId\/\*$/,
  // A project's base URL itself: the documented `/p/{slug}/{path}` with an empty path.
  /^\/p\/:slug$/,
];

describe('GET /backend/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    // validate() dereferences in place: give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('holds every route of the API, each method of it', () => {
    const apiRoutes = t.app.registeredRoutes.filter(
      (route) =>
        (route.url.startsWith('/backend/') || route.url.startsWith('/api/')) &&
        route.method !== 'HEAD' &&
        route.method !== 'OPTIONS',
    );
    expect(apiRoutes.length).toBeGreaterThan(20);
    const missing = apiRoutes
      .filter((route) => !route.hidden)
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
  });

  it('hides nothing but the reference and the long forms of the mock URLs', () => {
    const hidden = t.app.registeredRoutes
      // HEAD routes mirror GET ones; OPTIONS are the CORS preflights of the mock URLs.
      .filter((route) => route.hidden && route.method !== 'HEAD' && route.method !== 'OPTIONS')
      .map((route) => route.url);
    expect(hidden.filter((url) => !HIDDEN.some((pattern) => pattern.test(url)))).toEqual([]);
  });

  it('documents the answers of a call: its body, and errors with the error body', () => {
    const create = document.paths['/backend/crud/user']?.post as {
      requestBody: unknown;
      responses: Record<string, unknown>;
    };
    expect(create.requestBody).toBeDefined();
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '403', '409']),
    );
  });
});

describe('GET /backend/docs', () => {
  it('serves the browsable reference of the document', async () => {
    const res = await t.app.inject('/backend/docs/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('swagger');
  });
});
