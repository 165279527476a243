/**
 * The request and response bodies of the template calls, shared by the server (which validates
 * with them) and the web (which infers its types from them).
 */

import { HTTP_METHODS, STATUS_CODES } from '../http.ts';
import { MAX_DELAY_MS } from '../limits.ts';
import {
  AUTH_TOKEN_PATTERN,
  apiMessages,
  CUSTOM_ENDPOINT_MESSAGE,
  DELAY_MESSAGE,
  isReservedHeaderName,
  MAX_CUSTOM_ENDPOINT_LENGTH,
  MAX_CUSTOM_HEADERS,
  MAX_DESCRIPTION_LENGTH,
  MAX_HEADER_VALUE_LENGTH,
  MAX_NAME_LENGTH,
  MIN_PUBLIC_DESCRIPTION_LENGTH,
  misfitHeaderIssue,
  TEMPLATE_CATEGORIES,
  type TemplateCategory,
  tagIssues,
  trimTags,
} from './api-texts.ts';
import { z } from './zod.ts';

export { HTTP_METHODS, type HttpMethod, STATUS_CODES, type StatusCode } from '../http.ts';
export * from './api-texts.ts';

/**
 * A segment: URL-safe characters and path parameters, `{name}` (OpenAPI's notation), each of
 * which matches any run of characters but a slash when the API is called (`/pets/{id}` answers
 * `/pets/42`). Braces only ever come in such pairs.
 */
const SEGMENT = /^(?:[A-Za-z0-9._~-]|\{[A-Za-z0-9_.-]+\})+$/;

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

/** The response options of a mock API. */
export const apiOptionSchema = z.object({
  /** Milliseconds to wait before answering. */
  delay: z
    .number({ error: DELAY_MESSAGE })
    .int({ error: DELAY_MESSAGE })
    .min(0, { error: DELAY_MESSAGE })
    .max(MAX_DELAY_MS, { error: DELAY_MESSAGE })
    .default(0),
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
export type ApiOption = z.infer<typeof apiOptionSchema>;

/** The default options: no delay, no token, 200. */
export const DEFAULT_API_OPTION: ApiOption = { delay: 0, authToken: null, httpCode: 200 };

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
export const createDemoApiInputSchema = z.object({
  /** The template as JSON text. */
  template: z.string({ error: 'template is required and must be JSON text' }),
  requestEnum: z.enum(HTTP_METHODS).default('GET'),
  name: z.string().trim().max(MAX_NAME_LENGTH).optional(),
  customEndpoint: customEndpointSchema,
  option: apiOptionSchema.optional(),
  userId: z.unknown().optional(),
  isPublic: z.boolean().optional(),
  category: z.string().nullish(),
  description: z.string().max(MAX_DESCRIPTION_LENGTH).nullish(),
  tags: z.array(z.string()).nullish(),
});
export type CreateDemoApiInput = z.infer<typeof createDemoApiInputSchema>;

/** The answer of a creation: where the new mock API lives. */
export const createApiResultSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  /** The full public URL of the API. */
  link: z.string(),
});
export type CreateApiResult = z.infer<typeof createApiResultSchema>;

/* ------------------------------------------------------------------------------------------ */
/* The signed-in user's APIs: create, list, update, delete, history (spec section 7).         */
/* ------------------------------------------------------------------------------------------ */

const CATEGORY_VALUES = TEMPLATE_CATEGORIES.map((category) => category.value) as [
  TemplateCategory,
  ...TemplateCategory[],
];

/** A header name: an HTTP token (RFC 9110). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/**
 * A header value: printable ASCII, spaces and tabs. Node refuses to send control characters
 * and anything past U+00FF, and sends U+0080 to U+00FF as Latin-1, which clients misread.
 */
