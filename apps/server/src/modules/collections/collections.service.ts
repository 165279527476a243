/**
 * The management of a project's collections and sessions: create, change, reseed and delete a
 * collection; list, reset and delete sessions. Only the project's owner reaches them (another
 * user's project is a 404). A change of a collection changes the project's route table, so it
 * bumps the project's version and announces `p:{slug}` on the bus.
 */

import { ErrorCode, type JsonObject } from '@mocksmith/core';
import {
  type CreateCollectionInput,
  createCollectionInputSchema,
  MAX_COLLECTIONS_PER_PROJECT,
  recordTemplateIssues,
  type UpdateCollectionInput,
  updateCollectionInputSchema,
} from '@mocksmith/core/collections';
import { isUuid } from '@mocksmith/core/ids';
import { projectKey } from '@mocksmith/core/projects';
import { isUniqueViolation } from '../../db/errors.ts';
import type { CollectionRow } from '../../db/schema/collections.ts';
import type { Access } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { CollectionState } from './collection-state.ts';
import type { CollectionsRepository } from './collections.repository.ts';

/** The project a management call names, as its owner holds it. */
export interface OwnedProject {
  id: string;
  slug: string;
  ownerId: string;
}

export interface CollectionsServiceDeps {
  repository: CollectionsRepository;
  /** Whose projects are whose (lib/access.ts). */
  access: Access<OwnedProject>;
  state: CollectionState;
  invalidate(key: string): Promise<void>;
}

const collectionNotFound = (id: string) =>
  new AppError(
    ErrorCode.COLLECTION_NOT_FOUND,
    `This project has no collection with the id "${id}"`,
  );

