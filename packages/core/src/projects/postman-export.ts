/**
 * A project as a Postman Collection v2.1.0 (issue 28): a folder per first path segment, one
 * request per named response of each route, asking for it with `Prefer: example=NAME`, and a
 * test per request that checks the status that response answers with. `newman run` on the file
 * is green against the project's base URL while every route answers as it did when exported, and
 * fails on the first that does not. Pure: the same project gives the same collection.
 */
import { mockUrl } from '../http.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import type { PostmanEvent, PostmanKeyValue } from '../postman/collection.ts';
import { POSTMAN_SCHEMA_URL } from '../postman/file-name.ts';
import type { Seed } from '../random.ts';
import { LITERAL_KEY } from '../template/directives.ts';
import { parseTemplate } from '../template/parse.ts';
import { type RequestReference, readStringTemplate } from '../template/references.ts';
import type { RouteMethod, RouteResponse } from './model.ts';
import {
  BODYLESS_STATUSES,
  type ExportRoute,
  exampleBody,
  exampleSeed,
  type ProjectExport,
  routePath,
} from './openapi-export.ts';
import type { PathParamType } from './path-template.ts';
import { statusText, tokenVariable } from './stand-alone.ts';

/** The collection variable every URL starts with: the project's base URL. */
export const PROJECT_BASE_URL_VARIABLE = 'baseUrl';

/** A request's URL: `{{baseUrl}}/users/:id`, its path variables with sample values. */
export interface ProjectPostmanUrl {
  raw: string;
  /** `http` or `https`, without `://`: a stand-alone API's URL, whose `{{baseUrl}}` is a host. */
  protocol?: string;
  host: string[];
  path: string[];
  query?: PostmanKeyValue[];
  variable?: PostmanKeyValue[];
}

/** A request of the collection. */
export interface ProjectPostmanRequest {
  method: RouteMethod;
  header: PostmanKeyValue[];
  /** Bearer auth whose token is a collection variable; absent on an open route. */
  auth?: { type: 'bearer'; bearer: PostmanKeyValue[] };
  /** A raw JSON body: POST, PUT and PATCH (a stand-alone API's: POST and PUT). */
  body?: { mode: 'raw'; raw: string; options: { raw: { language: 'json' } } };
  url: ProjectPostmanUrl;
  description?: string;
}

/** A saved example response: the body generated under the export's seed. */
export interface ProjectPostmanResponse {
  name: string;
  originalRequest: ProjectPostmanRequest;
  status: string;
  code: number;
  _postman_previewlanguage: 'json' | 'text';
  header: PostmanKeyValue[];
  body: string;
}

/** One named response of a route, asked for. */
export interface ProjectPostmanItem {
  name: string;
  request: ProjectPostmanRequest;
  response: ProjectPostmanResponse[];
  event: PostmanEvent[];
}

/** The requests under one first path segment. */
export interface ProjectPostmanFolder {
  name: string;
  item: ProjectPostmanItem[];
}

/** A Postman Collection v2.1.0 document. */
export interface ProjectPostmanCollection {
  info: { name: string; description: string; schema: typeof POSTMAN_SCHEMA_URL };
  /** The folders, in the order of their first routes; the routes at `/` after them. */
  item: (ProjectPostmanFolder | ProjectPostmanItem)[];
  variable: PostmanKeyValue[];
}

const JSON_HEADER: PostmanKeyValue = { key: 'Content-Type', value: 'application/json' };

/** The sample value of a path parameter in the collection, by its declared type. */
const SAMPLE_PARAMS: Record<PathParamType, (name: string) => string> = {
  string: (name) => `${name}-1`,
  integer: () => '1',
  number: () => '1.5',
  boolean: () => 'true',
};

/** What a template reads of the request, and a made-up value for each. */
const SAMPLE_VALUE = 'sample';

/**
 * How the one Postman exporter writes a collection, where a project's export and the stand-alone
 * APIs' (postman/collection.ts) differ (docs/decisions.md, "One engine (issue 37): the domain's
 * imports and exports").
 */
export interface PostmanExportStyle {
  /**
   * `template`: each named response of a route a request at its path template (`:id` variables),
   * asked for with `Prefer: example=NAME`, carrying what the template reads, in folders by first
   * path segment; a response without a body saved with an empty one. `stand-alone`: each API a
   * request at its stand-alone URL (`protocol` on the URL, `{{baseUrl}}` the host), a `{}` body
   * for POST and PUT, not saved when its body cannot be generated.
   */
  requests: 'template' | 'stand-alone';
  /** The URLs' scheme (`stand-alone` requests). */
  protocol?: string;
  /** The `{{baseUrl}}` variable: its value and description. */
  baseUrl: { value: string; description: string };
  /** Tokens as `token_1`... each once (`shared`), or one per route by its request id. */
  tokens: 'shared' | 'per-route';
  /** The statuses answered without a body. */
  bodyless: ReadonlySet<number>;
  /** The collection's description, of its routes' count. */
  describe: (count: number, name: string) => string;
  /** The seed of a response's example body when the export is given none. */
  seedOf: (route: ExportRoute, response: RouteResponse) => Seed;
}

