/** Personal API keys in PostgreSQL (Drizzle): rows out, never requests in. */
import { isUuid } from '@mocksmith/core/ids';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ApiKeyRow, apiKeys, type NewApiKeyRow } from '../../db/schema/api-keys.ts';
import { users } from '../../db/schema/auth.ts';

/** A live key found by its hash, with what the request needs of its owner. */
export interface KeyOwnerRow {
  keyId: string;
  userId: string;
  email: string;
  name: string;
  banned: boolean;
}

export function createKeysRepository(db: Database) {
  return {
    /** The user's live (unrevoked) keys, newest first. */
    async listLive(userId: string): Promise<ApiKeyRow[]> {
      return db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
    },

    /**
     * Stores a key unless its user has `max` live keys already (then null). The user's row is
     * locked for the count and the insert, so two creations at once cannot both pass the limit.
     */
    async insertWithin(row: NewApiKeyRow, max: number): Promise<ApiKeyRow | null> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select 1 from ${users} where ${users.id} = ${row.userId} for update`);
        const [counted] = await tx
          .select({ live: sql<number>`count(*)::int` })
          .from(apiKeys)
          .where(and(eq(apiKeys.userId, row.userId), isNull(apiKeys.revokedAt)));
        if ((counted?.live ?? 0) >= max) return null;
        const [inserted] = await tx.insert(apiKeys).values(row).returning();
        return inserted ?? null;
      });
    },

    /** Revokes the user's live key `id`; false when there is none (unknown, another's, revoked). */
    async revoke(userId: string, id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const revoked = await db
        .update(apiKeys)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return revoked.length > 0;
    },

    /** The live key with this hash and its owner, or null. */
    async findLiveByHash(hash: string): Promise<KeyOwnerRow | null> {
      const [found] = await db
        .select({
          keyId: apiKeys.id,
          userId: users.id,
          email: users.email,
          name: users.name,
          banned: users.banned,
        })
        .from(apiKeys)
        .innerJoin(users, eq(users.id, apiKeys.userId))
        .where(and(eq(apiKeys.hash, hash), isNull(apiKeys.revokedAt)))
        .limit(1);
      return found ? { ...found, banned: found.banned === true } : null;
    },

    /** Notes that the key was used now. */
    async touch(keyId: string): Promise<void> {
      await db.update(apiKeys).set({ lastUsedAt: sql`now()` }).where(eq(apiKeys.id, keyId));
    },
  };
}

export type KeysRepository = ReturnType<typeof createKeysRepository>;
