/**
 * The schemas every part of the API shares: the error body, the one-message answer, the path
 * parameters, the health check, the catalogue listing and the public mock URLs' request. The
 * server validates and documents its routes with them (OpenAPI at /backend/openapi.json).
 */

import { ErrorCode } from '../errors.ts';
import { HTTP_METHODS } from '../http.ts';
import { z } from './zod.ts';

const ERROR_CODES = Object.values(ErrorCode) as [ErrorCode, ...ErrorCode[]];

/** Every error answer of the service: the /backend API and the public mock URLs alike. */
export const errorBodySchema = z
  .object({
    statusCode: z.number().int(),
    /** One of the catalogue's codes (core's `ErrorCode`), for clients to switch on. */
    code: z.enum(ERROR_CODES),
    /** A sentence for people, naming the problem; the spec's texts word for word. */
    message: z.string(),
    /** For a refused body, `{ issues: [{ path, message }] }` with JSONPaths (`$.tags[1]`). */
    details: z.unknown().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An answer that is one sentence: `{ message }`. */
export const messageResultSchema = z.object({ message: z.string() }).meta({ id: 'Message' });
export type MessageResult = z.infer<typeof messageResultSchema>;

/** A path that names a user by id, as the spec's calls do (it must be the signed-in user). */
export const userIdParamsSchema = z.object({ userId: z.string().min(1) });

/** A path that names a user by e-mail address (`GET /backend/history/{email}`). */
export const emailParamsSchema = z.object({ email: z.string().min(1) });

/** A path that carries a mailed token (`GET /backend/user/verify/{token}`). */
export const tokenParamsSchema = z.object({ token: z.string().min(1) });

/** `GET /backend/health`: 200 when the database answers, 503 (with Retry-After) when not. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  /** Work done off the request path (flushes, counts, announcements) that failed, each logged. */
  backgroundFailures: z.number().int().nonnegative().optional(),
  /** Calls the request inspector could not keep (a full queue, a failed write). */
  droppedCalls: z.number().int().nonnegative().optional(),
});
export type Health = z.infer<typeof healthSchema>;

/** One entry of `GET /backend/types`: a catalogue type without its generator. */
export const dataTypeInfoSchema = z
  .object({
    /** The name written in a template: `uuid`, `string.name.fullname`. */
    name: z.string(),
    kind: z.enum(['string', 'number', 'boolean', 'array', 'object']),
    /** The group: `basic`, `name`, `address`... */
    category: z.string(),
    description: z.string(),
    /** A typical value, of the kind's JSON type. */
    example: z.unknown(),
  })
  .meta({ id: 'DataType' });

/** The method segment of a public mock URL, in lower case (`get`). */
export const mockUrlMethods = HTTP_METHODS.map((method) => method.toLowerCase()) as [
  string,
  ...string[],
];

/** The path of `/backend/apitemplate/{method}/{requestId}`. */
export const mockMethodParamsSchema = z.object({
  method: z.enum(mockUrlMethods),
  /** The API's public id. */
  requestId: z.string(),
});

/** The path of `/api/{requestId}`. */
export const mockParamsSchema = z.object({ requestId: z.string() });

/** The query of a public mock URL. Each is optional; a bad one gets 400 naming it. */
export const mockQuerySchema = z.object({
  /** The same seed gives the same body, byte for byte. */
  seed: z.string().optional(),
  /** Repeatable: `field`, `field:asc` or `field:desc` (dotted paths allowed). */
  sort: z.union([z.string(), z.array(z.string())]).optional(),
  /** The direction of sort fields given without one. */
  order: z.enum(['asc', 'desc']).optional(),
  /** 1-based page of the list(s), with `X-Total-Count` and `Link`. */
  page: z.string().optional(),
  /** Items per page, 1 to 1000. */
  limit: z.string().optional(),
});
