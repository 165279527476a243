/**
 * The list query of a collection route: filters, full text, sort and pagination, with the syntax
 * users know from json-server 0.17 (`?age_gte=30&_sort=age&_order=desc&_page=2`) beside
 * Mocksmith's own (`?sort=age:desc&page=2&limit=10`). A pure function over the records: the
 * server loads them, calls {@link queryCollection}, answers 400 with the error's message when
 * a parameter is bad, and sends the headers.
 *
 * `_like` is a case-insensitive regular expression, as in json-server, run by RE2 (re2js, as the
 * rules' patterns are): matching is linear in the text, so no pattern can hold the server, and
 * one RE2 cannot run (a backreference, a lookaround) is refused with RE2's reason. Where we part
 * from json-server 0.17 on purpose: bad numbers in `_page`, `_limit`, `_start`, `_end` are
 * refused instead of read as defaults; `_start` alone skips records; `X-Total-Count` is always
 * sent; every form of pagination gets a `Link` header.
 */
import { RE2JS } from 're2js';
import { ErrorCode } from '../errors.ts';
import { isJsonObject, type JsonObject, type JsonValue } from '../json.ts';
import { MAX_PAGE_LIMIT } from '../limits.ts';
import {
  DEFAULT_PAGE_LIMIT,
  MAX_LINK_HEADER_LENGTH,
  parseListQuery,
  type RawQuery,
  sortBody,
} from '../query/list-query.ts';

/** A bad parameter of a list query: which one, and the message naming the problem. */
export interface CollectionQueryError {
  code: ErrorCode;
  parameter: string;
  message: string;
}

/** One page of a collection and the headers that describe it. */
export interface CollectionPage {
  records: JsonObject[];
  /** The records that matched the filters, before pagination: `X-Total-Count`. */
  total: number;
  headers: Record<string, string>;
}

export type CollectionQueryResult =
  | { ok: true; value: CollectionPage }
  | { ok: false; error: CollectionQueryError };

/**
 * Parameters that shape the answer and are never a field filter. `callback` and `_` are
 * JSONP's and jQuery's cache buster, which json-server ignores too; `__session` picks a sandbox;
 * `_embed` and `_expand` are the server's (they read other collections). A record field named
 * like one of these cannot be filtered on.
 */
const RESERVED = new Set([
  'q',
  '_sort',
  '_order',
  '_page',
  '_limit',
  '_per_page',
  '_start',
  '_end',
  '_embed',
  '_expand',
  'sort',
  'order',
  'page',
  'limit',
  'callback',
  '_',
  '__session',
]);

/** Parameters that only page the list (or are the server's): a query of these alone reads its page. */
const PAGING = new Set([
  '_page',
  '_limit',
  '_per_page',
  '_start',
  '_end',
  'page',
  'limit',
  '_order',
  'order',
  '_embed',
  '_expand',
  'callback',
  '_',
  '__session',
]);

const OPERATOR = /(_gte|_lte|_ne|_like)$/;
const WHOLE_NUMBER = /^\d{1,9}$/;

type Operator = 'eq' | 'gte' | 'lte' | 'ne' | 'like';

interface Filter {
  path: string[];
  operator: Operator;
  values: readonly string[];
  /** `_like`'s values, compiled (case-insensitive), and the query's budget of text to match. */
  patterns?: readonly RE2JS[];
  scan?: { left: number };
}

/** The longest `_like` pattern: RE2's automaton grows with it. */
export const MAX_LIKE_PATTERN_LENGTH = 500;

/**
 * The most characters the `_like` filters of one query match against: 2 million, 20 to 35 ms of
 * RE2 in JavaScript on our machines (`(x+)+$` against 10,000 fields of 200 characters), so that
 * no list call holds the event loop long whatever its collection holds; 10,000 records of short
 * fields are far below it. Past it, a 400 asks to narrow the list (the other filters run first).
 */
export const MAX_LIKE_SCAN_CHARS = 2_000_000;

/** Thrown out of the filtering when the `_like` budget is spent; turned into the 400. */
class LikeScanSpent {
  constructor(readonly parameter: string) {}
}

