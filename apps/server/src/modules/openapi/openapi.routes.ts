/**
 * `POST /backend/crud/openapi` (spec section 7): an OpenAPI file in, by multipart upload, one
 * mock API per operation out. HTTP only: the upload (bounded, in memory), the rate limits, the
 * answer's shape; the service decides.
 */
import multipart from '@fastify/multipart';
import {
  ErrorCode,
  errorBodySchema,
  IMPORT_SKIPPED_HEADER,
  importResultSchema,
  MAX_HAR_FILE_BYTES,
  MAX_OPENAPI_FILE_BYTES,
  mockUrl,
  openApiMessages,
} from '@mocksmith/core';
import { type ProjectImportResult, projectImportResultSchema } from '@mocksmith/core/projects';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { AppError, tooManyRequests } from '../../lib/errors.ts';
import { limitCounter, limitSettings } from '../../lib/rate-limits.ts';
import type {
  AnonymousAllowance,
  OpenApiService,
  ProjectImportTarget,
  UploadedFile,
} from './openapi.service.ts';

export interface OpenApiRoutesOptions {
  config: Config;
  openapi: OpenApiService;
  /** Where an import into a project is stored (the projects module). */
  projectImports: ProjectImportTarget<ProjectImportResult>;
}

/**
 * The most bytes of skipped operations the header holds (each names its method, path and
 * reason): clients refuse large headers (Node's, past 16 KiB in all). The count says how many
 * there were.
 */
const MAX_SKIPPED_HEADER_BYTES = 4096;

/**
 * An analysed upload costs this many units of the per-minute budget; a request refused before
 * the analysis (not multipart, not an OpenAPI file, too large) costs one.
 */
const UNITS_PER_IMPORT = 4;

/** The first skipped operations, URI-encoded JSON, as many as fit the header's bytes. */
function skippedHeader(skipped: readonly unknown[]): string {
  let value = encodeURIComponent('[]');
  for (let count = 1; count <= skipped.length; count++) {
    const next = encodeURIComponent(JSON.stringify(skipped.slice(0, count)));
    if (next.length > MAX_SKIPPED_HEADER_BYTES) break;
    value = next;
  }
  return value;
}

/** Why a multipart body could not be read, in words. */
function malformedUpload(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const why = /boundary/i.test(text)
    ? 'its Content-Type names no boundary (multipart/form-data; boundary=...)'
    : /unexpected end|end of form|truncated|premature/i.test(text)
      ? 'the body ends before its last part does (it was cut short)'
      : `the multipart body cannot be read (${text})`;
  return `The upload is not a readable multipart/form-data body: ${why}. Send the file in a field named file`;
}

const tooLarge = () => new AppError(ErrorCode.BODY_TOO_LARGE, openApiMessages.tooLarge);

/** Whether an upload is a HAR recording: by its name, or by its JSON's first key (`log`). */
function isHarUpload(file: UploadedFile): boolean {
  if (/\.har$/i.test(file.fileName)) return true;
  return /^\s*\{\s*"log"\s*:/.test(new TextDecoder().decode(file.bytes.subarray(0, 64)));
}

/**
 * The uploaded file of the `file` field, read into memory up to the limit (413 past it; a
 * project's import reads up to MAX_HAR_FILE_BYTES, which only a HAR recording may use). The
 * `username` field of the spec's payload is read and ignored: the owner is the session's.
 */
async function readUpload(
  request: FastifyRequest,
  maxBytes = MAX_OPENAPI_FILE_BYTES,
): Promise<UploadedFile> {
  if (!request.isMultipart()) {
    throw new AppError(
      ErrorCode.UNSUPPORTED_MEDIA_TYPE,
      'Unsupported content type: send the file as multipart/form-data, in a field named file',
    );
  }
  let upload: UploadedFile | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'file' || upload) {
        part.file.resume();
        continue;
      }
      const bytes = await part.toBuffer();
      upload = { fileName: part.filename, contentType: part.mimetype, bytes };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw maxBytes > MAX_OPENAPI_FILE_BYTES
        ? new AppError(ErrorCode.BODY_TOO_LARGE, openApiMessages.harTooLarge)
        : tooLarge();
    }
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(ErrorCode.BAD_REQUEST, 'Send one file, in a field named file');
    }
    // Anything else the multipart reader stops at is the body's fault: no boundary, a body cut
    // short, a broken part. Its words, said as a refusal of the upload.
    throw new AppError(ErrorCode.INVALID_BODY, malformedUpload(error), {
      details: { reason: error instanceof Error ? error.message : String(error) },
    });
  }
  if (!upload) {
    throw new AppError(ErrorCode.INVALID_BODY, openApiMessages.invalidFile, {
      details: { reason: 'No file in the field "file"' },
    });
  }
  return upload;
}

