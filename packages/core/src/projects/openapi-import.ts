/**
 * An OpenAPI document into a project (issue 28): every operation a route at its spec path, its
 * named examples and its error answers named responses of that route, and operations that one
 * header tells apart (AWS JSON-RPC: `POST /#X-Amz-Target=Service.Action`) one route whose
 * responses each answer one value of that header. Pure: the caller parses, validates and
 * dereferences the document (the server's import worker, as for the per-API import) and stores
 * the routes; {@link diffImport} says what storing them changes in a project that has routes.
 * A request example and a response example of the same name are an explicit pairing: the route
 * gets a rule that picks that response when a request looks like that example (issue 30).
 */
import { importTexts } from '../errors.ts';
import type { JsonValue } from '../json.ts';
import type { NetworkProfile } from '../network/profile.ts';
import {
  type AnswerContext,
  escapeExample,
  guardBudget,
  isJsonMedia,
  type JsonAnswer,
  jsonAnswer,
  schemaTemplate,
  successResponse,
  usableExample,
} from '../openapi/plan.ts';
import { MAX_SCHEMA_NODES, pointerTo } from '../openapi/schema.ts';
import type { ImportReport } from '../openapi/types.ts';
import { createSchemaValidator, dialectOf } from '../openapi/validator.ts';
import { MAX_NAME_LENGTH } from '../schemas/api-texts.ts';
import { networkProfileSchema } from '../schemas/network.ts';
import { type ProjectImportReport, routeResponseInputSchema } from '../schemas/projects.ts';
import { routeRuleSchema } from '../schemas/rules.ts';
import {
  MAX_RESPONSE_NAME_LENGTH,
  MAX_RESPONSES_PER_ROUTE,
  MAX_ROUTES_PER_PROJECT,
  RESPONSE_MODES,
  type ResponseMatch,
  type ResponseMode,
  ROUTE_METHODS,
  type RouteMethod,
  type RouteResponse,
} from './model.ts';
import { BODYLESS_STATUSES, MOCKSMITH_EXTENSIONS } from './openapi-export.ts';
import { type PathParamType, parsePathTemplate } from './path-template.ts';
import {
  MAX_RULES_PER_ROUTE,
  type RouteRule,
  type RuleCondition,
  type RuleSource,
  ruleProblems,
} from './rules.ts';

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A route an import would make or update. */
export interface PlannedRoute {
  /**
   * What the next import of a spec finds this route by: the method and the key of the spec's
   * path (`GET /users/{}`), the route's identity in a project whatever its parameters are called
   * and whatever server path is kept in front of it.
   */
  importKey: string;
  method: RouteMethod;
  /**
   * A path template of our syntax (`/v2/users/{id:integer}`: the server's path, then the spec's),
   * as parsePathTemplate normalises it.
   */
  path: string;
  name: string;
  responses: RouteResponse[];
  responseMode: ResponseMode;
  /**
   * The route's rules, in order, when the spec says what they are: `x-mocksmith-rules` (a
   * Mocksmith export without it: none), else, when the operation has named request examples, one
   * rule per request example paired with a response example of its name (none when nothing
   * pairs). Absent when the spec says nothing of rules: storing the route then keeps its own.
   */
  rules?: RouteRule[];
  /** Its own network profile (null: the project's), when a Mocksmith export says; else absent. */
  network?: NetworkProfile | null;
  /** Whether callers may override its answer, when a Mocksmith export says; else absent. */
  overrides?: boolean;
}

/** An operation left out, and why; `importKey` when it is a route the project cannot hold. */
export interface SkippedImport {
  /** `METHOD /path` as the spec writes it. */
  operation: string;
  reason: string;
  importKey?: string;
}

/** What importing a document into a project would make. */
export interface ProjectImportPlan {
  routes: PlannedRoute[];
  skipped: SkippedImport[];
  warnings: string[];
}

export interface ProjectImportOptions {
  /** The most schema nodes the whole import may expand (see MAX_SCHEMA_NODES). */
  maxSchemaNodes?: number;
  /** The most routes the plan holds (MAX_ROUTES_PER_PROJECT). */
  maxRoutes?: number;
  /** The most responses one planned route holds (MAX_RESPONSES_PER_ROUTE). */
  maxResponses?: number;
  /** The most rules one planned route holds (MAX_RULES_PER_ROUTE). */
  maxRules?: number;
}

/** The texts of an import into a project, in words the person importing reads. */
export const projectImportTexts = {
  headOrOptions: (method: string) =>
    `${method} is answered by every route already: the spec's ${method} operations are not imported`,
  unsupportedMethod: (method: string) =>
    `${method} is not a method a route answers (${ROUTE_METHODS.join(', ')})`,
  samePath: (route: string) => `Another operation of the spec already answers ${route}`,
  tooManyRoutes: (max: number) => `A project holds at most ${max.toLocaleString('en')} routes`,
  tooManyResponses: (route: string, max: number) =>
    `The route ${route} already holds ${max} responses, the most a route can`,
  responsesLeftOut: (operation: string, count: number, max: number) =>
    `${operation}: ${count} more ${count === 1 ? 'response is' : 'responses are'} left out (a route holds at most ${max})`,
  noAnswer: 'The operation declares no response to answer with',
  widened: (operation: string, segment: string, route: string) =>
    `${operation}: the segment "${segment}" mixes text and a parameter, which a route path cannot; the route ${route} answers any value there`,
  serverPathLeftOut: (path: string) =>
    `The spec's server path ${path} is left out: the routes answer at their paths under the project's base URL`,
  serverPathKept: (path: string) =>
    `The spec's server path ${path} is kept in front of each route's path (${path}/...): the routes answer where the spec's clients call them, under the project's base URL`,
  contradictingExample: (operation: string, status: string, which: string, errors: string[]) =>
    `${operation} (${status}): ${which} contradicts its schema and is not served: ${errors.slice(0, 2).join('; ')}`,
  choiceByQuery: (route: string, parameter: string) =>
    `${route}: the spec tells its operations apart by the query parameter ${parameter}; a route chooses by a header only, so the default answers unless a call names another with Prefer: example=NAME`,
  choiceErrorsLeftOut: (route: string, header: string) =>
    `${route}: one response per value of ${header}, each operation's success answer; their error answers are left out`,
  notRestored: (operation: string, name: string, problem: string) =>
    `${operation}: the Mocksmith response "${name}" is imported with default settings (${problem})`,
  noRuleValues: (operation: string, name: string) =>
    `${operation}: the request example "${name}" makes no rule: it has no top-level field or parameter value that is text, a number, true, false or null to compare`,
  ruleRefused: (operation: string, name: string, problem: string) =>
    `${operation}: the request example "${name}" makes no rule: ${problem}`,
  tooManyRules: (operation: string, name: string, max: number) =>
    `${operation}: the request example "${name}" makes no rule: a route holds at most ${max} rules`,
  savedRuleLeftOut: (operation: string, index: number, problem: string) =>
    `${operation}: the Mocksmith rule ${index + 1} is left out (${problem})`,
  savedRulesNotList: (operation: string) =>
    `${operation}: x-mocksmith-rules is not a list of rules and is left out`,
  networkLeftOut: (operation: string, problem: string) =>
    `${operation}: the Mocksmith network profile is left out and the project's applies (${problem})`,
  moreWarnings: (count: number) => `… and ${count.toLocaleString('en')} more`,
  routeTaken: (route: string) =>
    `Another route of the project, not made by an import of this spec, answers ${route}: it is kept as it is (delete it and import again to take the spec's)`,
} as const;

