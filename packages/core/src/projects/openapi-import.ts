/**
 * An OpenAPI document into a project (issue 28): every operation a route at its spec path, its
 * named examples and its error answers named responses of that route, and operations that one
 * header tells apart (AWS JSON-RPC: `POST /#X-Amz-Target=Service.Action`) one route whose
 * responses each answer one value of that header. Pure: the caller parses, validates and
 * dereferences the document (the server's import worker, as for the per-API import) and stores
 * the routes; diffImport (openapi-import-diff.ts) says what storing them changes in a project that has routes.
 * A request example and a response example of the same name are an explicit pairing: the route
 * gets a rule that picks that response when a request looks like that example (issue 30).
 */
import type { NetworkProfile } from '../network/profile.ts';
import { type ResponseContract, responseContractOf } from '../openapi/check-response.ts';
import { type RequestContract, requestContractOf } from '../openapi/request-contract.ts';
import { MAX_SCHEMA_NODES } from '../openapi/schema.ts';
import {
  MAX_RESPONSES_PER_ROUTE,
  MAX_ROUTES_PER_PROJECT,
  type ResponseMode,
  ROUTE_METHODS,
  type RouteMethod,
  type RouteResponse,
} from './model.ts';
import {
  documentOperations,
  type Operation,
  openDocument,
  type Planner,
  serverBasePath,
} from './openapi-import-document.ts';
import { placeOperation, routePrefixOf } from './openapi-import-paths.ts';
import { type Group, planRoute } from './openapi-import-route.ts';
import { projectImportTexts, routeLabel } from './openapi-import-texts.ts';
import { MAX_RULES_PER_ROUTE, type RouteRule } from './rules.ts';

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
  /**
   * What its operation asks of a request (issue 40), kept with the route so that the mock URLs
   * can check calls against the spec; absent for a route of several operations told apart by a
   * header (no one contract is theirs).
   */
  request?: RequestContract;
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
  /**
   * What each operation of the spec answers (issue 40, drift), routed or not, by method and
   * route path: what a forwarded answer is checked against. Absent from a plan of no spec (HAR).
   */
  responses?: SpecResponse[];
  /**
   * The spec itself and the file a project's directory names it by (`spec: openapi.yaml`), kept
   * by the hosted service so that its export carries it: set by the host that read the text
   * (the planner never copies it back). Absent from a plan of no spec (HAR).
   */
  spec?: SpecDocument;
}

/** An OpenAPI document as a project keeps it: its text, and its file in the project's directory. */
export interface SpecDocument {
  /** Relative to the directory: `openapi.yaml`, or the name the project file gave it. */
  file: string;
  text: string;
}

/** The file a spec is named by in a directory when nothing names it: by what its text is. */
export function specFileNameOf(text: string): string {
  return /^\s*[{[]/.test(text) ? 'openapi.json' : 'openapi.yaml';
}

/** What one operation of a project's spec answers, at its method and route path. */
export interface SpecResponse {
  method: RouteMethod;
  /** The route path its calls match (`/users/{id}`). */
  path: string;
  contract: ResponseContract;
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

/** The most warnings a plan lists; the rest are counted in a last line. */
const MAX_WARNINGS = 100;

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
  const plan: ProjectImportPlan = { routes: [], skipped: [], warnings: [] };
  const opened = openDocument(document, maxSchemaNodes);
  if (!opened.ok) {
    plan.skipped.push({ operation: '*', reason: opened.reason });
    return plan;
  }
  const planner: Planner = {
    context: opened.context,
    warnings: [],
    skipped: plan.skipped,
    prefix: '',
  };
  // A project's own base path (`/p/{slug}`, a Mocksmith export's server) goes without saying.
  // Another is kept in front of the paths, as Mockoon does, so that a front end built against
  // the spec's server (`https://petstore.swagger.io/v2/pet`) needs its host changed, nothing
  // else; a path with variables left unresolved cannot be a route's and is left out.
  const serverPath = serverBasePath(opened.context.document);
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
  const responses = new Map<string, SpecResponse>();
  for (const found of documentOperations(opened.context.document)) {
    const { method, label } = found;
    if (!(ROUTE_METHODS as readonly string[]).includes(method)) {
      const reason =
        method === 'HEAD' || method === 'OPTIONS'
          ? projectImportTexts.headOrOptions(method)
          : projectImportTexts.unsupportedMethod(method);
      plan.skipped.push({ operation: label, reason });
      continue;
    }
    const operation = found as Operation;
    const placed = placeOperation(operation, planner);
    if (!placed) continue;
    const groupKey = routeLabel(method, placed.key);
    // The first operation at a method and path is the one a forwarded call is checked against.
    if (!responses.has(groupKey)) {
      responses.set(groupKey, {
        method: operation.method,
        path: placed.routePath,
        contract: responseContractOf(opened.context.dialect, operation.node),
      });
    }
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
  for (const group of groups.values()) {
    const route = planRoute(group, planner, maxResponses, maxRules);
    if (!route) continue;
    if (group.plain && group.choices.length === 0) {
      const { document, dialect } = opened.context;
      route.request = requestContractOf(
        document,
        dialect,
        group.plain.node,
        group.plain.parameters,
      );
    }
    plan.routes.push(route);
  }
  plan.responses = [...responses.values()];
  plan.warnings =
    planner.warnings.length <= MAX_WARNINGS
      ? planner.warnings
      : [
          ...planner.warnings.slice(0, MAX_WARNINGS),
          projectImportTexts.moreWarnings(planner.warnings.length - MAX_WARNINGS),
        ];
  return plan;
}
