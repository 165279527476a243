/**
 * A project's files into the hosted service (issue 38): what `mocksmith push` sends, and the
 * dashboard's upload of a directory. The files are read by core's reader (every problem named
 * by file and line, nothing changed); the hosted project then becomes what they say, in one
 * transaction holding it: routes and collections created, updated and deleted, the project
 * file's fields set. A push names the version its files were pulled from; a project edited
 * since is refused (409) unless forced, so that a push never overwrites an edit unseen.
 */
import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { ErrorCode, MAX_OPENAPI_FILE_BYTES } from '@mocksmith/core';
import {
  type BundleChange,
  bundleChangeOf,
  type CollectionOfFiles,
  isNoChange,
  PROJECT_FILE_NAMES,
  type ProjectBundle,
  pairCollections,
  pairRoutes,
  projectChanges,
  type RouteOfFiles,
  readProjectFiles,
  routeIdentity,
  tokenNamesOf,
  withRequestContracts,
} from '@mocksmith/core/project-files';
import {
  type ProjectImportPlan,
  projectKey,
  type SpecDocument,
  type SpecResponse,
} from '@mocksmith/core/projects';
import { AUTH_TOKEN_PATTERN } from '@mocksmith/core/schemas';
import type { FreedBytes } from '@mocksmith/engine';
import type { Transaction } from '../../db/client.ts';
import type { ApiRow, ProjectRow } from '../../db/schema/apis.ts';
import type {
  CollectionRow,
  collections as collectionsTable,
} from '../../db/schema/collections.ts';
import { accessRefused } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { newRequestId } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/session.ts';
import {
  collectionRow,
  filesRefused,
  idOf,
  projectChanged,
  routeRow,
} from './projects.files.rows.ts';
import { type ProjectsRepository, SlugTakenError } from './projects.repository.ts';
import { bundleOf } from './projects.transfer.ts';

type NewCollectionRow = typeof collectionsTable.$inferInsert;

/** What a push needs of the collections' storage (the collections module's repository). */
export interface CollectionsPort {
  listCollections(projectId: string, tx: Transaction): Promise<CollectionRow[]>;
  insertCollection(row: NewCollectionRow, tx: Transaction): Promise<CollectionRow>;
  updateCollection(
    id: string,
    changes: Partial<NewCollectionRow>,
    tx: Transaction,
  ): Promise<CollectionRow | null>;
  /** Deletes a collection and its state; answers the state's bytes, released after commit. */
  deleteCollectionIn(id: string, tx: Transaction): Promise<FreedBytes>;
  releaseUsage(ownerId: string, freed: FreedBytes): Promise<void>;
}

export interface ProjectFilesDeps {
  repository: ProjectsRepository;
  collections: CollectionsPort;
  /** Clears a collection's state in every session (its ids or count changed). */
  clearCollection(project: ProjectRow, collectionId: string): Promise<void>;
  invalidate(key: string): Promise<void>;
  /** Creates an empty project for the user (the projects service's create, its limits). */
  createProject(user: AuthUser, input: { name: string; slug?: string }): Promise<ProjectRow>;
  removeProject(user: AuthUser, id: string): Promise<void>;
  maxResponseBytes?: number;
  /**
   * Reads the files (core's readProjectFiles) off the event loop, in the background worker:
   * a thousand YAML files and their rules' patterns take seconds. Without it, here.
   */
  readFiles?: (input: {
    files: Record<string, string>;
    maxResponseBytes?: number;
  }) => Promise<ReturnType<typeof readProjectFiles>>;
  /**
   * Plans the OpenAPI file a project file names (`spec`) as an import into a project does (the
   * OpenAPI module's worker, in the user's queue); rejects with the 400 of a file that is no
   * spec. Without it, `spec` is not read.
   */
  planSpec?: (text: string, owner: string) => Promise<ProjectImportPlan>;
}

/**
 * A bundle of files and the spec its project file names: what it says each operation answers,
 * and its text under its name (both null: it names none).
 */
interface FilesRead {
  bundle: ProjectBundle;
  responses: SpecResponse[] | null;
  spec: SpecDocument | null;
}

