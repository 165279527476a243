/**
 * The catalogue as plain data (names, kinds, descriptions, examples, no generators) and the
 * searches over it. Free of faker, so the web can import it and run the same searches on the
 * list `GET /backend/types` sends; `lookup.ts` runs them on the catalogue itself.
 */
import type { JsonValue } from '../json.ts';
import { MAX_TYPE_SEARCH_RESULTS } from '../limits.ts';

/** The kinds of value a type gives (the first part of a dotted name). */
export type DataKind = 'string' | 'number' | 'boolean' | 'array' | 'object';

/** A catalogue entry without its generator: what `GET /backend/types` and the UIs show. */
export interface DataTypeInfo {
  name: string;
  kind: DataKind;
  category: string;
  description: string;
  example: JsonValue;
}

/** The filters of the type pickers: All, Basic, and one per kind of dotted type. */
export const TYPE_FILTERS = ['all', 'basic', 'string', 'number', 'object', 'array'] as const;
export type TypeFilter = (typeof TYPE_FILTERS)[number];

/** A type's example as text (JSON for non-strings), cut to `maxLength` with "..." when given. */
export function exampleText(type: DataTypeInfo, maxLength?: number): string {
  const text = typeof type.example === 'string' ? type.example : JSON.stringify(type.example);
  return maxLength !== undefined && text.length > maxLength
    ? `${text.slice(0, maxLength - 3)}...`
    : text;
}

/** What the search matches for a type: its name and its example as text, lower-cased. */
export function typeSearchText(type: DataTypeInfo): string {
  return `${type.name}\n${exampleText(type)}`.toLowerCase();
}

/** Whether a type passes a picker filter. */
export function passesTypeFilter(type: DataTypeInfo, filter: TypeFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'basic') return type.category === 'basic';
  // Kind filters list the dotted types; the basic ones have a tab of their own.
  return type.category !== 'basic' && type.kind === filter;
}

/**
 * The types of `types` whose name or example text contains `query` (case-insensitive), among
 * those the filter admits, in the list's order, at most `limit` (100, as the pickers show).
 * `text` gives each type's search text (precomputed by callers that search often).
 */
export function searchTypes<T extends DataTypeInfo>(
  types: readonly T[],
  query: string,
  filter: TypeFilter = 'all',
  limit = MAX_TYPE_SEARCH_RESULTS,
  text: (type: T) => string = typeSearchText,
): T[] {
  const needle = query.trim().toLowerCase();
  const found: T[] = [];
  for (const type of types) {
    if (found.length >= limit) break;
    if (!passesTypeFilter(type, filter)) continue;
    if (needle === '' || text(type).includes(needle)) found.push(type);
  }
  return found;
}

/**
 * For a string that looks like a type name but is none of `names` (`string.name.fulname`), the
 * closest name within a small edit distance, for "did you mean" hints; otherwise undefined.
 * Such strings are still valid templates: they come back verbatim as literals.
 */
export function suggestTypeName(names: ReadonlySet<string>, text: string): string | undefined {
  if (names.has(text) || !/^[a-z]+(\.[a-z0-9]+){1,2}$/i.test(text)) return undefined;
  const lower = text.toLowerCase();
  if (names.has(lower)) return lower;
  const budget = Math.max(1, Math.min(3, Math.floor(lower.length / 6)));
  let best: string | undefined;
  let bestDistance = budget + 1;
  for (const name of names) {
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
