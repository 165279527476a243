import { randomBytes } from 'node:crypto';
import { projectKey } from '@mocksmith/core/projects';
import { and, eq, gt, like, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { apis, projects } from '../../db/schema/apis.ts';
import { accounts, type UserRow, users, verifications } from '../../db/schema/auth.ts';
import { stateUsage } from '../../db/schema/collections.ts';

/** better-auth's prefix of a reset token's row in the verifications table (its value: the user id). */
const RESET_PREFIX = 'reset-password:';
/** Our prefix of a mailed unlock link's row (its value: the e-mail address). */
const UNLOCK_PREFIX = 'unlock-sign-in:';

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
    /**
     * The user with this (lower-case) e-mail address and their sign-in methods, or null: one
     * query whether or not the address exists, so that its time tells nothing.
     */
    async findByEmail(email: string): Promise<UserWithProviders | null> {
      const [row] = await db
        .select({
          user: users,
          providers: sql<
            string[]
          >`coalesce(array_agg(${accounts.providerId}) filter (where ${accounts.providerId} is not null), '{}')`,
        })
        .from(users)
        .leftJoin(accounts, eq(accounts.userId, users.id))
        .where(eq(users.email, email))
        .groupBy(users.id)
        .limit(1);
      return row ? { user: row.user, providers: row.providers } : null;
    },

    /**
     * The sign-in providers of the account with this address, [] when there is none: one row of
     * one array either way, so that the answer that needs it takes the same time for an owner's
     * address and an unknown one.
     */
    async providersByEmail(email: string): Promise<string[]> {
      const [row] = await db
        .select({
          providers: sql<string[]>`coalesce(array_agg(${accounts.providerId}), '{}')`,
        })
        .from(accounts)
        .innerJoin(users, eq(accounts.userId, users.id))
        .where(eq(users.email, email));
      return row?.providers ?? [];
    },

    /** The user id a reset token is for, or null (unknown or expired). */
    async resetTokenOwner(token: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: verifications.value })
        .from(verifications)
        .where(
          and(
            eq(verifications.identifier, `${RESET_PREFIX}${token}`),
            gt(verifications.expiresAt, sql`now()`),
          ),
        )
        .limit(1);
      return row?.userId ?? null;
    },

    /** Ends every outstanding reset link of the user (but `except`, a token to keep). */
    async deleteResetTokens(userId: string, except?: string): Promise<void> {
      await db
        .delete(verifications)
        .where(
          and(
            like(verifications.identifier, `${RESET_PREFIX}%`),
            eq(verifications.value, userId),
            except === undefined
              ? undefined
              : ne(verifications.identifier, `${RESET_PREFIX}${except}`),
          ),
        );
    },

    /** Stores a new unlock link for the address, valid for `lifetimeS`; returns its token. */
    async createUnlockToken(email: string, lifetimeS: number): Promise<string> {
      const token = randomBytes(24).toString('base64url');
      await db.insert(verifications).values({
        id: randomBytes(16).toString('base64url'),
        identifier: `${UNLOCK_PREFIX}${token}`,
        value: email,
        expiresAt: sql`now() + make_interval(secs => ${lifetimeS})`,
      });
      return token;
    },

    /** Spends an unlock link: its address, or null when it is unknown, spent or expired. */
    async consumeUnlockToken(token: string): Promise<string | null> {
      const [row] = await db
        .delete(verifications)
        .where(eq(verifications.identifier, `${UNLOCK_PREFIX}${token}`))
        .returning({ email: verifications.value, expiresAt: verifications.expiresAt });
      return row && row.expiresAt.getTime() > Date.now() ? row.email : null;
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
     * What the signed-in user's answer says beyond better-auth's user: whether the account has
     * a password, and whether the session is its first sign-in.
     */
    async signInFacts(userId: string): Promise<{ hasPassword: boolean; firstSignIn: boolean }> {
      const [row] = await db
        .select({
          signIns: users.signIns,
          hasPassword: sql<boolean>`exists (select 1 from ${accounts} where ${accounts}.user_id = ${users}.id and ${accounts}.provider_id = ${CREDENTIAL_PROVIDER_ID})`,
        })
        .from(users)
        .where(eq(users.id, userId));
      return { hasPassword: row?.hasPassword ?? false, firstSignIn: (row?.signIns ?? 0) <= 1 };
    },

    /**
     * Deletes the user and, in the same transaction, everything that is theirs: APIs,
     * history, sessions and sign-in methods (by the foreign keys' cascades, so a table added
     * later goes too). Returns the keys the mock URLs' caches drop: the deleted APIs' (routes
     * included) request ids and `p:{slug}` of each deleted project; null when there was no
     * such user.
     */
    async deleteUser(userId: string): Promise<string[] | null> {
      return db.transaction(async (tx) => {
        // The stored-state table's lock before the user's row, as the maintenance's recount
        // takes them (db/maintenance.ts): the user's cascade reaches that table, and the recount
        // holds it while it checks each owner's row. In the other order the two deadlocked.
        await tx.execute(sql`lock table ${stateUsage} in row exclusive mode`);
        const owned = await tx
          .select({ requestId: apis.requestId })
          .from(apis)
          .where(eq(apis.ownerId, userId))
          .for('update');
        // The projects' route tables are announced as `p:{slug}` (an empty project has no route
        // whose request id would drop its table).
        const projectsOwned = await tx
          .select({ slug: projects.slug })
          .from(projects)
          .where(eq(projects.ownerId, userId));
        const deleted = await tx
          .delete(users)
          .where(eq(users.id, userId))
          .returning({ id: users.id });
        if (deleted.length === 0) return null;
        return [
          ...owned.map((row) => row.requestId),
          ...projectsOwned.map((row) => projectKey(row.slug)),
        ];
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
