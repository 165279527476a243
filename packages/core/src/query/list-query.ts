/**
 * Sorting and pagination of a generated body, driven by the query of a public mock URL
 * (`?sort=price:desc&sort=name&order=asc&page=2&limit=10`). Pure functions: they never mutate
 * the body they are given.
 */
import { ErrorCode, messages } from '../errors.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { MAX_PAGE_LIMIT } from '../limits.ts';

/** A query as web frameworks parse it: repeated parameters become lists. */
export type RawQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

export type SortDirection = 'asc' | 'desc';

/** One sort criterion: a field (dotted paths reach into nested objects) and a direction. */
export interface SortKey {
  field: string;
  direction: SortDirection;
}

/** The validated list parameters of a request. */
export interface ListQuery {
  sort: SortKey[];
  /** 1-based; present when the request asked for a page. */
  page?: number;
  limit?: number;
}

/** A bad list parameter: which one, and the message naming the problem. */
export interface QueryError {
  code: ErrorCode;
  parameter: 'sort' | 'order' | 'page' | 'limit';
  message: string;
}

export type QueryResult<T> = { ok: true; value: T } | { ok: false; error: QueryError };

/** The page size when a request gives `page` without `limit`. */
export const DEFAULT_PAGE_LIMIT = 10;

const WHOLE_NUMBER = /^\d{1,9}$/;

function values(raw: RawQuery, name: string): readonly string[] {
  const value = raw[name];
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
}

function last(raw: RawQuery, name: string): string | undefined {
  const all = values(raw, name);
  return all[all.length - 1];
}

function fail(code: ErrorCode, parameter: QueryError['parameter'], message: string) {
  return { ok: false as const, error: { code, parameter, message } };
}

/**
 * Reads `sort` (repeatable; `field`, `field:asc` or `field:desc`, several also joined by
 * commas), `order` (`asc` or `desc`: the direction of fields given without one), `page` and
 * `limit`. Other parameters are ignored.
 */
export function parseListQuery(raw: RawQuery): QueryResult<ListQuery> {
  const orderText = last(raw, 'order');
  let order: SortDirection = 'asc';
  if (orderText !== undefined && orderText !== '') {
    const lower = orderText.trim().toLowerCase();
    if (lower !== 'asc' && lower !== 'desc') {
      return fail(ErrorCode.INVALID_ORDER, 'order', messages.invalidOrder(orderText));
    }
    order = lower;
  }

  const sort: SortKey[] = [];
  for (const value of values(raw, 'sort')) {
    for (const item of value.split(',')) {
      const text = item.trim();
      if (text === '') continue;
      const colon = text.lastIndexOf(':');
      const field = (colon === -1 ? text : text.slice(0, colon)).trim();
      const directionText =
        colon === -1
          ? undefined
          : text
              .slice(colon + 1)
              .trim()
              .toLowerCase();
      if (
        field === '' ||
        field.split('.').some((segment) => segment === '') ||
        (directionText !== undefined && directionText !== 'asc' && directionText !== 'desc')
      ) {
        return fail(ErrorCode.INVALID_SORT, 'sort', messages.invalidSort(text));
      }
      sort.push({ field, direction: directionText ?? order });
    }
  }

  const query: ListQuery = { sort };
  const pageText = last(raw, 'page');
  const limitText = last(raw, 'limit');
  if (pageText !== undefined) {
    const page = Number(pageText.trim());
    if (!WHOLE_NUMBER.test(pageText.trim()) || page < 1) {
      return fail(ErrorCode.INVALID_PAGE, 'page', messages.invalidPage(pageText));
    }
    query.page = page;
  }
  if (limitText !== undefined) {
    const limit = Number(limitText.trim());
    if (!WHOLE_NUMBER.test(limitText.trim()) || limit < 1 || limit > MAX_PAGE_LIMIT) {
      return fail(ErrorCode.INVALID_LIMIT, 'limit', messages.invalidLimit(limitText));
    }
    query.limit = limit;
  }
  if (query.page !== undefined || query.limit !== undefined) {
    query.page ??= 1;
    query.limit ??= DEFAULT_PAGE_LIMIT;
  }
  return { ok: true, value: query };
}

/** The arrays a list query acts on: the body if it is an array, else its arrays of objects. */
function mapTargets(body: JsonValue, change: (list: JsonValue[]) => JsonValue[]): JsonValue {
  if (Array.isArray(body)) return change(body);
  if (!isJsonObject(body)) return body;
  let out: JsonObject | undefined;
  for (const key of Object.keys(body)) {
    const value = body[key];
    if (Array.isArray(value) && value.every(isJsonObject)) {
      out ??= { ...body };
      out[key] = change(value);
    }
  }
  return out ?? body;
}

// Strings that read as ISO 8601 dates sort in time order rather than as text.
const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const collator = new Intl.Collator('en');

/** A value reduced to what sorting compares: a rank between types, then a number or a text. */
type SortValue = { rank: number; number: number; text: string } | undefined;

const RANK_NUMBER = 0;
const RANK_DATE = 1;
const RANK_STRING = 2;
const RANK_BOOLEAN = 3;
const RANK_OTHER = 4;