export async function openApiRoutes(
  app: FastifyInstance,
  { config, openapi, projectImports }: OpenApiRoutesOptions,
) {
  await app.register(multipart, {
    limits: { fileSize: MAX_OPENAPI_FILE_BYTES, files: 2, fields: 10, fieldSize: 1024, parts: 12 },
  });
  const routes = app.withTypeProvider<ZodTypeProvider>();

  // Uploads per minute per client, counted by what they cost: each request takes one unit as it
  // comes (a refusal before the analysis costs that much), and an analysed file the rest of an
  // import's units, accepted or not. OPENAPI_RATE_LIMIT imports fill the budget; the 429's text
  // says when to try again.
  const limits = limitSettings(config);
  const uploadBudget = limitCounter(app, {
    ...limits.openapiUpload,
    max: limits.openapiUpload.max * UNITS_PER_IMPORT,
  });
  const uploadLimit = uploadBudget
    ? [
        async (request: FastifyRequest) => {
          const result = await uploadBudget(request);
          if (!result.isAllowed && result.isExceeded) {
            const seconds = Math.max(1, result.ttlInSeconds);
            throw tooManyRequests(
              `${openApiMessages.rateLimited} At most ${config.OPENAPI_RATE_LIMIT} imports per minute. Try again in ${seconds} seconds`,
              seconds,
            );
          }
        },
      ]
    : [];
  /** Charges the rest of an import's units: the file was analysed. */
  const chargeAnalysis = (request: FastifyRequest) => async () => {
    if (!uploadBudget) return;
    for (let unit = 1; unit < UNITS_PER_IMPORT; unit++) await uploadBudget(request);
  };

  // A visitor's APIs count against the demo's creation limit (CREATE_RATE_LIMIT per window),
  // one per API. In Redis the counter is POST /backend/crud's own (same key); in memory the
  // plugin gives every limiter a store of its own, so imports have a budget of their own there.
  const anonymousCreate = limitCounter(app, limits.anonymousCreate);
  const allowanceOf =
    (request: FastifyRequest): AnonymousAllowance =>
    async (wanted) => {
      if (!anonymousCreate) return wanted;
      let allowed = 0;
      while (allowed < wanted) {
        const result = await anonymousCreate(request);
        if (!result.isAllowed && result.isExceeded) {
          if (allowed === 0) {
            const seconds = Math.max(1, result.ttlInSeconds);
            throw tooManyRequests(
              `Rate limit exceeded: at most ${config.CREATE_RATE_LIMIT} anonymous APIs per ${Math.round(config.CREATE_RATE_WINDOW_S / 60)} minutes. Try again in ${seconds} seconds`,
              seconds,
            );
          }
          break;
        }
        allowed++;
      }
      return allowed;
    };

  routes.post(
    '/backend/crud/openapi',
    {
      onRequest: uploadLimit,
      schema: {
        tags: ['APIs'],
        summary: 'Import an OpenAPI file: one mock API per operation',
        description:
          'multipart/form-data with `file` (OpenAPI 3.0, 3.1 or Swagger 2.0, JSON or YAML, at most 10 MiB) and `username` (ignored: the owner is the session’s user, else the APIs are anonymous). Each GET, POST, PUT and DELETE operation becomes an API, all in one transaction. The answer lists them with their import report; the operations skipped are in the `X-Import-Skipped` header (URI-encoded JSON of the first `{method, path, reason}[]`, at most 4 KiB; `X-Import-Skipped-Count` gives their number).',
        consumes: ['multipart/form-data'],
        response: {
          201: importResultSchema,
          400: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await app.findUser(request);
      const file = await readUpload(request);
      const outcome = await openapi.importFile(user, file, {
        allowance: user ? undefined : allowanceOf(request),
        // One queue per user, and per address for visitors: they take turns at the workers.
        owner: user ? `user:${user.id}` : `address:${request.ip}`,
        onAnalysed: chargeAnalysis(request),
      });
      const origin = config.mockOrigin;
      reply.code(201);
      reply.header(IMPORT_SKIPPED_HEADER, skippedHeader(outcome.skipped));
      reply.header(`${IMPORT_SKIPPED_HEADER}-Count`, String(outcome.skipped.length));
      reply.header('Cache-Control', 'no-store');
      return outcome.created.map((api) => ({
        name: api.name,
        link: mockUrl(origin, api),
        id: api.id,
        requestId: api.requestId,
        method: api.method,
        customEndpoint: api.customEndpoint,
        httpCode: api.httpCode,
        report: api.report,
      }));
    },
  );

  routes.post(
    '/backend/projects/:id/import',
    {
      onRequest: uploadLimit,
      schema: {
        tags: ['Projects'],
        summary: 'Import an OpenAPI file into a project',
        description:
          'multipart/form-data with `file` (OpenAPI 3.0, 3.1 or Swagger 2.0, JSON or YAML, at most 10 MiB). Every operation becomes a route at its path (the servers’ base path left out), its named examples and error answers named responses; operations told apart by a header (AWS JSON-RPC) one route answering by that header. Importing the same spec again updates the routes it made and keeps the others; the report says what changed. A HAR 1.2 file (`.har`, or JSON with `log.entries`, at most 48 MiB) is read too: each method and path recorded with a JSON answer becomes a route (identifiers in the path, such as `/users/42`, a parameter: `/users/{userId}`), each status a named response whose template is inferred from its bodies, the distinct bodies named examples (`ok-1`); static files, redirects, CORS preflights, answers that are not JSON and other hosts than the main one are skipped and reported.',
        security: [{ session: [] }],
        consumes: ['multipart/form-data'],
        params: z.object({ id: z.string().describe('The project’s id') }),
        response: {
          201: projectImportResultSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          404: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
          429: errorBodySchema,
          503: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = await app.findUser(request);
      if (!user) throw new AppError(ErrorCode.UNAUTHENTICATED, 'You need to be signed in');
      const file = await readUpload(request, MAX_HAR_FILE_BYTES);
      // Past an OpenAPI file's limit, only a HAR recording is read (its bodies make it large).
      if (file.bytes.length > MAX_OPENAPI_FILE_BYTES && !isHarUpload(file)) throw tooLarge();
      const result = await openapi.importIntoProject(
        user,
        request.params.id,
        file,
        projectImports,
        {
          owner: `user:${user.id}`,
          onAnalysed: chargeAnalysis(request),
        },
      );
      reply.code(201);
      reply.header('Cache-Control', 'no-store');
      return result;
    },
  );
}
