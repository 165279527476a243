/**
 * An OpenAPI file served directly, as if it were imported into a project (issue 38): the text
 * read as the server's import worker reads it (JSON when it parses as JSON, else YAML with
 * aliases bounded), its internal references dereferenced by swagger-parser, then core's
 * planProjectImport, whose planned routes become the routes of a ProjectBundle with the
 * defaults a new route of an import has on the service.
 */
import { readFile } from 'node:fs/promises';
import SwaggerParser from '@apidevtools/swagger-parser';
import {
  type ProjectBundle,
  type RouteOfFiles,
  withRequestContracts,
} from '@mocksmith/core/project-files';
import { type PlannedRoute, planProjectImport, suggestSlug } from '@mocksmith/core/projects';
import { parse } from 'yaml';

/** A file that cannot be served, and why (the caller prints it and exits 1). */
export class SpecError extends Error {
  override name = 'SpecError';
}

/** JSON when the text parses as JSON (much faster), else YAML (which reads JSON too). */
function parseText(text: string): unknown {
  if (/^\s*[{[]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      // JSON-like YAML, or broken: yaml decides, and words the error.
    }
  }
  return parse(text, { maxAliasCount: 1000, prettyErrors: false });
}

/** A planned route as a route of the files: what the service stores for a new imported route. */
export function routeOfPlan(planned: PlannedRoute): RouteOfFiles {
  return {
    method: planned.method,
    path: planned.path,
    responses: planned.responses,
    mode: planned.responseMode,
    rules: planned.rules ?? [],
    network: planned.network ?? null,
    overrides: planned.overrides ?? true,
    authToken: null,
    request: planned.request ?? null,
  };
}

export interface SpecBundle {
  bundle: ProjectBundle;
  /** What the import left out (`METHOD /path: reason`) and warned of, to print at start. */
  skipped: string[];
  warnings: string[];
}

/** The bundle of an OpenAPI document already parsed (a value, not a text). */
export async function bundleOfDocument(
  document: unknown,
  { seed = 1 }: { seed?: number } = {},
): Promise<SpecBundle> {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    throw new SpecError('The file does not hold an OpenAPI document (a JSON/YAML object)');
  }
  let dereferenced: unknown;
  try {
    dereferenced = await SwaggerParser.dereference(structuredClone(document) as never, {
      // Only references inside the file, as the service imports it: never another file or a URL.
      resolve: { external: false, file: false, http: false },
      dereference: { circular: true },
    });
  } catch (error) {
    throw new SpecError(`The OpenAPI document cannot be read: ${(error as Error).message}`);
  }
  const plan = planProjectImport(dereferenced);
  const title = (document as { info?: { title?: unknown } }).info?.title;
  const name = typeof title === 'string' && title.trim() !== '' ? title.trim() : 'OpenAPI';
  return {
    bundle: {
      project: {
        name,
        slug: suggestSlug(name) || 'openapi',
        seed,
        settings: {
          overrides: true,
          network: null,
          replay: false,
          logging: true,
          authToken: null,
          validation: 'off',
        },
      },
      routes: plan.routes.map(routeOfPlan),
      collections: [],
      specResponses: plan.responses ?? [],
    },
    skipped: plan.skipped.map((skipped) => `${skipped.operation}: ${skipped.reason}`),
    warnings: plan.warnings,
  };
}

/** The bundle of an OpenAPI file (`.yaml`, `.yml` or `.json`). */
export async function bundleOfSpecFile(
  file: string,
  options: { seed?: number } = {},
): Promise<SpecBundle> {
  let document: unknown;
  try {
    document = parseText(await readFile(file, 'utf8'));
  } catch (error) {
    throw new SpecError(`${file}: ${(error as Error).message}`);
  }
  return bundleOfDocument(document, options);
}

/**
 * A directory's bundle with the request contracts of the OpenAPI file its project names
 * (`spec`): each route at an operation's method and path (its parameters called anything) is
 * checked against that operation; the others stay unchecked. Throws SpecError when the file
 * cannot be read as a spec.
 */
export async function withSpecContracts(
  bundle: ProjectBundle,
  file: string,
): Promise<ProjectBundle> {
  const { bundle: spec } = await bundleOfSpecFile(file);
  return {
    ...withRequestContracts(bundle, spec.routes),
    specResponses: spec.specResponses ?? [],
  };
}