const HEADER_VALUE = /^[\t\x20-\x7e]*$/;
/** One response header a mock API adds to its answers. */
export const customHeaderSchema = z
  .object({
    name: z.string({ error: 'header name is required' }).trim(),
    value: z.string({ error: 'header value is required' }),
  })
  .superRefine((header, ctx) => {
    if (!HEADER_NAME.test(header.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: apiMessages.headerName(header.name),
      });
    } else if (isReservedHeaderName(header.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['name'],
        message: apiMessages.headerReserved(header.name),
      });
    }
    if (header.value.length > MAX_HEADER_VALUE_LENGTH || !HEADER_VALUE.test(header.value)) {
      ctx.addIssue({
        code: 'custom',
        path: ['value'],
        message: apiMessages.headerValue(header.name),
      });
    }
  });
export type CustomHeader = z.infer<typeof customHeaderSchema>;

const customHeadersSchema = z
  .array(customHeaderSchema)
  .max(MAX_CUSTOM_HEADERS, { error: `At most ${MAX_CUSTOM_HEADERS} custom headers are allowed` })
  .superRefine((headers, ctx) => {
    const seen = new Set<string>();
    for (const [index, header] of headers.entries()) {
      const key = header.name.toLowerCase();
      if (seen.has(key)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: apiMessages.duplicateHeader(header.name),
        });
      }
      seen.add(key);
    }
  });

/** Tags as typed: each trimmed, empty ones dropped; at most 10 of at most 20 characters, no repeats. */
export const tagsSchema = z
  .array(z.string())
  .transform(trimTags)
  .superRefine((tags, ctx) => {
    for (const message of tagIssues(tags)) ctx.addIssue({ code: 'custom', message });
  });

/** How an API is shared with the community. */
export interface Sharing {
  isPublic: boolean;
  category: TemplateCategory | null;
  description: string | null;
  tags: string[];
}

/**
 * The rules of public sharing (spec section 5): a public API needs a category and a description
 * of 10 to 500 characters. Returns the problems, each with the field it is about.
 */
export function sharingIssues(sharing: Sharing): { path: keyof Sharing; message: string }[] {
  if (!sharing.isPublic) return [];
  const issues: { path: keyof Sharing; message: string }[] = [];
  if (!sharing.category) issues.push({ path: 'category', message: apiMessages.categoryRequired });
  if ((sharing.description ?? '').trim().length < MIN_PUBLIC_DESCRIPTION_LENGTH) {
    issues.push({ path: 'description', message: apiMessages.descriptionRequired });
  }
  return issues;
}

const nameSchema = z
  .string({ error: apiMessages.nameRequired })
  .trim()
  .min(1, { error: apiMessages.nameRequired })
  .max(MAX_NAME_LENGTH, { error: `API name must be at most ${MAX_NAME_LENGTH} characters` });

const descriptionSchema = z
  .string()
  .trim()
  .max(MAX_DESCRIPTION_LENGTH, {
    error: `Description must be at most ${MAX_DESCRIPTION_LENGTH} characters`,
  })
  .nullish()
  .transform((value) => (value ? value : null));

/** A category, or none (null, absent or ''): one schema, so a wrong value gets this message. */
const categorySchema = z
  .preprocess(
    (value) => (value === '' ? null : value),
    z
      .enum(CATEGORY_VALUES, {
        error: `category must be one of ${CATEGORY_VALUES.join(', ')}`,
      })
      .nullish(),
  )
  .transform((value) => value ?? null);

/** The editable fields of a signed-in user's API. */
const userApiFields = {
  /** The template as JSON text. */
  template: z.string({ error: 'template is required and must be JSON text' }),
  requestEnum: z.enum(HTTP_METHODS, {
    error: `requestEnum must be one of ${HTTP_METHODS.join(', ')}`,
  }),
  name: nameSchema,
  customEndpoint: customEndpointSchema,
  option: apiOptionSchema,
  customHeaders: customHeadersSchema,
  isPublic: z.boolean(),
  category: categorySchema,
  description: descriptionSchema,
  tags: tagsSchema,
};

function refineSharing(value: Partial<Sharing>, ctx: z.RefinementCtx): void {
  if (value.isPublic === undefined) return;
  for (const issue of sharingIssues({
    isPublic: value.isPublic,
    category: value.category ?? null,
    description: value.description ?? null,
    tags: value.tags ?? [],
  })) {
    ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  }
}

