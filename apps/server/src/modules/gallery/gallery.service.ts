import { ErrorCode } from '@mocksmith/core';
import { type GalleryQuery, galleryMessages, type ReportReason } from '@mocksmith/core/gallery';
import { UUID_PATTERN } from '@mocksmith/core/ids';
import { z } from 'zod';
import type { ApiDraft, ApiRow } from '../../db/schema/apis.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/session.ts';
import type { GalleryPosition, GalleryRepository, GalleryRow } from './gallery.repository.ts';

/**
 * What Use Template needs of the APIs module: its signed-in create (checks, history, and the
 * mock cache told of the new request id after the commit) and the caller's endpoints in use.
 */
export interface ApiCreator {
  createForUser(user: AuthUser, draft: ApiDraft, userId: undefined): Promise<ApiRow>;
  endpointsInUse(user: AuthUser): Promise<Set<string>>;
}

/** The most words of a search that become query terms. */
const MAX_SEARCH_WORDS = 16;

/**
 * The to_tsquery text of a search: its words (runs of letters and digits, so no operator,
 * quote or backslash of the user's ever reaches the parser) ANDed, the last one as a prefix
 * (`'ecomm':*`), so results follow the typing. Undefined when the search has no word. The
 * text is still passed as a query parameter, never spliced into SQL.
 */
export function searchQuery(search: string | undefined): string | undefined {
  const words = (search ?? '')
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, MAX_SEARCH_WORDS);
  if (!words || words.length === 0) return undefined;
  return words
    .map((word, index) => `'${word}'${index === words.length - 1 ? ':*' : ''}`)
    .join(' & ');
}

const uuid = z.string().regex(UUID_PATTERN);
const cursorSchema = z.discriminatedUnion('sort', [
  z.object({ sort: z.literal('popular'), likes: z.number().int(), id: uuid }),
  z.object({
    sort: z.literal('recent'),
    createdAt: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
    id: uuid,
  }),
  z.object({
    sort: z.literal('official'),
    official: z.boolean(),
    likes: z.number().int(),
    id: uuid,
  }),
]);

const invalidCursor = (reason: string) =>
  new AppError(ErrorCode.INVALID_CURSOR, `cursor is not valid: ${reason}`);

/** The cursor after this row: base64url of its sort keys as JSON (opaque to clients). */
function encodeCursor(sort: GalleryPosition['sort'], row: GalleryRow): string {
  const position: GalleryPosition =
    sort === 'recent'
      ? { sort, createdAt: row.createdAtExact, id: row.id }
      : sort === 'official'
        ? { sort, official: row.isOfficial, likes: row.likesCount, id: row.id }
        : { sort, likes: row.likesCount, id: row.id };
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

/** The position a cursor names, or a 400 naming what is wrong with it. */
export function decodeCursor(cursor: string, sort: GalleryPosition['sort']): GalleryPosition {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw invalidCursor('use the nextCursor of a page as is');
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor('use the nextCursor of a page as is');
  }
  const parsed = cursorSchema.safeParse(value);
  if (!parsed.success) throw invalidCursor('use the nextCursor of a page as is');
  if (parsed.data.sort !== sort) {
    throw invalidCursor(`it belongs to sort=${parsed.data.sort}, not sort=${sort}`);
  }
  return parsed.data;
}

const templateNotFound = () => new AppError(ErrorCode.TEMPLATE_NOT_FOUND, galleryMessages.notFound);

export interface GalleryServiceDeps {
  repository: GalleryRepository;
  apis: ApiCreator;
}

export function createGalleryService({ repository, apis }: GalleryServiceDeps) {
  /**
   * The API with this id if the gallery lists it; 404 (unknown, or public by a banned author)
   * or 403 (exists, not public) otherwise.
   */
  async function listedOrThrow(id: string): Promise<ApiRow> {
    const found = await repository.findWithStatus(id);
    if (!found) throw templateNotFound();
    if (!found.api.isPublic) throw new AppError(ErrorCode.FORBIDDEN, galleryMessages.notPublic);
    if (!found.listed) throw templateNotFound();
    return found.api;
  }

  return {
    /**
     * One page of the gallery: public templates whose author is not banned, filtered by
     * category and search, in the sort's order, after the cursor. Throws 400 for a cursor that
     * is malformed or of another sort.
     */
    async list(
      query: GalleryQuery,
      viewer: AuthUser | null,
    ): Promise<{ rows: GalleryRow[]; nextCursor: string | null }> {
      const after = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
      const rows = await repository.list({
        sort: query.sort,
        category: query.category,
        tsquery: searchQuery(query.search),
        // One more than asked tells whether there is a next page.
        limit: query.limit + 1,
        after,
        viewerId: viewer?.id ?? null,
      });
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        rows: page,
        nextCursor: rows.length > query.limit && last ? encodeCursor(query.sort, last) : null,
      };
    },

    /**
     * Likes the template for the user, or unlikes it if they did; the count is exact under
     * concurrency. Throws 404/403 for a template the gallery does not list.
     */
    async toggleLike(user: AuthUser, id: string): Promise<{ likesCount: number; liked: boolean }> {
      const result = await repository.toggleLike(id, user.id);
      if (!result) {
        await listedOrThrow(id);
        throw templateNotFound();
      }
      return result;
    },

    /**
     * Copies a listed template into a new private API of the user (fresh request id, no token):
     * name, template, method, status code, delay, headers and custom endpoint, the endpoint left
     * out when the user has that method and endpoint already. Served at once by its URL.
     */
    async use(user: AuthUser, id: string): Promise<ApiRow> {
      const source = await listedOrThrow(id);
      const endpoint =
        source.customEndpoint &&
        !(await apis.endpointsInUse(user)).has(`${source.method} ${source.customEndpoint}`)
          ? source.customEndpoint
          : null;
      return apis.createForUser(
        user,
        {
          name: source.name,
          description: null,
          template: source.template,
          method: source.method,
          customEndpoint: endpoint,
          delay: source.delay,
          authToken: null,
          httpCode: source.httpCode,
          customHeaders: source.customHeaders,
          isPublic: false,
          category: null,
          tags: [],
        },
        undefined,
      );
    },

    /**
     * Files the user's report of a listed template. Throws 400 for the user's own template, 409
     * for an official one (the service's own) and when they have an open report on it already,
     * 404/403 for a template the gallery does not list.
     */
    async report(
      user: AuthUser,
      id: string,
      input: { reason: ReportReason; note: string | null },
    ): Promise<void> {
      const api = await listedOrThrow(id);
      if (api.ownerId === user.id) {
        throw new AppError(ErrorCode.BAD_REQUEST, galleryMessages.cannotReportOwn);
      }
      if (api.isOfficial) {
        throw new AppError(ErrorCode.OFFICIAL_TEMPLATE, galleryMessages.officialNotReported);
      }
      const added = await repository.addReport({
        apiId: api.id,
        reporterId: user.id,
        reason: input.reason,
        note: input.note,
      });
      if (!added) throw new AppError(ErrorCode.ALREADY_REPORTED, galleryMessages.alreadyReported);
    },
  };
}

export type GalleryService = ReturnType<typeof createGalleryService>;
