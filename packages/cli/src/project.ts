/**
 * A project's files (core's ProjectBundle) made ready to serve, once at start: every route
 * compiled by the engine as the server compiles a stored one (compile.ts), its collections
 * numbered, and the project's table built as the server builds it (project-table.ts). What the
 * files leave to the service (ids, the owner) is made here, stable from one start to the next.
 */

import { MAX_RESPONSE_BYTES } from '@mocksmith/core';
import type { CollectionDefinition } from '@mocksmith/core/collections';
import type { NetworkProfile } from '@mocksmith/core/network';
import type { ProjectBundle, TokenReference } from '@mocksmith/core/project-files';
import type { ValidationMode } from '@mocksmith/core/projects';
import {
  type CollectionPlace,
  type CompiledRoute,
  compileProjectTable,
  compileRoute,
  compileSpecResponses,
  type RouteTable,
  type SpecResponses,
} from '@mocksmith/engine';

/** The account every route and collection of the runner is owned by (there is one owner here). */
export const LOCAL_OWNER = 'local';

/** A project as the runner serves it: what resolve, admit, handle and capture read of one. */
export interface ServedProject {
  id: string;
  /**
   * The hosted project's id the files were pulled from (`.mocksmith/hosted.json`), or null: the
   * verification API answers to it as well, so that a suite naming the hosted project runs here.
   */
  hostedId: string | null;
  slug: string;
  name: string;
  ownerId: string;
  seed: number;
  collections: readonly CollectionDefinition[];
  settings: {
    overrides: boolean;
    network: NetworkProfile | null;
    replay: boolean;
    logging: boolean;
    authToken: string | null;
    /** Calls of routes imported from an OpenAPI file checked against it (validate.ts of the engine). */
    validation?: ValidationMode;
    /** Where the calls no route answers are forwarded (the file's, or `--proxy`), or null. */
    proxy: { url: string; record?: boolean } | null;
  };
  stopped: null;
  table: RouteTable<CompiledRoute | CollectionPlace>;
  /** What the spec it names (or is) says each operation answers (drift), or null. */
  specResponses: SpecResponses | null;
  /** The routes the files hold that could not be compiled (`METHOD /path`), to say so at start. */
  broken: string[];
}

/** Where tokens are read: the environment, by default. */
export type Environment = Record<string, string | undefined>;

/**
 * A token of the files: the value of the environment variable it names. One not set leaves its
 * route, collection or project open; the caller warns (`missing`).
 */
function tokenOf(
  reference: TokenReference | null,
  env: Environment,
  missing: Set<string>,
): string | null {
  if (reference === null) return null;
  const value = env[reference.env];
  if (value === undefined || value === '') {
    missing.add(reference.env);
    return null;
  }
  return value;
}

/** A bundle whose project validates its calls as asked (`--validate`), or as it was (undefined). */
export function withValidation(
  bundle: ProjectBundle,
  validation: ValidationMode | undefined,
): ProjectBundle {
  if (validation === undefined) return bundle;
  const settings = { ...bundle.project.settings, validation };
  return { ...bundle, project: { ...bundle.project, settings } };
}

/**
 * The bundle compiled for serving. A route's id is its `METHOD /path` (unique in a project, and the
 * same at every start); a collection's is its name. A seed's draws are keyed on the route's
 * `METHOD /path` and the collection's path on every host (the engine's `drawKey`), so the runner
 * draws the faults the hosted project draws. `missing` collects the token variables the
 * environment lacks.
 */
export function serveBundle(
  bundle: ProjectBundle,
  {
    env = process.env,
    missing = new Set<string>(),
    previous,
    hostedId = null,
  }: {
    env?: Environment;
    missing?: Set<string>;
    previous?: ServedProject;
    hostedId?: string | null;
  } = {},
): ServedProject {
  const { project } = bundle;
  const id = `project:${project.slug}`;
  const broken: string[] = [];
  const routes: { method: CompiledRoute['method']; path: string; value: CompiledRoute }[] = [];
  for (const route of bundle.routes) {
    const key = `${route.method} ${route.path}`;
    const compiled = compileRoute(
      { ...route, id: key, requestId: key, authToken: tokenOf(route.authToken, env, missing) },
      { projectId: id, projectSlug: project.slug, ownerId: LOCAL_OWNER, stopped: null },
      MAX_RESPONSE_BYTES,
    );
    if (compiled === null) broken.push(key);
    else routes.push({ method: route.method, path: route.path, value: compiled });
  }
  const collections: CollectionDefinition[] = bundle.collections.map((collection) => ({
    id: `collection:${collection.name}`,
    name: collection.name,
    path: collection.path,
    template: collection.template,
    count: collection.count,
    unknownFields: collection.unknownFields,
    cascade: collection.cascade,
    // A collection never reseeded on the service has seed version 0: its records are the same.
    seedVersion: 0,
    version: 1,
    authToken: tokenOf(collection.authToken, env, missing),
  }));
  if (previous) {
    // The files read again (--watch): a collection defined as before keeps its version (and the
    // host its state); one changed gets the next, as an edit on the service does.
    const before = new Map(previous.collections.map((collection) => [collection.id, collection]));
    for (const collection of collections) {
      const old = before.get(collection.id);
      if (old === undefined) continue;
      const same = previous.seed === project.seed && definitionOf(old) === definitionOf(collection);
      collection.version = same ? old.version : old.version + 1;
    }
  }
  return {
    id,
    hostedId,
    slug: project.slug,
    name: project.name,
    ownerId: LOCAL_OWNER,
    seed: project.seed,
    collections,
    settings: {
      overrides: project.settings.overrides,
      network: project.settings.network,
      replay: project.settings.replay,
      logging: project.settings.logging,
      authToken: tokenOf(project.settings.authToken, env, missing),
      validation: project.settings.validation,
      proxy: project.settings.proxy ?? null,
    },
    stopped: null,
    table: compileProjectTable(routes, collections),
    // What a forwarded answer is checked against (a proxy may come from `--proxy` as well).
    specResponses: compileSpecResponses(bundle.specResponses),
    broken,
  };
}

/** What a collection's records and answers are made of: equal texts, the same collection. */
function definitionOf(collection: CollectionDefinition): string {
  const { path, template, count, unknownFields, cascade, authToken } = collection;
  return JSON.stringify([path, template, count, unknownFields, cascade, authToken]);
}
