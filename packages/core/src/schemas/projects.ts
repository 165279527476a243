/**
 * The management API of projects (`/backend/projects...`), shared by the server (which
 * validates with these) and the web (which infers its types from them). The wire words here
 * are the domain's (method, path, responses), not the original product's (`requestEnum`, `option`).
 */
import { MAX_DELAY_MS } from '../limits.ts';
import {
  MAX_PROJECT_NAME_LENGTH,
  MAX_RESPONSE_NAME_LENGTH,
  MAX_RESPONSES_PER_ROUTE,
  RESERVED_SLUGS,
  RESPONSE_MODES,
  ROUTE_METHODS,
  SLUG_PATTERN,
} from '../projects/model.ts';
import { parsePathTemplate } from '../projects/path-template.ts';
import { AUTH_TOKEN_PATTERN, customHeaderSchema } from './api.ts';
import { MAX_CUSTOM_HEADERS, MAX_NAME_LENGTH } from './api-texts.ts';
import { bearerTokenSchema } from './collections.ts';
import { networkProfileSchema } from './network.ts';
import { proxySettingsInputSchema, proxySettingsSchema } from './proxy.ts';
import { routeRulesSchema } from './rules.ts';
import { z } from './zod.ts';

export const SLUG_MESSAGE =
  'slug must be 1 to 63 lower case letters, digits and -, starting and ending with a letter or digit';

/** A project slug as sent: trimmed and lower-cased, then checked. */
export const slugSchema = z
  .string({ error: SLUG_MESSAGE })
  .trim()
  .toLowerCase()
  .regex(SLUG_PATTERN, { error: SLUG_MESSAGE })
  .refine((slug) => !RESERVED_SLUGS.has(slug), {
    error: (issue) => `The slug "${String(issue.input)}" is kept for the service: choose another`,
  });

const projectNameSchema = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, { error: 'name is required' })
  .max(MAX_PROJECT_NAME_LENGTH, {
    error: `name is longer than ${MAX_PROJECT_NAME_LENGTH} characters`,
  });

/** `POST /backend/projects`: the slug is suggested from the name when absent. */
export const createProjectInputSchema = z.object({
  name: projectNameSchema,
  slug: slugSchema.optional(),
});
export type CreateProjectInput = z.infer<typeof createProjectInputSchema>;

/** What a project does with calls that break the OpenAPI spec its routes were imported from. */
export const VALIDATION_MODES = ['off', 'report', 'enforce'] as const;
export type ValidationMode = (typeof VALIDATION_MODES)[number];

const validationModeSchema = z.enum(VALIDATION_MODES, {
  error: 'validation must be off, report or enforce',
});

/**
 * A project's settings: whether callers may override answers (`?__status`, `?__delay`,
 * `Prefer`), the network profile of its routes without one of their own and of its collections,
 * and replay (delays and faults drawn from the project's seed and a call counter).
 */
export const projectSettingsSchema = z
  .object({
    overrides: z.boolean().default(true),
    network: networkProfileSchema.nullable().default(null),
    replay: z.boolean().default(false),
    /** The request inspector logs the project's calls (the last 1,000, for 7 days). */
    logging: z.boolean().default(true),
    /**
     * The bearer token every collection of the project and its `__reset` require
     * (`Authorization: Bearer mck_...`), or null: open unless a collection has a token of its own.
     */
    authToken: bearerTokenSchema
      .nullable()
      .default(null)
      .describe(
        'The bearer token every collection of the project and its __reset require, or null (open)',
      ),
    /**
     * Calls of routes imported from OpenAPI checked against the spec: `off`, `report` (answered
     * as usual with X-Mock-Violations, the violations in the inspector) or `enforce` (refused
     * with 400, 401 or 422 and a problem listing them).
     */
    validation: validationModeSchema.default('off'),
    /** Where the calls no route or collection answers are forwarded (and recorded), or null. */
    proxy: proxySettingsSchema.nullable().default(null),
  })
  .meta({ id: 'ProjectSettings' });
