/**
 * The request and response bodies of the template calls, shared by the server (which validates
 * with them) and the web (which infers its types from them).
 */
import { z } from 'zod';
import { HTTP_METHODS, STATUS_CODES } from '../http.ts';
import { MAX_DELAY_MS } from '../limits.ts';

export { HTTP_METHODS, type HttpMethod, STATUS_CODES, type StatusCode } from '../http.ts';

/** The longest custom endpoint, in characters. */
export const MAX_CUSTOM_ENDPOINT_LENGTH = 200;
/** The longest API name, in characters. */
export const MAX_NAME_LENGTH = 100;
/** The longest description, in characters. */
export const MAX_DESCRIPTION_LENGTH = 500;

const SEGMENT = /^[A-Za-z0-9._~-]+$/;

/** The message of a custom endpoint that is not slash-separated URL-safe segments. */
export const CUSTOM_ENDPOINT_MESSAGE =
  'Custom endpoint must be slash-separated segments of letters, digits, "-", "_", "." or "~" (no "." or ".." segments), such as /users/list';

/**
 * Normalises a custom endpoint: trims it, adds the leading slash and drops a trailing one.
 * Returns null for an empty endpoint and undefined for one that is not allowed.
 */
export function normalizeCustomEndpoint(raw: string): string | null | undefined {
  const trimmed = raw.trim().replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '') return null;
  if (trimmed.length + 1 > MAX_CUSTOM_ENDPOINT_LENGTH) return undefined;
  const segments = trimmed.split('/');
  for (const segment of segments) {
    if (!SEGMENT.test(segment) || segment === '.' || segment === '..') return undefined;
  }
  return `/${segments.join('/')}`;
}

/** A custom endpoint as sent by a client: optional, normalised, null when empty. */
export const customEndpointSchema = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined) return null;
    const normalized = normalizeCustomEndpoint(value);
    if (normalized === undefined) {
      ctx.addIssue({ code: 'custom', message: CUSTOM_ENDPOINT_MESSAGE });
      return z.NEVER;
    }
    return normalized;
  });

/** A bearer token of a protected mock API: `mck_` and at least 32 URL-safe characters. */
export const AUTH_TOKEN_PATTERN = /^mck_[A-Za-z0-9_-]{32,128}$/;

/** The response options of a mock API. */
export const templateOptionSchema = z.object({
  /** Milliseconds to wait before answering. */
  delay: z.number().int().min(0).max(MAX_DELAY_MS).default(0),
  /** The bearer token callers must send, or null for an open API. */
  authToken: z
    .string()
    .regex(AUTH_TOKEN_PATTERN, 'authToken must be mck_ followed by at least 32 URL-safe characters')
    .nullable()
    .default(null),
  /** The status code to answer with. */
  httpCode: z
    .number()
    .int()
    .refine((code) => (STATUS_CODES as readonly number[]).includes(code), {
      message: `httpCode must be one of ${STATUS_CODES.join(', ')}`,
    })
    .default(200),
});
export type TemplateOption = z.infer<typeof templateOptionSchema>;

/** The default options: no delay, no token, 200. */
export const DEFAULT_TEMPLATE_OPTION: TemplateOption = { delay: 0, authToken: null, httpCode: 200 };

/** `POST /backend/apitemplate/preview`: the template as a JSON value (not text). */
export const previewInputSchema = z.object({
  template: z.custom<unknown>((value) => value !== undefined, 'template is required'),
});
export type PreviewInput = z.infer<typeof previewInputSchema>;

/**
 * `POST /backend/crud` (anonymous) and, later, `POST /backend/crud/user`: the create-template
 * payload of the spec. The anonymous call uses only `template`, `requestEnum`, `name` and
 * `customEndpoint`; the account-only fields are accepted and ignored there.
 */
export const createTemplateInputSchema = z.object({
  /** The template as JSON text. */
  template: z.string({ error: 'template is required and must be JSON text' }),
  requestEnum: z.enum(HTTP_METHODS).default('GET'),
  name: z.string().trim().max(MAX_NAME_LENGTH).optional(),
  customEndpoint: customEndpointSchema,
  option: templateOptionSchema.optional(),
  userId: z.unknown().optional(),
  isPublic: z.boolean().optional(),
  category: z.string().nullish(),
  description: z.string().max(MAX_DESCRIPTION_LENGTH).nullish(),
  tags: z.array(z.string()).nullish(),
});
export type CreateTemplateInput = z.infer<typeof createTemplateInputSchema>;

/** The answer of a creation: where the new mock API lives. */
export const createTemplateResultSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  /** The full public URL of the API. */
  link: z.string(),
});
export type CreateTemplateResult = z.infer<typeof createTemplateResultSchema>;

/** Every error answer of the /backend API. */
export const errorBodySchema = z.object({
  statusCode: z.number(),
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
