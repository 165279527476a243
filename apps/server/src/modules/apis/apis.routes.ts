/**
 * The API calls of the spec (section 7): HTTP only. Each route takes its schema from core; the
 * presenter turns wire names into the domain's and rows into answers; the service decides.
 */
import {
  apiMessages,
  createApiResultSchema,
  createDemoApiInputSchema,
  createUserApiInputSchema,
  dataTypeInfoSchema,
  deleteApiInputSchema,
  describeCatalogue,
  errorBodySchema,
  messageResultSchema,
  previewInputSchema,
  updateApiInputSchema,
  userApiSchema,
  userIdParamsSchema,
} from '@mocksmith/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { limitHooks, limitSettings } from '../../lib/rate-limits.ts';
import { getUser } from '../../plugins/session.ts';
import {
  createdResult,
  deletionOf,
  demoDraftOf,
  draftOf,
  toUserApi,
  updateOf,
} from './apis.presenter.ts';
import type { ApisService } from './apis.service.ts';

export interface ApisRoutesOptions {
  config: Config;
  apis: ApisService;
}

/** The largest body the template calls accept: a 256 KiB template escaped into a JSON string. */
const TEMPLATE_BODY_LIMIT = 1024 * 1024;

const errors = {
  400: errorBodySchema,
  413: errorBodySchema,
  415: errorBodySchema,
  429: errorBodySchema,
};

/** The calls anyone may make: preview, anonymous creation and the catalogue. */
export async function apisRoutes(app: FastifyInstance, { config, apis }: ApisRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const limits = limitSettings(config);
  // Before the body is read: a refused preview costs no parsing of its up to 220 KB.
  const previewLimit = limitHooks(app, limits.preview);

  routes.post(
    '/backend/apitemplate/preview',
    {
      bodyLimit: TEMPLATE_BODY_LIMIT,
      onRequest: previewLimit,
      // No database needed (but for a signed-in user's session): it answers while it is away.
      config: { database: false },
      schema: {
        tags: ['APIs'],
        summary: 'Generate one body from a template',
        description:
          'Visitors preview the demo’s basic types; a signed-in user (session cookie) the whole catalogue.',
        body: previewInputSchema,
        response: {
          200: z.unknown().describe('A generated body of the template’s shape'),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      // Signed-in users preview the whole catalogue; visitors the demo's basic types.
      const mode = (await app.findUser(request)) ? 'full' : 'demo';
      // JSON text already (the engine's renderer): sent as it is, not serialised again.
      return reply
        .type('application/json; charset=utf-8')
        .send(apis.preview(request.body.template, mode));
    },
  );

  const createLimit = limitHooks(app, limits.anonymousCreate, limits.anonymousCreateDaily);

  routes.post(
    '/backend/crud',
    {
      bodyLimit: TEMPLATE_BODY_LIMIT,
      onRequest: createLimit,
      schema: {
        tags: ['APIs'],
        summary: 'Create an anonymous mock API (the demo)',
        description: 'Basic types only; answers at once, with 200, to anyone.',
        body: createDemoApiInputSchema,
        response: { 201: createApiResultSchema, ...errors, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      const row = await apis.createAnonymous(demoDraftOf(request.body));
      reply.code(201);
      return createdResult(row, config.mockOrigin);
    },
  );

  /** The whole catalogue, for the web's pickers and documentation. */
  const catalogue = describeCatalogue();
  routes.get(
    '/backend/types',
    {
      config: { database: false },
      schema: {
        tags: ['Service'],
        summary: 'The data-type catalogue',
        response: { 200: z.array(dataTypeInfoSchema) },
      },
    },
    async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=300');
      return catalogue;
    },
  );
}

const signedInErrors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  503: errorBodySchema,
};

/** The signed-in user's APIs (registered in the signed-in scope). Ownership is the session's. */
export async function userApisRoutes(app: FastifyInstance, { config, apis }: ApisRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const security = [{ session: [] }];

  routes.post(
    '/backend/crud/user',
    {
      bodyLimit: TEMPLATE_BODY_LIMIT,
      schema: {
        tags: ['APIs'],
        summary: 'Create a mock API for the signed-in user',
        security,
        body: createUserApiInputSchema,
        response: { 201: createApiResultSchema, ...signedInErrors },
      },
    },
    async (request, reply) => {
      const row = await apis.createForUser(
        getUser(request),
        draftOf(request.body),
        request.body.userId,
      );
      reply.code(201);
      return createdResult(row, config.mockOrigin);
    },
  );

  routes.get(
    '/backend/crud/getall/:userId',
    {
      schema: {
        tags: ['APIs'],
        summary: 'The signed-in user’s APIs, newest first',
        security,
        params: userIdParamsSchema,
        response: { 200: z.array(userApiSchema), ...signedInErrors },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const rows = await apis.listForUser(getUser(request), request.params.userId);
      const origin = config.mockOrigin;
      return rows.map((row) => toUserApi(row, origin));
    },
  );

  routes.put(
    '/backend/template',
    {
      bodyLimit: TEMPLATE_BODY_LIMIT,
      schema: {
        tags: ['APIs'],
        summary: 'Change one of the signed-in user’s APIs',
        description: 'Fields left out (option, headers, sharing) keep their stored values.',
        security,
        body: updateApiInputSchema,
        response: { 200: userApiSchema, ...signedInErrors },
      },
    },
    async (request) => {
      const row = await apis.update(getUser(request), updateOf(request.body));
      return toUserApi(row, config.mockOrigin);
    },
  );

  routes.delete(
    '/backend/template',
    {
      schema: {
        tags: ['APIs'],
        summary: 'Delete one of the signed-in user’s APIs',
        security,
        body: deleteApiInputSchema,
        response: { 200: messageResultSchema, ...signedInErrors },
      },
    },
    async (request) => {
      await apis.remove(getUser(request), deletionOf(request.body));
      return { message: apiMessages.deleted };
    },
  );
}
