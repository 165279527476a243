/**
 * Personal API keys: a user's named keys for the management API. A key is 32 random bytes
 * (`mks_` and 43 base64url characters); only its SHA-256 is stored, so it is shown once, when
 * created. A request with a key acts as its owner, never as an administrator, and not at all
 * once the key is revoked or the owner banned.
 */
import { createHash, randomBytes } from 'node:crypto';
import { authMessages, ErrorCode } from '@mocksmith/core';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN_LENGTH,
  type ApiKey,
  apiKeyMessages,
  type CreateApiKeyInput,
  type CreatedApiKey,
  isApiKeyShaped,
  MAX_API_KEYS,
} from '@mocksmith/core/keys';
import type { ApiKeyRow } from '../../db/schema/api-keys.ts';
import { accessRefused } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { KeysRepository } from './keys.repository.ts';

/** How often a key's last use is written at most (per key and node). */
export const LAST_USED_PRECISION_MS = 60_000;
/** Past this many keys remembered, the memo forgets those it would write again anyway. */
const MEMO_PRUNE_SIZE = 10_000;

/** The SHA-256 of a key, base64url: what is stored and looked up. */
export function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('base64url');
}

/** A new key: the prefix and 32 random bytes in base64url. */
export function newKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

/** A key row as the list shows it. */
export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** 401 for a key that matches no live key; the header tells clients it is the token. */
const invalidKey = () =>
  new AppError(ErrorCode.UNAUTHENTICATED, apiKeyMessages.invalid, {
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
  });

export interface KeysServiceDeps {
  repository: KeysRepository;
  /** The clock of the last-used memo (tests move it). */
  now?: () => number;
}

export function createKeysService({ repository, now = Date.now }: KeysServiceDeps) {
  /** When this node last wrote each key's last use. */
  const written = new Map<string, number>();

  /** Writes a key's last use unless this node did within the minute. */
  async function noteUse(keyId: string): Promise<void> {
    const at = now();
    const last = written.get(keyId);
    if (last !== undefined && at - last < LAST_USED_PRECISION_MS) return;
    if (written.size >= MEMO_PRUNE_SIZE) {
      for (const [id, time] of written) {
        if (at - time >= LAST_USED_PRECISION_MS) written.delete(id);
      }
    }
    // Before the write, so that the calls arriving meanwhile do not write it too.
    written.set(keyId, at);
    try {
      await repository.touch(keyId);
    } catch (error) {
      written.delete(keyId);
      throw error;
    }
  }

  return {
    /** The user's live keys, newest first (never the keys themselves). */
    async list(user: AuthUser): Promise<ApiKey[]> {
      return (await repository.listLive(user.id)).map(toApiKey);
    },

    /**
     * Makes a key for the user and answers it whole, the only time it is seen. Throws 403
     * (FORBIDDEN) when the user has MAX_API_KEYS live keys already.
     */
    async create(user: AuthUser, input: CreateApiKeyInput): Promise<CreatedApiKey> {
      const key = newKey();
      const row = await repository.insertWithin(
        {
          userId: user.id,
          name: input.name,
          prefix: key.slice(0, API_KEY_SHOWN_LENGTH),
          hash: hashKey(key),
        },
        MAX_API_KEYS,
      );
      if (!row) throw new AppError(ErrorCode.FORBIDDEN, apiKeyMessages.limitReached);
      return {
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        key,
        createdAt: row.createdAt.toISOString(),
      };
    },

    /** Revokes one of the user's live keys at once; 404 (NOT_FOUND) for any other id. */
    async revoke(user: AuthUser, id: string): Promise<void> {
      if (!(await repository.revoke(user.id, id))) throw accessRefused({ kind: 'api-key', id });
    },

    /**
     * The user a key acts as: its owner, without the administrator role. Throws 401 for a key
     * that is not live (revoked, unknown, malformed) and 403 with the suspended text for a
     * banned owner. Notes the key's use (at most once a minute per key on this node).
     */
    async userOfKey(key: string): Promise<AuthUser> {
      if (!isApiKeyShaped(key)) throw invalidKey();
      const found = await repository.findLiveByHash(hashKey(key));
      if (!found) throw invalidKey();
      if (found.banned) throw new AppError(ErrorCode.ACCOUNT_BANNED, authMessages.suspended);
      await noteUse(found.keyId);
      return { id: found.userId, email: found.email, name: found.name, isAdmin: false };
    },
  };
}

export type KeysService = ReturnType<typeof createKeysService>;
