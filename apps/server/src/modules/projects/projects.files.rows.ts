/**
 * What a push of files writes and answers, apart from its flow (projects.files.ts): a route or
 * a collection of the files as its row's fields, and the refusals in words.
 */
import { ErrorCode } from '@mocksmith/core';
import {
  type CollectionOfFiles,
  type FileProblem,
  formatFileProblem,
  type RouteOfFiles,
  routeDisplayName,
} from '@mocksmith/core/project-files';
import { parsePathTemplate } from '@mocksmith/core/projects';
import type { ProjectRow } from '../../db/schema/apis.ts';
import { AppError } from '../../lib/errors.ts';
import type { RouteChanges } from './projects.repository.ts';

/** The most problems a refusal names in its message (all of them are in its details). */
const NAMED_PROBLEMS = 10;

/** The 400 naming every problem of the files, by file and line. */
export function filesRefused(problems: readonly FileProblem[]): AppError {
  const named = problems.slice(0, NAMED_PROBLEMS).map(formatFileProblem);
  const more =
    problems.length > NAMED_PROBLEMS ? `; and ${problems.length - NAMED_PROBLEMS} more` : '';
  return new AppError(
    ErrorCode.VALIDATION_FAILED,
    `The files have ${problems.length === 1 ? 'a problem' : `${problems.length} problems`}: ${named.join('; ')}${more}`,
    { details: problems },
  );
}

/** The 409 of a push whose files were pulled from an older version (or say none). */
export function projectChanged(project: ProjectRow, baseVersion: number | undefined): AppError {
  const message =
    baseVersion === undefined
      ? `The files do not say which version of "${project.name}" they were pulled from (.mocksmith/hosted.json): pull it again and copy your edits over, or push with --force to overwrite it`
      : `"${project.name}" was changed on the server after these files were pulled (version ${baseVersion}, now ${project.version}): pull it again and copy your edits over, or push with --force to overwrite it`;
  return new AppError(ErrorCode.PROJECT_CHANGED, message, {
    details: { version: project.version, baseVersion: baseVersion ?? null },
  });
}

/** A route of the files as its row's fields, its token resolved. */
export function routeRow(route: RouteOfFiles, authToken: string | null): RouteChanges {
  const parsed = parsePathTemplate(route.path);
  const path = parsed.ok ? parsed.value : { path: route.path, key: route.path };
  const fallback = route.responses.find((response) => response.isDefault) ?? route.responses[0];
  if (!fallback) throw new Error(`${route.method} ${route.path} has no response`);
  return {
    name: routeDisplayName(route),
    method: route.method,
    routePath: path.path,
    routeKey: path.key,
    responses: [...route.responses],
    responseMode: route.mode,
    authToken,
    template: fallback.template,
    httpCode: fallback.status,
    customHeaders: fallback.headers,
    delay: fallback.delay,
    rules: [...route.rules],
    network: route.network,
    overrides: route.overrides,
  };
}

export function collectionRow(collection: CollectionOfFiles, authToken: string | null) {
  return {
    name: collection.name,
    path: collection.path,
    template: collection.template,
    count: collection.count,
    unknownFields: collection.unknownFields,
    cascade: collection.cascade,
    authToken,
  };
}

/** The id of a collection's records as its template says it: a change clears its state. */
export const idOf = (template: Record<string, unknown>) => JSON.stringify(template.id ?? null);
