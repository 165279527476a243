import {
  type CreateTemplateResult,
  createTemplateInputSchema,
  createUserTemplateInputSchema,
  deleteTemplateInputSchema,
  describeCatalogue,
  previewInputSchema,
  templateMessages,
  type UserTemplate,
  updateTemplateInputSchema,
} from '@mocksmith/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { limitKey } from '../../lib/rate-limit.ts';
import { parseBody } from '../../lib/validate.ts';
import { mockLink } from './links.ts';
import { toUserTemplate } from './templates.presenter.ts';
import type { TemplatesService } from './templates.service.ts';

export interface TemplatesRoutesOptions {
  config: Config;
  templates: TemplatesService;
}

/** The largest body the template calls accept: a 256 KiB template escaped into a JSON string. */
const TEMPLATE_BODY_LIMIT = 1024 * 1024;

/** The spec's texts, answered as they are: they name their field, and the web shows them. */
const SPEC_TEXTS: ReadonlySet<string> = new Set([
  templateMessages.nameRequired,
  templateMessages.categoryRequired,
  templateMessages.descriptionRequired,
]);

export async function templatesRoutes(
  app: FastifyInstance,
  { config, templates }: TemplatesRoutesOptions,
) {
  /** The origin of the links: the mocks' (MOCK_ORIGIN, else PUBLIC_URL), else the request's. */
  const baseOf = (request: FastifyRequest) =>
    config.mockOrigin ?? `${request.protocol}://${request.host}`;

  // No database needed (but for a signed-in user's session): it answers while the database is away.
  const noDatabase = { config: { database: false } };

  app.post(
    '/backend/apitemplate/preview',
    { ...noDatabase, bodyLimit: TEMPLATE_BODY_LIMIT },
    async (request) => {
      const { template } = parseBody(previewInputSchema, request.body);
      // Signed-in users preview the whole catalogue; visitors the demo's basic types.
      const mode = (await app.findUser(request)) ? 'full' : 'demo';
      return templates.preview(template, mode);
    },
  );

  // Anonymous creation is limited per client, so one script cannot fill the database.
  const createLimit =
    config.CREATE_RATE_LIMIT > 0
      ? [
          app.rateLimit({
            max: config.CREATE_RATE_LIMIT,
            timeWindow: config.CREATE_RATE_WINDOW_S * 1000,
            // A counter of its own: the plugin keys counters by this key alone.
            keyGenerator: (request) => limitKey('anonymous-create', request.ip),
          }),
        ]
      : [];

  app.post(
    '/backend/crud',
    { bodyLimit: TEMPLATE_BODY_LIMIT, onRequest: createLimit },
    async (request, reply): Promise<CreateTemplateResult> => {
      const input = parseBody(createTemplateInputSchema, request.body);
      const row = await templates.createAnonymous(input);
      reply.code(201);
      return { id: row.id, requestId: row.requestId, link: mockLink(baseOf(request), row) };
    },
  );

  // The signed-in user's APIs. Who may touch what comes from the session alone.
  const signedIn = { preHandler: app.requireUser };

  app.post(
    '/backend/crud/user',
    { ...signedIn, bodyLimit: TEMPLATE_BODY_LIMIT },
    async (request, reply): Promise<CreateTemplateResult> => {
      const input = parseBody(createUserTemplateInputSchema, request.body, {
        plainMessages: SPEC_TEXTS,
      });
      const row = await templates.createForUser(request.user!, input);
      reply.code(201);
      return { id: row.id, requestId: row.requestId, link: mockLink(baseOf(request), row) };
    },
  );

  app.get<{ Params: { userId: string } }>(
    '/backend/crud/getall/:userId',
    signedIn,
    async (request, reply): Promise<UserTemplate[]> => {
      reply.header('Cache-Control', 'no-store');
      const rows = await templates.listForUser(request.user!, request.params.userId);
      const base = baseOf(request);
      return rows.map((row) => toUserTemplate(row, base));
    },
  );

  app.put(
    '/backend/template',
    { ...signedIn, bodyLimit: TEMPLATE_BODY_LIMIT },
    async (request): Promise<UserTemplate> => {
      const input = parseBody(updateTemplateInputSchema, request.body, {
        plainMessages: SPEC_TEXTS,
      });
      const row = await templates.update(request.user!, input);
      return toUserTemplate(row, baseOf(request));
    },
  );

  app.delete('/backend/template', signedIn, async (request) => {
    const input = parseBody(deleteTemplateInputSchema, request.body);
    await templates.remove(request.user!, input);
    return { message: templateMessages.deleted };
  });

  /** The whole catalogue, for the web's pickers and documentation. */
  const catalogue = describeCatalogue();
  app.get('/backend/types', noDatabase, async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return catalogue;
  });
}