/** A header that does not fit the API's status (WWW-Authenticate off a 401), when both are given. */
function refineHeaderStatus(
  value: { customHeaders?: readonly { name: string }[]; option?: { httpCode: number } },
  ctx: z.RefinementCtx,
): void {
  if (!value.customHeaders || !value.option) return;
  const issue = misfitHeaderIssue(value.customHeaders, value.option.httpCode);
  if (issue) {
    ctx.addIssue({
      code: 'custom',
      path: ['customHeaders', issue.index, 'name'],
      message: issue.message,
    });
  }
}

/**
 * `POST /backend/crud/user`: the spec's create-template payload plus `customHeaders`. `userId`,
 * when sent, must be the signed-in user's own.
 */
export const createUserApiInputSchema = z
  .object({
    ...userApiFields,
    requestEnum: userApiFields.requestEnum.default('GET'),
    option: apiOptionSchema.default(DEFAULT_API_OPTION),
    customHeaders: customHeadersSchema.default([]),
    isPublic: z.boolean().default(false),
    tags: tagsSchema.nullish().transform((tags) => tags ?? []),
    userId: z.string().optional(),
  })
  .superRefine(refineSharing)
  .superRefine(refineHeaderStatus);
export type CreateUserApiInput = z.infer<typeof createUserApiInputSchema>;

/**
 * `PUT /backend/template`: the spec's payload (`id`, `requestId`, `userId`, `name`, `template`,
 * `requestEnum`, `customEndpoint`, `option`). `option`, the headers and the sharing fields are
 * optional: an absent one keeps its stored value (so a client that omits `option` cannot drop an
 * API's bearer token by accident), and the sharing rules apply to the result. `tags: null`
 * clears the tags, as at creation.
 */
export const updateApiInputSchema = z
  .object({
    id: z.string({ error: 'id is required' }).min(1, { error: 'id is required' }),
    requestId: z.string().optional(),
    userId: z.string().optional(),
    template: userApiFields.template,
    requestEnum: userApiFields.requestEnum,
    name: nameSchema,
    customEndpoint: customEndpointSchema,
    option: apiOptionSchema.optional(),
    customHeaders: customHeadersSchema.optional(),
    isPublic: z.boolean().optional(),
    category: categorySchema.optional(),
    description: descriptionSchema.optional(),
    tags: tagsSchema.nullish().transform((tags) => (tags === null ? [] : tags)),
  })
  .superRefine(refineHeaderStatus);
export type UpdateApiInput = z.infer<typeof updateApiInputSchema>;

/** `DELETE /backend/template`: the spec's payload. */
export const deleteApiInputSchema = z.object({
  idTemplate: z
    .string({ error: 'idTemplate is required' })
    .min(1, { error: 'idTemplate is required' }),
  idRequest: z.string().optional(),
  userId: z.string().optional(),
});
export type DeleteApiInput = z.infer<typeof deleteApiInputSchema>;

/** One of the user's APIs as `GET /backend/crud/getall/{userId}` lists it. */
export const userApiSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  userId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  /** The template as JSON text. */
  template: z.string(),
  requestEnum: z.enum(HTTP_METHODS),
  customEndpoint: z.string().nullable(),
  option: apiOptionSchema,
  customHeaders: z.array(z.object({ name: z.string(), value: z.string() })),
  isPublic: z.boolean(),
  category: z.enum(CATEGORY_VALUES).nullable(),
  tags: z.array(z.string()),
  /** ISO 8601. */
  createDate: z.string(),
  /** Answered calls of the public URL so far (written within a second of the call). */
  countUsed: z.number(),
  /** The full public URL of the API. */
  link: z.string(),
});
export type UserApi = z.infer<typeof userApiSchema>;

/** The kinds of history entry (spec section 3). */
export const HISTORY_TYPES = ['CREATE', 'UPDATE', 'DELETE', 'WARN'] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

/** One entry of the Recent Activity list. */
export const historyEntrySchema = z.object({
  typeMessage: z.enum(HISTORY_TYPES),
  message: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

/** `GET /backend/history/{email}`: newest first. */
export const historyListSchema = z.object({ messageHistoryList: z.array(historyEntrySchema) });
export type HistoryList = z.infer<typeof historyListSchema>;
