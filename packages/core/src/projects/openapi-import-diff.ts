/**
 * What storing an import's plan changes in a project that has routes (openapi-import.ts): by
 * import key, routes made by hand never touched.
 */

import type { NetworkProfile } from '../network/profile.ts';
import { isNode, type Node } from '../openapi/answer.ts';
import type { RequestContract } from '../openapi/request-contract.ts';
import type { ProjectImportReport } from '../schemas/projects.ts';
import {
  MAX_ROUTES_PER_PROJECT,
  type ResponseMode,
  type RouteMethod,
  type RouteResponse,
} from './model.ts';
import type { PlannedRoute, ProjectImportPlan } from './openapi-import.ts';
import { projectImportTexts, routeLabel } from './openapi-import-texts.ts';
import { parsePathTemplate } from './path-template.ts';
import type { RouteRule } from './rules.ts';

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
  /** Its request contract as stored (null: none), compared when given: a re-import replaces it. */
  request?: RequestContract | null;
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
    (planned.overrides === undefined || (route.overrides ?? true) === planned.overrides) &&
    (route.request === undefined || sameJson(route.request, planned.request ?? null))
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