/** How a project's routes are written (projectToPostman). */
function projectStyle(project: ProjectExport): PostmanExportStyle {
  return {
    requests: 'template',
    baseUrl: {
      value: project.baseUrl.replace(/\/+$/, ''),
      description: `The base URL of the project ${project.name}: every request URL starts with {{${PROJECT_BASE_URL_VARIABLE}}}.`,
    },
    tokens: 'shared',
    bodyless: BODYLESS_STATUSES,
    describe: (count, name) =>
      `${count} ${count === 1 ? 'route' : 'routes'} of the Mocksmith project ${name}, one request per named response (asked for with Prefer: example=NAME), each testing the status that response answers with. Every URL starts with {{${PROJECT_BASE_URL_VARIABLE}}}, the project's base URL.`,
    seedOf: (route, response) => exampleSeed(route, response),
  };
}

/** The routes of a collection: a project's, or stand-alone APIs' as routes of a project of one. */
export interface PostmanRoutesExport {
  name: string;
  routes: readonly ExportRoute[];
  /** The seed of every example body; by default the style's. */
  seed?: Seed;
}

/**
 * The project as a Postman Collection v2.1.0: `{{baseUrl}}` holds its base URL (one edit points
 * the collection at another deployment); a folder per first path segment (after the segments
 * every route starts with, such as an imported spec's `/v2`), in the order of the routes; in it one request per named response of each route (`Name (response)`), with the
 * route's method, its path with Postman variables (`:id`, a sample value of the declared type;
 * a tail one segment), `Prefer: example=NAME`, the header that chooses the response when it
 * has one (`when`), the query parameters and headers the template reads, and for POST, PUT and
 * PATCH a JSON body holding the body values it reads. Protected routes get bearer auth whose
 * token is a collection variable (each token once). Each request saves its response's body
 * (generated under the export's seed) as an example, and tests the status of that response,
 * and for a JSON answer that its body is JSON.
 */
export function projectToPostman(project: ProjectExport): ProjectPostmanCollection {
  return routesToPostman(project, projectStyle(project));
}

/**
 * The one Postman exporter: routes as a Postman Collection v2.1.0, written in a style (a
 * project's, or the stand-alone APIs'). Pure: the same routes and style give the same collection.
 */
export function routesToPostman(
  project: PostmanRoutesExport,
  style: PostmanExportStyle,
): ProjectPostmanCollection {
  const variable: PostmanKeyValue[] = [
    {
      key: PROJECT_BASE_URL_VARIABLE,
      value: style.baseUrl.value,
      type: 'string',
      description: style.baseUrl.description,
    },
  ];
  const tokens = new Map<string, string>();
  for (const route of project.routes) {
    if (!route.authToken) continue;
    const shared = style.tokens === 'shared';
    const id = shared ? route.authToken : (route.requestId ?? '');
    if (shared && tokens.has(id)) continue;
    const key = shared ? `token_${tokens.size + 1}` : tokenVariable(id);
    tokens.set(id, key);
    variable.push({
      key,
      value: route.authToken,
      type: 'string',
      description: `The bearer token of ${routeTitle(route)}.`,
    });
  }
  const tokenOf = (route: ExportRoute) =>
    route.authToken
      ? tokens.get(style.tokens === 'shared' ? route.authToken : (route.requestId ?? ''))
      : undefined;
  const itemsOf = (route: ExportRoute) =>
    route.responses.map((response) =>
      toItem(route, response, tokenOf(route), project.seed ?? style.seedOf(route, response), style),
    );
  const count = project.routes.length;
  const info: ProjectPostmanCollection['info'] = {
    name: project.name,
    description: style.describe(count, project.name),
    schema: POSTMAN_SCHEMA_URL,
  };
  if (style.requests === 'stand-alone') {
    return { info, item: project.routes.flatMap(itemsOf), variable };
  }
  const folders = new Map<string, ProjectPostmanFolder>();
  const top: ProjectPostmanItem[] = [];
  const segments = project.routes.map((route) =>
    routePath(route.path ?? '/')
      .path.split('/')
      .slice(1),
  );
  const shared = sharedSegments(segments);
  for (const [index, route] of project.routes.entries()) {
    const items = itemsOf(route);
    const first = segments[index]?.[shared] ?? '';
    if (first === '') {
      top.push(...items);
      continue;
    }
    const folder = folders.get(first) ?? { name: first, item: [] };
    folder.item.push(...items);
    folders.set(first, folder);
  }
  return { info, item: [...folders.values(), ...top], variable };
}