/** The most warnings a plan lists; the rest are counted in a last line. */
const MAX_WARNINGS = 100;

/** The operation keys of a path item, in the order OpenAPI lists them. */
const OPERATION_KEYS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9a-z-]{1,100}$/;

/** `GET /users/{id}`: how a report names a route. */
export function routeLabel(method: string, path: string): string {
  return `${method} ${path}`;
}

/** One operation of the document, where it sits. */
interface Operation {
  node: Node;
  /** The path item's and the operation's parameters, the operation's winning. */
  parameters: Node[];
  /** `get`, `post`... */
  key: string;
  method: RouteMethod;
  specPath: string;
  label: string;
}

/** An operation that answers when a header (or a query parameter) has one value. */
interface Discriminated {
  operation: Operation;
  name: string;
  value: string;
  /** Where the spec reads the value. */
  place: 'header' | 'query';
}

/** The operations that become one route. */
interface Group {
  method: RouteMethod;
  /** At the spec's path, and its key: what the import finds the route by. */
  path: string;
  key: string;
  /** Where the route answers: the server's prefix kept in front of `path`. */
  routePath: string;
  plain?: Operation;
  choices: Discriminated[];
}

/** A response being planned: the stored response and, when restored, its place in the route. */
interface Entry extends RouteResponse {
  order?: number;
  /** The key of the named example it was made of: what a request example pairs with. */
  exampleKey?: string;
  /** Whether `isDefault` was restored from the document rather than decided here. */
  restored: boolean;
}

/** The plan's state while it walks the document. */
interface Planner {
  context: AnswerContext;
  warnings: string[];
  skipped: SkippedImport[];
  /** The server's base path kept in front of every route's path ('' for none). */
  prefix: string;
}

/**
 * Plans the import of one OpenAPI document (3.0, 3.1 or Swagger 2.0, parsed and dereferenced as
 * for `planImport`) into a project. Each GET, POST, PUT, PATCH and DELETE operation becomes a
 * route at its path (the first server's base path kept in front, path parameters typed as their
 * schemas say), with a response per named example of its success answer (the first the default;
 * without a success answer, its first declared answer is) and per other answer it declares
 * (4xx, 5xx, `default`); each template is the example (its literals kept as literals) when it is
 * valid against its schema, else derived from the schema, else a body of the answer's status and
 * description, or restored verbatim from a Mocksmith export. Operations at one path whose paths differ only by
 * `#Header=Value` (or `?name=value`) become one route whose responses answer by that header.
 * Pure; throws SchemaNodesLimitError as `planImport` does, and nothing else on a document of a
 * known version.
 */
export function planProjectImport(
  document: unknown,
  {
    maxSchemaNodes = MAX_SCHEMA_NODES,
    maxRoutes = MAX_ROUTES_PER_PROJECT,
    maxResponses = MAX_RESPONSES_PER_ROUTE,
    maxRules = MAX_RULES_PER_ROUTE,
  }: ProjectImportOptions = {},
): ProjectImportPlan {
  const dialect = dialectOf(document);
  const plan: ProjectImportPlan = { routes: [], skipped: [], warnings: [] };
  if (!dialect || !isNode(document)) {
    const version = isNode(document)
      ? String(document.openapi ?? document.swagger)
      : typeof document;
    plan.skipped.push({ operation: '*', reason: importTexts.unsupportedVersion(version) });
    return plan;
  }
  const planner: Planner = {
    context: {
      document,
      dialect,
      validator: createSchemaValidator(dialect),
      budget: { used: 0, limit: maxSchemaNodes },
    },
    warnings: [],
    skipped: plan.skipped,
    prefix: '',
  };
  // A project's own base path (`/p/{slug}`, a Mocksmith export's server) goes without saying.
  // Another is kept in front of the paths, as Mockoon does, so that a front end built against
  // the spec's server (`https://petstore.swagger.io/v2/pet`) needs its host changed, nothing
  // else; a path with variables left unresolved cannot be a route's and is left out.
  const serverPath = serverBasePath(document);
  if (serverPath !== '' && !/^\/p\/[a-z0-9-]+$/.test(serverPath)) {
    const prefix = routePrefixOf(serverPath);
    if (prefix === undefined) {
      planner.warnings.push(projectImportTexts.serverPathLeftOut(serverPath));
    } else {
      planner.prefix = prefix;
      planner.warnings.push(projectImportTexts.serverPathKept(prefix));
    }
  }

  const groups = new Map<string, Group>();
  const paths = isNode(document.paths) ? document.paths : {};
  for (const [specPath, item] of Object.entries(paths)) {
    if (!isNode(item)) continue;
    for (const key of Object.keys(item)) {
      if (!OPERATION_KEYS.includes(key) || !isNode(item[key])) continue;
      const method = key.toUpperCase();
      const label = routeLabel(method, specPath);
      if (!(ROUTE_METHODS as readonly string[]).includes(method)) {
        const reason =
          method === 'HEAD' || method === 'OPTIONS'
            ? projectImportTexts.headOrOptions(method)
            : projectImportTexts.unsupportedMethod(method);
        plan.skipped.push({ operation: label, reason });
        continue;
      }
      const node = item[key] as Node;
      const operation: Operation = {
        node,
        parameters: parametersOf(item, node),
        key,
        method: method as RouteMethod,
        specPath,
        label,
      };
      const placed = placeOperation(operation, planner);
      if (!placed) continue;
      const groupKey = routeLabel(method, placed.key);
      let group = groups.get(groupKey);
      if (!group) {
        if (groups.size >= maxRoutes) {
          plan.skipped.push({
            operation: label,
            reason: projectImportTexts.tooManyRoutes(maxRoutes),
            importKey: groupKey,
          });
          continue;
        }
        group = {
          method: operation.method,
          path: placed.path,
          key: placed.key,
          routePath: placed.routePath,
          choices: [],
        };
        groups.set(groupKey, group);
      }
      if (placed.choice) {
        group.choices.push({ operation, ...placed.choice });
      } else if (group.plain) {
        plan.skipped.push({
          operation: label,
          reason: projectImportTexts.samePath(routeLabel(method, group.routePath)),
        });
      } else {
        group.plain = operation;
      }
    }
  }
  for (const group of groups.values()) {
    const route = planRoute(group, planner, maxResponses, maxRules);
    if (route) plan.routes.push(route);
  }
  plan.warnings =
    planner.warnings.length <= MAX_WARNINGS
      ? planner.warnings
      : [
          ...planner.warnings.slice(0, MAX_WARNINGS),
          projectImportTexts.moreWarnings(planner.warnings.length - MAX_WARNINGS),
        ];
  return plan;
}