export type ProjectSettings = z.infer<typeof projectSettingsSchema>;

/** The settings a PATCH changes: those sent; the others stay as they are (no defaults here). */
const projectSettingsPatchSchema = z.object({
  overrides: z.boolean().optional(),
  network: networkProfileSchema.nullable().optional(),
  replay: z.boolean().optional(),
  logging: z.boolean().optional(),
  authToken: bearerTokenSchema.nullable().optional(),
  validation: validationModeSchema.optional(),
  proxy: proxySettingsInputSchema.nullable().optional(),
});

/** `PATCH /backend/projects/{id}`: what is sent changes, the rest stays. */
export const updateProjectInputSchema = z.object({
  name: projectNameSchema.optional(),
  slug: slugSchema.optional(),
  settings: projectSettingsPatchSchema.optional(),
});
export type UpdateProjectInput = z.infer<typeof updateProjectInputSchema>;

/** A project as the management API answers it. */
export const projectSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    /** `MOCK_ORIGIN/p/{slug}`. */
    baseUrl: z.string(),
    /** `https://{slug}.MOCK_WILDCARD_HOST` when the deployment has one, else null. */
    wildcardUrl: z.string().nullable(),
    routeCount: z.number(),
    collectionCount: z.number(),
    settings: projectSettingsSchema,
    /** ISO 8601. */
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof projectSchema>;

/** `GET /backend/projects`: the user's projects, newest first. */
export const projectListSchema = z.object({ projects: z.array(projectSchema) });
export type ProjectList = z.infer<typeof projectListSchema>;

const headerMatchSchema = z.object({
  header: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[!#$%&'*+.^_`|~0-9a-z-]{1,100}$/, { error: 'when.header must be a header name' }),
  equals: z.string().max(1000),
});

/** One named response of a route, as sent. */
export const routeResponseInputSchema = z.object({
  name: z
    .string({ error: 'each response needs a name' })
    .trim()
    .min(1, { error: 'each response needs a name' })
    .max(MAX_RESPONSE_NAME_LENGTH)
    .regex(/^[^\s,;=]+(?: [^\s,;=]+)*$/, {
      error: 'a response name cannot hold , ; = or runs of spaces (it is named in a Prefer header)',
    }),
  status: z
    .number({ error: 'status must be a number' })
    .int()
    .min(200, { error: 'status must be between 200 and 599' })
    .max(599, { error: 'status must be between 200 and 599' })
    .default(200),
  /** The template: JSON text, as in the editor. */
  template: z.string({ error: 'template is required and must be JSON text' }),
  headers: z
    .array(customHeaderSchema)
    .max(MAX_CUSTOM_HEADERS, { error: `At most ${MAX_CUSTOM_HEADERS} headers per response` })
    .default([]),
  delay: z
    .number()
    .int()
    .min(0)
    .max(MAX_DELAY_MS, { error: `delay must be 0 to ${MAX_DELAY_MS} ms` })
    .default(0),
  default: z.boolean().optional(),
  when: headerMatchSchema.nullish(),
});
export type RouteResponseInput = z.infer<typeof routeResponseInputSchema>;

/** A route path template as sent: parsed, refused with the parser's words. */
export const routePathSchema = z.string({ error: 'path is required' }).transform((raw, ctx) => {
  const parsed = parsePathTemplate(raw);
  if (!parsed.ok) {
    ctx.addIssue({ code: 'custom', message: parsed.error });
    return z.NEVER;
  }
  return parsed.value.path;
});

/**
 * The checks of a route's responses as a whole: names unique within the route, at most one
 * marked default. The management API's route and a route file (project-files) share them.
 */
export function checkRouteResponses(
  route: { responses: readonly { name: string; default?: boolean | undefined }[] },
  ctx: z.RefinementCtx,
): void {
  const names = new Set<string>();
  let defaults = 0;
  for (const [index, response] of route.responses.entries()) {
    if (names.has(response.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['responses', index, 'name'],
        message: `Two responses are named "${response.name}": names are unique within a route`,
      });
    }
    names.add(response.name);
    if (response.default) defaults++;
  }
  if (defaults > 1) {
    ctx.addIssue({
      code: 'custom',
      path: ['responses'],
      message: 'Only one response can be the default',
    });
  }
}