/**
 * How many leading literal segments every route shares with a literal one after (an imported
 * spec's `/v2`): the folders are named by the next one, so that a project under one prefix is
 * not one folder.
 */
function sharedSegments(paths: readonly (readonly string[])[]): number {
  const [first] = paths;
  if (first === undefined) return 0;
  const literal = (segment: string | undefined) =>
    segment !== undefined && segment !== '' && segment !== '*' && !segment.startsWith('{');
  let depth = 0;
  while (
    literal(first[depth]) &&
    paths.every((path) => path[depth] === first[depth] && literal(path[depth + 1]))
  ) {
    depth++;
  }
  return depth;
}

function routeTitle(route: ExportRoute): string {
  return route.name || `${route.method} ${route.path}`;
}

function toItem(
  route: ExportRoute,
  response: RouteResponse,
  token: string | undefined,
  seed: Seed,
  style: PostmanExportStyle,
): ProjectPostmanItem {
  const standAlone = style.requests === 'stand-alone';
  const request = standAlone
    ? standAloneRequest(route, token, style.protocol ?? 'https')
    : toRequest(route, response, token);
  const saved = savedResponse(response, request, seed, style);
  return {
    name: standAlone ? route.name : `${routeTitle(route)} (${response.name})`,
    request,
    response: saved ? [saved] : [],
    event: [
      {
        listen: 'test',
        script: { type: 'text/javascript', exec: testScript(response, style.bodyless) },
      },
    ],
  };
}

/**
 * A stand-alone API's request: its stand-alone URL (the server's own form, `mockUrl`) with
 * `{{baseUrl}}` as its host, a JSON Content-Type, and a raw `{}` body for POST and PUT.
 */
function standAloneRequest(
  route: ExportRoute,
  token: string | undefined,
  protocol: string,
): ProjectPostmanRequest {
  const method = route.method;
  // The server's own URL form, on an empty origin: the path after the origin.
  const path = mockUrl('', {
    method,
    requestId: route.requestId ?? '',
    customEndpoint: route.path,
  });
  const request: ProjectPostmanRequest = {
    method,
    header: [{ ...JSON_HEADER }],
    url: {
      raw: `${protocol}://{{${PROJECT_BASE_URL_VARIABLE}}}${path}`,
      protocol,
      host: [`{{${PROJECT_BASE_URL_VARIABLE}}}`],
      path: path.split('/').filter((segment) => segment !== ''),
    },
  };
  if (token) {
    request.auth = {
      type: 'bearer',
      bearer: [{ key: 'token', value: `{{${token}}}`, type: 'string' }],
    };
  }
  if (method === 'POST' || method === 'PUT') {
    request.body = { mode: 'raw', raw: '{}', options: { raw: { language: 'json' } } };
  }
  if (route.description) request.description = route.description;
  return request;
}

function toRequest(
  route: ExportRoute,
  response: RouteResponse,
  token: string | undefined,
): ProjectPostmanRequest {
  const template = routePath(route.path ?? '/');
  const variables: PostmanKeyValue[] = [];
  let param = 0;
  const path = template.path
    .split('/')
    .slice(1)
    .filter((segment) => segment !== '')
    .map((segment) => {
      if (segment === '*') return SAMPLE_VALUE;
      if (!segment.startsWith('{')) return segment;
      const { name, type } = template.params[param++] as (typeof template.params)[number];
      variables.push({ key: name, value: SAMPLE_PARAMS[type](name), description: type });
      return `:${name}`;
    });
  const reads = requestReads(response.template);
  const query = [...reads.query].map((key) => ({ key, value: SAMPLE_VALUE }));
  const header: PostmanKeyValue[] = [
    { key: 'Prefer', value: `example=${preferValue(response.name)}` },
  ];
  if (response.when) header.push({ key: response.when.header, value: response.when.equals });
  for (const name of reads.headers) {
    if (!header.some((known) => known.key.toLowerCase() === name))
      header.push({ key: name, value: SAMPLE_VALUE });
  }
  const search = query.map(({ key, value }) => `${encodeURIComponent(key)}=${value}`).join('&');
  const url: ProjectPostmanUrl = {
    raw: `{{${PROJECT_BASE_URL_VARIABLE}}}/${path.join('/')}${search ? `?${search}` : ''}`,
    host: [`{{${PROJECT_BASE_URL_VARIABLE}}}`],
    path,
  };
  if (query.length > 0) url.query = query;
  if (variables.length > 0) url.variable = variables;
  const request: ProjectPostmanRequest = { method: route.method, header, url };
  if (route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH') {
    header.push({ ...JSON_HEADER });
    request.body = {
      mode: 'raw',
      raw: JSON.stringify(reads.body, null, 2),
      options: { raw: { language: 'json' } },
    };
  }
  if (token) {
    request.auth = {
      type: 'bearer',
      bearer: [{ key: 'token', value: `{{${token}}}`, type: 'string' }],
    };
  }
  if (route.name) request.description = route.name;
  return request;
}

