/**
 * A project as one OpenAPI 3.1 document (issue 28): its routes as paths and operations, each
 * named response an example of its status, with the response schema its template guarantees
 * (the per-API export's `templateToSchema`). The `x-mocksmith-*` extensions carry what a
 * document cannot say otherwise (the template itself, the response's name, delay, headers,
 * default and header match, the route's typed path, rotation, rules, network profile and whether
 * callers may override its answer), so that importing the document
 * into a project (openapi-import.ts) gives the same routes back. Pure, and without the import's
 * validator: the web can build it too.
 */
import { mockUrl, STATUS_TEXTS, type StatusCode } from '../http.ts';
import type { JsonValue } from '../json.ts';
import { BEARER_SCHEME, OPENAPI_VERSION, type OpenApiDocument } from '../openapi/document.ts';
import { type JsonSchema, templateToSchema } from '../openapi/template-schema.ts';
import type { Seed } from '../random.ts';
import { prepareTemplate } from '../template/compile.ts';
import { parseTemplate } from '../template/parse.ts';
import type { ResponseMode, RouteResponse } from './model.ts';
import { type PathParamType, type PathTemplate, parsePathTemplate } from './path-template.ts';
import type { Route } from './route.ts';

/**
 * The extensions of the export that an import restores exactly: on an example, the template it
 * was generated from and the response's own settings; on a response without a body (204), the
 * list of its named responses; on an operation, the route's path as written (types and tail),
 * its rotation, its rules (when it has any), its network profile (when it has its own) and
 * `false` when callers may not override its answer. An operation with `x-mocksmith-path` is a
 * Mocksmith export: what it leaves out is the default (no rules, the project's profile,
 * overrides allowed).
 */
export const MOCKSMITH_EXTENSIONS = {
  template: 'x-mocksmith-template',
  response: 'x-mocksmith-response',
  responses: 'x-mocksmith-responses',
  path: 'x-mocksmith-path',
  responseMode: 'x-mocksmith-response-mode',
  rules: 'x-mocksmith-rules',
  network: 'x-mocksmith-network',
  overrides: 'x-mocksmith-overrides',
} as const;

/** Statuses whose answers carry no body: their responses are listed on the response object. */
export const BODYLESS_STATUSES: ReadonlySet<number> = new Set([204, 205, 304]);

/**
 * A route as the exports read it: the one Route's fields (DESIGN.md §4b), with its name, its
 * rotation as stored, and, for a stand-alone API (stand-alone.ts), its request id and description.
 */
export interface ExportRoute
  extends Pick<Route, 'method' | 'responses'>,
    Partial<Pick<Route, 'requestId' | 'authToken' | 'rules' | 'network' | 'overrides'>> {
  /**
   * The path template, as stored (`/users/{id:integer}`, `/files/*`); a stand-alone API's custom
   * endpoint, or null without one.
   */
  path: string | null;
  name: string;
  responseMode?: ResponseMode;
  /** A stand-alone API's description (a project's route has none). */
  description?: string | null;
}

/** A route of a project as the exports read it: its path always a template. */
export interface ProjectExportRoute extends ExportRoute {
  path: string;
}

/** A project as the exports read it. */
export interface ProjectExport {
  name: string;
  /** The project's base URL (`MOCK_ORIGIN/p/{slug}`): the document's server. */
  baseUrl: string;
  routes: readonly ProjectExportRoute[];
  /**
   * The seed of every example body; by default each response's own (`METHOD path name`), so that
   * an export made twice is the same and two responses of a route differ.
   */
  seed?: Seed;
}

/** What a response's settings are saved as (`x-mocksmith-response`). */
export interface SavedResponse {
  name: string;
  delay: number;
  headers: RouteResponse['headers'];
  default: boolean;
  when: { header: string; equals: string } | null;
  /** Its place among the route's responses. */
  order: number;
}

/** The seed of a response's example body when the export is given none. */
export function exampleSeed(route: ExportRoute, response: RouteResponse): string {
  return `${route.method} ${route.path} ${response.name}`;
}

/**
 * How the one exporter writes a document, where a project's export and the stand-alone APIs'
 * (openapi/export.ts) differ (docs/decisions.md, "One engine (issue 37): the domain's imports and
 * exports"): a project's routes are placed at their path templates and saved with the
 * `x-mocksmith-*` extensions an import into a project restores, each named response an example;
 * a stand-alone API sits at its custom endpoint with its stand-alone URL's base as its server,
 * its one response's body the example.
 */