function valuesOf(raw: RawQuery, name: string): readonly string[] {
  const value = raw[name];
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
}

function lastOf(raw: RawQuery, name: string): string | undefined {
  const all = valuesOf(raw, name);
  return all[all.length - 1];
}

function fail(code: ErrorCode, parameter: string, message: string): CollectionQueryResult {
  return { ok: false, error: { code, parameter, message } };
}

/** The value at a dotted path (`author.name`, `tags.0`), as lodash's `get` finds it. */
function valueAt(record: JsonValue, path: readonly string[]): JsonValue | undefined {
  let value: JsonValue | undefined = record;
  for (const segment of path) {
    if (Array.isArray(value)) value = /^\d+$/.test(segment) ? value[Number(segment)] : undefined;
    else if (isJsonObject(value))
      value = Object.hasOwn(value, segment) ? value[segment] : undefined;
    else return undefined;
  }
  return value;
}

/** A value as json-server compares it: JavaScript's `toString` (arrays join with commas). */
function asText(value: JsonValue): string {
  if (Array.isArray(value))
    return value.map((item) => (item === null ? '' : asText(item))).join(',');
  if (isJsonObject(value)) return '[object Object]';
  return String(value);
}

/**
 * `_gte`/`_lte` as JavaScript's `<=` between the query's text and the field: numbers (and
 * booleans) numerically, strings as text. That is json-server's comparison, so `age_gte=30`
 * is numeric on a number field and `name_gte=m` is alphabetical on a text field.
 */
function atMost(low: JsonValue | string, high: JsonValue | string): boolean {
  if (typeof low === 'string' && typeof high === 'string') return low <= high;
  const a = typeof low === 'string' ? Number(low) : Number(isJsonObject(low) ? Number.NaN : low);
  const b =
    typeof high === 'string' ? Number(high) : Number(isJsonObject(high) ? Number.NaN : high);
  return a <= b;
}

function matches(record: JsonObject, { path, operator, values, patterns, scan }: Filter): boolean {
  const value = valueAt(record, path);
  // A missing or null field matches no filter, `_ne` included, as in json-server.
  if (value === undefined || value === null) return false;
  const text = asText(value);
  switch (operator) {
    case 'ne':
      return values.every((v) => v !== text);
    case 'gte':
      return values.some((v) => atMost(v, value));
    case 'lte':
      return values.some((v) => atMost(value, v));
    case 'like': {
      const budget = scan as { left: number };
      budget.left -= text.length * (patterns as readonly RE2JS[]).length;
      if (budget.left < 0) throw new LikeScanSpent(`${path.join('.')}_like`);
      return (patterns as readonly RE2JS[]).some((pattern) => pattern.test(text));
    }
    default:
      return values.some((v) => v === text);
  }
}

/** json-server's full text: any string, number or boolean anywhere in the record (not 0, false or ''). */
function containsText(value: JsonValue, needle: string): boolean {
  if (!value) return false;
  if (Array.isArray(value)) return value.some((item) => containsText(item, needle));
  if (isJsonObject(value)) return Object.values(value).some((item) => containsText(item, needle));
  return String(value).toLowerCase().includes(needle);
}

/**
 * The filters of the query, or the error of a `_like` pattern RE2 refuses. A plain
 * `field=value` whose field no record has is dropped, as json-server drops it, so that a
 * parameter the client adds for itself does not empty the list.
 */
function filtersOf(
  records: readonly JsonObject[],
  raw: RawQuery,
): Filter[] | CollectionQueryResult {
  const filters: Filter[] = [];
  const scan = { left: MAX_LIKE_SCAN_CHARS };
  for (const key of Object.keys(raw)) {
    if (RESERVED.has(key)) continue;
    const values = valuesOf(raw, key);
    if (values.length === 0) continue;
    const suffix = OPERATOR.exec(key)?.[1];
    const path = (suffix ? key.slice(0, -suffix.length) : key).split('.');
    if (!suffix) {
      const whole = key.split('.');
      if (!records.some((record) => valueAt(record, whole) !== undefined)) continue;
    }
    const operator = suffix ? (suffix.slice(1) as Operator) : 'eq';
    if (operator !== 'like') {
      filters.push({ path, operator, values });
      continue;
    }
    const patterns: RE2JS[] = [];
    for (const value of values) {
      const compiled = likePattern(key, value);
      if (!(compiled instanceof RE2JS)) return compiled;
      patterns.push(compiled);
    }
    filters.push({ path, operator, values, patterns, scan });
  }
  // The cheap comparisons first, so that they narrow what the patterns read.
  return filters.sort((a, b) => Number(a.operator === 'like') - Number(b.operator === 'like'));
}

