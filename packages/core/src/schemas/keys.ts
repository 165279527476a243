/**
 * Personal API keys (`/backend/user/keys`): the bodies and answers of their calls, their limits
 * and the texts both sides show. A key is `mks_` and 43 base64url characters (32 random bytes);
 * the server keeps only its SHA-256 and its first 12 characters, so the full key is seen once,
 * in the answer that creates it.
 */
import { z } from './zod.ts';

/** What every key begins with, so that a leaked one is recognisable (and scanners can find it). */
export const API_KEY_PREFIX = 'mks_';
/** The characters of a key the list shows (`mks_` and 8 more). */
export const API_KEY_SHOWN_LENGTH = 12;
/** A key's full length: the prefix and 32 random bytes in base64url. */
export const API_KEY_LENGTH = API_KEY_PREFIX.length + 43;
/** The most keys an account may have at once (revoked ones do not count). */
export const MAX_API_KEYS = 20;
export const MAX_API_KEY_NAME_LENGTH = 60;

/** The texts of the keys' calls, shared by the server (its errors) and the web. */
export const apiKeyMessages = {
  /** A key that does not match a live key (401). */
  invalid: 'The API key is not valid: it was revoked or never existed.',
  /** A key on a call that changes the account (403). */
  sessionOnly: 'This needs a signed-in session, not an API key.',
  /** The 21st key (403). */
  limitReached: `You have ${MAX_API_KEYS} API keys, the most an account may have. Revoke one to create another.`,
  /** Revoking a key that is not the user's, or is revoked already (404). */
  notFound: 'No such API key: it was revoked already or is not yours.',
  /** Beside the new key, in its dialog. */
  shownOnce: 'Copy this key now: it is shown only once.',
} as const;

/** `POST /backend/user/keys`. */
export const createApiKeyInputSchema = z.object({
  /** What the key is for ("GitHub Actions"), as the list shows it. */
  name: z
    .string({ error: 'name is required' })
    .trim()
    .min(1, { error: 'name is required' })
    .max(MAX_API_KEY_NAME_LENGTH, {
      error: `name must be at most ${MAX_API_KEY_NAME_LENGTH} characters`,
    }),
});
export type CreateApiKeyInput = z.infer<typeof createApiKeyInputSchema>;

/** A key as the list shows it: never the key itself. */
export const apiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The key's first 12 characters (`mks_ab12cd34`), to tell keys apart. */
    prefix: z.string(),
    createdAt: z.string(),
    /** When a call last used it (to the minute); null if never. */
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;

/** `GET /backend/user/keys`: the live keys, newest first. */
export const apiKeyListSchema = z.array(apiKeySchema).meta({ id: 'ApiKeyList' });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The answer of `POST /backend/user/keys`: the only one that carries `key`. */
export const createdApiKeySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string(),
    /** The whole key, shown once: the server keeps only its hash. */
    key: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'CreatedApiKey' });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** `DELETE /backend/user/keys/{id}`. */
export const apiKeyParamsSchema = z.object({
  id: z.string().describe('The key’s id'),
});

/** Whether `value` has a key's form (the prefix and 43 base64url characters). */
export function isApiKeyShaped(value: string): boolean {
  return /^mks_[A-Za-z0-9_-]{43}$/.test(value);
}