export interface OpenApiExportStyle {
  /**
   * `template`: the route's path template in OpenAPI's notation, typed parameters on the
   * operation. `stand-alone`: the custom endpoint (`/` without one), its `{param}` segments
   * string parameters of the path item, the stand-alone URL's base under `mockOrigin` the
   * operation's server (a second API at one path and method takes its whole stand-alone path).
   */
  paths: 'template' | 'stand-alone';
  /** The origin of the stand-alone URLs (`stand-alone` paths). */
  mockOrigin?: string;
  /** Whether the `x-mocksmith-*` extensions are written, each named response an example. */
  saved: boolean;
  /** The statuses answered without a body. */
  bodyless: ReadonlySet<number>;
  /** The document's description, of its routes' count. */
  describe: (count: number, title: string) => string;
  /** Whose bearer token the security scheme is (`route`, `API`). */
  tokenOwner: string;
  /** The seed of a response's example body when the export is given none. */
  seedOf: (route: ExportRoute, response: RouteResponse) => Seed;
}

/** How a project's routes are written (projectToOpenApi). */
export const PROJECT_OPENAPI_STYLE: OpenApiExportStyle = {
  paths: 'template',
  saved: true,
  bodyless: BODYLESS_STATUSES,
  describe: (count, title) =>
    `${count} ${count === 1 ? 'route' : 'routes'} of the Mocksmith project ${title}. Each example of a response is a named response of its route: a call chooses one with the header \`Prefer: example=NAME\` (or \`Prefer: code=STATUS\`).`,
  tokenOwner: 'route',
  seedOf: (route, response) => exampleSeed(route, response),
};

/** The document of routes: a project's, or stand-alone APIs' as routes of a project of one. */
export interface RoutesExport {
  /** The document's title (`info.title`). */
  name: string;
  /** The document's version (`info.version`); `1.0.0` by default. */
  version?: string;
  /** The document's server. */
  baseUrl: string;
  routes: readonly ExportRoute[];
  /** The seed of every example body; by default the style's (see OpenApiExportStyle.seedOf). */
  seed?: Seed;
}

/**
 * The project as an OpenAPI 3.1.0 document: the base URL its server; each route an operation at
 * its path in OpenAPI's notation (routes whose paths differ only by their parameters' names
 * share the first one's), its path parameters declared with their types (a tail, `*`, as one
 * more parameter), its summary the route's name; its responses by status, each named response an
 * example (a body generated under a fixed seed; a template that reads the request gives the body
 * of a request without any of it) with the schema of the templates; the header a response is
 * chosen by (`when`) a header parameter listing its values. Protected routes require a bearer
 * scheme (the token is never written).
 */
export function projectToOpenApi(project: ProjectExport): OpenApiDocument {
  return routesToOpenApi(project, PROJECT_OPENAPI_STYLE);
}

/**
 * The one OpenAPI exporter: routes as an OpenAPI 3.1.0 document, written in a style (a project's,
 * or the stand-alone APIs'). Pure: the same routes and style give the same document.
 */
export function routesToOpenApi(project: RoutesExport, style: OpenApiExportStyle): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const place = style.paths === 'template' ? templatePlacer() : standAlonePlacer(style);
  for (const route of project.routes) {
    const method = route.method.toLowerCase();
    const at = place(route, paths);
    const item = paths[at.path] ?? {};
    if (at.itemParameters && at.itemParameters.length > 0) item.parameters = at.itemParameters;
    item[method] = {
      ...operation(route, at, style, project.seed),
      ...(at.servers && { servers: at.servers }),
    };
    paths[at.path] = item;
  }
  const count = project.routes.length;
  const document: OpenApiDocument = {
    openapi: OPENAPI_VERSION,
    info: {
      title: project.name,
      version: project.version ?? '1.0.0',
      description: style.describe(count, project.name),
    },
    servers: [{ url: project.baseUrl }],
    paths,
    components: {},
  };
  if (project.routes.some((route) => route.authToken)) {
    document.components.securitySchemes = {
      [BEARER_SCHEME]: {
        type: 'http',
        scheme: 'bearer',
        description: `The ${style.tokenOwner}'s bearer token, shown on its page in Mocksmith.`,
      },
    };
  }
  return document;
}

/** Where one route's operation goes. */
interface Placement {
  /** The path in OpenAPI's notation. */
  path: string;
  /** The operation's own parameters. */
  parameters: JsonSchema[];
  /** The path item's parameters. */
  itemParameters?: JsonSchema[];
  /** The operation's server. */
  servers?: { url: string }[];
  /** The route's path as written, saved as `x-mocksmith-path`. */
  saved?: string;
}

