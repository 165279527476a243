/**
 * Stand-alone APIs as an OpenAPI 3.1 document: an adapter of the one OpenAPI exporter
 * (projects/openapi-export.ts), each API a route of a project of one (projects/stand-alone.ts).
 * The light subpath `./openapi/export` the web loads, without ajv.
 */
import type { PostmanApi } from '../postman/collection.ts';
import { type OpenApiExportStyle, routesToOpenApi } from '../projects/openapi-export.ts';
import { standAloneRoute } from '../projects/stand-alone.ts';
import type { Seed } from '../random.ts';
import type { OpenApiDocument } from './document.ts';

export { BEARER_SCHEME, OPENAPI_VERSION, type OpenApiDocument } from './document.ts';
export { type JsonSchema, templateToSchema } from './template-schema.ts';

/** What the export reads of an API: the same fields as the Postman export. */
export type OpenApiExportApi = PostmanApi;

/** How to build a document. */
export interface OpenApiExportOptions {
  /** The origin the mock URLs live on (MOCK_ORIGIN): the document's server URL. */
  mockOrigin: string;
  /** The document's title (`info.title`). */
  title: string;
  /** The document's version (`info.version`); `1.0.0` by default. */
  version?: string;
  /**
   * The seed of every example body. By default each API's own request id, so that an example
   * is the body its URL answers with `?seed={requestId}`, as in the Postman export.
   */
  seed?: Seed;
}

/** How stand-alone APIs are written (see OpenApiExportStyle). */
function standAloneStyle(mockOrigin: string): OpenApiExportStyle {
  return {
    paths: 'stand-alone',
    mockOrigin,
    saved: false,
    bodyless: new Set([204]),
    describe: (count) =>
      `${count} mock ${count === 1 ? 'API' : 'APIs'} exported from Mocksmith. Each response schema is derived from the API's template: every body it generates satisfies it.`,
    tokenOwner: 'API',
    seedOf: (route) => route.requestId ?? '',
  };
}

/**
 * The user's APIs as an OpenAPI 3.1.0 document: each API at its custom endpoint (`/` without one;
 * `{param}` segments are path parameters), its mock URL's base (as the Postman export and the
 * server compute it) the operation's server URL, so that importing the document gives the same
 * endpoints back; its method, its status code with the response schema of its template
 * (templateToSchema) and an example body generated under a seed (the API's request id
 * by default), the mock origin as the server URL, and a bearer security scheme required by the
 * APIs that have a token (the token itself is never written). Pure.
 */
export function buildOpenApiDocument(
  apis: readonly OpenApiExportApi[],
  options: OpenApiExportOptions,
): OpenApiDocument {
  const origin = options.mockOrigin.replace(/\/+$/, '');
  return routesToOpenApi(
    {
      name: options.title,
      ...(options.version !== undefined && { version: options.version }),
      baseUrl: origin === '' ? '/' : origin,
      routes: apis.map(standAloneRoute),
      ...(options.seed !== undefined && { seed: options.seed }),
    },
    standAloneStyle(origin),
  );
}
