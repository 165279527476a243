/**
 * A project's files in and out of the hosted service (issue 38), in the signed-in scope (a
 * session or a personal API key): `PUT /backend/projects/{id}/files` (what `mocksmith push`
 * sends), `POST /backend/projects/import/files` (a new project from files: the dashboard's
 * upload) and `GET /backend/projects/{id}/export/files.zip` (the directory as a download).
 */
import { errorBodySchema, MAX_OPENAPI_FILE_BYTES } from '@mocksmith/core';
import { HOSTED_FILE, hostedFileText } from '@mocksmith/core/project-files';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { strToU8, zipSync } from 'fflate';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { limitChecks, limitSettings } from '../../lib/rate-limits.ts';
import { getUser } from '../../plugins/session.ts';
import { PROJECT_FILES_BYTES, type ProjectFiles } from './projects.files.ts';
import type { ProjectTransfer } from './projects.transfer.ts';

export interface ProjectFilesRoutesOptions {
  config: Config;
  files: ProjectFiles;
  transfer: ProjectTransfer;
}

/**
 * The largest body of a push: a full project's files (1,000 routes of a few KiB each, at most
 * PROJECT_FILES_BYTES) and the spec its project file names (at most an OpenAPI upload's bytes,
 * escaped as JSON text); each part is checked apart by the service.
 */
const FILES_BODY_LIMIT = PROJECT_FILES_BYTES + 1.25 * MAX_OPENAPI_FILE_BYTES;
/** The most files a push names: a full project's, its schemas and a few more. */
const MAX_FILES = 1200;

const filesSchema = z
  .record(z.string().min(1).max(512), z.string())
  .refine((files) => Object.keys(files).length <= MAX_FILES, {
    error: `A push holds at most ${MAX_FILES} files`,
  })
  .describe(
    'The directory’s files by path relative to it (`mocksmith.yaml`, `routes/get-users.yaml`...)',
  );
const tokensSchema = z
  .record(z.string().max(128), z.string().max(200))
  .refine((tokens) => Object.keys(tokens).length <= MAX_FILES, { error: 'Too many tokens' })
  .optional()
  .describe(
    'The tokens the files name (`authToken: { env: NAME }`), by variable name; a token not given keeps its hosted value',
  );
const changeList = z.object({
  created: z.array(z.string()),
  updated: z.array(z.string()),
  deleted: z.array(z.string()),
});
const pushResult = z.object({
  applied: z.boolean(),
  project: z.object({ id: z.string(), slug: z.string(), version: z.number().int() }),
  changes: z.object({
    project: z.array(z.enum(['name', 'slug', 'seed', 'settings'])),
    routes: changeList,
    collections: changeList,
  }),
  madeTokens: z
    .array(z.string())
    .optional()
    .describe('The variables a new project’s tokens were made for (`makeTokens`)'),
});
const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  404: errorBodySchema,
  413: errorBodySchema,
  429: errorBodySchema,
};
const params = z.object({ id: z.string().describe('The project’s id') });

export async function projectFilesRoutes(
  app: FastifyInstance,
  { config, files, transfer }: ProjectFilesRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Counted once the user is known (the signed-in scope's preHandler runs before a route's).
  const pushLimit = limitChecks(app, limitSettings(config).filesPush);
  const common = { tags: ['Projects'], security: [{ session: [] }] };

  routes.put(
    '/backend/projects/:id/files',
    {
      bodyLimit: FILES_BODY_LIMIT,
      preHandler: pushLimit,
      schema: {
        ...common,
        params,
        summary: 'Replace a project by its files (what mocksmith push sends)',
        description:
          'Reads the files as `mocksmith validate` does (400 naming each problem by file and line, nothing changed), then makes the project what they say in one transaction: routes (by method and path) and collections (by name) created, updated and deleted, the project file’s fields set. `baseVersion` is the version the files were pulled at (the export’s `project.version`); a project changed since is refused with 409 `PROJECT_CHANGED` unless `force`. `dryRun` answers the changes and writes nothing.',
        body: z.object({
          files: filesSchema,
          baseVersion: z.number().int().min(1).optional(),
          force: z.boolean().optional(),
          dryRun: z.boolean().optional(),
          tokens: tokensSchema,
        }),
        response: { 200: pushResult, ...errors, 409: errorBodySchema },
      },
    },
    async (request) => files.push(getUser(request), request.params.id, request.body),
  );

  routes.post(
    '/backend/projects/import/files',
    {
      bodyLimit: FILES_BODY_LIMIT,
      preHandler: pushLimit,
      schema: {
        ...common,
        summary: 'Create a project from its files (the dashboard’s upload of a directory)',
        description:
          'Reads the files as a push does; the new project takes their slug when it is free, else one suggested from their name. Every token the files name must be given in `tokens`, unless `makeTokens`.',
        body: z.object({
          files: filesSchema,
          tokens: tokensSchema,
          makeTokens: z
            .boolean()
            .optional()
            .describe(
              'Make a new token for each variable the files name that `tokens` does not give (the dashboard’s upload); otherwise such a variable is refused',
            ),
        }),
        response: { 201: pushResult, ...errors, 403: errorBodySchema },
      },
    },
    async (request, reply) => {
      const created = await files.create(getUser(request), request.body);
      reply.code(201);
      return created;
    },
  );

  routes.get(
    '/backend/projects/:id/export/files.zip',
    {
      schema: {
        ...common,
        params,
        summary: 'Download a project’s directory as a zip',
        description:
          'The files of `GET /backend/projects/{id}/export/files` (YAML) and `.mocksmith/hosted.json` (the project and its version, for a later push), in a zip named after the slug. Tokens are never in it: their files name the environment variables to set.',
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const { project, files: texts } = await transfer.files(
        getUser(request),
        request.params.id,
        'yaml',
      );
      const entries: Record<string, Uint8Array> = {};
      for (const [path, text] of texts) entries[path] = strToU8(text);
      entries[HOSTED_FILE] = strToU8(
        hostedFileText({ project: project.id, slug: project.slug, version: project.version }),
      );
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', `attachment; filename="${project.slug}.zip"`);
      reply.header('cache-control', 'no-store');
      return Buffer.from(zipSync(entries, { level: 6 }));
    },
  );
}
