/**
 * The management API of a project's collections and sessions
 * (`/backend/projects/{id}/collections...`, `.../sessions...`), shared by the server (which
 * validates with these) and the web (which infers its types from them).
 */

import {
  COLLECTION_NAME_PATTERN,
  SESSION_NAME_MESSAGE,
  SESSION_NAME_PATTERN,
} from '../collections/names.ts';
import { MAX_COLLECTION_RECORDS } from '../collections/records.ts';
import { parsePathTemplate } from '../projects/path-template.ts';
import { AUTH_TOKEN_PATTERN } from './api-texts.ts';
import { z } from './zod.ts';

export { COLLECTION_NAME_PATTERN, SESSION_NAME_MESSAGE, SESSION_NAME_PATTERN };

/** The most collections a project holds. */
export const MAX_COLLECTIONS_PER_PROJECT = 50;

/**
 * The bearer token a project or a collection requires of its callers (`mck_` and 32 to 128
 * URL-safe characters, as a route's).
 */
export const bearerTokenSchema = z
  .string()
  .regex(AUTH_TOKEN_PATTERN, 'authToken must be mck_ followed by at least 32 URL-safe characters');

/** A session's name as sent: 1 to 64 letters, digits, ".", "_", "~" or "-". */
export const sessionNameSchema = z
  .string({ error: SESSION_NAME_MESSAGE })
  .regex(SESSION_NAME_PATTERN, SESSION_NAME_MESSAGE);

const NAME_MESSAGE =
  'name must be 1 to 40 characters: a letter or _, then letters, digits, _ or - (it is what ref:NAME.id reads)';

/** A collection's path: static segments only (its items are at `{path}/{id}`). */
export const collectionPathSchema = z
  .string({ error: 'path is required' })
  .transform((raw, ctx) => {
    const parsed = parsePathTemplate(raw);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.error });
      return z.NEVER;
    }
    if (parsed.value.path === '/' || /[{*]/.test(parsed.value.path)) {
      ctx.addIssue({
        code: 'custom',
        message: `A collection's path is one or more fixed segments, like /users: "${raw}" is not (its records are at PATH/{id})`,
      });
      return z.NEVER;
    }
    if (parsed.value.path.split('/')[1]?.startsWith('__')) {
      ctx.addIssue({
        code: 'custom',
        message: `A collection's path cannot start with __: ${parsed.value.path.split('/')[1]} is kept for the service (POST {base}/__reset)`,
      });
      return z.NEVER;
    }
    return parsed.value.path;
  });

const templateSchema = z.record(z.string(), z.unknown(), {
  error: 'template must be a JSON object: the template of one record',
});

const countSchema = z
  .number({ error: 'count must be a whole number' })
  .int({ error: 'count must be a whole number' })
  .min(0, { error: 'count must be 0 or more' })
  .max(MAX_COLLECTION_RECORDS, {
    // Grouped by hand: built when the module loads, where Intl would load ICU's locale data.
    error: `count is at most ${String(MAX_COLLECTION_RECORDS).replace(/\B(?=(\d{3})+$)/g, ',')}`,
  });

/** `POST /backend/projects/{id}/collections`. */
export const createCollectionInputSchema = z.object({
  name: z.string({ error: NAME_MESSAGE }).trim().regex(COLLECTION_NAME_PATTERN, NAME_MESSAGE),
  /** Defaults to `/{name}`. */
  path: collectionPathSchema.optional(),
  template: templateSchema,
  count: countSchema.default(20),
  unknownFields: z.enum(['refuse', 'keep']).default('refuse'),
  cascade: z.boolean().default(false),
  /**
   * The bearer token its calls need (the project's token is taken too); null: the project's
   * setting alone decides.
   */
  authToken: bearerTokenSchema.nullish().transform((token) => token ?? null),
  /**
   * Turning routes into the collection: the project's routes at its places (`GET POST {path}`,
   * `GET PUT PATCH DELETE {path}/{id}`) are deleted with its creation, rather than refused (409).
   */
  replaceRoutes: z.boolean().default(false),
});
export type CreateCollectionInput = z.input<typeof createCollectionInputSchema>;

/** `PATCH /backend/projects/{id}/collections/{collectionId}`: what is sent changes. */
export const updateCollectionInputSchema = z.object({
  path: collectionPathSchema.optional(),
  template: templateSchema.optional(),
  count: countSchema.optional(),
  unknownFields: z.enum(['refuse', 'keep']).optional(),
  cascade: z.boolean().optional(),
  /** A new token, or null for none of its own. */
  authToken: bearerTokenSchema.nullable().optional(),
});
export type UpdateCollectionInput = z.input<typeof updateCollectionInputSchema>;

/** A collection as the management API answers it. */
export const collectionSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    path: z.string(),
    /** The list's URL under the project's base URL. */
    url: z.string(),
    template: z.record(z.string(), z.unknown()),
    count: z.number(),
    idKind: z.enum(['uuid', 'int']),
    unknownFields: z.enum(['refuse', 'keep']),
    cascade: z.boolean(),
    /** The bearer token its calls need, or null (the project's setting decides). */
    authToken: z
      .string()
      .nullable()
      .describe('The bearer token its calls need (the project’s is taken too), or null'),
    /**
     * The `ref:` references it makes to other collections of the project and receives from them,
     * each with what deleting a referenced record does (the referenced collection's cascade).
     */
    references: z.array(
      z.object({
        from: z.string(),
        field: z.string(),
        to: z.string(),
        cascade: z.boolean(),
        note: z.string(),
      }),
    ),
    /** Grows with each reseed. */
    seedVersion: z.number(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Collection' });
export type Collection = z.infer<typeof collectionSchema>;

export const collectionListSchema = z.object({ collections: z.array(collectionSchema) });
export type CollectionList = z.infer<typeof collectionListSchema>;

/** A sandbox of a project, as the dashboard lists it. */
export const projectSessionSchema = z
  .object({
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string(),
    /** Records written or deleted since the seeded state, across the collections. */
    changed: z.number(),
    /**
     * Made or named by the owner (the dashboard, the owner's API key, a token of the project):
     * never pushed out by sessions others start.
     */
    owner: z
      .boolean()
      .describe(
        'Made or named by the owner (here, with the owner’s API key or a token of the project): never pushed out by sessions others start',
      ),
  })
  .meta({ id: 'ProjectSession' });
export type ProjectSession = z.infer<typeof projectSessionSchema>;

/** `GET /backend/projects/{id}/sessions`: most recently used first; the shared state apart. */
export const projectSessionListSchema = z.object({
  sessions: z.array(projectSessionSchema),
  /** The records changed in the shared state (calls without a session). */
  sharedChanged: z.number(),
});
export type ProjectSessionList = z.infer<typeof projectSessionListSchema>;

/** `POST /backend/projects/{id}/sessions`: a session of the owner's, made or named. */
export const createSessionInputSchema = z.object({ name: sessionNameSchema });
export type CreateSessionInput = z.infer<typeof createSessionInputSchema>;

/** `POST /backend/projects/{id}/reset`: a session's state, or the shared one without a name. */
export const resetInputSchema = z.object({
  session: sessionNameSchema.optional(),
});
export type ResetInput = z.infer<typeof resetInputSchema>;
