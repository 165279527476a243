/**
 * A collection's answer made whole: the page of a list query (or one record), each record with
 * the records it `_expand`s and `_embed`s, the bounds of one call checked before anything is
 * serialised (the bytes of the answer, the records it joins), and the JSON text. Pure, so that
 * the server answers a light call on its event loop and a heavy one in its worker thread, the
 * same bytes either way; and it says beforehand how many records a call reads, which is how the
 * server tells the two apart.
 */
import { ErrorCode } from '../errors.ts';
import type { JsonObject, JsonValue } from '../json.ts';
import type { RawQuery } from '../query/list-query.ts';
import { queryCollection, recordsRead } from './query.ts';
import { ID_FIELD } from './records.ts';

/** The most records one call joins through `_expand` and `_embed` (a collection's most). */
export const MAX_JOINED_RECORDS = 10_000;

/**
 * One `_expand` or `_embed` of a call, resolved to the records it joins from.
 * - `expand` (`_expand=user` on orders): each record's `field` (`userId`) names a target's id;
 *   the target record, or null, goes under `name`.
 * - `embed` (`_embed=orders` on users): the target records whose `field` (`userId`) holds the
 *   record's `ownField` (`id`) go, in their order, under `name`.
 */
export type ListRelation =
  | { kind: 'expand'; name: string; field: string; records: readonly JsonObject[] }
  | {
      kind: 'embed';
      name: string;
      field: string;
      ownField: string;
      records: readonly JsonObject[];
    };

/** A refusal of a call past its bounds (400), naming what to change. */
export interface ListRefusal {
  ok: false;
  error: { code: ErrorCode; message: string };
}

/** An answer's headers and JSON text, or the refusal naming what to change. */
export type ListAnswerResult =
  | { ok: true; value: { headers: Record<string, string>; payload: string } }
  | ListRefusal;

/** A record's id as the records' ids are keyed: text. */
export const recordKey = (id: JsonValue | undefined): string =>
  typeof id === 'string' ? id : String(id);

/** The bytes of a record as JSON, once per record object. */
const sizes = new WeakMap<JsonObject, number>();

/** The bytes of `record` as JSON (measured once per record object). */
export function recordSize(record: JsonObject): number {
  let size = sizes.get(record);
  if (size === undefined) {
    size = utf8Length(JSON.stringify(record));
    sizes.set(record, size);
  }
  return size;
}

/** Tells the size of a record measured elsewhere (read from the database with its bytes). */
export function knowRecordSize(record: JsonObject, bytes: number): void {
  sizes.set(record, bytes);
}

function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) bytes += 1;
    else if (code >= 0xd800 && code <= 0xdbff) {
      // A surrogate pair: 4 bytes for its 2 code units (JSON.stringify leaves none alone).
      bytes += 2;
      i++;
    } else bytes += 2;
  }
  return bytes;
}

/** The indexes of one array of records: by text id, and by the value of each embedded field. */
interface Indexes {
  byId?: Map<string, JsonObject>;
  byField: Map<string, Map<JsonValue, JsonObject[]>>;
}
const indexes = new WeakMap<readonly JsonObject[], Indexes>();

function indexesOf(records: readonly JsonObject[]): Indexes {
  let found = indexes.get(records);
  if (found === undefined) {
    found = { byField: new Map() };
    indexes.set(records, found);
  }
  return found;
}

/** The records by their id as text (what `_expand` looks up), built once per array. */
function byId(records: readonly JsonObject[]): Map<string, JsonObject> {
  const held = indexesOf(records);
  if (held.byId === undefined) {
    held.byId = new Map();
    for (const record of records) held.byId.set(recordKey(record[ID_FIELD]), record);
  }
  return held.byId;
}

/**
 * The records whose `field` holds each value, in the records' order: what `_embed` joins, one
 * lookup per record rather than a pass over every record for each (10,000 by 1,000 took half a
 * second of the event loop). Built once per array; a Map's keys compare as `===` does on JSON
 * values (an object field matches only itself, as before).
 */
