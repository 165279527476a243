import type { HttpMethod } from '../http.ts';
import { type PostmanExportStyle, routesToPostman } from '../projects/postman-export.ts';
import { type StandAloneApi, standAloneRoute } from '../projects/stand-alone.ts';
import type { Seed } from '../random.ts';
import type { POSTMAN_SCHEMA_URL } from './file-name.ts';

/** What the export reads of an API (see StandAloneApi). */
export type PostmanApi = StandAloneApi;

/** How to build a collection. */
export interface PostmanExportOptions {
  /** The collection's name (`info.name`). */
  name: string;
  /**
   * The origin the mock URLs live on (MOCK_ORIGIN): its scheme is each URL's `protocol`, its host
   * and port the value of the `baseUrl` variable.
   */
  mockOrigin: string;
  /** The collection's description; a sentence naming the product and the count by default. */
  description?: string;
  /**
   * The seed of every example body. By default each API's own request id, so that an example
   * is the body its URL answers with `?seed={requestId}`, and an export made twice is the same.
   */
  seed?: Seed;
}

/** A header, a variable or an auth attribute of the Collection format. */
export interface PostmanKeyValue {
  key: string;
  value: string;
  type?: 'string';
  description?: string;
}

/** A request's URL, broken down: `raw` is `{protocol}://{{baseUrl}}/…`. */
export interface PostmanUrl {
  raw: string;
  /** `http` or `https`, without `://`. */
  protocol: string;
  host: string[];
  path: string[];
}

/** A request of the Collection format, as the export writes it. */
export interface PostmanRequest {
  method: HttpMethod;
  header: PostmanKeyValue[];
  /** Bearer auth whose token is a collection variable; absent on an open API. */
  auth?: { type: 'bearer'; bearer: PostmanKeyValue[] };
  /** A raw JSON body: POST and PUT only. */
  body?: { mode: 'raw'; raw: string; options: { raw: { language: 'json' } } };
  url: PostmanUrl;
  description?: string;
}

/** A saved example response. */
export interface PostmanResponse {
  name: string;
  originalRequest: PostmanRequest;
  status: string;
  code: number;
  _postman_previewlanguage: 'json' | 'text';
  header: PostmanKeyValue[];
  body: string;
}

/** A script run after the request. */
export interface PostmanEvent {
  listen: 'test';
  script: { type: 'text/javascript'; exec: string[] };
}

/** One API as a request of the collection. */
export interface PostmanItem {
  name: string;
  request: PostmanRequest;
  response: PostmanResponse[];
  event: PostmanEvent[];
}

/** A Postman Collection v2.1.0 document. */
export interface PostmanCollection {
  info: { name: string; description: string; schema: typeof POSTMAN_SCHEMA_URL };
  item: PostmanItem[];
  variable: PostmanKeyValue[];
}

/** The collection variable every URL starts with. */
export const BASE_URL_VARIABLE = 'baseUrl';

export { tokenVariable } from '../projects/stand-alone.ts';

/**
 * The user's APIs as a Postman Collection v2.1.0 (spec section 3): one request per API, in the
 * order given, with its method, a `Content-Type: application/json` header, its URL broken down
 * as the spec says (raw, protocol, host, path) with `{{baseUrl}}` as its host (a collection
 * variable holding the mock origin's host and port, so one edit points the whole collection
 * elsewhere), and a raw `{}` body for POST and PUT only. A protected API gets bearer
 * auth whose token is a collection variable of its own, so the file holds each token once. Each
 * request saves the API's body, generated from its template under a seed, as an example
 * response, and carries a test script that checks the API's status code and that its body is
 * JSON (empty for 204). The URLs are exactly those the server serves (`mockUrl`). Pure: the same
 * APIs and options give the same document.
 */
export function buildPostmanCollection(
  apis: readonly PostmanApi[],
  options: PostmanExportOptions,
): PostmanCollection {
  const { protocol, host } = originParts(options.mockOrigin);
  const description = options.description;
  const style: PostmanExportStyle = {
    requests: 'stand-alone',
    protocol,
    baseUrl: {
      value: host,
      description: `The host (and port) of the mock APIs: every request URL is ${protocol}://{{${BASE_URL_VARIABLE}}}/…`,
    },
    tokens: 'per-route',
    bodyless: new Set([204]),
    describe: (count) =>
      description ??
      `${count} mock ${count === 1 ? 'API' : 'APIs'} exported from Mocksmith. Every URL's host is the {{${BASE_URL_VARIABLE}}} variable; the bearer tokens of protected APIs are collection variables too.`,
    seedOf: (route) => route.requestId ?? '',
  };
  const collection = routesToPostman(
    {
      name: options.name,
      routes: apis.map(standAloneRoute),
      ...(options.seed !== undefined && { seed: options.seed }),
    },
    style,
  );
  // A stand-alone style writes one request per API at its stand-alone URL, no folders.
  return collection as PostmanCollection;
}

/**
 * The scheme and the host (with its port) of the mocks' origin. The URL's `protocol` holds the
 * scheme and `{{baseUrl}}` the rest: with the scheme in the variable too, Postman's runner calls
 * `http://http://…`.
 */
function originParts(origin: string): { protocol: string; host: string } {
  const match = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/([^/?#]+)/.exec(origin.trim());
  if (!match) throw new Error(`Not an origin: ${origin}`);
  return { protocol: (match[1] as string).toLowerCase(), host: match[2] as string };
}
