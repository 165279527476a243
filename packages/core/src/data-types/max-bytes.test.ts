import { describe, expect, it } from 'vitest';
import { createRandom } from '../random.ts';
import { serialisedBytes } from '../testing/bytes.ts';
import { catalogue } from './catalogue.ts';
import { createContext } from './context.ts';
import { dataTypeMaxBytes } from './lookup.ts';
import { DATA_TYPE_MAX_BYTES } from './max-bytes.ts';

const REGENERATE = 'regenerate with `npm run measure:type-bounds -w @mocksmith/core`';

/** Reference times the check draws at: across the century the bounds were measured over. */
const NOWS = [
  Date.UTC(2026, 0, 1),
  Date.UTC(2003, 6, 15, 13, 45),
  Date.UTC(2031, 1, 28, 23, 59, 59),
  Date.UTC(2048, 11, 31, 12),
  Date.UTC(2060, 3, 1, 6, 30),
  Date.UTC(2077, 8, 9, 18),
  Date.UTC(2091, 9, 30, 2),
  Date.UTC(2099, 11, 31, 23),
];
const DRAWS_PER_NOW = 75;

describe('data type byte bounds', () => {
  it('gives every catalogue type a measured bound', () => {
    const missing = catalogue.map((t) => t.name).filter((name) => !(name in DATA_TYPE_MAX_BYTES));
    expect(missing, `types without a byte bound: ${REGENERATE}`).toEqual([]);
  });

  it('holds no bound for a type the catalogue no longer has', () => {
    const names = new Set(catalogue.map((t) => t.name));
    const stale = Object.keys(DATA_TYPE_MAX_BYTES).filter((name) => !names.has(name));
    expect(stale, `bounds of removed types: ${REGENERATE}`).toEqual([]);
  });

  it('bounds every value drawn, with seeds and reference times other than the measured ones', () => {
    const over: string[] = [];
    for (const type of catalogue) {
      const bound = dataTypeMaxBytes(type.name);
      for (const [s, now] of NOWS.entries()) {
        const random = createRandom(`max-bytes.test:${type.name}:${s}`);
        for (let i = 0; i < DRAWS_PER_NOW; i++) {
          const bytes = serialisedBytes(type.generate(createContext(random, now)));
          if (bytes > bound) over.push(`${type.name}: ${bytes} bytes > ${bound}`);
        }
      }
    }
    expect(over, `values over their type's bound: widen the margin or ${REGENERATE}`).toEqual([]);
  });

  it('gives a literal its own exact size', () => {
    expect(dataTypeMaxBytes('active')).toBe(8);
    expect(dataTypeMaxBytes('say "hi"')).toBe(12);
    expect(dataTypeMaxBytes('string.name.fulname')).toBe(21);
  });
});