/** A `_like` value compiled by RE2, case-insensitive; a 400 naming it when RE2 refuses it. */
function likePattern(parameter: string, pattern: string): RE2JS | CollectionQueryResult {
  const shown = pattern.length > 80 ? `${pattern.slice(0, 80)}…` : pattern;
  if (pattern.length > MAX_LIKE_PATTERN_LENGTH) {
    return fail(
      ErrorCode.INVALID_FILTER,
      parameter,
      `${parameter}: the pattern /${shown}/ is longer than ${MAX_LIKE_PATTERN_LENGTH} characters`,
    );
  }
  try {
    return RE2JS.compile(pattern, RE2JS.CASE_INSENSITIVE);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).replace(
      /^error parsing regexp: /,
      '',
    );
    return fail(
      ErrorCode.INVALID_FILTER,
      parameter,
      `${parameter}: the pattern /${shown}/ cannot be used: ${reason} (_like runs RE2 regular expressions, in linear time: no backreferences or lookarounds)`,
    );
  }
}

/** lodash's ascending order, which `_sort` follows: numbers and strings by `<`, missing last. */
function compareAscending(a: JsonValue | undefined, b: JsonValue | undefined): number {
  const aMissing = a === undefined || a === null;
  const bMissing = b === undefined || b === null;
  if (aMissing || bMissing) return aMissing === bMissing ? 0 : aMissing ? 1 : -1;
  if (
    typeof a === typeof b &&
    (typeof a === 'number' || typeof a === 'string' || typeof a === 'boolean')
  ) {
    return a < (b as typeof a) ? -1 : a > (b as typeof a) ? 1 : 0;
  }
  const x = asText(a);
  const y = asText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `_sort=a,b&_order=desc,asc`: a field without its own order is ascending, as in lodash. */
function sortLikeJsonServer(
  records: JsonObject[],
  sortText: string,
  orderText: string | undefined,
): CollectionQueryResult | JsonObject[] {
  const fields = sortText.split(',').map((field) => field.trim());
  if (fields.some((field) => field === '' || field.split('.').includes(''))) {
    return fail(
      ErrorCode.INVALID_SORT,
      '_sort',
      `Invalid _sort "${sortText}": use field names separated by commas`,
    );
  }
  const orders = (orderText ?? '').split(',').map((order) => order.trim().toLowerCase());
  if (
    orderText !== undefined &&
    orders.some((order) => order !== 'asc' && order !== 'desc' && order !== '')
  ) {
    return fail(
      ErrorCode.INVALID_ORDER,
      '_order',
      `Invalid _order "${orderText}": use asc or desc, one per _sort field`,
    );
  }
  const paths = fields.map((field) => field.split('.'));
  const keyed = records.map((record, index) => ({
    record,
    index,
    keys: paths.map((path) => valueAt(record, path)),
  }));
  keyed.sort((a, b) => {
    for (let i = 0; i < paths.length; i++) {
      const result = compareAscending(a.keys[i], b.keys[i]);
      if (result !== 0) return orders[i] === 'desc' ? -result : result;
    }
    return a.index - b.index;
  });
  return keyed.map((entry) => entry.record);
}

/** A whole number read from the query, or the error naming the parameter. */
function wholeNumber(
  raw: RawQuery,
  name: string,
  min: number,
  max: number,
  code: ErrorCode,
): number | undefined | CollectionQueryResult {
  const text = lastOf(raw, name);
  if (text === undefined) return undefined;
  const trimmed = text.trim();
  const value = Number(trimmed);
  if (!WHOLE_NUMBER.test(trimmed) || value < min || value > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `of ${min} or more` : `from ${min} to ${max}`;
    return fail(code, name, `Invalid ${name} "${text}": use a whole number ${range}`);
  }
  return value;
}

function isError(value: unknown): value is CollectionQueryResult {
  return typeof value === 'object' && value !== null && 'ok' in value;
}

/** Which records a page takes, and how its neighbours are asked for. */
interface Window {
  start: number;
  size: number;
  /** The query of the page starting at `start`, every other parameter kept. */
  linkTo: (start: number) => Array<[string, string]>;
}

/** The query with the paging parameters replaced, the others kept in their order. */
function withParameters(raw: RawQuery, replaced: Record<string, string>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const key of Object.keys(raw)) {
    if (key in replaced) continue;
    for (const value of valuesOf(raw, key)) out.push([key, value]);
  }
  for (const [key, value] of Object.entries(replaced)) out.push([key, value]);
  return out;
}