/**
 * `POST /backend/projects/{id}/routes` and `PUT .../routes/{routeId}`: a method, a path and
 * one or more named responses, of which at most one is marked default (the first if none is);
 * names are unique within the route.
 */
export const routeInputSchema = z
  .object({
    method: z
      .string({ error: `method must be one of ${ROUTE_METHODS.join(', ')}` })
      .toUpperCase()
      .pipe(z.enum(ROUTE_METHODS, { error: `method must be one of ${ROUTE_METHODS.join(', ')}` })),
    path: routePathSchema,
    name: z.string().trim().max(MAX_NAME_LENGTH).optional(),
    responses: z
      .array(routeResponseInputSchema)
      .min(1, { error: 'a route needs at least one response' })
      .max(MAX_RESPONSES_PER_ROUTE, {
        error: `a route holds at most ${MAX_RESPONSES_PER_ROUTE} responses`,
      }),
    responseMode: z.enum(RESPONSE_MODES).default('default'),
    authToken: z
      .string()
      .regex(
        AUTH_TOKEN_PATTERN,
        'authToken must be mck_ followed by at least 32 URL-safe characters',
      )
      .nullish()
      .transform((token) => token ?? null),
    /** In order: the first rule the request matches picks its response. */
    rules: routeRulesSchema.default([]),
    /** Its own network profile; null: the project's. */
    network: networkProfileSchema.nullable().default(null),
    /** Whether callers may override its answer (`?__status`, `?__delay`, `Prefer`). */
    overrides: z.boolean().default(true),
  })
  .superRefine(checkRouteResponses);
export type RouteInput = z.infer<typeof routeInputSchema>;

/** One named response of a route, as answered. */
export const routeResponseSchema = z.object({
  name: z.string(),
  status: z.number(),
  template: z.string(),
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
  delay: z.number(),
  default: z.boolean(),
  when: z.object({ header: z.string(), equals: z.string() }).nullable(),
});
export type RouteResponseView = z.infer<typeof routeResponseSchema>;