/**
 * The path of the first server (OpenAPI 3: `servers[0].url`, its variables at their defaults;
 * Swagger 2.0: `basePath`), without a trailing slash; '' when there is none. The routes are
 * planned at the spec's paths, which are relative to it: the project's base URL takes its place.
 */
function serverBasePath(document: Node): string {
  let url: string | undefined;
  if (typeof document.basePath === 'string') url = document.basePath;
  else if (Array.isArray(document.servers) && isNode(document.servers[0])) {
    const server = document.servers[0];
    if (typeof server.url === 'string') {
      const variables = isNode(server.variables) ? server.variables : {};
      url = server.url.replace(/\{([^{}]+)\}/g, (whole, name: string) => {
        const variable = variables[name];
        return isNode(variable) && typeof variable.default === 'string' ? variable.default : whole;
      });
    }
  }
  if (url === undefined) return '';
  const path = url.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, '').split(/[?#]/)[0] ?? '';
  return path.replace(/\/+$/, '');
}

/**
 * A server path as the literal segments a route path starts with (`/v2`, `/api/v1`), other
 * characters percent-encoded; undefined when it holds a variable left unresolved (`{version}`)
 * or cannot start a route path.
 */
function routePrefixOf(serverPath: string): string | undefined {
  const segments = serverPath.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0 || segments.some((segment) => /[{}]/.test(segment))) return undefined;
  const parsed = parsePathTemplate(`/${segments.map(encodeLiteral).join('/')}`);
  return parsed.ok && parsed.value.params.length === 0 ? parsed.value.path : undefined;
}

/** A route path under a prefix (`/v2` and `/pet` give `/v2/pet`; `/` gives the prefix). */
function underPrefix(prefix: string, path: string): string {
  if (prefix === '') return path;
  return path === '/' ? prefix : `${prefix}${path}`;
}

/** The parameters of an operation: the path item's, overridden by the operation's (name and in). */
function parametersOf(item: Node, operation: Node): Node[] {
  const byKey = new Map<string, Node>();
  for (const list of [item.parameters, operation.parameters]) {
    if (!Array.isArray(list)) continue;
    for (const parameter of list) {
      if (isNode(parameter) && typeof parameter.name === 'string')
        byKey.set(`${String(parameter.in)} ${parameter.name}`, parameter);
    }
  }
  return [...byKey.values()];
}

/**
 * Where an operation goes: its route path and key at the spec's path (the server's prefix is put
 * in front when the route is planned), and the value that chooses it, if any.
 */
interface Placement {
  path: string;
  key: string;
  /** The route's path: the server's prefix, then `path`. */
  routePath: string;
  choice?: Omit<Discriminated, 'operation'>;
}

/**
 * The route an operation belongs to, or undefined (recorded as skipped) when its path cannot be
 * one. A `#name=value` or `?name=value` after the path (the first pair) says which value of a
 * header or query parameter chooses the operation; the parameter declared with that name says
 * which of the two, else `#` means a header (AWS JSON-RPC) and `?` a query parameter.
 */