export interface FilesPushInput {
  /** The directory's files by path relative to it. */
  files: Record<string, string>;
  /** The project's version the files were pulled from (the export's `version`). */
  baseVersion?: number | undefined;
  /** Overwrite the hosted project even when it changed since `baseVersion`. */
  force?: boolean | undefined;
  /** Answer what would change, change nothing. */
  dryRun?: boolean | undefined;
  /** The tokens the files name, by environment variable; a token not given is kept. */
  tokens?: Record<string, string> | undefined;
}

export interface FilesPushResult {
  /** Whether anything was written (false for a dry run, or when nothing changes). */
  applied: boolean;
  project: { id: string; slug: string; version: number };
  changes: BundleChange;
  /** The variables a new project's tokens were made for (`makeTokens`). */
  madeTokens?: string[];
}

/** The routes recording added to the project so far (its proxy's `recorded`). */
function recordedOf(project: ProjectRow): unknown[] {
  const proxy = project.settings.proxy as { recorded?: unknown } | null | undefined;
  return Array.isArray(proxy?.recorded) ? proxy.recorded : [];
}

/** The most bytes of a push's own files: the project file, its routes and collections. */
export const PROJECT_FILES_BYTES = 8 * 1024 * 1024;

const MIB = 1024 * 1024;

/**
 * Refuses files too large before they are read: the project's own (the project file, routes and
 * collections) past PROJECT_FILES_BYTES, and the others (the spec the project file names, which
 * an export writes beside them, and whatever else came) past an OpenAPI upload's bytes.
 */
function checkSizes(files: Record<string, string>): void {
  let own = 0;
  let other = 0;
  for (const [path, text] of Object.entries(files)) {
    const bytes = Buffer.byteLength(text);
    if (
      (PROJECT_FILE_NAMES as readonly string[]).includes(path) ||
      path.startsWith('routes/') ||
      path.startsWith('collections/')
    ) {
      own += bytes;
    } else other += bytes;
  }
  if (own > PROJECT_FILES_BYTES) {
    throw new AppError(
      ErrorCode.BODY_TOO_LARGE,
      `The project file, routes and collections come to more than ${PROJECT_FILES_BYTES / MIB} MB`,
    );
  }
  if (other > MAX_OPENAPI_FILE_BYTES) {
    throw new AppError(
      ErrorCode.BODY_TOO_LARGE,
      `The files beside the project's own (its spec) come to more than ${MAX_OPENAPI_FILE_BYTES / MIB} MB, an OpenAPI file's most`,
    );
  }
}

/** A new bearer token (`mck_` and 40 URL-safe characters), as the web's Generate makes. */
const newToken = () => `mck_${randomBytes(30).toString('base64url')}`;