/**
 * The page the query asks for, in the first form present: `_page` (with `_limit` or
 * `_per_page`, 10 by default), `_start` with `_end` or `_limit`, `_limit` alone, then `page`
 * and `limit`. `undefined` when the query asks for the whole list.
 */
function windowOf(raw: RawQuery): Window | undefined | CollectionQueryResult {
  const max = Number.MAX_SAFE_INTEGER;
  const page = wholeNumber(raw, '_page', 1, 999_999_999, ErrorCode.INVALID_PAGE);
  if (isError(page)) return page;
  const limit = wholeNumber(raw, '_limit', 1, MAX_PAGE_LIMIT, ErrorCode.INVALID_LIMIT);
  if (isError(limit)) return limit;
  const perPage = wholeNumber(raw, '_per_page', 1, MAX_PAGE_LIMIT, ErrorCode.INVALID_LIMIT);
  if (isError(perPage)) return perPage;
  const start = wholeNumber(raw, '_start', 0, max, ErrorCode.INVALID_PAGE);
  if (isError(start)) return start;
  const end = wholeNumber(raw, '_end', 0, max, ErrorCode.INVALID_PAGE);
  if (isError(end)) return end;

  if (page !== undefined || (perPage !== undefined && start === undefined && end === undefined)) {
    const size = limit ?? perPage ?? DEFAULT_PAGE_LIMIT;
    return {
      start: ((page ?? 1) - 1) * size,
      size,
      linkTo: (from) => withParameters(raw, { _page: String(from / size + 1) }),
    };
  }
  if (end !== undefined) {
    const from = start ?? 0;
    if (end < from) {
      return fail(
        ErrorCode.INVALID_PAGE,
        '_end',
        `Invalid _end "${lastOf(raw, '_end')}": it is before _start (${from})`,
      );
    }
    if (end - from > MAX_PAGE_LIMIT) {
      return fail(
        ErrorCode.INVALID_LIMIT,
        '_end',
        `Invalid _end "${lastOf(raw, '_end')}": a page holds at most ${MAX_PAGE_LIMIT} records from _start`,
      );
    }
    const size = end - from;
    return {
      start: from,
      size,
      linkTo: (at) => withParameters(raw, { _start: String(at), _end: String(at + size) }),
    };
  }
  if (limit !== undefined || start !== undefined) {
    // `_start` alone takes at most a full page, as `_limit` could not ask for more.
    const size = limit ?? perPage ?? MAX_PAGE_LIMIT;
    return {
      start: start ?? 0,
      size,
      linkTo: (at) => withParameters(raw, { _start: String(at), _limit: String(size) }),
    };
  }
  const own = parseListQuery({ page: raw.page, limit: raw.limit });
  if (!own.ok) return fail(own.error.code, own.error.parameter, own.error.message);
  if (own.value.page === undefined || own.value.limit === undefined) return undefined;
  const size = own.value.limit;
  return {
    start: (own.value.page - 1) * size,
    size,
    linkTo: (from) => withParameters(raw, { page: String(from / size + 1), limit: String(size) }),
  };
}

/**
 * The RFC 8288 `Link` header of a page: first, prev (when not on the first), next (when
 * records follow) and last. Offsets keep the first page's alignment so that following `next`
 * from the first page visits every record once; left out past {@link MAX_LINK_HEADER_LENGTH}.
 */
