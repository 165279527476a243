import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apis } from '../../db/schema/apis.ts';
import { accounts, type UserRow, users } from '../../db/schema/auth.ts';

/** The provider id of a password in the accounts table (better-auth's). */
export const CREDENTIAL_PROVIDER_ID = 'credential';

/** A user and the ways they can sign in. */
export interface UserWithProviders {
  user: UserRow;
  /** Provider ids: `credential` for a password, `google`... */
  providers: string[];
}

/** Queries of the account tables that better-auth's API has no call for. */
export function createAuthRepository(db: Database) {
  async function withProviders(user: UserRow | undefined): Promise<UserWithProviders | null> {
    if (!user) return null;
    const rows = await db
      .select({ providerId: accounts.providerId })
      .from(accounts)
      .where(eq(accounts.userId, user.id));
    return { user, providers: rows.map((row) => row.providerId) };
  }

  return {
    /** The user with this (lower-case) e-mail address and their sign-in methods, or null. */
    async findByEmail(email: string): Promise<UserWithProviders | null> {
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return withProviders(user);
    },

    /** The user with this id and their sign-in methods, or null. */
    async findById(id: string): Promise<UserWithProviders | null> {
      const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return withProviders(user);
    },

    /** Whether the user has a password. */
    async hasPassword(userId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.userId, userId), eq(accounts.providerId, CREDENTIAL_PROVIDER_ID)))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Deletes the user and, in the same transaction, everything that is theirs: APIs,
     * history, sessions and sign-in methods (by the foreign keys' cascades, so a table added
     * later goes too). Returns the request ids of the deleted APIs, or null when there
     * was no such user.
     */
    async deleteUser(userId: string): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        const owned = await tx
          .select({ requestId: apis.requestId })
          .from(apis)
          .where(eq(apis.ownerId, userId))
          .for('update');
        const deleted = await tx
          .delete(users)
          .where(eq(users.id, userId))
          .returning({ id: users.id });
        return deleted.length === 0 ? null : owned.map((row) => row.requestId);
      });
    },

    /**
     * Bans or unbans the user with this address. A ban keeps their sessions: their next
     * guarded call answers 403 with the suspended text rather than a bare 'session expired'.
     * Returns false when there is no such user.
     */
    async setBanned(email: string, banned: boolean): Promise<boolean> {
      const [user] = await db
        .update(users)
        .set({
          banned,
          banReason: banned ? 'Banned by an administrator' : null,
          banExpires: null,
        })
        .where(eq(users.email, email))
        .returning({ id: users.id });
      return user !== undefined;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