type Placer = (route: ExportRoute, paths: OpenApiDocument['paths']) => Placement;

/** Routes at their path templates; routes whose paths differ only by names share the first's. */
function templatePlacer(): Placer {
  const shared = new Map<string, OpenApiPath>();
  return (route) => {
    const template = routePath(route.path ?? '/');
    let at = shared.get(template.key);
    if (!at) {
      at = openApiPath(template);
      shared.set(template.key, at);
    }
    return { path: at.path, parameters: pathParameters(template, at.names), saved: template.path };
  };
}

/**
 * Stand-alone APIs at their custom endpoints, their URL's base the operation's server, so that an
 * import of the document gives the same endpoints back. Two APIs at one path and method (without
 * endpoints, say) cannot share it: the later one takes its whole stand-alone path.
 */
function standAlonePlacer(style: OpenApiExportStyle): Placer {
  const origin = (style.mockOrigin ?? '').replace(/\/+$/, '');
  return (route, paths) => {
    const requestId = route.requestId ?? '';
    const base = mockUrl('', { method: route.method, requestId, customEndpoint: null });
    let path = route.path ?? '/';
    let servers: { url: string }[] | undefined = [{ url: `${origin}${base}` }];
    if (paths[path]?.[route.method.toLowerCase()]) {
      path = mockUrl('', { method: route.method, requestId, customEndpoint: route.path });
      servers = undefined;
    }
    return { path, parameters: [], itemParameters: stringParameters(path), servers };
  };
}

const PARAMETER = /\{([^{}/]+)\}/g;

/** The `{param}` segments of a path as string parameters. */
function stringParameters(path: string): JsonSchema[] {
  const names = [...new Set([...path.matchAll(PARAMETER)].map((m) => m[1] as string))];
  return names.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));
}

/** A stored route's path, parsed; stored paths always parse. */
export function routePath(path: string): PathTemplate {
  const parsed = parsePathTemplate(path);
  if (!parsed.ok) throw new Error(`A stored route path that does not parse: ${parsed.error}`);
  return parsed.value;
}

/** A path in OpenAPI's notation, and the names of its parameters in order (the tail's last). */
interface OpenApiPath {
  path: string;
  names: string[];
}

function openApiPath(template: PathTemplate): OpenApiPath {
  const names = template.params.map((param) => param.name);
  if (template.tail) {
    // The router calls a tail `tail` ({{request.params.tail}}).
    let tail = 'tail';
    for (let n = 2; names.includes(tail); n++) tail = `tail${n}`;
    names.push(tail);
  }
  let next = 0;
  const path = template.path.replace(/\{[^}]*\}|\*$/g, () => `{${names[next++]}}`);
  return { path, names };
}

const PARAM_SCHEMAS: Record<PathParamType, JsonSchema> = {
  string: { type: 'string' },
  integer: { type: 'integer' },
  number: { type: 'number' },
  boolean: { type: 'boolean' },
};

/** A path template's parameters, typed (a tail as one more). */
function pathParameters(template: PathTemplate, names: string[]): JsonSchema[] {
  const parameters: JsonSchema[] = template.params.map((param, index) => ({
    name: names[index] as string,
    in: 'path',
    required: true,
    schema: PARAM_SCHEMAS[param.type],
  }));
  if (template.tail) {
    parameters.push({
      name: names[names.length - 1] as string,
      in: 'path',
      required: true,
      description: 'The rest of the path: any segments',
      schema: { type: 'string' },
    });
  }
  return parameters;
}

