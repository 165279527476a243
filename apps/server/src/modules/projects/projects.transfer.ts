/**
 * A spec into a project, and a project out as a spec: the import stores the routes an OpenAPI
 * file's plan makes (core's planProjectImport, run in the OpenAPI module's worker) and updates
 * those an earlier import made (core's diffImport: by import key; routes made by hand are never
 * touched); the exports are core's OpenAPI 3.1 document and Postman collection of the project.
 */

import {
  type FileFormat,
  type ProjectBundle,
  type TokenReference,
  writeProjectFiles,
} from '@mocksmith/core/project-files';
import {
  diffImport,
  type ExistingRoute,
  MAX_ROUTES_PER_PROJECT,
  type PlannedRoute,
  type ProjectExport,
  type ProjectImportPlan,
  type ProjectImportReport,
  type ProjectImportResult,
  type ProjectPostmanCollection,
  parsePathTemplate,
  projectKey,
  projectSettingsSchema,
  projectToOpenApi,
  projectToPostman,
  routeLabel,
  specFileNameOf,
} from '@mocksmith/core/projects';
import type { ApiRow, NewApiRow, ProjectRow } from '../../db/schema/apis.ts';
import type { CollectionRow } from '../../db/schema/collections.ts';
import { type Access, accessRefused } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { newRequestId } from '../../lib/ids.ts';
import { turns } from '../../lib/turns.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { baseUrlOf, type ProjectUrls, toRoute } from './projects.presenter.ts';
import type { ProjectsRepository, RouteChanges } from './projects.repository.ts';
import type { TemplateCompiler } from './projects.service.ts';

export interface ProjectTransferDeps {
  repository: ProjectsRepository;
  /** Whose projects are whose (lib/access.ts). */
  access: Access<ProjectRow>;
  templates: TemplateCompiler;
  invalidate(key: string): Promise<void>;
  urls: ProjectUrls;
  /** A project's collections, for its files. */
  collectionsOf(projectId: string): Promise<CollectionRow[]>;
}

/** A token of the project, as its files name it and as the owner sets it where they run them. */
export interface FileToken {
  /** The environment variable its file names. */
  env: string;
  /** What requires it: `the project`, `GET /users/{id}`, `the collection users`. */
  of: string;
  value: string;
}

/** An environment variable's name of words: `MOCKSMITH_TOKEN_GET_USERS_ID`. */
function envNameOf(...words: string[]): string {
  const name = words
    .join('_')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return name.slice(0, 120);
}

/**
 * A hosted project as its files' value (core's ProjectBundle): templates as stored, each token
 * replaced by the environment variable its file names (the secrets themselves are `tokens`,
 * answered beside the files, never in them).
 */
export function bundleOf(
  project: ProjectRow,
  routes: readonly ApiRow[],
  collections: readonly CollectionRow[],
  /** The file the project's spec is kept under (its project file names it), if it keeps one. */
  specFile: string | null = null,
): { bundle: ProjectBundle; tokens: FileToken[] } {
  const tokens: FileToken[] = [];
  const taken = new Set<string>();
  const reference = (
    value: string | null,
    of: string,
    ...words: string[]
  ): TokenReference | null => {
    if (value === null) return null;
    let env = envNameOf('MOCKSMITH_TOKEN', ...words);
    for (let n = 2; taken.has(env); n++) env = `${envNameOf('MOCKSMITH_TOKEN', ...words)}_${n}`;
    taken.add(env);
    tokens.push({ env, of, value });
    return { env };
  };
  const settings = projectSettingsSchema.parse(project.settings ?? {});
  const bundle: ProjectBundle = {
    project: {
      name: project.name,
      slug: project.slug,
      seed: project.seed,
      ...(specFile !== null && { spec: specFile }),
      settings: {
        overrides: settings.overrides,
        network: settings.network,
        replay: settings.replay,
        logging: settings.logging,
        authToken: reference(settings.authToken, 'the project', 'project'),
        validation: settings.validation,
        // Where calls no route answers go: the runner serving the files forwards them too.
        ...(settings.proxy && {
          proxy: {
            url: settings.proxy.url,
            record: settings.proxy.record,
            recordLimit: settings.proxy.recordLimit,
          },
        }),
      },
    },
    routes: routes.map((route) => {
      const path = route.routePath ?? '/';
      return {
        method: route.method as ProjectBundle['routes'][number]['method'],
        path,
        ...(route.name ? { name: route.name } : {}),
        responses: route.responses ?? [],
        mode: route.responseMode,
        rules: route.rules ?? [],
        network: route.network,
        overrides: route.overrides,
        authToken: reference(route.authToken, `${route.method} ${path}`, route.method, path),
      };
    }),
    collections: collections.map((collection) => ({
      name: collection.name,
      path: collection.path,
      template: collection.template as ProjectBundle['collections'][number]['template'],
      count: collection.count,
      unknownFields: collection.unknownFields,
      cascade: collection.cascade,
      authToken: reference(
        collection.authToken,
        `the collection ${collection.name}`,
        'collection',
        collection.name,
      ),
    })),
  };
  return { bundle, tokens };
}