export function createProjectFiles(deps: ProjectFilesDeps) {
  const { repository, collections } = deps;

  const read = async (files: Record<string, string>): Promise<ProjectBundle> => {
    const limit =
      deps.maxResponseBytes === undefined ? {} : { maxResponseBytes: deps.maxResponseBytes };
    const result = deps.readFiles
      ? await deps.readFiles({ files, ...limit })
      : readProjectFiles(new Map(Object.entries(files)), limit);
    if (!result.ok) throw filesRefused(result.problems);
    return result.value;
  };

  /**
   * The files' bundle; when their project file names a spec (`spec: openapi.yaml`, one of the
   * files sent), its routes at the spec's operations carry their contracts, as the runner reads
   * a directory, and what each operation answers comes along (drift).
   */
  const readWithSpec = async (files: Record<string, string>, owner: string): Promise<FilesRead> => {
    const bundle = await read(files);
    const { spec } = bundle.project;
    if (spec === undefined || !deps.planSpec) return { bundle, responses: null, spec: null };
    const projectFile =
      PROJECT_FILE_NAMES.find((name) => files[name] !== undefined) ?? 'mocksmith.yaml';
    const text = files[spec];
    if (text === undefined) {
      throw filesRefused([
        { file: projectFile, message: `spec: ${spec} is not among the files sent` },
      ]);
    }
    let plan: ProjectImportPlan;
    try {
      plan = await deps.planSpec(text, owner);
    } catch (error) {
      if (!(error instanceof AppError) || error.statusCode !== 400) throw error;
      throw filesRefused([{ file: projectFile, message: `spec: ${spec}: ${error.message}` }]);
    }
    // A HAR file plans routes too, but says nothing of what an API should answer.
    if (plan.responses === undefined) {
      const why = plan.skipped[0]?.reason ?? 'it is no OpenAPI document';
      throw filesRefused([{ file: projectFile, message: `spec: ${spec}: ${why}` }]);
    }
    return {
      bundle: withRequestContracts(bundle, plan.routes),
      responses: plan.responses,
      spec: { file: spec, text },
    };
  };

  const checkTokens = (tokens: Record<string, string>) => {
    for (const [env, value] of Object.entries(tokens)) {
      if (!AUTH_TOKEN_PATTERN.test(value)) {
        throw new AppError(
          ErrorCode.VALIDATION_FAILED,
          `The token of ${env} must be mck_ followed by at least 32 URL-safe characters`,
        );
      }
    }
  };

  /**
   * Makes the project held in `tx` what `next` says; answers the change, and what to do once
   * it commits. Writes nothing for a dry run or when nothing changes.
   */
  const applyIn = async (
    tx: Transaction,
    project: ProjectRow,
    { bundle: next, responses, spec }: FilesRead,
    { dryRun = false, tokens = {} }: Pick<FilesPushInput, 'dryRun' | 'tokens'>,
  ) => {
    const routeRows = await repository.routesOf(project.id, tx);
    const collectionRows = await collections.listCollections(project.id, tx);
    const current = bundleOf(project, routeRows, collectionRows).bundle;
    const rowOfRoute = new Map<string, ApiRow>(
      routeRows.map((row) => [
        routeIdentity({ method: row.method, path: row.routePath ?? '/' }),
        row,
      ]),
    );
    const rowOfCollection = new Map<string, CollectionRow>(
      collectionRows.map((row) => [row.name, row]),
    );

    // A token the files name: the value given for its variable, else the one it has now.
    const missing: string[] = [];
    const resolve = (
      reference: { env: string } | null,
      now: string | null | undefined,
      of: string,
    ): string | null => {
      if (reference === null) return null;
      const value = tokens[reference.env] ?? now ?? null;
      if (value === null) missing.push(`${reference.env} (${of})`);
      return value;
    };
    const routeToken = (route: RouteOfFiles) =>
      resolve(
        route.authToken,
        rowOfRoute.get(routeIdentity(route))?.authToken,
        `${route.method} ${route.path}`,
      );
    const collectionToken = (collection: CollectionOfFiles) =>
      resolve(
        collection.authToken,
        rowOfCollection.get(collection.name)?.authToken,
        `the collection ${collection.name}`,
      );
    const settings = (project.settings ?? {}) as { authToken?: string | null };
    const projectToken = resolve(
      next.project.settings.authToken,
      settings.authToken,
      'the project',
    );

    const routes = pairRoutes(
      current.routes,
      next.routes,
      (_, route) => routeToken(route) !== (rowOfRoute.get(routeIdentity(route))?.authToken ?? null),
    );
    const collectionPairs = pairCollections(
      current.collections,
      next.collections,
      (_, collection) =>
        collectionToken(collection) !== (rowOfCollection.get(collection.name)?.authToken ?? null),
    );
    const fields = projectChanges(current, next);
    if (projectToken !== (settings.authToken ?? null) && !fields.includes('settings')) {
      fields.push('settings');
    }
    const changes = bundleChangeOf(fields, routes, collectionPairs);
    // Every token the files name must be given, or be kept from the item it names.
    for (const route of next.routes) routeToken(route);
    for (const collection of next.collections) collectionToken(collection);
    if (missing.length > 0) {
      throw new AppError(
        ErrorCode.VALIDATION_FAILED,
        `Set the token${missing.length === 1 ? '' : 's'} the files name: ${[...new Set(missing)].join(', ')}`,
      );
    }
    // With a spec, each route's contract is the spec's: those that differ from the stored ones.
    // Compared as stored (jsonb keeps no key order, nor an undefined field).
    const same = (stored: unknown, next: unknown) =>
      isDeepStrictEqual(stored ?? null, JSON.parse(JSON.stringify(next ?? null)));
    const contracts =
      responses === null
        ? []
        : routes.unchanged.flatMap(({ next: route }) => {
            const row = rowOfRoute.get(routeIdentity(route));
            return row && !same(row.request, route.request)
              ? [{ row, request: route.request ?? null }]
              : [];
          });
    // The spec is kept as sent (the export writes it back): a new text or name is a change too.
    const kept = responses === null ? null : await repository.specOf(project.id, tx);
    const newResponses =
      responses !== null &&
      (!same(kept?.responses, responses) ||
        kept?.file !== spec?.file ||
        kept?.document !== spec?.text);
    if (dryRun || (isNoChange(changes) && contracts.length === 0 && !newResponses)) {
      return { changes, project, applied: false, after: async () => {} };
    }
    const rowOf = (route: RouteOfFiles) =>
      responses === null
        ? routeRow(route, routeToken(route))
        : { ...routeRow(route, routeToken(route)), request: route.request ?? null };

    const freed: FreedBytes[] = [];
    for (const route of routes.deleted) {
      const row = rowOfRoute.get(routeIdentity(route));
      if (row) await repository.deleteRoute(row.id, project.id, tx);
    }
    for (const collection of collectionPairs.deleted) {
      const row = rowOfCollection.get(collection.name);
      if (row) freed.push(await collections.deleteCollectionIn(row.id, tx));
    }
    for (const { next: route } of routes.updated) {
      const row = rowOfRoute.get(routeIdentity(route));
      if (row) await repository.updateRoute(row.id, project.id, rowOf(route), tx);
    }
    // A collection moving to a path another one leaves (two swapping theirs) steps aside first:
    // each path is unique in a project at every write, not only at the end.
    for (const { current, next: collection } of collectionPairs.updated) {
      const row = rowOfCollection.get(current.name);
      if (row && current.path !== collection.path) {
        await collections.updateCollection(row.id, { path: `/.moving/${row.id}` }, tx);
      }
    }
    const cleared: string[] = [];
    for (const { next: collection } of collectionPairs.updated) {
      const row = rowOfCollection.get(collection.name);
      if (!row) continue;
      await collections.updateCollection(
        row.id,
        collectionRow(collection, collectionToken(collection)),
        tx,
      );
      if (row.count !== collection.count || idOf(row.template) !== idOf(collection.template)) {
        cleared.push(row.id);
      }
    }
    await repository.insertRoutes(
      routes.created.map((route) => ({
        ...rowOf(route),
        requestId: newRequestId(),
        ownerId: project.ownerId,
        projectId: project.id,
        customEndpoint: null,
        isPublic: false,
      })),
      tx,
    );
    for (const collection of collectionPairs.created) {
      await collections.insertCollection(
        { projectId: project.id, ...collectionRow(collection, collectionToken(collection)) },
        tx,
      );
    }
    for (const { row, request } of contracts) {
      await repository.setRouteRequest(row.id, project.id, request, tx);
    }
    if (responses !== null && newResponses) {
      await repository.setSpec(
        project.id,
        { responses, file: spec?.file ?? null, document: spec?.text ?? null },
        tx,
      );
    }
    const { authToken: _, ...rest } = next.project.settings;
    const stored = await repository.touch(project.id, tx, {
      name: next.project.name,
      slug: next.project.slug,
      seed: next.project.seed,
      // Settings the files do not hold are kept, and what recording added while a proxy stays.
      settings: {
        ...project.settings,
        ...rest,
        ...(rest.proxy && { proxy: { ...rest.proxy, recorded: recordedOf(project) } }),
        authToken: projectToken,
      },
    });
    // Another seed makes other seeded records: the writes of every session lay over the old.
    if (stored.seed !== project.seed) {
      for (const { current } of [...collectionPairs.unchanged, ...collectionPairs.updated]) {
        const row = rowOfCollection.get(current.name);
        if (row && !cleared.includes(row.id)) cleared.push(row.id);
      }
    }
    // The stand-alone URLs of the routes changed and gone (of them all with another slug: they
    // find their project by it), and the project at both slugs.
    const movedSlug = stored.slug === project.slug ? [] : routeRows.map((row) => row.requestId);
    const keys = [
      projectKey(project.slug),
      projectKey(stored.slug),
      ...movedSlug,
      ...routes.updated.flatMap(
        ({ current: route }) => rowOfRoute.get(routeIdentity(route))?.requestId ?? [],
      ),
      ...routes.deleted.flatMap((route) => rowOfRoute.get(routeIdentity(route))?.requestId ?? []),
      ...contracts.map(({ row }) => row.requestId),
    ];
    const after = async () => {
      for (const bytes of freed) await collections.releaseUsage(stored.ownerId, bytes);
      for (const id of cleared) await deps.clearCollection(stored, id);
      await Promise.all([...new Set(keys)].map((key) => deps.invalidate(key)));
    };
    return { changes, project: stored, applied: true, after };
  };

  /** Runs `applyIn` in a transaction holding the user's project; a slug taken is a 409. */
  const applyTo = async (
    user: AuthUser,
    projectId: string,
    next: FilesRead,
    input: Omit<FilesPushInput, 'files'>,
  ): Promise<FilesPushResult> => {
    let outcome: Awaited<ReturnType<typeof applyIn>>;
    try {
      outcome = await repository.transaction(async (tx) => {
        const project = await repository.lockOwned(projectId, user.id, tx);
        if (!project) throw accessRefused({ kind: 'project', id: projectId });
        if (!input.force && input.baseVersion !== project.version) {
          throw projectChanged(project, input.baseVersion);
        }
        return applyIn(tx, project, next, input);
      });
    } catch (error) {
      if (!(error instanceof SlugTakenError)) throw error;
      throw new AppError(
        ErrorCode.SLUG_TAKEN,
        `The slug "${next.bundle.project.slug}" is taken: choose another in mocksmith.yaml`,
      );
    }
    await outcome.after();
    const { project } = outcome;
    return {
      applied: outcome.applied,
      project: { id: project.id, slug: project.slug, version: project.version },
      changes: outcome.changes,
    };
  };

  return {
    /** Makes the user's project what its files say (or answers what would change). */
    async push(user: AuthUser, projectId: string, input: FilesPushInput): Promise<FilesPushResult> {
      checkSizes(input.files);
      const next = await readWithSpec(input.files, user.id);
      checkTokens(input.tokens ?? {});
      return applyTo(user, projectId, next, input);
    },

    /**
     * A new project of the user's from files: their slug when it is free, else one suggested
     * from their name. A failure after its creation deletes it again.
     */
    async create(
      user: AuthUser,
      input: Pick<FilesPushInput, 'files' | 'tokens'> & {
        /** Make a token for each variable the files name and `tokens` does not give. */
        makeTokens?: boolean | undefined;
      },
    ): Promise<FilesPushResult> {
      checkSizes(input.files);
      const next = await readWithSpec(input.files, user.id);
      checkTokens(input.tokens ?? {});
      const given = input.tokens ?? {};
      const madeTokens = input.makeTokens
        ? tokenNamesOf(next.bundle).filter((name) => given[name] === undefined)
        : [];
      const tokens = {
        ...given,
        ...Object.fromEntries(madeTokens.map((name) => [name, newToken()])),
      };
      const { name, slug } = next.bundle.project;
      let created: ProjectRow;
      try {
        created = await deps.createProject(user, { name, slug });
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== ErrorCode.SLUG_TAKEN) throw error;
        created = await deps.createProject(user, { name });
      }
      try {
        const result = await applyTo(
          user,
          created.id,
          {
            ...next,
            bundle: { ...next.bundle, project: { ...next.bundle.project, slug: created.slug } },
          },
          { force: true, tokens },
        );
        return { ...result, madeTokens };
      } catch (error) {
        await deps.removeProject(user, created.id);
        throw error;
      }
    },
  };
}

export type ProjectFiles = ReturnType<typeof createProjectFiles>;
