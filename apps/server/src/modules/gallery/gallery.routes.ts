/**
 * The templates gallery (spec sections 3 and 7): the listing anyone may read, and like, use and
 * report for signed-in users. HTTP only; the service decides.
 */
import { ErrorCode, errorBodySchema, messageResultSchema } from '@mocksmith/core';
import {
  galleryMessages,
  galleryPageSchema,
  galleryQuerySchema,
  galleryTemplateParamsSchema,
  likeResultSchema,
  reportInputSchema,
  useResultSchema,
} from '@mocksmith/core/gallery';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { limitChecks, limitSettings } from '../../lib/rate-limits.ts';
import { getUser, registerSignedIn, type SessionSource } from '../../plugins/session.ts';
import { likeResult, toGalleryPage, usedResult } from './gallery.presenter.ts';
import type { GalleryService } from './gallery.service.ts';

export interface GalleryRoutesOptions {
  config: Config;
  gallery: GalleryService;
  sessions: SessionSource;
}

/**
 * The session source of a signed-in scope whose visitors' 401 says what to do in the gallery's
 * words (the spec's 'Please login to …'); a banned session keeps its 403.
 */
function askingToSignIn(sessions: SessionSource, message: string): SessionSource {
  return {
    async requireUser(headers) {
      try {
        return await sessions.requireUser(headers);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) {
          throw new AppError(ErrorCode.UNAUTHENTICATED, message);
        }
        throw error;
      }
    },
  };
}

const tags = ['Templates gallery'];
const security = [{ session: [] }];
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

export async function galleryRoutes(
  app: FastifyInstance,
  { config, gallery, sessions }: GalleryRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/backend/templates-gallery',
    {
      schema: {
        tags,
        summary: 'A page of the community templates gallery',
        description:
          'Public templates whose author is not banned. `search` matches words of the name, description and tags (the last word as a prefix); `cursor` is the `nextCursor` of the page before. A session cookie fills `userHasLiked` and `userIsAuthor`.',
        querystring: galleryQuerySchema,
        response: { 200: galleryPageSchema, 400: errorBodySchema, 503: errorBodySchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const viewer = await app.findUser(request);
      return toGalleryPage(await gallery.list(request.query, viewer), viewer?.id ?? null);
    },
  );

  // Each signed-in call in a scope of its own, so that a visitor's 401 names what they tried.
  await registerSignedIn(
    app,
    askingToSignIn(sessions, galleryMessages.loginToLike),
    async (signedIn) => {
      signedIn.withTypeProvider<ZodTypeProvider>().post(
        '/backend/templates-gallery/:id/like',
        {
          schema: {
            tags,
            summary: 'Like a gallery template, or unlike it',
            security,
            params: galleryTemplateParamsSchema,
            response: { 200: likeResultSchema, ...errors },
          },
        },
        async (request) =>
          likeResult(await gallery.toggleLike(getUser(request), request.params.id)),
      );
    },
  );

  await registerSignedIn(
    app,
    askingToSignIn(sessions, galleryMessages.loginToUse),
    async (signedIn) => {
      signedIn.withTypeProvider<ZodTypeProvider>().post(
        '/backend/templates-gallery/:id/use',
        {
          schema: {
            tags,
            summary: 'Copy a gallery template into a new API of the signed-in user',
            description:
              'The copy is private, has a new request id and no token, and answers at its URL at once. Its custom endpoint is left out when the user has that method and endpoint already.',
            security,
            params: galleryTemplateParamsSchema,
            response: { 201: useResultSchema, ...errors },
          },
        },
        async (request, reply) => {
          const row = await gallery.use(getUser(request), request.params.id);
          reply.code(201);
          return usedResult(row, config.mockOrigin);
        },
      );
    },
  );

  await registerSignedIn(
    app,
    askingToSignIn(sessions, galleryMessages.loginToReport),
    async (signedIn) => {
      // Counted after the session is known (the scope's preHandler runs before a route's).
      const reportLimit = limitChecks(signedIn, limitSettings(config).report);
      signedIn.withTypeProvider<ZodTypeProvider>().post(
        '/backend/templates-gallery/:id/report',
        {
          preHandler: reportLimit,
          schema: {
            tags,
            summary: 'Report a gallery template to the moderators',
            description:
              'One open report per user and template: a second answers 409. One’s own template answers 400, an official one 409.',
            security,
            params: galleryTemplateParamsSchema,
            body: reportInputSchema,
            response: { 201: messageResultSchema, ...errors },
          },
        },
        async (request, reply) => {
          await gallery.report(getUser(request), request.params.id, request.body);
          reply.code(201);
          return { message: galleryMessages.reported };
        },
      );
    },
  );
}
