import { type JsonValue, jsonByteLength, jsonStringByteLength } from '../json.ts';
import { MAX_TYPE_SEARCH_RESULTS } from '../limits.ts';
import { catalogue } from './catalogue.ts';
import {
  type DataTypeInfo,
  type MisspeltType,
  misspeltTypes,
  searchTypes,
  suggestTypeName,
  suggestTypeNames,
  type TypeFilter,
  typeSearchText,
} from './info.ts';
import { DATA_TYPE_MAX_BYTES } from './max-bytes.ts';
import type { DataType } from './types.ts';

export { type DataTypeInfo, TYPE_FILTERS, type TypeFilter } from './info.ts';

/** The shape of a dotted type name: `kind.category.name`. */
export const DOTTED_TYPE_PATTERN = /^(string|number|boolean|array|object)\.[a-z]+\.[a-z0-9]+$/;

const byName = new Map<string, DataType>(catalogue.map((type) => [type.name, type]));

/** The catalogue entry named `name` (`uuid`, `string.name.fullname`, ...), if there is one. */
export function getDataType(name: string): DataType | undefined {
  return byName.get(name);
}

function countValues(value: JsonValue): number {
  if (Array.isArray(value)) return value.reduce<number>((sum, v) => sum + countValues(v), 1);
  if (value !== null && typeof value === 'object') {
    return Object.values(value).reduce<number>((sum, v) => sum + countValues(v), 1);
  }
  return 1;
}

const weights = new Map<string, number>(catalogue.map((t) => [t.name, countValues(t.example)]));

/**
 * How many JSON values (objects, arrays and leaves) one value of the type holds, judged by its
 * example; 1 for a literal. Used to bound a template's worst-case output size.
 */
export function dataTypeWeight(name: string): number {
  return weights.get(name) ?? 1;
}

// A type without a measured bound (max-bytes.test.ts forbids it) is judged by its example, with
// room to spare: better an answer refused too early than one that outgrows its bound.
const maxBytes = new Map<string, number>(
  catalogue.map((t) => [t.name, DATA_TYPE_MAX_BYTES[t.name] ?? 4 * jsonByteLength(t.example)]),
);

/**
 * The most bytes of UTF-8 JSON one value of the type serialises to, as measured by
 * `npm run measure:type-bounds` with a margin; for a literal (a string that names no type), the
 * exact size of the literal itself, quotes and escapes included. Used to bound a template's
 * worst-case answer size.
 */
export function dataTypeMaxBytes(name: string): number {
  return maxBytes.get(name) ?? jsonStringByteLength(name);
}

/** The basic types, in catalogue order: the short names every template may use. */
export const basicDataTypes: readonly DataType[] = catalogue.filter((t) => t.category === 'basic');

/** The groups of the catalogue, in catalogue order, `basic` first. */
export const dataTypeCategories: readonly string[] = [...new Set(catalogue.map((t) => t.category))];

/** The whole catalogue as plain data (no functions), ready to send as JSON. */
export function describeCatalogue(): DataTypeInfo[] {
  return catalogue.map(({ name, kind, category, description, example }) => ({
    name,
    kind,
    category,
    description,
    example,
  }));
}

const searchText = new Map<DataType, string>(catalogue.map((t) => [t, typeSearchText(t)]));

/**
 * The types whose name or example text contains `query` (case-insensitive), among those the
 * filter admits, in catalogue order, at most `limit` (100, as the pickers show).
 */
export function searchDataTypes(
  query: string,
  filter: TypeFilter = 'all',
  limit = MAX_TYPE_SEARCH_RESULTS,
): DataType[] {
  return searchTypes(catalogue, query, filter, limit, (type) => searchText.get(type) as string);
}

const names: ReadonlySet<string> = new Set(byName.keys());

/**
 * For a string that looks like a type name but is none (`string.name.fulname`), the closest
 * catalogue name within a small edit distance, for "did you mean" hints; otherwise undefined.
 * Such strings are still valid templates: they come back verbatim as literals.
 */
export function suggestDataType(text: string): string | undefined {
  return suggestTypeName(names, text);
}

/** The string values of a parsed template that look like misspelt catalogue types. */
export function misspeltDataTypes(template: unknown): MisspeltType[] {
  return misspeltTypes(template, names);
}

/** The closest catalogue names to a misspelt type name, nearest first (see `suggestTypeNames`). */
export function suggestDataTypes(text: string): string[] {
  return suggestTypeNames(names, text);
}