function sortValue(element: JsonValue, path: readonly string[]): SortValue {
  let value: JsonValue | undefined = element;
  for (const segment of path) {
    if (!isJsonObject(value)) return undefined;
    value = value[segment];
  }
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return { rank: RANK_NUMBER, number: value, text: '' };
  if (typeof value === 'boolean') return { rank: RANK_BOOLEAN, number: value ? 1 : 0, text: '' };
  if (typeof value === 'string') {
    if (ISO_DATE.test(value)) {
      const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
      if (!Number.isNaN(time)) return { rank: RANK_DATE, number: time, text: '' };
    }
    return { rank: RANK_STRING, number: 0, text: value };
  }
  return { rank: RANK_OTHER, number: 0, text: '' };
}

function compareValues(a: SortValue, b: SortValue, direction: SortDirection): number {
  // Missing values go last whatever the direction.
  if (a === undefined) return b === undefined ? 0 : 1;
  if (b === undefined) return -1;
  let result: number;
  if (a.rank !== b.rank) result = a.rank - b.rank;
  else if (a.rank === RANK_STRING) result = collator.compare(a.text, b.text);
  else result = a.number - b.number;
  return direction === 'desc' ? -result : result;
}

/**
 * Sorts the body's list(s) by the keys, first key first: numbers numerically, strings as
 * text (locale-aware), ISO dates in time order, missing values last; stable. Returns new
 * arrays; the body is not changed.
 */
export function sortBody(body: JsonValue, sort: readonly SortKey[]): JsonValue {
  if (sort.length === 0) return body;
  const paths = sort.map((key) => key.field.split('.'));
  return mapTargets(body, (list) => {
    const keyed = list.map((element, index) => ({
      element,
      index,
      keys: paths.map((path) => sortValue(element, path)),
    }));
    keyed.sort((a, b) => {
      for (let i = 0; i < sort.length; i++) {
        const result = compareValues(a.keys[i], b.keys[i], (sort[i] as SortKey).direction);
        if (result !== 0) return result;
      }
      return a.index - b.index;
    });
    return keyed.map((entry) => entry.element);
  });
}

/** Where the `Link` header's URLs point: the request's path and its query. */
export interface LinkBase {
  path: string;
  query: RawQuery;
}

/** A body with the headers that describe it. */
export interface ListResponse {
  body: JsonValue;
  headers: Record<string, string>;
}

/**
 * Cuts page `page` of `limit` items out of the body's list(s) and describes it with
 * `X-Total-Count` (the items before paging; the longest list when the body holds several)
 * and, given the request's path, a `Link` header with first, prev, next and last pages.
 */
export function paginateBody(
  body: JsonValue,
  page: number,
  limit: number,
  link?: LinkBase,
): ListResponse {
  let total = 0;
  const start = (page - 1) * limit;
  const paged = mapTargets(body, (list) => {
    total = Math.max(total, list.length);
    return list.slice(start, start + limit);
  });
  const headers: Record<string, string> = { 'X-Total-Count': String(total) };
  if (link) {
    const lastPage = Math.max(1, Math.ceil(total / limit));
    const rels: [string, number][] = [['first', 1]];
    if (page > 1) rels.push(['prev', Math.min(page - 1, lastPage)]);
    if (page < lastPage) rels.push(['next', page + 1]);
    rels.push(['last', lastPage]);
    const header = rels
      .map(([rel, target]) => `<${pageUrl(link, target, limit)}>; rel="${rel}"`)
      .join(', ');
    // A very long sort list can still make it long; clients cap a header near 8-16 KiB.
    if (header.length <= MAX_LINK_HEADER_LENGTH) headers.Link = header;
  }
  return { body: paged, headers };
}

/**
 * The parameters a page's link carries on besides page and limit: those that shape the answer
 * (the same order, the same generated data). Any other parameter stays out, so that the header,
 * which names four URLs, is not four copies of whatever a caller put in the query.
 */
const LINKED_PARAMETERS = new Set(['sort', 'order', 'seed']);

/** Past this, the Link header is left out (X-Total-Count still tells the total): 4 KiB. */
export const MAX_LINK_HEADER_LENGTH = 4096;

function pageUrl(link: LinkBase, page: number, limit: number): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(link.query)) {
    if (!LINKED_PARAMETERS.has(name) || value === undefined) continue;
    for (const v of typeof value === 'string' ? [value] : value) {
      parts.push(`${encodeURIComponent(name)}=${encodeURIComponent(v)}`);
    }
  }
  parts.push(`page=${page}`, `limit=${limit}`);
  return `${link.path}?${parts.join('&')}`;
}

/**
 * Applies validated list parameters to a generated body: sorting first, then pagination (with
 * the `Link` header when `link` is given). Validate with {@link parseListQuery} before
 * generating, so that a bad parameter never costs a generation.
 */
export function applyParsedListQuery(
  body: JsonValue,
  { sort, page, limit }: ListQuery,
  link?: LinkBase,
): ListResponse {
  const sorted = sortBody(body, sort);
  if (page === undefined || limit === undefined) return { body: sorted, headers: {} };
  return paginateBody(sorted, page, limit, link);
}

/**
 * Applies a request's list parameters to a generated body: sorting first, then pagination.
 * Returns the new body and the headers to send, or the first bad parameter.
 */
export function applyListQuery(
  body: JsonValue,
  raw: RawQuery,
  linkPath?: string,
): QueryResult<ListResponse> {
  const parsed = parseListQuery(raw);
  if (!parsed.ok) return parsed;
  const link = linkPath === undefined ? undefined : { path: linkPath, query: raw };
  return { ok: true, value: applyParsedListQuery(body, parsed.value, link) };
}