function linkHeader(baseUrl: string, window: Window, total: number): string | undefined {
  if (window.size === 0) return undefined;
  const lastStart = total === 0 ? 0 : Math.floor((total - 1) / window.size) * window.size;
  const rels: Array<[string, number]> = [['first', 0]];
  if (window.start > 0)
    rels.push(['prev', Math.min(Math.max(0, window.start - window.size), lastStart)]);
  if (window.start + window.size < total) rels.push(['next', window.start + window.size]);
  rels.push(['last', lastStart]);
  const header = rels
    .map(([rel, start]) => {
      const query = window
        .linkTo(start)
        .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
        .join('&');
      return `<${baseUrl}?${query}>; rel="${rel}"`;
    })
    .join(', ');
  return header.length <= MAX_LINK_HEADER_LENGTH ? header : undefined;
}

/**
 * Answers a list request on a collection: filters (`field=value`, repeated for any of;
 * `field_gte`, `_lte`, `_ne`, `_like`; dotted paths), full text `q`, then sort (`_sort` and
 * `_order`, or `sort` and `order`), then one page. `pageUrl` is the list's URL; its query, if
 * any, is replaced by the request's in the `Link` header. Never throws: a bad parameter comes
 * back as an error naming it.
 */
export function queryCollection(
  records: readonly JsonObject[],
  raw: RawQuery,
  { pageUrl }: { pageUrl: string },
): CollectionQueryResult {
  const sortText = lastOf(raw, '_sort');
  if (sortText !== undefined && raw.sort !== undefined) {
    return fail(
      ErrorCode.INVALID_SORT,
      '_sort',
      'Use either _sort (with _order) or sort, not both',
    );
  }
  const window = windowOf(raw);
  if (isError(window)) return window;
  const own = parseListQuery({ sort: raw.sort, order: raw.order });
  if (!own.ok) return fail(own.error.code, own.error.parameter, own.error.message);

  const filters = filtersOf(records, raw);
  if (!Array.isArray(filters)) return filters;
  const q = valuesOf(raw, 'q')[0]?.toLowerCase();
  // Without filters the records are not copied: a page of a large collection costs its page.
  let found: readonly JsonObject[];
  try {
    found =
      filters.length === 0 && !q
        ? records
        : records.filter(
            (record) =>
              (!q || Object.values(record).some((value) => containsText(value, q))) &&
              filters.every((filter) => matches(record, filter)),
          );
  } catch (error) {
    if (!(error instanceof LikeScanSpent)) throw error;
    return fail(
      ErrorCode.INVALID_FILTER,
      error.parameter,
      `${error.parameter}: its patterns would read more than ${MAX_LIKE_SCAN_CHARS.toLocaleString('en-US')} characters of this list; narrow it with other filters (field=value, _gte, _lte, _ne and q run first)`,
    );
  }

  if (sortText !== undefined) {
    const sorted = sortLikeJsonServer([...found], sortText, lastOf(raw, '_order'));
    if (!Array.isArray(sorted)) return sorted;
    found = sorted;
  } else if (own.value.sort.length > 0) {
    found = sortBody([...found], own.value.sort) as JsonObject[];
  }

  const total = found.length;
  const headers: Record<string, string> = { 'X-Total-Count': String(total) };
  if (window === undefined) return { ok: true, value: { records: [...found], total, headers } };
  const link = linkHeader(pageUrl.split('?')[0] as string, window, total);
  if (link !== undefined) headers.Link = link;
  return {
    ok: true,
    value: { records: found.slice(window.start, window.start + window.size), total, headers },
  };
}

/**
 * How many of `count` records answering `raw` reads: all of them when the query filters,
 * searches (`q`) or sorts, or asks for the whole list; else those of its page; none when a
 * paging parameter is refused (the call is refused before reading any).
 */
export function recordsRead(raw: RawQuery, count: number): number {
  const window = windowOf(raw);
  if (isError(window)) return 0;
  if (window === undefined) return count;
  for (const key of Object.keys(raw)) if (!PAGING.has(key)) return count;
  return Math.max(0, Math.min(window.size, count - window.start));
}