/** A response name as a Prefer value: as it is when it is a token, else quoted (RFC 7240). */
function preferValue(name: string): string {
  return /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(name)
    ? name
    : `"${name.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** What a template reads of the request: query keys, header names, and a body that has it all. */
interface RequestReads {
  query: Set<string>;
  headers: Set<string>;
  body: JsonObject;
}

/**
 * The parts of the request a template's references name (template/references.ts), so that the
 * collection's calls carry them: each query key and header once, and the body values nested as
 * their paths say (a text value each).
 */
function requestReads(text: string): RequestReads {
  const reads: RequestReads = { query: new Set(), headers: new Set(), body: {} };
  const parsed = parseTemplate(text);
  if (!parsed.ok) return reads;
  const visit = (value: JsonValue): void => {
    if (typeof value === 'string') {
      const read = readStringTemplate(value);
      if (!read?.ok) return;
      const references =
        read.template.kind === 'whole' ? [read.template.reference] : read.template.references;
      for (const reference of references) note(reads, reference);
    } else if (Array.isArray(value)) {
      for (const element of value) visit(element);
    } else if (isJsonObject(value)) {
      for (const [key, child] of Object.entries(value)) if (key !== LITERAL_KEY) visit(child);
    }
  };
  visit(parsed.value);
  return reads;
}

function note(reads: RequestReads, reference: RequestReference): void {
  const [first] = reference.keys;
  if (reference.part === 'query' && first !== undefined) reads.query.add(first);
  else if (reference.part === 'headers' && first !== undefined) reads.headers.add(first);
  else if (reference.part === 'body' && first !== undefined) {
    let at = reads.body;
    for (const [index, key] of reference.keys.entries()) {
      const last = index === reference.keys.length - 1;
      const known = at[key];
      if (last) {
        if (known === undefined) defineKey(at, key, SAMPLE_VALUE);
      } else {
        if (!isJsonObject(known)) defineKey(at, key, {});
        at = at[key] as JsonObject;
      }
    }
  }
}

/** Sets a key, `__proto__` included, as an own property. */
function defineKey(object: JsonObject, key: string, value: JsonValue): void {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * A response's body under the seed as a saved example; one that cannot be generated (its template
 * no longer compiles, or its body is over the answer size limit) saved with an empty body, or not
 * at all in a stand-alone API's collection (the server would not serve it either).
 */
function savedResponse(
  response: RouteResponse,
  request: ProjectPostmanRequest,
  seed: Seed,
  style: PostmanExportStyle,
): ProjectPostmanResponse | undefined {
  const { auth: _auth, ...originalRequest } = request;
  const status = statusText(response.status);
  const header = response.headers.map(({ name, value }) => ({ key: name, value }));
  const bodyless = style.bodyless.has(response.status);
  const body = bodyless ? undefined : exampleBody(response.template, seed);
  if (body === undefined && !bodyless && style.requests === 'stand-alone') return undefined;
  if (body === undefined) {
    return {
      name: response.name,
      originalRequest,
      status,
      code: response.status,
      _postman_previewlanguage: 'text',
      header,
      body: '',
    };
  }
  return {
    name: response.name,
    originalRequest,
    status,
    code: response.status,
    _postman_previewlanguage: 'json',
    header: [{ ...JSON_HEADER }, ...header],
    body: JSON.stringify(body, null, 2),
  };
}

/**
 * The checks of one request: the response's status, and a JSON body when it answers one (its
 * own Content-Type, if it sets one, saying JSON); an empty body for a 204.
 */
function testScript(response: RouteResponse, bodyless: ReadonlySet<number>): string[] {
  const code = response.status;
  const lines = [
    `pm.test(${JSON.stringify(`Status code is ${code}`)}, function () {`,
    `    pm.response.to.have.status(${code});`,
    '});',
  ];
  const type = response.headers.find(({ name }) => name.toLowerCase() === 'content-type');
  if (code === 204) {
    lines.push(
      "pm.test('Response has no body', function () {",
      "    pm.expect(pm.response.text()).to.equal('');",
      '});',
    );
  } else if (!bodyless.has(code) && (!type || /json/i.test(type.value))) {
    lines.push(
      "pm.test('Response body is JSON', function () {",
      '    pm.response.to.have.jsonBody();',
      '});',
    );
  }
  return lines;
}
