// Test-only helpers shared by the data-type tests; no non-test code imports this module.
import { createContext } from '../data-types/context.ts';
import type { DataType } from '../data-types/types.ts';
import { createRandom } from '../random.ts';

/** The fixed "now" the data-type tests draw at unless they say otherwise: 2026-01-01T00:00Z. */
export const TEST_NOW = Date.UTC(2026, 0, 1);

/** The type called `name` among `types`; throws `no type ${name}` when there is none. */
export function findType(types: readonly DataType[], name: string): DataType {
  const found = types.find((type) => type.name === name);
  if (!found) throw new Error(`no type ${name}`);
  return found;
}

/** `count` values of the named type from one context; defaults: 300, seed 1, at TEST_NOW. */
export function drawValues<T = unknown>(
  types: readonly DataType[],
  name: string,
  options: { count?: number; seed?: number | string; now?: number } = {},
): T[] {
  const { count = 300, seed = 1, now = TEST_NOW } = options;
  const generate = findType(types, name).generate;
  const ctx = createContext(createRandom(seed), now);
  return Array.from({ length: count }, () => generate(ctx) as T);
}