function placeOperation(operation: Operation, planner: Planner): Placement | undefined {
  const { specPath } = operation;
  const cut = specPath.search(/[#?]/);
  const base = cut === -1 ? specPath : specPath.slice(0, cut) || '/';
  let choice: Placement['choice'];
  if (cut !== -1) {
    const pair = specPath.slice(cut + 1).split('&')[0] ?? '';
    const equals = pair.indexOf('=');
    if (equals > 0) {
      const name = safeDecode(pair.slice(0, equals));
      const declared = operation.parameters.find(
        (p) => String(p.name).toLowerCase() === name.toLowerCase() && p.in !== 'path',
      );
      const place =
        declared?.in === 'header' || (!declared && specPath[cut] === '#') ? 'header' : 'query';
      choice = { name, value: safeDecode(pair.slice(equals + 1)), place };
    }
  }
  const saved = operation.node[MOCKSMITH_EXTENSIONS.path];
  const converted = routePathOf(base, operation);
  if (!converted.ok) {
    planner.skipped.push({ operation: operation.label, reason: converted.error });
    return undefined;
  }
  let { path, key } = converted;
  // A path saved by a Mocksmith export keeps its types and its tail, when it still is this one.
  if (typeof saved === 'string') {
    const parsed = parsePathTemplate(saved);
    if (parsed.ok && shapeOf(parsed.value.openApiPath) === shapeOf(base)) {
      path = parsed.value.path;
      key = parsed.value.key;
    }
  }
  const placed = parsePathTemplate(underPrefix(planner.prefix, path));
  if (!placed.ok) {
    planner.skipped.push({ operation: operation.label, reason: placed.error });
    return undefined;
  }
  for (const segment of converted.widened) {
    planner.warnings.push(
      projectImportTexts.widened(
        operation.label,
        segment,
        routeLabel(operation.method, placed.value.path),
      ),
    );
  }
  return { path, key, routePath: placed.value.path, ...(choice && { choice }) };
}

/** A path with its parameters unnamed, to compare two notations of one path. */
function shapeOf(path: string): string {
  return path.replace(/\{[^{}]*\}/g, '{}').replace(/\/+$/, '') || '/';
}

/** A literal character of a route path segment (RFC 3986 pchar, `%` only in an encoding). */
const LITERAL_CHAR = /^[A-Za-z0-9._~!$&'()+,;=:@-]$/;

/**
 * The route path of a spec path: `{name}` segments become parameters typed as their declared
 * schema says (integer, number, boolean), their names made of the characters our syntax allows;
 * a segment mixing text and a parameter (`/reports.{format}`) becomes a whole parameter
 * (widened, reported); other characters of literal segments are percent-encoded.
 */
function routePathOf(
  specPath: string,
  operation: Operation,
): { ok: true; path: string; key: string; widened: string[] } | { ok: false; error: string } {
  const used = new Set<string>();
  const widened: string[] = [];
  const segments = specPath.split('/').map((segment, index, all) => {
    if (index === 0 || (segment === '' && index === all.length - 1)) return segment;
    const whole = /^\{([^{}]+)\}$/.exec(segment);
    if (whole) {
      const name = whole[1] as string;
      const type = declaredType(operation, name);
      const own = paramName(name, used);
      return type === 'string' ? `{${own}}` : `{${own}:${type}}`;
    }
    const inner = /\{([^{}]+)\}/.exec(segment);
    if (inner) {
      widened.push(segment);
      return `{${paramName(inner[1] as string, used)}}`;
    }
    return encodeLiteral(segment);
  });
  const parsed = parsePathTemplate(segments.join('/') || '/');
  if (!parsed.ok) return parsed;
  return { ok: true, path: parsed.value.path, key: parsed.value.key, widened };
}

/** A parameter name of our syntax (letters, digits, `_`; not a digit first), unique in the path. */
function paramName(name: string, used: Set<string>): string {
  let own = name.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 60);
  if (!/^[A-Za-z_]/.test(own)) own = `_${own}`;
  let unique = own;
  for (let n = 2; used.has(unique); n++) unique = `${own}${n}`;
  used.add(unique);
  return unique;
}

/** The type a path parameter's schema declares (Swagger 2.0: the parameter's own `type`). */
function declaredType(operation: Operation, name: string): PathParamType {
  const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === name);
  if (!parameter) return 'string';
  const schema = isNode(parameter.schema) ? parameter.schema : parameter;
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter(
    (type) => type !== 'null',
  );
  const type = types.length === 1 ? types[0] : undefined;
  return type === 'integer' || type === 'number' || type === 'boolean' ? type : 'string';
}

function encodeLiteral(segment: string): string {
  let out = '';
  let i = 0;
  for (const char of segment) {
    const at = i;
    i += char.length;
    if (char === '%' && /^[0-9A-Fa-f]{2}$/.test(segment.slice(at + 1, at + 3))) out += char;
    else if (LITERAL_CHAR.test(char)) out += char;
    else out += percentEncoded(char);
  }
  return out;
}

/** A character as UTF-8 percent-encodings; a lone surrogate as U+FFFD's. */
function percentEncoded(char: string): string {
  try {
    return encodeURIComponent(char).replace(
      /[!'()*]/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  } catch {
    return '%EF%BF%BD';
  }
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The route of a group: the plain operation's responses, then one response per chosen
 * operation (its success answer, answering when the header has its value), within the limit
 * of a route. Undefined when nothing of the group can answer (each operation recorded as
 * skipped).
 */
function planRoute(
  group: Group,
  planner: Planner,
  maxResponses: number,
  maxRules: number,
): PlannedRoute | undefined {
  const path = group.routePath;
  const label = routeLabel(group.method, path);
  const entries: Entry[] = [];
  if (group.plain) {
    const own = operationEntries(group.plain, planner, false);
    if (own.length === 0) {
      planner.skipped.push({ operation: group.plain.label, reason: projectImportTexts.noAnswer });
    } else if (own.length > maxResponses) {
      planner.warnings.push(
        projectImportTexts.responsesLeftOut(
          group.plain.label,
          own.length - maxResponses,
          maxResponses,
        ),
      );
    }
    entries.push(...own.slice(0, maxResponses));
  }
  const byHeader = group.choices.find((choice) => choice.place === 'header');
  const byQuery = group.choices.find((choice) => choice.place === 'query');
  for (const choice of group.choices) {
    if (entries.length >= maxResponses) {
      planner.skipped.push({
        operation: choice.operation.label,
        reason: projectImportTexts.tooManyResponses(label, maxResponses),
      });
      continue;
    }
    const [entry] = operationEntries(choice.operation, planner, true);
    if (!entry) {
      planner.skipped.push({
        operation: choice.operation.label,
        reason: projectImportTexts.noAnswer,
      });
      continue;
    }
    const header = choice.name.toLowerCase();
    const when: ResponseMatch | null =
      choice.place === 'header' && HEADER_NAME.test(header) && choice.value.length <= 1000
        ? { header, equals: choice.value }
        : null;
    const operationId = choice.operation.node.operationId;
    entries.push({
      ...entry,
      name: typeof operationId === 'string' && operationId !== '' ? operationId : choice.value,
      isDefault: false,
      restored: false,
      when,
      // Another operation's example: the plain operation's request examples do not pair with it.
      exampleKey: undefined,
    });
  }
  if (entries.length === 0) return undefined;
  const answersMore = (choice: Discriminated) =>
    isNode(choice.operation.node.responses) &&
    Object.keys(choice.operation.node.responses).length > 1;
  if (byHeader && group.choices.some(answersMore))
    planner.warnings.push(projectImportTexts.choiceErrorsLeftOut(label, byHeader.name));
  if (byQuery) planner.warnings.push(projectImportTexts.choiceByQuery(label, byQuery.name));

  if (entries.every((entry) => entry.order !== undefined)) {
    entries.sort((a, b) => (a.order as number) - (b.order as number));
  }
  const restoredDefault = entries.find((entry) => entry.restored && entry.isDefault);
  const chosen = restoredDefault ?? entries.find((entry) => entry.isDefault) ?? entries[0];
  const names = new Set<string>();
  const responses = entries.map(
    ({ order: _order, restored: _restored, exampleKey: _key, ...response }) => ({
      ...response,
      name: uniqueName(responseName(response.name, String(response.status)), names),
      isDefault: false,
    }),
  );
  (responses[entries.indexOf(chosen as Entry)] as RouteResponse).isDefault = true;

  const settings = group.plain
    ? routeSettings(group.plain, group.path, entries, responses, planner, maxRules)
    : {};
  const mode = group.plain?.node[MOCKSMITH_EXTENSIONS.responseMode];
  return {
    importKey: routeLabel(group.method, group.key),
    method: group.method,
    path,
    name: group.plain
      ? operationName(group.plain)
      : `Operations chosen by ${(byHeader ?? byQuery)?.name ?? 'name'}`,
    responses,
    responseMode: (RESPONSE_MODES as readonly unknown[]).includes(mode)
      ? (mode as ResponseMode)
      : 'default',
    ...settings,
  };
}

/** A route's settings beside its responses, as a plan says them. */
type RouteSettings = Pick<PlannedRoute, 'rules' | 'network' | 'overrides'>;

/**
 * The rules, network profile and overrides of the route of a plain operation. A Mocksmith export
 * (an operation with `x-mocksmith-path`) says all three, what it leaves out being the default (no
 * rules, the project's profile, overrides allowed); its rules and profile are checked as the
 * management API checks them, and one that does not pass is left out with a warning. Another
 * spec says only rules, by pairing request and response examples (see pairedRules), or by
 * `x-mocksmith-rules` written by hand.
 */
function routeSettings(
  operation: Operation,
  routePath: string,
  entries: readonly Entry[],
  responses: readonly RouteResponse[],
  planner: Planner,
  maxRules: number,
): RouteSettings {
  const { node } = operation;
  const fromExport = typeof node[MOCKSMITH_EXTENSIONS.path] === 'string';
  const parsed = parsePathTemplate(routePath);
  const params = parsed.ok ? parsed.value.params.map((param) => param.name) : [];
  const names = responses.map((response) => response.name);
  const settings: RouteSettings = {};

  if (MOCKSMITH_EXTENSIONS.rules in node) {
    settings.rules = savedRules(
      operation,
      node[MOCKSMITH_EXTENSIONS.rules],
      names,
      params,
      planner,
      maxRules,
    );
  } else if (fromExport) {
    settings.rules = [];
  } else {
    const rules = pairedRules(operation, routePath, params, entries, names, planner, maxRules);
    if (rules) settings.rules = rules;
  }

  if (MOCKSMITH_EXTENSIONS.network in node) {
    const saved = node[MOCKSMITH_EXTENSIONS.network];
    const checked = networkProfileSchema.nullable().safeParse(saved);
    if (checked.success) {
      settings.network = checked.data;
    } else {
      const problem = checked.error.issues[0];
      planner.warnings.push(
        projectImportTexts.networkLeftOut(operation.label, problem?.message ?? 'invalid'),
      );
      if (fromExport) settings.network = null;
    }
  } else if (fromExport) {
    settings.network = null;
  }

  const overrides = node[MOCKSMITH_EXTENSIONS.overrides];
  if (typeof overrides === 'boolean') settings.overrides = overrides;
  else if (fromExport) settings.overrides = true;
  return settings;
}

/**
 * The rules a spec writes as `x-mocksmith-rules` (a Mocksmith export's, or by hand), in order,
 * each checked as the management API checks a route's rules (its response one of the route's,
 * its path parameters the route's); one that does not pass, or one past `maxRules`, is left out
 * with a warning.
 */
function savedRules(
  operation: Operation,
  saved: unknown,
  responseNames: readonly string[],
  params: readonly string[],
  planner: Planner,
  maxRules: number,
): RouteRule[] {
  if (!Array.isArray(saved)) {
    planner.warnings.push(projectImportTexts.savedRulesNotList(operation.label));
    return [];
  }
  const rules: RouteRule[] = [];
  for (const [index, item] of saved.entries()) {
    const parsed = routeRuleSchema.safeParse(item);
    let problem: string | undefined;
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      problem = `${issue?.path.join('.') || 'rule'}: ${issue?.message ?? 'invalid'}`;
    } else {
      problem = ruleProblems([parsed.data], responseNames, params)[0]?.message;
      if (problem === undefined && rules.length >= maxRules)
        problem = `a route holds at most ${maxRules} rules`;
    }
    if (problem !== undefined || !parsed.success) {
      planner.warnings.push(
        projectImportTexts.savedRuleLeftOut(operation.label, index, problem ?? 'invalid'),
      );
      continue;
    }
    const { name, ...rule } = parsed.data;
    rules.push(name === undefined ? rule : { name, ...rule });
  }
  return rules;
}

/** Where a parameter's value is read, by its `in`. */
const PARAMETER_SOURCES: Readonly<Record<string, RuleSource>> = {
  path: 'param',
  query: 'query',
  header: 'header',
  cookie: 'cookie',
};

/**
 * The rules of an operation's explicit pairings: a named request example (of its JSON request
 * body, or of its parameters) and a named response example (of any status) of the same name make
 * a rule picking that response when the request has the example's values, all of them: each
 * top-level field of the body example that is text, a number, true, false or null (`$.field`
 * equals its text; the body itself when it is one of those), and each parameter's example value
 * (a path parameter, a query parameter, a header or a cookie equals it). The rules come in the
 * order the examples do (the parameters', then the body's). A name without a partner makes no
 * rule; a pairing with nothing to compare, one the rules' checks refuse, or one past `maxRules`
 * makes none either, with a warning. Undefined when the operation has no named request examples.
 */
function pairedRules(
  operation: Operation,
  routePath: string,
  params: readonly string[],
  entries: readonly Entry[],
  responseNames: readonly string[],
  planner: Planner,
  maxRules: number,
): RouteRule[] | undefined {
  const examples = requestExamples(operation, pathParamNames(operation, routePath));
  if (examples.size === 0) return undefined;
  // A name's partner: the first response made of an example of that name.
  const partners = new Map<string, string>();
  for (const [index, entry] of entries.entries()) {
    const name = responseNames[index];
    if (entry.exampleKey !== undefined && name !== undefined && !partners.has(entry.exampleKey))
      partners.set(entry.exampleKey, name);
  }
  const rules: RouteRule[] = [];
  for (const [name, conditions] of examples) {
    const response = partners.get(name);
    if (response === undefined) continue;
    if (conditions.length === 0) {
      planner.warnings.push(projectImportTexts.noRuleValues(operation.label, name));
      continue;
    }
    const label = cut(name.trim(), MAX_NAME_LENGTH);
    const rule: RouteRule = {
      ...(label !== '' && { name: label }),
      combine: 'all',
      conditions,
      response,
    };
    const problem = ruleProblems([rule], responseNames, params)[0];
    if (problem) {
      planner.warnings.push(projectImportTexts.ruleRefused(operation.label, name, problem.message));
    } else if (rules.length >= maxRules) {
      planner.warnings.push(projectImportTexts.tooManyRules(operation.label, name, maxRules));
    } else {
      rules.push(rule);
    }
  }
  return rules;
}

/**
 * The named request examples of an operation and the conditions each makes, in the order they
 * appear: the parameters' examples (a path parameter by its name in the route), then the JSON
 * request body's. A name whose values are all objects or lists has no conditions.
 */
function requestExamples(
  operation: Operation,
  pathNames: ReadonlyMap<string, string>,
): Map<string, RuleCondition[]> {
  const examples = new Map<string, RuleCondition[]>();
  const add = (name: string, conditions: RuleCondition[]) => {
    examples.set(name, [...(examples.get(name) ?? []), ...conditions]);
  };
  for (const parameter of operation.parameters) {
    const source = PARAMETER_SOURCES[String(parameter.in)];
    if (!source || !isNode(parameter.examples)) continue;
    const raw = String(parameter.name);
    const name = source === 'param' ? pathNames.get(raw) : raw;
    for (const [key, example] of Object.entries(parameter.examples)) {
      if (!isNode(example) || !('value' in example)) continue;
      const value = scalarText(example.value);
      add(
        key,
        name === undefined || value === undefined
          ? []
          : [{ source, name, operator: 'equals', value }],
      );
    }
  }
  const body = operation.node.requestBody;
  const content = isNode(body) && isNode(body.content) ? body.content : {};
  const types = Object.keys(content).filter(isJsonMedia);
  const media =
    content[
      types.find((type) => type.toLowerCase().startsWith('application/json')) ?? types[0] ?? ''
    ];
  if (isNode(media) && isNode(media.examples)) {
    for (const [key, example] of Object.entries(media.examples)) {
      if (isNode(example) && 'value' in example) add(key, bodyConditions(example.value));
    }
  }
  return examples;
}

/** A body example's conditions: each top-level scalar field equals its text, or the body does. */
function bodyConditions(value: unknown): RuleCondition[] {
  const whole = scalarText(value);
  if (whole !== undefined) return [{ source: 'body', name: '$', operator: 'equals', value: whole }];
  if (!isNode(value)) return [];
  return Object.entries(value).flatMap(([field, inner]): RuleCondition[] => {
    const text = scalarText(inner);
    return text === undefined
      ? []
      : [{ source: 'body', name: bodyPath(field), operator: 'equals', value: text }];
  });
}

/** A value a condition compares as text (a JSON number, true, false and null as the rules read them). */
function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean' || value === null) return String(value);
  return undefined;
}

/** The body path of a top-level field: `$.tier`, or `$["a.b"]` when a dot would not say it. */
function bodyPath(field: string): string {
  if (field !== '' && field !== '*' && field.trim() === field && !/[.[\]]/.test(field))
    return `$.${field}`;
  return `$["${field.replace(/["\\]/g, '\\$&')}"]`;
}

/**
 * The names the route gives the spec's path parameters (`order-id` → `order_id`): a spec path's
 * `{name}` segment and the route path's parameter segment at the same place. A parameter the
 * route widened (`/reports.{format}`) has none.
 */
function pathParamNames(operation: Operation, routePath: string): Map<string, string> {
  const names = new Map<string, string>();
  const cutAt = operation.specPath.search(/[#?]/);
  const base = cutAt === -1 ? operation.specPath : operation.specPath.slice(0, cutAt) || '/';
  const spec = base.split('/');
  const route = routePath.split('/');
  for (const [index, segment] of spec.entries()) {
    const from = /^\{([^{}]+)\}$/.exec(segment)?.[1];
    const to = /^\{([A-Za-z_][A-Za-z0-9_]*)(?::[a-z]+)?\}$/.exec(route[index] ?? '')?.[1];
    if (from !== undefined && to !== undefined) names.set(from, to);
  }
  return names;
}

/** A route's name: the summary, else the operationId, else `METHOD /path`; cut to the limit. */
function operationName(operation: Operation): string {
  for (const field of ['summary', 'operationId']) {
    const value = operation.node[field];
    if (typeof value !== 'string') continue;
    const text = value.replace(/\p{Cc}+/gu, ' ').trim();
    if (text !== '') return cut(text, MAX_NAME_LENGTH);
  }
  return cut(operation.label, MAX_NAME_LENGTH);
}

function cut(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * A response name a `Prefer` header can carry: no `,` `;` `=` (made `-`), single spaces, within
 * the length limit; `fallback` when nothing is left.
 */
function responseName(raw: string, fallback: string): string {
  const name = raw
    .replace(/[,;=]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_RESPONSE_NAME_LENGTH)
    .trimEnd();
  return name === '' ? fallback : name;
}

function uniqueName(name: string, used: Set<string>): string {
  let unique = name;
  for (let n = 2; used.has(unique); n++) {
    const suffix = ` ${n}`;
    unique = `${name.slice(0, MAX_RESPONSE_NAME_LENGTH - suffix.length).trimEnd()}${suffix}`;
  }
  used.add(unique);
  return unique;
}

/** The status a response key answers with: its code, a range's first, `default` 200 or 500. */
function statusOf(key: string, success: boolean): number | undefined {
  if (/^[2-5]\d\d$/.test(key)) return Number(key);
  if (/^[2-5]XX$/i.test(key)) return Number(key[0]) * 100;
  if (key === 'default') return success ? 200 : 500;
  return undefined;
}

/**
 * The responses of one operation: its success answer's (one per named example, else one) first,
 * then every other answer it declares (other 2xx, 4xx, 5xx, `default`), in its order, each named
 * after its example or its status; one declared without a JSON body gets a body of its status
 * and description. An operation without a success answer starts with its first declared one.
 * With `successOnly`, the first of them.
 */
function operationEntries(operation: Operation, planner: Planner, successOnly: boolean): Entry[] {
  const responses = isNode(operation.node.responses) ? operation.node.responses : {};
  const success = successResponse(responses);
  const keys = Object.keys(responses).filter((key) => key !== success?.key);
  if (success) keys.unshift(success.key);
  const entries: Entry[] = [];
  for (const key of successOnly ? keys.slice(0, 1) : keys) {
    const isSuccess = key === success?.key;
    const status = statusOf(key, isSuccess);
    const response = responses[key];
    if (status === undefined || !isNode(response)) continue;
    const own = responseEntries(operation, planner, response, key, status, isSuccess);
    entries.push(...(successOnly ? own.slice(0, 1) : own));
  }
  return entries;
}

function responseEntries(
  operation: Operation,
  planner: Planner,
  response: Node,
  key: string,
  status: number,
  isSuccess: boolean,
): Entry[] {
  const statusName = key === 'default' || /X/i.test(key) ? key : String(status);
  const saved = response[MOCKSMITH_EXTENSIONS.responses];
  if (Array.isArray(saved)) {
    return saved.flatMap((item) => {
      if (!isNode(item) || typeof item.template !== 'string') return [];
      return [restore(operation, planner, item.template, item, status, statusName)];
    });
  }
  const plain = (template: JsonValue, name: string): Entry => ({
    name,
    status,
    template: JSON.stringify(template, null, 2),
    headers: [],
    delay: 0,
    isDefault: isSuccess,
    when: null,
    restored: false,
  });
  const { context } = planner;
  const pointer = pointerTo('#', 'paths', operation.specPath, operation.key, 'responses', key);
  const answer = BODYLESS_STATUSES.has(status)
    ? undefined
    : jsonAnswer(context.document, context.dialect, operation.node, response, pointer);
  // An answer the spec declares without a body is served all the same (Prism and Mockoon do):
  // a success one empty, another one in the shape of an asked-for status's generic body.
  const bodiless = () =>
    plain(isSuccess ? {} : declaredAnswer(status, response.description), statusName);
  if (!answer) return [bodiless()];

  const report: ImportReport = {
    source: 'none',
    ignored: [],
    branches: [],
    recursionCut: [],
    contradictingExamples: [],
  };
  const entries: Entry[] = [];
  // An example that contradicts its schema is not served: the person importing is told which.
  const checked = (value: unknown, pointer: string, which: string) => {
    const template = exampleTemplate(context, answer, value, pointer, report);
    const errors = report.contradictingExamples.pop()?.errors;
    if (errors) {
      planner.warnings.push(
        projectImportTexts.contradictingExample(operation.label, statusName, which, errors),
      );
    }
    return template;
  };
  for (const { key: name, example, pointer: at } of answer.named) {
    const template = example[MOCKSMITH_EXTENSIONS.template];
    if (typeof template === 'string') {
      const meta = example[MOCKSMITH_EXTENSIONS.response];
      entries.push({
        ...restore(operation, planner, template, isNode(meta) ? meta : {}, status, name),
        exampleKey: name,
      });
    } else if ('value' in example) {
      const usable = checked(example.value, pointerTo(at, 'value'), `the example "${name}"`);
      if (usable !== undefined) entries.push({ ...plain(usable, name), exampleKey: name });
    }
  }
  if (entries.length === 0) {
    const usable =
      answer.named.length === 0 && answer.example
        ? checked(answer.example.value, answer.example.pointer, 'its example')
        : undefined;
    if (usable !== undefined) entries.push(plain(usable, statusName));
    else if (answer.schema !== undefined) {
      guardBudget(context, answer.schema);
      entries.push(
        plain(schemaTemplate(context, answer.schema, answer.schemaPointer, report), statusName),
      );
    } else entries.push(bodiless());
  }
  if (entries[0] && isSuccess) for (const entry of entries.slice(1)) entry.isDefault = false;
  return entries;
}

/** An example's template when it is valid against the answer's schema (see usableExample). */
function exampleTemplate(
  context: AnswerContext,
  answer: JsonAnswer,
  value: unknown,
  pointer: string,
  report: ImportReport,
): JsonValue | undefined {
  guardBudget(context, answer.schema);
  return usableExample(
    { ...answer, example: { value, pointer } },
    context.validator,
    context.budget,
    report,
  );
}

/**
 * The body of an answer declared without one: `{"statusCode": 404, "message": "Pet not found"}`,
 * the message the first line of its description (else `Status 404`), kept literal.
 */
function declaredAnswer(status: number, description: unknown): JsonValue {
  const line =
    typeof description === 'string'
      ? (description.split(/\r?\n/)[0] ?? '').replace(/\p{Cc}+/gu, ' ').trim()
      : '';
  const message = line === '' ? `Status ${status}` : cut(line, MAX_DECLARED_MESSAGE_LENGTH);
  return { statusCode: status, message: escapeExample(message) };
}

/** The longest message of an answer declared without a body. */
const MAX_DECLARED_MESSAGE_LENGTH = 200;

/**
 * A response saved by a Mocksmith export, as it was: its template verbatim and its settings
 * (`x-mocksmith-response`: name, delay, headers, default, when, order), checked as a route's
 * response is; settings that do not pass give way to the defaults, with a warning.
 */
function restore(
  operation: Operation,
  planner: Planner,
  template: string,
  meta: Node,
  status: number,
  fallbackName: string,
): Entry {
  const name = typeof meta.name === 'string' ? meta.name : fallbackName;
  const order = typeof meta.order === 'number' ? meta.order : undefined;
  const checked = routeResponseInputSchema.safeParse({
    name,
    status,
    template,
    headers: meta.headers ?? [],
    delay: meta.delay ?? 0,
    default: meta.default ?? false,
    when: meta.when ?? null,
  });
  if (checked.success) {
    const { default: isDefault, when, ...response } = checked.data;
    return {
      ...response,
      isDefault: isDefault === true,
      when: when ?? null,
      order,
      restored: true,
    };
  }
  const problem = checked.error.issues[0];
  planner.warnings.push(
    projectImportTexts.notRestored(
      operation.label,
      name,
      `${problem?.path.join('.') || 'response'}: ${problem?.message ?? 'invalid'}`,
    ),
  );
  return {
    name,
    status,
    template,
    headers: [],
    delay: 0,
    isDefault: false,
    when: null,
    order,
    restored: false,
  };
}

/** A route of the project, as the import compares it with the plan. */
export interface ExistingRoute {
  /** The key of the import that made it, or null for a route made by hand. */
  importKey: string | null;
  method: RouteMethod;
  path: string;
  name: string;
  responses: readonly RouteResponse[];
  responseMode: ResponseMode;
  /** Its rules, network profile and overrides, compared when the plan says them. */
  rules?: readonly RouteRule[];
  network?: NetworkProfile | null;
  overrides?: boolean;
}

/** What storing a plan changes in a project, and the report the import answers with. */
export interface ImportDiff<R extends ExistingRoute> {
  /** New routes, within the project's room. */
  create: PlannedRoute[];
  /** Routes a previous import made that the spec now says otherwise. */
  update: { route: R; planned: PlannedRoute }[];
  unchanged: { route: R; planned: PlannedRoute }[];
  /** Routes a previous import made that the spec no longer has: kept, reported. */
  notInSpec: R[];
  report: ProjectImportReport;
}

/**
 * Compares a plan with the project's routes. A planned route updates the route an import made
 * with its key (unchanged when the name, the path, the responses and the rotation are the same,
 * and the rules, network profile and overrides, those the plan says);
 * a planned route at the method and path of a route made by hand (or by another import) leaves
 * it as it is and is skipped; the others are created while the project has room for them
 * (`maxRoutes`, counting its routes). Routes made by an import of keys the plan does not have are
 * kept and listed as no longer in the spec; routes made by hand are never touched.
 */
export function diffImport<R extends ExistingRoute>(
  existing: readonly R[],
  plan: ProjectImportPlan,
  { maxRoutes = MAX_ROUTES_PER_PROJECT }: { maxRoutes?: number } = {},
): ImportDiff<R> {
  const byImportKey = new Map<string, R>();
  const byRouteKey = new Map<string, R>();
  for (const route of existing) {
    if (route.importKey !== null) byImportKey.set(route.importKey, route);
    const parsed = parsePathTemplate(route.path);
    byRouteKey.set(routeLabel(route.method, parsed.ok ? parsed.value.key : route.path), route);
  }
  const diff: ImportDiff<R> = {
    create: [],
    update: [],
    unchanged: [],
    notInSpec: [],
    report: {
      created: [],
      updated: [],
      unchanged: [],
      notInSpec: [],
      skipped: plan.skipped.map(({ operation, reason }) => ({ operation, reason })),
      warnings: [...plan.warnings],
    },
  };
  const inSpec = new Set<string>(
    plan.skipped.flatMap((skipped) => (skipped.importKey ? [skipped.importKey] : [])),
  );
  let room = maxRoutes - existing.length;
  for (const planned of plan.routes) {
    inSpec.add(planned.importKey);
    const label = routeLabel(planned.method, planned.path);
    const route = byImportKey.get(planned.importKey);
    const parsed = parsePathTemplate(planned.path);
    const occupant = byRouteKey.get(
      routeLabel(planned.method, parsed.ok ? parsed.value.key : planned.path),
    );
    if (occupant && occupant !== route) {
      diff.report.skipped.push({
        operation: label,
        reason: projectImportTexts.routeTaken(label),
      });
    } else if (route) {
      const same = sameRoute(route, planned);
      (same ? diff.unchanged : diff.update).push({ route, planned });
      (same ? diff.report.unchanged : diff.report.updated).push(label);
    } else if (room > 0) {
      room--;
      diff.create.push(planned);
      diff.report.created.push(label);
    } else {
      diff.report.skipped.push({
        operation: label,
        reason: projectImportTexts.tooManyRoutes(maxRoutes),
      });
    }
  }
  for (const route of existing) {
    if (route.importKey === null || inSpec.has(route.importKey)) continue;
    diff.notInSpec.push(route);
    diff.report.notInSpec.push(routeLabel(route.method, route.path));
  }
  return diff;
}

function sameRoute(route: ExistingRoute, planned: PlannedRoute): boolean {
  return (
    route.name === planned.name &&
    route.path === planned.path &&
    route.responseMode === planned.responseMode &&
    route.responses.length === planned.responses.length &&
    route.responses.every((response, index) =>
      sameResponse(response, planned.responses[index] as RouteResponse),
    ) &&
    (planned.rules === undefined || sameJson(route.rules ?? [], planned.rules)) &&
    (planned.network === undefined || sameJson(route.network ?? null, planned.network)) &&
    (planned.overrides === undefined || (route.overrides ?? true) === planned.overrides)
  );
}

/**
 * Whether two JSON values are the same whatever the order of their keys (a stored value comes
 * back from the database with its keys reordered); a key holding undefined is no key.
 */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameJson(item, b[index]))
    );
  }
  if (!isNode(a) || !isNode(b)) return false;
  const keys = (node: Node) => Object.keys(node).filter((key) => node[key] !== undefined);
  const aKeys = keys(a);
  return aKeys.length === keys(b).length && aKeys.every((key) => sameJson(a[key], b[key]));
}

function sameResponse(a: RouteResponse, b: RouteResponse): boolean {
  return (
    a.name === b.name &&
    a.status === b.status &&
    a.template === b.template &&
    a.delay === b.delay &&
    a.isDefault === b.isDefault &&
    a.headers.length === b.headers.length &&
    a.headers.every((h, i) => h.name === b.headers[i]?.name && h.value === b.headers[i]?.value) &&
    (a.when?.header ?? null) === (b.when?.header ?? null) &&
    (a.when?.equals ?? null) === (b.when?.equals ?? null)
  );
}
