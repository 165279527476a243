import type { JsonValue } from '../json.ts';
import { MAX_TYPE_SEARCH_RESULTS } from '../limits.ts';
import { catalogue } from './catalogue.ts';
import type { DataKind, DataType } from './types.ts';

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

/** The basic types, in catalogue order: the short names every template may use. */
export const basicDataTypes: readonly DataType[] = catalogue.filter((t) => t.category === 'basic');

/** The groups of the catalogue, in catalogue order, `basic` first. */
export const dataTypeCategories: readonly string[] = [...new Set(catalogue.map((t) => t.category))];

/** The filters of the type pickers: All, Basic, and one per kind of dotted type. */
export const TYPE_FILTERS = ['all', 'basic', 'string', 'number', 'object', 'array'] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];

/** A catalogue entry without its generator: what `GET /backend/types` and the UIs show. */
export interface DataTypeInfo {
  name: string;
  kind: DataKind;
  category: string;
  description: string;
  example: JsonValue;
}

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

const searchText = new Map<DataType, string>(
  catalogue.map((t) => [
    t,
    `${t.name}\n${typeof t.example === 'string' ? t.example : JSON.stringify(t.example)}`.toLowerCase(),
  ]),
);

function passesFilter(type: DataType, filter: TypeFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'basic') return type.category === 'basic';
  // Kind filters list the dotted types; the basic ones have a tab of their own.
  return type.category !== 'basic' && type.kind === filter;
}

/**
 * The types whose name or example text contains `query` (case-insensitive), among those the
 * filter admits, in catalogue order, at most `limit` (100, as the pickers show).
 */
export function searchDataTypes(
  query: string,
  filter: TypeFilter = 'all',
  limit = MAX_TYPE_SEARCH_RESULTS,
): DataType[] {
  const needle = query.trim().toLowerCase();
  const found: DataType[] = [];
  for (const type of catalogue) {
    if (found.length >= limit) break;
    if (!passesFilter(type, filter)) continue;
    if (needle === '' || (searchText.get(type) as string).includes(needle)) found.push(type);
  }
  return found;
}

/**
 * For a string that looks like a type name but is none (`string.name.fulname`), the closest
 * catalogue name within a small edit distance, for "did you mean" hints; otherwise undefined.
 * Such strings are still valid templates: they come back verbatim as literals.
 */
export function suggestDataType(text: string): string | undefined {
  if (byName.has(text) || !/^[a-z]+(\.[a-z0-9]+){1,2}$/i.test(text)) return undefined;
  const lower = text.toLowerCase();
  if (byName.has(lower)) return lower;
  const budget = Math.max(1, Math.min(3, Math.floor(lower.length / 6)));
  let best: string | undefined;
  let bestDistance = budget + 1;
  for (const name of byName.keys()) {
    if (Math.abs(name.length - lower.length) >= bestDistance) continue;
    const distance = editDistance(lower, name, bestDistance);
    if (distance < bestDistance) {
      best = name;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `cap`) once it must reach `cap`. */
function editDistance(a: string, b: string, cap: number): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      );
      current.push(value);
      if (value < rowMin) rowMin = value;
    }
    if (rowMin >= cap) return cap;
    previous = current;
  }
  return Math.min(previous[b.length] as number, cap);
}
