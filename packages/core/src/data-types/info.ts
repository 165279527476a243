/**
 * The catalogue as plain data (names, kinds, descriptions, examples, no generators) and the
 * searches over it. Free of faker, so the web can import it and run the same searches on the
 * list `GET /backend/types` sends; `lookup.ts` runs them on the catalogue itself.
 */
import type { JsonValue } from '../json.ts';
import { MAX_TYPE_SEARCH_RESULTS } from '../limits.ts';
import { indexPath, keyPath, ROOT_PATH } from '../template/path.ts';

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

/** How many names a "did you mean" offers at most. */
export const MAX_TYPE_SUGGESTIONS = 3;

/**
 * For a string that looks like a type name but is none of `names` (`string.name.fulname`), the
 * closest names within a small edit distance (up to 3 edits, fewer for short names), nearest
 * first, at most `limit`, for "did you mean" warnings; otherwise none. Such strings are still
 * valid templates: they come back verbatim as literals.
 */
export function suggestTypeNames(
  names: ReadonlySet<string>,
  text: string,
  limit = MAX_TYPE_SUGGESTIONS,
): string[] {
  if (names.has(text) || !/^[a-z]+(\.[a-z0-9]+){1,2}$/i.test(text)) return [];
  const lower = text.toLowerCase();
  if (names.has(lower)) return [lower];
  const budget = Math.max(1, Math.min(3, Math.floor(lower.length / 6)));
  const near: { name: string; distance: number }[] = [];
  for (const name of names) {
    if (Math.abs(name.length - lower.length) > budget) continue;
    const distance = editDistance(lower, name, budget + 1);
    if (distance <= budget) near.push({ name, distance });
  }
  // Stable: names as near keep the catalogue's order.
  near.sort((a, b) => a.distance - b.distance);
  return near.slice(0, limit).map((item) => item.name);
}

/** The closest name of `suggestTypeNames`, or undefined. */
export function suggestTypeName(names: ReadonlySet<string>, text: string): string | undefined {
  return suggestTypeNames(names, text, 1)[0];
}

/** A string value of a template that looks like a misspelt type name: it is returned as text. */
export interface MisspeltType {
  /** Where the first such value is (`$.orders[0].total`). */
  path: string;
  value: string;
  /** The closest type names, nearest first. */
  suggestions: string[];
}

/**
 * The string values of a template (parsed) that look like misspelt type names of `names`, each
 * value once (where it first is), in the order they are written, at most `limit`. Keys are not
 * values, and a directive's operands (`__oneOf`'s choices, `__literal`) are read as values too,
 * which they are. Never throws, whatever the value.
 */
export function misspeltTypes(
  template: unknown,
  names: ReadonlySet<string>,
  limit = 20,
): MisspeltType[] {
  const found = new Map<string, MisspeltType>();
  const seen = new Set<string>();
  // Depth first, children in order: an explicit stack, so that no depth overflows the call stack.
  const stack: [unknown, string][] = [[template, ROOT_PATH]];
  while (stack.length > 0 && found.size < limit) {
    const [value, path] = stack.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (seen.has(value)) continue;
      seen.add(value);
      const suggestions = suggestTypeNames(names, value);
      if (suggestions.length > 0) found.set(value, { path, value, suggestions });
    } else if (Array.isArray(value)) {
      for (let index = value.length - 1; index >= 0; index--) {
        stack.push([value[index], indexPath(path, index)]);
      }
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, item] = entries[index] as [string, unknown];
        stack.push([item, keyPath(path, key)]);
      }
    }
  }
  return [...found.values()];
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
