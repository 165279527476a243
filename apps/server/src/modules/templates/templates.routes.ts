/**
 * `POST /backend/templates/infer` (issue 39): a JSON sample in, a template of its shape and a
 * report per field out. HTTP only: the body's bounds (its size here, its depth at parsing, see
 * plugins/json-body.ts), the preview's rate limit, the answer; core's `inferTemplate` decides.
 */
import {
  ErrorCode,
  errorBodySchema,
  formatIssue,
  inferInputSchema,
  inferResultSchema,
  inferTemplate,
} from '@mocksmith/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { limitHooks, limitSettings } from '../../lib/rate-limits.ts';

export interface TemplatesRoutesOptions {
  config: Config;
}

/** The largest sample accepted: 1 MiB, as a template call's body. */
export const INFER_BODY_LIMIT = 1024 * 1024;

export async function templatesRoutes(app: FastifyInstance, { config }: TemplatesRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // Counted as a preview, before the body is read.
  const limit = limitHooks(app, limitSettings(config).preview);

  routes.post(
    '/backend/templates/infer',
    {
      bodyLimit: INFER_BODY_LIMIT,
      onRequest: limit,
      config: { database: false },
      schema: {
        tags: ['APIs'],
        summary: 'Infer a template from a JSON sample',
        description:
          'Each leaf becomes the catalogue type of its key and value (dates in the sample’s format, enums as `__oneOf`, arrays of objects as `__multiply` with the sample’s range); no personal value of the sample is kept. The report says per field what was chosen and why. A sample of at most 1 MiB, nested at most 30 levels.',
        body: inferInputSchema,
        response: {
          200: inferResultSchema,
          400: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const result = inferTemplate(request.body.sample);
      if (!result.ok) {
        const [first] = result.errors;
        throw first
          ? new AppError(first.code, formatIssue(first), { details: { issues: result.errors } })
          : new AppError(ErrorCode.INVALID_JSON, 'Invalid sample');
      }
      return result.value;
    },
  );
}