function byField(records: readonly JsonObject[], field: string): Map<JsonValue, JsonObject[]> {
  const held = indexesOf(records);
  let index = held.byField.get(field);
  if (index === undefined) {
    index = new Map();
    for (const record of records) {
      const value = record[field];
      if (value === undefined) continue;
      const same = index.get(value);
      if (same === undefined) index.set(value, [record]);
      else same.push(record);
    }
    held.byField.set(field, index);
  }
  return index;
}

function tooLarge(bytes: number, max: number): ListRefusal {
  return {
    ok: false,
    error: {
      code: ErrorCode.LIST_TOO_LARGE,
      message: `The answer is over ${bytes} bytes, past the ${max} bytes an answer may hold: ask for a page of it (_page and _limit, or page and limit), or expand and embed less`,
    },
  };
}

const tooManyJoined = (): ListRefusal => ({
  ok: false,
  error: {
    code: ErrorCode.LIST_TOO_LARGE,
    message: `A call joins at most ${MAX_JOINED_RECORDS.toLocaleString('en-US')} records through _expand and _embed; this one joins more: ask for a smaller page (_page and _limit, or page and limit), or embed less`,
  },
});

/**
 * The records with their related records, counted as they are joined: past `maxBytes` or
 * MAX_JOINED_RECORDS joined, the refusal, before anything is serialised. `bytes` is what the
 * records themselves take.
 */
export function joinRelations(
  records: readonly JsonObject[],
  relations: readonly ListRelation[],
  bytes: number,
  maxBytes: number,
): { ok: true; value: JsonObject[] } | ListRefusal {
  let total = bytes;
  let joinedCount = 0;
  const joined: JsonObject[] = [];
  for (const record of records) {
    const out: JsonObject = { ...record };
    for (const relation of relations) {
      let found: JsonObject[] | JsonObject | null;
      if (relation.kind === 'expand') {
        const value = record[relation.field];
        found =
          value === undefined || value === null
            ? null
            : (byId(relation.records).get(recordKey(value)) ?? null);
        if (found !== null) {
          joinedCount++;
          total += recordSize(found) + 1;
        }
      } else {
        const value = record[relation.ownField];
        const same =
          value === undefined ? undefined : byField(relation.records, relation.field).get(value);
        found = same === undefined ? [] : [...same];
        joinedCount += found.length;
        // Before measuring them: a value shared by every record embeds them all.
        if (joinedCount > MAX_JOINED_RECORDS) return tooManyJoined();
        for (const other of found) total += recordSize(other) + 1;
      }
      if (joinedCount > MAX_JOINED_RECORDS) return tooManyJoined();
      if (total > maxBytes) return tooLarge(total, maxBytes);
      out[relation.name] = found;
    }
    joined.push(out);
  }
  return { ok: true, value: joined };
}

/**
 * The answer to a list call: its page of `records` for the query (400 naming a bad parameter),
 * each record joined with `relations`, within `maxBytes` of JSON (else 400 asking for a page).
 */
export function answerList(
  records: readonly JsonObject[],
  raw: RawQuery,
  options: { pageUrl: string; relations: readonly ListRelation[]; maxBytes: number },
): ListAnswerResult {
  const result = queryCollection(records, raw, { pageUrl: options.pageUrl });
  if (!result.ok) return { ok: false, error: result.error };
  const { records: page, headers } = result.value;
  let bytes = 2;
  for (const record of page) bytes += recordSize(record) + 1;
  if (bytes > options.maxBytes) return tooLarge(bytes, options.maxBytes);
  if (options.relations.length === 0) {
    return { ok: true, value: { headers, payload: JSON.stringify(page) } };
  }
  const joined = joinRelations(page, options.relations, bytes, options.maxBytes);
  if (!joined.ok) return joined;
  return { ok: true, value: { headers, payload: JSON.stringify(joined.value) } };
}

/**
 * How many records a list call reads: those of its collection's `count` that the query reads
 * (core's `recordsRead`), and every record of each collection it expands or embeds (the first
 * call indexes them).
 */
export function recordsReadBy(
  count: number,
  raw: RawQuery,
  relations: readonly Pick<ListRelation, 'records'>[],
): number {
  let read = recordsRead(raw, count);
  for (const relation of relations) read += relation.records.length;
  return read;
}
