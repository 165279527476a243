import { type HttpMethod, mockUrl, STATUS_TEXTS, type StatusCode } from '../http.ts';
import type { JsonValue } from '../json.ts';
import type { StandAloneApi } from '../projects/stand-alone.ts';
import type { Seed } from '../random.ts';
import { prepareTemplate } from '../template/compile.ts';
import { POSTMAN_SCHEMA_URL } from './file-name.ts';

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

/** The collection variable holding the bearer token of the API of this request id. */
export function tokenVariable(requestId: string): string {
  return `token_${requestId}`;
}

const JSON_HEADER: PostmanKeyValue = { key: 'Content-Type', value: 'application/json' };

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
  const variable: PostmanKeyValue[] = [
    {
      key: BASE_URL_VARIABLE,
      value: host,
      type: 'string',
      description: `The host (and port) of the mock APIs: every request URL is ${protocol}://{{${BASE_URL_VARIABLE}}}/…`,
    },
  ];
  for (const api of apis) {
    if (api.option.authToken === null) continue;
    variable.push({
      key: tokenVariable(api.requestId),
      value: api.option.authToken,
      type: 'string',
      description: `The bearer token of ${api.name}.`,
    });
  }
  return {
    info: {
      name: options.name,
      description:
        options.description ??
        `${apis.length} mock ${apis.length === 1 ? 'API' : 'APIs'} exported from Mocksmith. Every URL's host is the {{${BASE_URL_VARIABLE}}} variable; the bearer tokens of protected APIs are collection variables too.`,
      schema: POSTMAN_SCHEMA_URL,
    },
    item: apis.map((api) => toItem(api, protocol, options.seed)),
    variable,
  };
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

function toItem(api: PostmanApi, protocol: string, seed: Seed | undefined): PostmanItem {
  const request = toRequest(api, protocol);
  const example = exampleResponse(api, request, seed ?? api.requestId);
  return {
    name: api.name,
    request,
    response: example ? [example] : [],
    event: [{ listen: 'test', script: { type: 'text/javascript', exec: testScript(api) } }],
  };
}

function toRequest(api: PostmanApi, protocol: string): PostmanRequest {
  const method = api.requestEnum;
  // The server's own URL form, on an empty origin: the path after the origin.
  const path = mockUrl('', {
    method,
    requestId: api.requestId,
    customEndpoint: api.customEndpoint,
  });
  const request: PostmanRequest = {
    method,
    header: [{ ...JSON_HEADER }],
    url: {
      raw: `${protocol}://{{${BASE_URL_VARIABLE}}}${path}`,
      protocol,
      host: [`{{${BASE_URL_VARIABLE}}}`],
      path: path.split('/').filter((segment) => segment !== ''),
    },
  };
  if (api.option.authToken !== null) {
    request.auth = {
      type: 'bearer',
      bearer: [{ key: 'token', value: `{{${tokenVariable(api.requestId)}}}`, type: 'string' }],
    };
  }
  if (method === 'POST' || method === 'PUT') {
    request.body = { mode: 'raw', raw: '{}', options: { raw: { language: 'json' } } };
  }
  if (api.description) request.description = api.description;
  return request;
}

/** The reason phrase of a status code, or none for one outside the selectable codes. */
function statusText(code: number): string {
  return STATUS_TEXTS[code as StatusCode] ?? '';
}

/**
 * The API's body under `seed`, as a saved response; null when its template no longer compiles
 * or its body is over the answer size limit (the server would not serve it either).
 */
function exampleResponse(
  api: PostmanApi,
  originalRequest: PostmanRequest,
  seed: Seed,
): PostmanResponse | null {
  const code = api.option.httpCode;
  const name = `${code} ${statusText(code)}`.trim();
  const { auth: _auth, ...request } = originalRequest;
  if (code === 204) {
    return {
      name,
      originalRequest: request,
      status: statusText(code),
      code,
      _postman_previewlanguage: 'text',
      header: [],
      body: '',
    };
  }
  const body = generateBody(api.template, seed);
  if (body === undefined) return null;
  return {
    name,
    originalRequest: request,
    status: statusText(code),
    code,
    _postman_previewlanguage: 'json',
    header: [{ ...JSON_HEADER }],
    body: JSON.stringify(body, null, 2),
  };
}

function generateBody(template: string, seed: Seed): JsonValue | undefined {
  // Stored templates compile in full mode, as the server compiles them to serve them.
  const compiled = prepareTemplate(template, { mode: 'full', stored: true });
  if (!compiled.ok) return undefined;
  try {
    return compiled.value.generate({ seed });
  } catch {
    return undefined;
  }
}

/** The checks of one request: the API's status code, and a JSON body (none for 204). */
function testScript(api: PostmanApi): string[] {
  const code = api.option.httpCode;
  const lines = [
    `pm.test(${JSON.stringify(`Status code is ${code}`)}, function () {`,
    `    pm.response.to.have.status(${code});`,
    '});',
  ];
  if (code === 204) {
    lines.push(
      "pm.test('Response has no body', function () {",
      "    pm.expect(pm.response.text()).to.equal('');",
      '});',
    );
  } else {
    lines.push(
      "pm.test('Response body is JSON', function () {",
      '    pm.response.to.have.jsonBody();',
      '});',
    );
  }
  return lines;
}
