import { isUuid } from '@mocksmith/core/ids';
import { and, eq, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { type ApiRow, apis } from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';
import { apiLikes, apiReports } from '../../db/schema/gallery.ts';

/** The unique index that allows one open report per reporter and API (its SQL name). */
const OPEN_REPORT_KEY = 'template_reports_open_key';

/** Where a page starts: after the last row of the page before, in the sort's order. */
export type GalleryPosition =
  | { sort: 'popular'; likes: number; id: string }
  | { sort: 'recent'; createdAt: string; id: string }
  | { sort: 'official'; official: boolean; likes: number; id: string };

export interface GalleryListQuery {
  sort: GalleryPosition['sort'];
  category?: string;
  /** A to_tsquery text built by the service from letters and digits only (a parameter). */
  tsquery?: string;
  limit: number;
  after?: GalleryPosition;
  /** The caller, for `userHasLiked`; null for a visitor. */
  viewerId: string | null;
}

/** A row of the gallery: the template, its author's name (null: official) and the caller's like. */
export interface GalleryRow {
  id: string;
  name: string;
  description: string | null;
  category: string | null;
  method: string;
  tags: string[];
  likesCount: number;
  isOfficial: boolean;
  template: string;
  createdAt: Date;
  /** created_at to the microsecond, as text (a JS Date keeps milliseconds only): the cursor's. */
  createdAtExact: string;
  /** The author's account; null for an official template. */
  ownerId: string | null;
  authorName: string | null;
  userHasLiked: boolean;
}

/**
 * A template the gallery lists: public, and either without an owner (official) or by an
 * account that is not banned.
 */
const listed = and(
  eq(apis.isPublic, true),
  isNotNull(apis.category),
  or(sql`${apis.ownerId} is null`, sql`coalesce(${users.banned}, false) = false`),
);

/** Drizzle queries of the gallery: listing, likes and reports. */
export function createGalleryRepository(db: Database) {
  return {
    /** One page of the gallery in the sort's order (keyset: after `after`), id last. */
    async list(query: GalleryListQuery): Promise<GalleryRow[]> {
      const conditions: (SQL | undefined)[] = [listed];
      if (query.category) conditions.push(eq(apis.category, query.category));
      if (query.tsquery) {
        conditions.push(
          sql`${apis.searchVector} @@ to_tsquery('english'::regconfig, ${query.tsquery})`,
        );
      }
      const after = query.after;
      if (after?.sort === 'popular') {
        conditions.push(
          sql`(${apis.likesCount}, ${apis.id}) < (${after.likes}, ${after.id}::uuid)`,
        );
      } else if (after?.sort === 'recent') {
        conditions.push(
          sql`(${apis.createdAt}, ${apis.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
        );
      } else if (after?.sort === 'official') {
        conditions.push(
          sql`(${apis.isOfficial}, ${apis.likesCount}, ${apis.id}) < (${after.official}::boolean, ${after.likes}, ${after.id}::uuid)`,
        );
      }
      // Every key descending, nulls last, as the partial indexes of migration 0003 are built.
      const order: SQL[] =
        query.sort === 'recent'
          ? [sql`${apis.createdAt} desc nulls last`, sql`${apis.id} desc nulls last`]
          : query.sort === 'official'
            ? [
                sql`${apis.isOfficial} desc nulls last`,
                sql`${apis.likesCount} desc nulls last`,
                sql`${apis.id} desc nulls last`,
              ]
            : [sql`${apis.likesCount} desc nulls last`, sql`${apis.id} desc nulls last`];
      const userHasLiked = query.viewerId
        ? sql<boolean>`exists (select 1 from ${apiLikes} where ${apiLikes.apiId} = ${apis.id} and ${apiLikes.userId} = ${query.viewerId})`
        : sql<boolean>`false`;
      return db
        .select({
          id: apis.id,
          name: apis.name,
          description: apis.description,
          category: apis.category,
          method: apis.method,
          tags: apis.tags,
          likesCount: apis.likesCount,
          isOfficial: apis.isOfficial,
          template: apis.template,
          createdAt: apis.createdAt,
          createdAtExact: sql<string>`to_char(${apis.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
          ownerId: apis.ownerId,
          authorName: users.name,
          userHasLiked,
        })
        .from(apis)
        .leftJoin(users, eq(users.id, apis.ownerId))
        .where(and(...conditions))
        .orderBy(...order)
        .limit(query.limit);
    },

    /**
     * The API with this id and whether the gallery lists it (public, author not banned), or
     * null (also for an id that is not a UUID).
     */
    async findWithStatus(id: string): Promise<{ api: ApiRow; listed: boolean } | null> {
      if (!isUuid(id)) return null;
      const [row] = await db
        .select({ api: apis, listed: sql<boolean>`coalesce(${listed}, false)` })
        .from(apis)
        .leftJoin(users, eq(users.id, apis.ownerId))
        .where(eq(apis.id, id))
        .limit(1);
      return row ?? null;
    },

    /**
     * Likes or unlikes a listed template for the user, exactly under concurrency: the template's
     * row is locked (FOR UPDATE) for the transaction, so toggles of one template run one at a
     * time, and its count is set from the likes table. Null when the gallery does not list it.
     */
    async toggleLike(
      apiId: string,
      userId: string,
    ): Promise<{ likesCount: number; liked: boolean } | null> {
      if (!isUuid(apiId)) return null;
      return db.transaction(async (tx) => {
        const [locked] = await tx
          .select({ id: apis.id })
          .from(apis)
          .leftJoin(users, eq(users.id, apis.ownerId))
          .where(and(eq(apis.id, apiId), listed))
          .for('update', { of: apis });
        if (!locked) return null;
        const removed = await tx
          .delete(apiLikes)
          .where(and(eq(apiLikes.apiId, apiId), eq(apiLikes.userId, userId)))
          .returning({ apiId: apiLikes.apiId });
        if (removed.length === 0) await tx.insert(apiLikes).values({ apiId, userId });
        const [counted] = await tx
          .update(apis)
          .set({
            likesCount: sql`(select count(*)::int from ${apiLikes} where ${apiLikes.apiId} = ${apiId})`,
          })
          .where(eq(apis.id, apiId))
          .returning({ likesCount: apis.likesCount });
        return { likesCount: counted?.likesCount ?? 0, liked: removed.length === 0 };
      });
    },

    /** Files an open report; false when the reporter has an open one on this template already. */
    async addReport(report: {
      apiId: string;
      reporterId: string;
      reason: string;
      note: string | null;
    }): Promise<boolean> {
      try {
        await db.insert(apiReports).values(report);
        return true;
      } catch (error) {
        if (isUniqueViolation(error, OPEN_REPORT_KEY)) return false;
        throw error;
      }
    },
  };
}

export type GalleryRepository = ReturnType<typeof createGalleryRepository>;
