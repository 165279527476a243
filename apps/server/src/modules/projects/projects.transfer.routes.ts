/**
 * A project's exports (`/backend/projects/{id}/export/...`), in the signed-in scope: its
 * OpenAPI 3.1 document and its Postman v2.1 collection, as downloads named after its slug, and
 * the files of its directory (issue 38's format, what `mocksmith pull` writes). The
 * import, a multipart upload, is the OpenAPI module's route (its worker, queue and budget).
 */
import { errorBodySchema } from '@mocksmith/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getUser } from '../../plugins/session.ts';
import type { ProjectTransfer } from './projects.transfer.ts';

export interface ProjectTransferRoutesOptions {
  transfer: ProjectTransfer;
}

const params = z.object({ id: z.string().describe('The project’s id') });
const errors = { 401: errorBodySchema, 404: errorBodySchema, 503: errorBodySchema };

export async function projectTransferRoutes(
  app: FastifyInstance,
  { transfer }: ProjectTransferRoutesOptions,
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const common = { tags: ['Projects'], security: [{ session: [] }], params };

  routes.get(
    '/backend/projects/:id/export/openapi',
    {
      schema: {
        ...common,
        summary: 'Export a project as an OpenAPI 3.1 document',
        description:
          'One path per route (typed parameters declared), each named response an example of its status with a schema, and `x-mocksmith-template` / `x-mocksmith-response` so that an import into a project restores the routes exactly. `servers` holds the project’s base URL.',
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const { project, document } = await transfer.openApi(getUser(request), request.params.id);
      reply.header('content-disposition', `attachment; filename="${project.slug}.openapi.json"`);
      reply.header('cache-control', 'no-store');
      return document;
    },
  );

  routes.get(
    '/backend/projects/:id/export/files',
    {
      schema: {
        ...common,
        summary: 'Export a project as the files of its directory (what mocksmith pull writes)',
        description:
          'The project file (`mocksmith.yaml`), one file per route (`routes/<method>-<path>.yaml`) and per collection (`collections/<name>.yaml`), and their JSON Schemas (`.mocksmith/`), by path, in YAML (`?format=yaml`, the default) or JSON. A token is named in its file as the environment variable that holds it (`authToken: { env: MOCKSMITH_TOKEN_... }`); the tokens themselves are in `tokens`, for the owner to set where the files run, never in a file. A project imported from an OpenAPI file has it among them as it was imported (`openapi.json` or `openapi.yaml`, or the name its pushed files gave it), named by the project file’s `spec`, so that the runner checks calls and forwarded answers against it as the service does. Exporting an unchanged project gives the same files.',
        querystring: z.object({ format: z.enum(['yaml', 'json']).default('yaml') }),
        response: {
          200: z.object({
            format: z.enum(['yaml', 'json']),
            project: z
              .object({ id: z.string(), slug: z.string(), version: z.number().int() })
              .describe(
                'The project and its version now: `mocksmith pull` keeps them in `.mocksmith/hosted.json`, and `push` sends the version back',
              ),
            files: z.record(z.string(), z.string()),
            tokens: z.array(z.object({ env: z.string(), of: z.string(), value: z.string() })),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const { format } = request.query;
      const { project, files, tokens } = await transfer.files(
        getUser(request),
        request.params.id,
        format,
      );
      reply.header('cache-control', 'no-store');
      return {
        format,
        project: { id: project.id, slug: project.slug, version: project.version },
        files: Object.fromEntries(files),
        tokens,
      };
    },
  );

  routes.get(
    '/backend/projects/:id/export/postman',
    {
      schema: {
        ...common,
        summary: 'Export a project as a Postman v2.1 collection',
        description:
          'A folder per first path segment, `{{baseUrl}}` set to the project’s base URL, path parameters as Postman variables, one request per named response with its `Prefer: example=NAME` header and a test of its status, so that `newman run` checks the live routes.',
        response: { 200: z.unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const { project, collection } = await transfer.postman(getUser(request), request.params.id);
      reply.header(
        'content-disposition',
        `attachment; filename="${project.slug}.postman_collection.json"`,
      );
      reply.header('cache-control', 'no-store');
      return collection;
    },
  );
}
