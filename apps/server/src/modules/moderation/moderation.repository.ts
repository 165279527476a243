import type { ModerationAction } from '@mocksmith/core/gallery';
import { isUuid } from '@mocksmith/core/ids';
import { aliasedTable, and, asc, desc, eq, or, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { type ApiRow, apis } from '../../db/schema/apis.ts';
import { type UserRow, users } from '../../db/schema/auth.ts';
import { apiReports, moderationActions } from '../../db/schema/gallery.ts';

/** An administrator, or null for the command line. */
export type Actor = { id: string; name: string } | null;

/** An open report with its template as it is now, its author (null: none) and its reporter. */
export interface OpenReportRow {
  id: string;
  reason: string;
  note: string | null;
  createdAt: Date;
  reporterName: string;
  api: ApiRow;
  author: UserRow | null;
}

const reporters = aliasedTable(users, 'reporters');

/** Drizzle queries of moderation: reports, templates' sharing, accounts, and the action log. */
export function createModerationRepository(db: Database) {
  async function record(
    executor: Executor,
    actor: Actor,
    action: ModerationAction,
    target: string,
    refs: { apiId?: string; userId?: string } = {},
  ): Promise<void> {
    await executor.insert(moderationActions).values({
      action,
      adminId: actor?.id ?? null,
      adminName: actor?.name ?? null,
      target,
      apiId: refs.apiId ?? null,
      userId: refs.userId ?? null,
    });
  }

  return {
    /** The open reports, oldest first. */
    async openReports(): Promise<OpenReportRow[]> {
      const rows = await db
        .select({
          id: apiReports.id,
          reason: apiReports.reason,
          note: apiReports.note,
          createdAt: apiReports.createdAt,
          reporterName: reporters.name,
          api: apis,
          author: users,
        })
        .from(apiReports)
        .innerJoin(apis, eq(apis.id, apiReports.apiId))
        .innerJoin(reporters, eq(reporters.id, apiReports.reporterId))
        .leftJoin(users, eq(users.id, apis.ownerId))
        .where(eq(apiReports.status, 'open'))
        .orderBy(asc(apiReports.createdAt), asc(apiReports.id));
      return rows;
    },

    /** The latest recorded actions, newest first. */
    async history(limit: number) {
      return db
        .select()
        .from(moderationActions)
        .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
        .limit(limit);
    },

    /** Closes an open report as dismissed; false when there is no open report of this id. */
    async dismiss(reportId: string, actor: Actor): Promise<boolean> {
      if (!isUuid(reportId)) return false;
      return db.transaction(async (tx) => {
        const [closed] = await tx
          .update(apiReports)
          .set({ status: 'dismissed', resolvedAt: sql`now()`, resolvedBy: actor?.id ?? null })
          .where(and(eq(apiReports.id, reportId), eq(apiReports.status, 'open')))
          .returning({ apiId: apiReports.apiId });
        if (!closed) return false;
        const [api] = await tx
          .select({ name: apis.name })
          .from(apis)
          .where(eq(apis.id, closed.apiId));
        await record(tx, actor, 'dismiss', `report on "${api?.name ?? '?'}" (${closed.apiId})`, {
          apiId: closed.apiId,
        });
        return true;
      });
    },

    /** The API with this id, or null (also for an id that is not a UUID). */
    async findApi(id: string): Promise<ApiRow | null> {
      if (!isUuid(id)) return null;
      const [row] = await db.select().from(apis).where(eq(apis.id, id)).limit(1);
      return row ?? null;
    },

    /**
     * Takes a template out of the gallery (is_public false) and closes its open reports as
     * actioned, with the log entry, in one transaction.
     */
    async unpublish(api: ApiRow, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(apis)
          .set({ isPublic: false, updatedAt: sql`now()` })
          .where(eq(apis.id, api.id));
        await tx
          .update(apiReports)
          .set({ status: 'actioned', resolvedAt: sql`now()`, resolvedBy: actor?.id ?? null })
          .where(and(eq(apiReports.apiId, api.id), eq(apiReports.status, 'open')));
        await record(tx, actor, 'unpublish', `"${api.name}" (${api.id})`, { apiId: api.id });
      });
    },

    /**
     * Disables an API (its mock URLs answer 403) or enables it again, with the log entry, in one
     * transaction. Its open reports stay open: the queue shows the template as disabled.
     */
    async setDisabled(api: ApiRow, disabled: boolean, actor: Actor): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(apis).set({ disabled, updatedAt: sql`now()` }).where(eq(apis.id, api.id));
        await record(
          tx,
          actor,
          disabled ? 'disable-api' : 'enable-api',
          `"${api.name}" (${api.id})`,
          {
            apiId: api.id,
          },
        );
      });
    },

    /** The request ids of the account's APIs: what a ban or an unban changes on the mock URLs. */
    async requestIdsOf(ownerId: string): Promise<string[]> {
      const rows = await db
        .select({ requestId: apis.requestId })
        .from(apis)
        .where(eq(apis.ownerId, ownerId));
      return rows.map((row) => row.requestId);
    },

    /** Accounts whose name or address contains the text (any case), newest first, at most `limit`. */
    async searchUsers(search: string, limit: number): Promise<UserRow[]> {
      const needle = search.toLowerCase();
      return db
        .select()
        .from(users)
        .where(
          needle
            ? or(
                sql`strpos(lower(${users.name}), ${needle}) > 0`,
                sql`strpos(lower(${users.email}), ${needle}) > 0`,
              )
            : undefined,
        )
        .orderBy(desc(users.createdAt), asc(users.id))
        .limit(limit);
    },

    /** The account with this id, or null. */
    async findUser(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    /** The account with this (lower-case) address, or null. */
    async findUserByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      return row ?? null;
    },

    /**
     * Bans or unbans an account, with the log entry. Sessions are kept: a banned session's next
     * guarded call answers 403 with the suspended text. Returns the stored row, or null.
     */
    async setBanned(userId: string, banned: boolean, actor: Actor): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            banned,
            banReason: banned ? 'Banned by an administrator' : null,
            banExpires: null,
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, userId))
          .returning();
        if (!row) return null;
        await record(tx, actor, banned ? 'ban' : 'unban', row.email, { userId: row.id });
        return row;
      });
    },

    /** Grants or revokes the admin role, with the log entry. Returns the stored row, or null. */
    async setAdmin(userId: string, admin: boolean, actor: Actor): Promise<UserRow | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ role: admin ? 'admin' : 'user', updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning();
        if (!row) return null;
        await record(tx, actor, admin ? 'grant-admin' : 'revoke-admin', row.email, {
          userId: row.id,
        });
        return row;
      });
    },
  };
}

export type ModerationRepository = ReturnType<typeof createModerationRepository>;