export function createCollectionsService({
  repository,
  access,
  state,
  invalidate,
}: CollectionsServiceDeps) {
  const ownedOrThrow = (user: AuthUser, id: string): Promise<OwnedProject> =>
    access.requireAccess(user, { kind: 'project', id });

  const collectionOrThrow = async (project: OwnedProject, id: string): Promise<CollectionRow> => {
    const found = isUuid(id) ? await repository.findCollection(project.id, id) : null;
    if (!found) throw collectionNotFound(id);
    return found;
  };

  /** 400 naming each problem of a record template (its JSONPath and words). */
  const assertTemplate = (template: JsonObject) => {
    const issues = recordTemplateIssues(template);
    if (issues.length > 0) {
      throw new AppError(
        ErrorCode.VALIDATION_FAILED,
        `The record template has ${issues.length === 1 ? 'a problem' : `${issues.length} problems`}: ${issues
          .slice(0, 5)
          .map((issue) => `${issue.path}: ${issue.message}`)
          .join('; ')}`,
        { details: issues },
      );
    }
  };

  /** 409 when a route of the project answers one of the collection's places. */
  const assertNoRouteClash = async (project: OwnedProject, path: string) => {
    const clash = await repository.findClashingRoute(project.id, path);
    if (clash) {
      throw new AppError(
        ErrorCode.COLLECTION_TAKEN,
        `${clash.method} ${clash.routePath} is a route of this project ("${clash.name}"): a collection at ${path} answers it; move or delete the route first`,
      );
    }
  };

  const taken = (error: unknown, name: string, path: string): never => {
    if (isUniqueViolation(error, 'collections_project_id_name_index')) {
      throw new AppError(
        ErrorCode.COLLECTION_TAKEN,
        `This project already has a collection named "${name}"`,
      );
    }
    if (isUniqueViolation(error, 'collections_project_id_path_index')) {
      throw new AppError(
        ErrorCode.COLLECTION_TAKEN,
        `This project already has a collection at ${path}`,
      );
    }
    throw error;
  };

  const announce = async (project: OwnedProject) => {
    await repository.touchProject(project.id);
    await invalidate(projectKey(project.slug));
  };

  return {
    /** The project's collections; create, update and reseed answer them too (`all`), for references. */
    async list(user: AuthUser, projectId: string) {
      const project = await ownedOrThrow(user, projectId);
      return { project, collections: await repository.listCollections(project.id) };
    },

    async create(user: AuthUser, projectId: string, raw: CreateCollectionInput) {
      const input = createCollectionInputSchema.parse(raw);
      const project = await ownedOrThrow(user, projectId);
      const template = input.template as JsonObject;
      assertTemplate(template);
      const path = input.path ?? `/${input.name}`;
      const existing = await repository.listCollections(project.id);
      if (existing.length >= MAX_COLLECTIONS_PER_PROJECT) {
        throw new AppError(
          ErrorCode.COLLECTION_LIMIT_REACHED,
          `A project holds at most ${MAX_COLLECTIONS_PER_PROJECT} collections; delete one to make room`,
        );
      }
      if (!input.replaceRoutes) await assertNoRouteClash(project, path);
      let created: CollectionRow;
      let replaced: string[] = [];
      try {
        // The routes it replaces go with its creation, or stay when it fails.
        created = await repository.definitions(async (tx) => {
          if (input.replaceRoutes)
            replaced = await repository.deleteClashingRoutes(project.id, path, tx);
          return repository.insertCollection(
            {
              projectId: project.id,
              name: input.name,
              path,
              template,
              count: input.count,
              unknownFields: input.unknownFields,
              cascade: input.cascade,
              authToken: input.authToken,
            },
            tx,
          );
        });
      } catch (error) {
        return taken(error, input.name, path);
      }
      await announce(project);
      // The replaced routes' stand-alone URLs (`/api/{requestId}`) go too.
      await Promise.all(replaced.map((requestId) => invalidate(requestId)));
      return { project, collection: created, all: await repository.listCollections(project.id) };
    },

    /**
     * Changes a collection. Its written records stay, unless its id kind or its count changed
     * (the seeded records they lie over are others then): those clear every session's state.
     */
    async update(user: AuthUser, projectId: string, id: string, raw: UpdateCollectionInput) {
      const input = updateCollectionInputSchema.parse(raw);
      const project = await ownedOrThrow(user, projectId);
      const current = await collectionOrThrow(project, id);
      if (input.template) assertTemplate(input.template as JsonObject);
      if (input.path && input.path !== current.path) await assertNoRouteClash(project, input.path);
      let updated: CollectionRow | null;
      try {
        updated = await repository.updateCollection(current.id, {
          ...(input.path !== undefined && { path: input.path }),
          ...(input.template !== undefined && { template: input.template }),
          ...(input.count !== undefined && { count: input.count }),
          ...(input.unknownFields !== undefined && { unknownFields: input.unknownFields }),
          ...(input.cascade !== undefined && { cascade: input.cascade }),
          ...(input.authToken !== undefined && { authToken: input.authToken }),
        });
      } catch (error) {
        return taken(error, current.name, input.path ?? current.path);
      }
      if (!updated) throw collectionNotFound(id);
      const idOf = (template: Record<string, unknown>) => JSON.stringify(template.id ?? null);
      if (updated.count !== current.count || idOf(updated.template) !== idOf(current.template)) {
        await state.clearCollection(project, updated.id);
      }
      await announce(project);
      return { project, collection: updated, all: await repository.listCollections(project.id) };
    },

    /** New seeded records (the next seed), every session's changes to the collection cleared. */
    async reseed(user: AuthUser, projectId: string, id: string) {
      const project = await ownedOrThrow(user, projectId);
      const current = await collectionOrThrow(project, id);
      const updated = await repository.updateCollection(current.id, {
        seedVersion: current.seedVersion + 1,
      });
      if (!updated) throw collectionNotFound(id);
      await state.clearCollection(project, updated.id);
      await announce(project);
      return { project, collection: updated, all: await repository.listCollections(project.id) };
    },

    async remove(user: AuthUser, projectId: string, id: string) {
      const project = await ownedOrThrow(user, projectId);
      const current = await collectionOrThrow(project, id);
      await repository.releaseUsage(project.ownerId, await repository.deleteCollection(current.id));
      await announce(project);
    },

    async sessions(user: AuthUser, projectId: string) {
      const project = await ownedOrThrow(user, projectId);
      return state.sessions(project);
    },

    /**
     * Makes a session the owner's: a new one, or one a call started (its state stays). The
     * owner's sessions are never pushed out by the sessions others start. Answers it as listed.
     */
    async claimSession(user: AuthUser, projectId: string, name: string) {
      const project = await ownedOrThrow(user, projectId);
      await state.claim(project, name);
      const claimed = (await repository.listSessions(project.id)).find((s) => s.name === name);
      // Deleted meanwhile (by the owner, or pushed out by the owner's own newer sessions).
      if (!claimed) {
        throw new AppError(ErrorCode.NOT_FOUND, `This project has no session named "${name}"`);
      }
      return claimed;
    },

    async reset(user: AuthUser, projectId: string, session: string | undefined) {
      const project = await ownedOrThrow(user, projectId);
      await state.reset(project, session ?? '');
    },

    async deleteSession(user: AuthUser, projectId: string, name: string) {
      const project = await ownedOrThrow(user, projectId);
      if (!(await state.deleteSession(project, name))) {
        throw new AppError(ErrorCode.NOT_FOUND, `This project has no session named "${name}"`);
      }
    },
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