function operation(
  route: ExportRoute,
  at: Placement,
  style: OpenApiExportStyle,
  seed: Seed | undefined,
): Record<string, unknown> {
  const parameters = [...at.parameters];
  const choices = new Map<string, string[]>();
  for (const { when } of route.responses) {
    if (!when) continue;
    const values = choices.get(when.header) ?? [];
    if (!values.includes(when.equals)) values.push(when.equals);
    choices.set(when.header, values);
  }
  for (const [header, values] of choices) {
    parameters.push({
      name: header,
      in: 'header',
      required: false,
      description: 'Chooses the response whose example names this value',
      schema: { type: 'string', enum: values },
    });
  }
  // No operationId: an import names a stand-alone API from it first, and its name is its summary
  // (as it is; a route without a name is summarised by its method and path).
  const out: Record<string, unknown> = {
    summary:
      route.name || (style.paths === 'template' ? `${route.method} ${route.path}` : route.name),
  };
  if (route.description) out.description = route.description;
  if (style.saved) {
    out[MOCKSMITH_EXTENSIONS.path] = at.saved;
    if (route.responseMode && route.responseMode !== 'default')
      out[MOCKSMITH_EXTENSIONS.responseMode] = route.responseMode;
    if (route.rules && route.rules.length > 0) out[MOCKSMITH_EXTENSIONS.rules] = route.rules;
    if (route.network) out[MOCKSMITH_EXTENSIONS.network] = route.network;
    if (route.overrides === false) out[MOCKSMITH_EXTENSIONS.overrides] = false;
  }
  if (parameters.length > 0) out.parameters = parameters;
  if (route.authToken) out.security = [{ [BEARER_SCHEME]: [] }];
  const byStatus = new Map<number, SavedResponse[]>();
  const templates = new Map<SavedResponse, RouteResponse>();
  for (const [order, response] of route.responses.entries()) {
    const saved: SavedResponse = {
      name: response.name,
      delay: response.delay,
      headers: response.headers,
      default: response.isDefault,
      when: response.when ?? null,
      order,
    };
    templates.set(saved, response);
    byStatus.set(response.status, [...(byStatus.get(response.status) ?? []), saved]);
  }
  const responses: Record<string, unknown> = {};
  for (const [status, saved] of byStatus) {
    const answer: Record<string, unknown> = {
      description: STATUS_TEXTS[status as StatusCode] ?? `Status ${status}`,
    };
    const seedOf = (response: RouteResponse) => seed ?? style.seedOf(route, response);
    if (style.bodyless.has(status)) {
      if (style.saved) {
        answer[MOCKSMITH_EXTENSIONS.responses] = saved.map((one) => ({
          ...one,
          template: (templates.get(one) as RouteResponse).template,
        }));
      }
    } else if (style.saved) {
      answer.content = { 'application/json': namedExamples(saved, templates, seedOf) };
    } else {
      const response = templates.get(saved[0] as SavedResponse) as RouteResponse;
      const content = oneExample(response.template, seedOf(response));
      if (content) answer.content = { 'application/json': content };
    }
    responses[String(status)] = answer;
  }
  out.responses = responses;
  return out;
}

/**
 * The media type of one status: the schema every body of its templates satisfies (their
 * `anyOf` when they differ) and one example per named response, saved.
 */
function namedExamples(
  saved: SavedResponse[],
  templates: Map<SavedResponse, RouteResponse>,
  seedOf: (response: RouteResponse) => Seed,
): Record<string, unknown> {
  const schemas: JsonSchema[] = [];
  const examples: Record<string, unknown> = {};
  for (const one of saved) {
    const response = templates.get(one) as RouteResponse;
    const example: Record<string, unknown> = {};
    if (one.when) example.summary = `When ${one.when.header} is ${one.when.equals}`;
    const parsed = parseTemplate(response.template);
    if (parsed.ok) {
      const schema = templateToSchema(parsed.value);
      if (!schemas.some((known) => JSON.stringify(known) === JSON.stringify(schema)))
        schemas.push(schema);
      const value = exampleBody(response.template, seedOf(response));
      if (value !== undefined) example.value = value;
    }
    example[MOCKSMITH_EXTENSIONS.template] = response.template;
    example[MOCKSMITH_EXTENSIONS.response] = one;
    examples[one.name] = example;
  }
  const content: Record<string, unknown> = {};
  if (schemas.length > 0) content.schema = schemas.length === 1 ? schemas[0] : { anyOf: schemas };
  content.examples = examples;
  return content;
}

/**
 * The schema and the example of one response's body; none when its template no longer compiles
 * (a body over the answer size limit: the schema stands without an example).
 */
function oneExample(
  template: string,
  seed: Seed,
): { schema: JsonSchema; example?: JsonValue } | undefined {
  const parsed = parseTemplate(template);
  if (!parsed.ok || !prepareTemplate(template, { mode: 'full', stored: true }).ok) return undefined;
  const content: { schema: JsonSchema; example?: JsonValue } = {
    schema: templateToSchema(parsed.value),
  };
  const example = exampleBody(template, seed);
  if (example !== undefined) content.example = example;
  return content;
}

/**
 * A template's body under a seed, for a request that gives it nothing (its request references
 * read as missing); undefined when the template no longer compiles or its body is over the answer
 * size limit (the route would not answer it either).
 */
export function exampleBody(template: string, seed: Seed): JsonValue | undefined {
  // Stored templates compile in full mode, as the server compiles them to serve them.
  const compiled = prepareTemplate(template, { mode: 'full', stored: true });
  if (!compiled.ok) return undefined;
  try {
    return compiled.value.generate({ seed });
  } catch {
    return undefined;
  }
}