/** A route as the management API answers it. */
export const routeSchema = z
  .object({
    id: z.string(),
    /** Its id in the stand-alone URLs: a route keeps its `/api/{requestId}` URL too. */
    requestId: z.string(),
    method: z.enum(ROUTE_METHODS),
    path: z.string(),
    name: z.string(),
    /** The route's URL under the project's base URL (parameters as written). */
    url: z.string(),
    responses: z.array(routeResponseSchema),
    responseMode: z.enum(RESPONSE_MODES),
    authToken: z.string().nullable(),
    /** Answered calls so far. */
    callCount: z.number(),
    /** Made by an OpenAPI import (and updated by the next one), or null when made by hand. */
    importKey: z.string().nullable(),
    rules: z.array(
      z.object({
        name: z.string().optional(),
        combine: z.enum(['all', 'any']),
        conditions: z.array(
          z.object({
            source: z.enum(['param', 'query', 'header', 'cookie', 'body']),
            name: z.string(),
            operator: z.string(),
            value: z.string().optional(),
            values: z.array(z.string()).optional(),
          }),
        ),
        response: z.string(),
      }),
    ),
    network: networkProfileSchema.nullable(),
    overrides: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Route' });
/** A route as the management API shows it (the domain's is core's `Route`, projects/route.ts). */
export type RouteView = z.infer<typeof routeSchema>;

/**
 * A string value of a response's template that looks like a misspelt type name: it is saved and
 * answered as text, so the save says so, naming the closest types.
 */
export const typeWarningSchema = z
  .object({
    /** The response's name. */
    response: z.string(),
    /** Where the value is in its template (`$.orders[0].total`). */
    path: z.string(),
    value: z.string(),
    /** The closest type names, nearest first. */
    suggestions: z.array(z.string()),
    message: z.string(),
  })
  .meta({ id: 'TypeWarning' });
export type TypeWarning = z.infer<typeof typeWarningSchema>;

/** `PUT /backend/projects/{id}/routes/{routeId}`: the route saved, and what its save warns of. */
export const savedRouteSchema = routeSchema
  .extend({ warnings: z.array(typeWarningSchema) })
  .meta({ id: 'SavedRoute' });

/** `POST /backend/projects/{id}/routes`: where the new route answers. */
export const createRouteResultSchema = z.object({
  id: z.string(),
  requestId: z.string(),
  method: z.enum(ROUTE_METHODS),
  path: z.string(),
  url: z.string(),
  /** Values of its templates that look like misspelt type names (saved as text all the same). */
  warnings: z.array(typeWarningSchema),
});
export type CreateRouteResult = z.infer<typeof createRouteResultSchema>;

/** `GET /backend/projects/{id}`: the project and its routes (ordered by path, then method). */
export const projectDetailSchema = projectSchema
  .extend({ routes: z.array(routeSchema) })
  .meta({ id: 'ProjectDetail' });
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

/**
 * `POST /backend/projects/{id}/routes/move`: one of the user's APIs becomes a route of the
 * project at this method and path (its template, options and URL kept).
 */
export const moveApiInInputSchema = z.object({
  apiId: z.string({ error: 'apiId is required' }).min(1, { error: 'apiId is required' }),
  method: routeInputSchema.shape.method.optional(),
  path: routePathSchema,
});
export type MoveApiInInput = z.infer<typeof moveApiInInputSchema>;

/** A sample request for a preview, so that the preview equals the live answer. */
export const sampleRequestSchema = z.object({
  method: z.string().toUpperCase().default('GET'),
  /** The path after the base URL, e.g. `/users/42`; matched against the route's path. */
  path: z.string().default('/'),
  query: z.record(z.string(), z.union([z.string(), z.array(z.string())])).default({}),
  headers: z.record(z.string(), z.string()).default({}),
  /** A JSON value, or JSON text. */
  body: z.unknown().optional(),
});
export type SampleRequest = z.infer<typeof sampleRequestSchema>;

/**
 * `POST /backend/projects/{id}/preview`: a template (JSON value or text) and, optionally, the
 * route path it sits at and a sample request.
 */
export const projectPreviewInputSchema = z.object({
  template: z.custom<unknown>((value) => value !== undefined, 'template is required'),
  routePath: routePathSchema.optional(),
  request: sampleRequestSchema.optional(),
  seed: z.string().max(100).optional(),
});
export type ProjectPreviewInput = z.infer<typeof projectPreviewInputSchema>;

/** What an import into a project changed, in counts and names. */
export const projectImportReportSchema = z.object({
  created: z.array(z.string()),
  updated: z.array(z.string()),
  unchanged: z.array(z.string()),
  /** Routes a previous import made that this spec no longer has (kept, not deleted). */
  notInSpec: z.array(z.string()),
  /** Operations left out, each with the reason in words. */
  skipped: z.array(z.object({ operation: z.string(), reason: z.string() })),
  warnings: z.array(z.string()),
});
export type ProjectImportReport = z.infer<typeof projectImportReportSchema>;

/** `POST /backend/projects/{id}/import`: the report and the project's routes after it. */
export const projectImportResultSchema = z.object({
  report: projectImportReportSchema,
  routes: z.array(routeSchema),
});
export type ProjectImportResult = z.infer<typeof projectImportResultSchema>;
