import {
  type CreateTemplateResult,
  createTemplateInputSchema,
  describeCatalogue,
  previewInputSchema,
} from '@mocksmith/core';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { limitKey } from '../../lib/rate-limit.ts';
import { parseBody } from '../../lib/validate.ts';
import { mockLink } from './links.ts';
import type { TemplatesService } from './templates.service.ts';

export interface TemplatesRoutesOptions {
  config: Config;
  templates: TemplatesService;
}

/** The largest body the template calls accept: a 256 KiB template escaped into a JSON string. */
const TEMPLATE_BODY_LIMIT = 1024 * 1024;

export async function templatesRoutes(
  app: FastifyInstance,
  { config, templates }: TemplatesRoutesOptions,
) {
  app.post('/backend/apitemplate/preview', { bodyLimit: TEMPLATE_BODY_LIMIT }, async (request) => {
    const { template } = parseBody(previewInputSchema, request.body);
    return templates.preview(template, 'demo');
  });

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
      const base = config.PUBLIC_URL ?? `${request.protocol}://${request.host}`;
      return { id: row.id, requestId: row.requestId, link: mockLink(base, row) };
    },
  );

  /** The whole catalogue, for the web's pickers and documentation. */
  const catalogue = describeCatalogue();
  app.get('/backend/types', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return catalogue;
  });
}