/** What an import stored: the report, the project and its routes after it. */
export interface ProjectImportOutcome {
  report: ProjectImportReport;
  project: ProjectRow;
  routes: ApiRow[];
}

/**
 * A spec's file name the export writes as it was given: plain names in folders (what `pull`
 * writes), not under the folders the project's own files are read from.
 */
const SPEC_FILE_NAME =
  /^(?!(?:routes|collections|\.mocksmith)\/|mocksmith\.(?:ya?ml|json)$)[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

const projectNotFound = (id: string) => accessRefused({ kind: 'project', id });

/** A stored route, as core's diff compares it with a plan. */
function existingOf(row: ApiRow): ExistingRoute & { row: ApiRow } {
  return {
    importKey: row.importKey,
    method: row.method,
    path: row.routePath ?? '/',
    name: row.name,
    responses: row.responses,
    responseMode: row.responseMode,
    rules: row.rules,
    network: row.network ?? null,
    request: row.request ?? null,
    overrides: row.overrides,
    row,
  };
}

/**
 * The row of a planned route, its default response mirrored as a route's always is; its rules,
 * network profile and overrides when the plan says them (else a new route has the defaults and
 * an updated one keeps its own).
 */
function fieldsOf(planned: PlannedRoute): RouteChanges & { importKey: string } {
  const parsed = parsePathTemplate(planned.path);
  const path = parsed.ok ? parsed.value : { path: planned.path, key: planned.path };
  const fallback = planned.responses.find((r) => r.isDefault) ?? planned.responses[0];
  if (!fallback) throw new Error(`the planned route ${planned.importKey} has no response`);
  return {
    name: planned.name,
    method: planned.method,
    routePath: path.path,
    routeKey: path.key,
    responses: planned.responses,
    responseMode: planned.responseMode,
    authToken: null,
    template: fallback.template,
    httpCode: fallback.status,
    customHeaders: fallback.headers,
    delay: fallback.delay,
    importKey: planned.importKey,
    ...(planned.rules !== undefined && { rules: planned.rules }),
    ...(planned.network !== undefined && { network: planned.network }),
    ...(planned.overrides !== undefined && { overrides: planned.overrides }),
    // The operation's contract, replaced by each import (none: the route keeps no spec).
    request: planned.request ?? null,
  };
}

/** A project as the exports read it. */
function exportOf(
  project: ProjectRow,
  routes: readonly ApiRow[],
  urls: ProjectUrls,
): ProjectExport {
  return {
    name: project.name,
    baseUrl: baseUrlOf(urls, project.slug),
    routes: routes.map((route) => ({
      method: route.method,
      path: route.routePath ?? '/',
      name: route.name,
      responses: route.responses,
      mode: route.responseMode,
      authToken: route.authToken,
      rules: route.rules,
      network: route.network,
      overrides: route.overrides,
    })),
  };
}

export function createProjectTransfer({
  repository,
  access,
  templates,
  invalidate,
  urls,
  collectionsOf,
}: ProjectTransferDeps) {
  /** A planned route whose every template passes an API's checks, or the reason it does not. */
  const vet = (planned: PlannedRoute): string | null => {
    for (const response of planned.responses) {
      try {
        templates.compileForUser(response.template);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return `The response "${response.name}": ${error.message}`;
      }
    }
    return null;
  };

  return {
    /** Throws 404 unless the project is the user's: checked before a file is analysed. */
    async assertOwned(user: AuthUser, projectId: string): Promise<void> {
      await access.requireAccess(user, { kind: 'project', id: projectId });
    },

    /**
     * Stores a plan in the user's project, in one transaction holding the project: new routes
     * (within MAX_ROUTES_PER_PROJECT), the routes an earlier import made updated, the others
     * kept. A route whose template the checks refuse is skipped with the reason. Every node
     * drops the project's table and the updated routes' compiled APIs.
     */
    async apply(
      user: AuthUser,
      projectId: string,
      plan: ProjectImportPlan,
    ): Promise<ProjectImportOutcome> {
      // Mock calls and everyone's requests are answered between slices of the work: checking
      // and shaping 1,000 routes holds the event loop for a few hundred milliseconds in all.
      const turn = turns();
      // The templates are checked before the transaction: it then only writes.
      const refused = new Map<string, string>();
      for (const planned of plan.routes) {
        await turn();
        const reason = vet(planned);
        if (reason) refused.set(planned.importKey, reason);
      }
      const vetted: ProjectImportPlan = {
        ...plan,
        routes: plan.routes.filter((planned) => !refused.has(planned.importKey)),
        skipped: [
          ...plan.skipped,
          ...plan.routes.flatMap((planned) => {
            const reason = refused.get(planned.importKey);
            return reason ? [{ operation: routeLabel(planned.method, planned.path), reason }] : [];
          }),
        ],
      };
      const outcome = await repository.transaction(async (tx) => {
        const project = await repository.lockOwned(projectId, user.id, tx);
        if (!project) throw projectNotFound(projectId);
        const existing = (await repository.routesOf(project.id, tx)).map(existingOf);
        const diff = diffImport(existing, vetted, { maxRoutes: MAX_ROUTES_PER_PROJECT });
        const rows: NewApiRow[] = [];
        for (const planned of diff.create) {
          await turn();
          rows.push({
            ...fieldsOf(planned),
            requestId: newRequestId(),
            ownerId: project.ownerId,
            projectId: project.id,
            customEndpoint: null,
            isPublic: false,
          });
        }
        await repository.insertRoutes(rows, tx);
        for (const { route, planned } of diff.update) {
          await repository.updateRoute(route.row.id, project.id, fieldsOf(planned), tx);
        }
        // A spec's import replaces what the project's spec says it answers (drift); a HAR's, none.
        if (plan.responses) {
          await repository.setSpec(
            project.id,
            {
              responses: plan.responses,
              file: plan.spec?.file ?? null,
              document: plan.spec?.text ?? null,
            },
            tx,
          );
        }
        const touched = await repository.touch(project.id, tx);
        return {
          report: diff.report,
          project: touched,
          updated: diff.update.map(({ route }) => route.row.requestId),
          routes: await repository.routesOf(project.id, tx),
        };
      });
      await Promise.all(
        [projectKey(outcome.project.slug), ...outcome.updated].map((key) => invalidate(key)),
      );
      return { report: outcome.report, project: outcome.project, routes: outcome.routes };
    },

    /** The import's answer on the wire: the report and the project's routes after it. */
    async applyForWire(
      user: AuthUser,
      projectId: string,
      plan: ProjectImportPlan,
    ): Promise<ProjectImportResult> {
      const outcome = await this.apply(user, projectId, plan);
      return {
        report: outcome.report,
        routes: outcome.routes.map((route) => toRoute(route, outcome.project, urls)),
      };
    },

    /** The user's project as an OpenAPI 3.1 document (404 when it is not theirs). */
    async openApi(
      user: AuthUser,
      projectId: string,
    ): Promise<{ project: ProjectRow; document: ReturnType<typeof projectToOpenApi> }> {
      const project = await access.requireAccess(user, { kind: 'project', id: projectId });
      const routes = await repository.routesOf(project.id);
      return { project, document: projectToOpenApi(exportOf(project, routes, urls)) };
    },

    /**
     * The user's project as the files of its directory (what `mocksmith pull` writes), by path,
     * and the tokens they name (404 when it is not theirs). A project imported from a spec has
     * it among them, named by its project file (`spec:`), so that the runner serving the files
     * checks calls and forwarded answers against it as the hosted project does.
     */
    async files(
      user: AuthUser,
      projectId: string,
      format: FileFormat,
    ): Promise<{ project: ProjectRow; files: Map<string, string>; tokens: FileToken[] }> {
      const project = await access.requireAccess(user, { kind: 'project', id: projectId });
      const [routes, collections, stored] = await Promise.all([
        repository.routesOf(project.id),
        collectionsOf(project.id),
        repository.specOf(project.id),
      ]);
      const spec =
        stored?.file && stored.document !== null
          ? {
              // A name `pull` would refuse to write (a space, a `..`) is replaced by the usual one.
              file: SPEC_FILE_NAME.test(stored.file)
                ? stored.file
                : specFileNameOf(stored.document),
              text: stored.document,
            }
          : null;
      const { bundle, tokens } = bundleOf(project, routes, collections, spec?.file ?? null);
      const files = writeProjectFiles(bundle, format);
      if (spec) files.set(spec.file, spec.text);
      return { project, files, tokens };
    },

    /** The user's project as a Postman v2.1 collection (404 when it is not theirs). */
    async postman(
      user: AuthUser,
      projectId: string,
    ): Promise<{ project: ProjectRow; collection: ProjectPostmanCollection }> {
      const project = await access.requireAccess(user, { kind: 'project', id: projectId });
      const routes = await repository.routesOf(project.id);
      return { project, collection: projectToPostman(exportOf(project, routes, urls)) };
    },
  };
}

export type ProjectTransfer = ReturnType<typeof createProjectTransfer>;
