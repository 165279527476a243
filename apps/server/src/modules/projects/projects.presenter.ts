/**
 * Projects and routes as the management API answers them: rows in, the wire shapes of core's
 * `schemas/projects.ts` out (URLs under the mock origin, dates as ISO 8601, a response's
 * `isDefault` as `default`).
 */
import { type CreateApiResult, misspeltDataTypes, mockUrl } from '@mocksmith/core';
import {
  type CreateRouteResult,
  type Project,
  type ProjectDetail,
  projectBaseUrl,
  projectSettingsSchema,
  projectWildcardUrl,
  type RouteInput,
  type RouteView,
  type TypeWarning,
} from '@mocksmith/core/projects';
import type { ApiRow, ProjectRow } from '../../db/schema/apis.ts';

/** Where the URLs point: the mock origin, and the wildcard host when the deployment has one. */
export interface ProjectUrls {
  mockOrigin: string;
  wildcardHost?: string;
}

/** A route row: an API with a project and a path. */
type RouteRow = ApiRow & { routePath: string };

/** `MOCK_ORIGIN/p/{slug}`. */
export function baseUrlOf(urls: ProjectUrls, slug: string): string {
  return projectBaseUrl(urls.mockOrigin, slug);
}

/** A project with its route and collection counts. */
export function toProject(
  row: ProjectRow,
  { routeCount, collectionCount }: { routeCount: number; collectionCount: number },
  urls: ProjectUrls,
): Project {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    baseUrl: baseUrlOf(urls, row.slug),
    // The wildcard host is served with the mock origin's scheme (http on a developer's machine).
    wildcardUrl: urls.wildcardHost
      ? projectWildcardUrl(urls.wildcardHost, row.slug, new URL(urls.mockOrigin).protocol)
      : null,
    routeCount,
    collectionCount,
    settings: projectSettingsSchema.parse(row.settings ?? {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * The values of a saved route's templates that look like misspelt type names: the save keeps
 * them (any other string is a literal, as the spec says), and its answer says so.
 */
export function typeWarningsOf(responses: RouteInput['responses']): TypeWarning[] {
  return responses.flatMap((response) => {
    let template: unknown;
    try {
      template = JSON.parse(response.template);
    } catch {
      return [];
    }
    return misspeltDataTypes(template).map(({ path, value, suggestions }) => ({
      response: response.name,
      path,
      value,
      suggestions,
      message: `response ${response.name}, ${path}: "${value}" is not a data type and is returned as text; did you mean ${suggestions.join(' or ')}?`,
    }));
  });
}

/** A route of a project, its URL under the project's base URL. */
export function toRoute(row: ApiRow, project: ProjectRow, urls: ProjectUrls): RouteView {
  const route = row as RouteRow;
  return {
    id: route.id,
    requestId: route.requestId,
    method: route.method,
    path: route.routePath,
    name: route.name,
    url: `${baseUrlOf(urls, project.slug)}${route.routePath}`,
    responses: route.responses.map((response) => ({
      name: response.name,
      status: response.status,
      template: response.template,
      headers: response.headers,
      delay: response.delay,
      default: response.isDefault,
      when: response.when ?? null,
    })),
    responseMode: route.responseMode,
    authToken: route.authToken,
    callCount: route.callCount,
    importKey: route.importKey,
    rules: route.rules,
    network: route.network ?? null,
    overrides: route.overrides,
    createdAt: route.createdAt.toISOString(),
    updatedAt: route.updatedAt.toISOString(),
  };
}

/** A project and its routes (in the order given: by path, then method). */
export function toProjectDetail(
  project: ProjectRow,
  routes: readonly ApiRow[],
  collectionCount: number,
  urls: ProjectUrls,
): ProjectDetail {
  return {
    ...toProject(project, { routeCount: routes.length, collectionCount }, urls),
    routes: routes.map((route) => toRoute(route, project, urls)),
  };
}

/** The answer of a route's creation: its ids and where it answers. */
export function createdRoute(
  row: ApiRow,
  project: ProjectRow,
  urls: ProjectUrls,
  warnings: TypeWarning[] = [],
): CreateRouteResult {
  const route = row as RouteRow;
  return {
    id: route.id,
    requestId: route.requestId,
    method: route.method,
    path: route.routePath,
    url: `${baseUrlOf(urls, project.slug)}${route.routePath}`,
    warnings,
  };
}

/** The answer of a move out: the stand-alone API's ids and its stand-alone URL. */
export function movedOut(row: ApiRow, urls: ProjectUrls): CreateApiResult {
  return { id: row.id, requestId: row.requestId, link: mockUrl(urls.mockOrigin, row) };
}
