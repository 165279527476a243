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
import { STATUS_TEXTS, type StatusCode } from '../http.ts';
import type { JsonValue } from '../json.ts';
import type { NetworkProfile } from '../network/profile.ts';
import {
  BEARER_SCHEME,
  type JsonSchema,
  OPENAPI_VERSION,
  type OpenApiDocument,
  templateToSchema,
} from '../openapi/export.ts';
import type { Seed } from '../random.ts';
import { prepareTemplate } from '../template/compile.ts';
import { parseTemplate } from '../template/parse.ts';
import type { ResponseMode, RouteMethod, RouteResponse } from './model.ts';
import { type PathParamType, type PathTemplate, parsePathTemplate } from './path-template.ts';
import type { RouteRule } from './rules.ts';

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

/** A route as the exports read it (the stored route's fields). */
export interface ProjectExportRoute {
  method: RouteMethod;
  /** The path template, as stored (`/users/{id:integer}`, `/files/*`). */
  path: string;
  name: string;
  responses: readonly RouteResponse[];
  responseMode?: ResponseMode;
  /** The route's bearer token, when it has one (the OpenAPI export never writes it). */
  authToken?: string | null;
  /** Its rules, in order (none when absent). */
  rules?: readonly RouteRule[];
  /** Its own network profile; null or absent: the project's. */
  network?: NetworkProfile | null;
  /** Whether callers may override its answer (`?__status`, `Prefer`); absent: they may. */
  overrides?: boolean;
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
export function exampleSeed(route: ProjectExportRoute, response: RouteResponse): string {
  return `${route.method} ${route.path} ${response.name}`;
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
  const paths: OpenApiDocument['paths'] = {};
  const shared = new Map<string, OpenApiPath>();
  for (const route of project.routes) {
    const template = routePath(route.path);
    let at = shared.get(template.key);
    if (!at) {
      at = openApiPath(template);
      shared.set(template.key, at);
    }
    const item = paths[at.path] ?? {};
    item[route.method.toLowerCase()] = operation(route, template, at.names, project.seed);
    paths[at.path] = item;
  }
  const count = project.routes.length;
  const document: OpenApiDocument = {
    openapi: OPENAPI_VERSION,
    info: {
      title: project.name,
      version: '1.0.0',
      description: `${count} ${count === 1 ? 'route' : 'routes'} of the Mocksmith project ${project.name}. Each example of a response is a named response of its route: a call chooses one with the header \`Prefer: example=NAME\` (or \`Prefer: code=STATUS\`).`,
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
        description: "The route's bearer token, shown on its page in Mocksmith.",
      },
    };
  }
  return document;
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

function operation(
  route: ProjectExportRoute,
  template: PathTemplate,
  names: string[],
  seed: Seed | undefined,
): Record<string, unknown> {
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
  const out: Record<string, unknown> = {
    summary: route.name || `${route.method} ${route.path}`,
    [MOCKSMITH_EXTENSIONS.path]: template.path,
  };
  if (route.responseMode && route.responseMode !== 'default')
    out[MOCKSMITH_EXTENSIONS.responseMode] = route.responseMode;
  if (route.rules && route.rules.length > 0) out[MOCKSMITH_EXTENSIONS.rules] = route.rules;
  if (route.network) out[MOCKSMITH_EXTENSIONS.network] = route.network;
  if (route.overrides === false) out[MOCKSMITH_EXTENSIONS.overrides] = false;
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
    if (BODYLESS_STATUSES.has(status)) {
      answer[MOCKSMITH_EXTENSIONS.responses] = saved.map((one) => ({
        ...one,
        template: (templates.get(one) as RouteResponse).template,
      }));
    } else {
      answer.content = {
        'application/json': jsonContent(route, saved, templates, seed),
      };
    }
    responses[String(status)] = answer;
  }
  out.responses = responses;
  return out;
}

/**
 * The media type of one status: the schema every body of its templates satisfies (their
 * `anyOf` when they differ) and one example per named response.
 */
function jsonContent(
  route: ProjectExportRoute,
  saved: SavedResponse[],
  templates: Map<SavedResponse, RouteResponse>,
  seed: Seed | undefined,
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
      const value = exampleBody(response.template, seed ?? exampleSeed(route, response));
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
