/**
 * The management API of a project's collections and sessions, in the signed-in scope: HTTP
 * only. Another user's project answers 404, as one that does not exist.
 */
import { errorBodySchema } from '@mocksmith/core';
import {
  collectionListSchema,
  collectionSchema,
  createCollectionInputSchema,
  createSessionInputSchema,
  idKindOf,
  projectSessionListSchema,
  projectSessionSchema,
  referenceNotes,
  resetInputSchema,
  updateCollectionInputSchema,
} from '@mocksmith/core/collections';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { CollectionRow } from '../../db/schema/collections.ts';
import { getUser } from '../../plugins/session.ts';
import type { CollectionsService, OwnedProject } from './collections.service.ts';

export interface CollectionsRoutesOptions {
  config: Config;
  collections: CollectionsService;
}

/** A record template and a few settings: far below a route's 4 MiB. */
const BODY_LIMIT = 1024 * 1024;

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  413: errorBodySchema,
  503: errorBodySchema,
};

const projectParams = z.object({ id: z.string().describe('The project’s id') });
const collectionParams = projectParams.extend({
  collectionId: z.string().describe('The collection’s id'),
});
const sessionParams = projectParams.extend({ name: z.string().describe('The session’s name') });
const none = z.null().describe('Done: no body');

export async function collectionsRoutes(
  app: FastifyInstance,
  { config, collections }: CollectionsRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ session: [] }];
  const tags = ['Collections'];
  const sessionView = (session: {
    name: string;
    createdAt: Date;
    lastUsedAt: Date;
    changed: number;
    madeBy: string;
  }) => ({
    name: session.name,
    createdAt: session.createdAt.toISOString(),
    lastUsedAt: session.lastUsedAt.toISOString(),
    changed: session.changed,
    owner: session.madeBy === 'owner',
  });
  /** A collection as answered; `all` (the project's, it among them) for its references. */
  const view = (project: OwnedProject, row: CollectionRow, all: readonly CollectionRow[]) => ({
    id: row.id,
    name: row.name,
    path: row.path,
    url: `${config.mockOrigin}/p/${project.slug}${row.path}`,
    template: row.template,
    count: row.count,
    idKind: idKindOf(row.template as never),
    unknownFields: row.unknownFields,
    cascade: row.cascade,
    authToken: row.authToken,
    references: referenceNotes(all, row),
    seedVersion: row.seedVersion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  });

  routes.get(
    '/backend/projects/:id/collections',
    {
      schema: {
        tags,
        summary: 'A project’s collections (by path)',
        security,
        params: projectParams,
        response: { 200: collectionListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { project, collections: rows } = await collections.list(
        getUser(request),
        request.params.id,
      );
      return { collections: rows.map((row) => view(project, row, rows)) };
    },
  );

  routes.post(
    '/backend/projects/:id/collections',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Make a collection: records with list, add, change and delete',
        description:
          'From the template of one record: `GET|POST {base}{path}` and `GET|PUT|PATCH|DELETE {base}{path}/{id}` answer from then on, `count` records seeded from the project’s seed. `"ref:users.id"` draws ids of another collection, and `GET|POST {base}/users/{id}/{name}` then lists and adds the records of one user (json-server’s nested lists); `references` says what deleting a user does to them (the cascade of `users`). Calls with `X-Mock-Session: NAME` (or `?__session=NAME`) get their own copy; `POST {base}/__reset` restores the seeded state. With `authToken` (or the project’s `settings.authToken`) its calls need `Authorization: Bearer` and that token (either one; 401 without).',
        security,
        params: projectParams,
        body: createCollectionInputSchema,
        response: { 201: collectionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { project, collection, all } = await collections.create(
        getUser(request),
        request.params.id,
        request.body,
      );
      reply.code(201);
      return view(project, collection, all);
    },
  );

  routes.patch(
    '/backend/projects/:id/collections/:collectionId',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Change a collection',
        description:
          'Written records stay; a new count or a change of the id’s type clears every session’s changes (the seeded records are others then).',
        security,
        params: collectionParams,
        body: updateCollectionInputSchema,
        response: { 200: collectionSchema, ...errors },
      },
    },
    async (request) => {
      const { project, collection, all } = await collections.update(
        getUser(request),
        request.params.id,
        request.params.collectionId,
        request.body,
      );
      return view(project, collection, all);
    },
  );

  routes.post(
    '/backend/projects/:id/collections/:collectionId/reseed',
    {
      schema: {
        tags,
        summary: 'Reseed a collection: new records, every session’s changes to it cleared',
        security,
        params: collectionParams,
        response: { 200: collectionSchema, ...errors },
      },
    },
    async (request) => {
      const { project, collection, all } = await collections.reseed(
        getUser(request),
        request.params.id,
        request.params.collectionId,
      );
      return view(project, collection, all);
    },
  );

  routes.delete(
    '/backend/projects/:id/collections/:collectionId',
    {
      schema: {
        tags,
        summary: 'Delete a collection and its records in every session',
        security,
        params: collectionParams,
        response: { 204: none, ...errors },
      },
    },
    async (request, reply) => {
      await collections.remove(getUser(request), request.params.id, request.params.collectionId);
      reply.code(204);
    },
  );

  routes.get(
    '/backend/projects/:id/sessions',
    {
      schema: {
        tags,
        summary: 'A project’s sessions (sandboxes), most recently used first',
        description:
          'A session is made by the first call with its `X-Mock-Session`, or here (`POST`); it expires 24 hours after its last use. A project keeps at most 1,000 sessions others started (the least recently used go first) and 1,000 of the owner’s (`owner`: made or named here, or by a call with the project’s or a collection’s token or the owner’s API key), which others’ sessions never push out.',
        security,
        params: projectParams,
        response: { 200: projectSessionListSchema, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const list = await collections.sessions(getUser(request), request.params.id);
      return { sessions: list.sessions.map(sessionView), sharedChanged: list.sharedChanged };
    },
  );

  routes.post(
    '/backend/projects/:id/sessions',
    {
      schema: {
        tags,
        summary: 'Make a session the owner’s: a new one, or one a call started',
        description:
          'The owner’s sessions are never pushed out by sessions others start; its state, if it has one, stays.',
        security,
        params: projectParams,
        body: createSessionInputSchema,
        response: { 201: projectSessionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const session = await collections.claimSession(
        getUser(request),
        request.params.id,
        request.body.name,
      );
      reply.code(201);
      return sessionView(session);
    },
  );

  routes.post(
    '/backend/projects/:id/reset',
    {
      schema: {
        tags,
        summary: 'Restore the seeded state of a session (or of the shared state)',
        description: 'The same as `POST {base}/__reset` with (or without) `X-Mock-Session`.',
        security,
        params: projectParams,
        body: resetInputSchema.nullish(),
        response: { 204: none, ...errors },
      },
    },
    async (request, reply) => {
      await collections.reset(getUser(request), request.params.id, request.body?.session);
      reply.code(204);
    },
  );

  routes.delete(
    '/backend/projects/:id/sessions/:name',
    {
      schema: {
        tags,
        summary: 'Delete a session and its state',
        security,
        params: sessionParams,
        response: { 204: none, ...errors },
      },
    },
    async (request, reply) => {
      await collections.deleteSession(getUser(request), request.params.id, request.params.name);
      reply.code(204);
    },
  );
}
