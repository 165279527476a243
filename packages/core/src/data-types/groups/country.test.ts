import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../json.ts';
import { createRandom } from '../../random.ts';
import { drawValues, TEST_NOW } from '../../testing/draw.ts';
import { createContext } from '../context.ts';
import { countryTypes } from './country.ts';

const DRAWS = 400;
/** How this file draws: `DRAWS` values of a type under seed 7. */
const SAMPLE = { count: DRAWS, seed: 7 };
const FIELDS = [
  'name',
  'code',
  'capital',
  'continent',
  'region',
  'languages',
  'currency',
  'area',
  'coastline',
  'climate',
  'terrain',
  'resources',
];

const rows = drawValues<JsonObject>(countryTypes, 'object.country.complete', SAMPLE);
const byName = new Map(rows.map((row) => [row.name as string, row]));

describe('country types', () => {
  it('gives complete, well-formed rows from a table of about 40 or more countries', () => {
    expect(byName.size).toBeGreaterThanOrEqual(40);
    for (const row of rows) {
      expect(Object.keys(row)).toEqual(FIELDS);
      expect(row.code).toMatch(/^[A-Z]{2}$/);
      expect(row.currency).toMatch(/^[A-Z]{3}$/);
      expect(Number.isInteger(row.area) && (row.area as number) > 0).toBe(true);
      expect(Number.isInteger(row.coastline) && (row.coastline as number) >= 0).toBe(true);
      for (const list of [row.languages, row.resources]) {
        expect(Array.isArray(list) && list.length > 0).toBe(true);
        for (const item of list as unknown[]) expect(typeof item).toBe('string');
      }
      for (const field of ['name', 'capital', 'continent', 'region', 'climate', 'terrain']) {
        expect(typeof row[field] === 'string' && row[field] !== '').toBe(true);
      }
    }
  });

  it('always gives the same facts for the same country, and unique codes', () => {
    for (const row of rows) expect(row).toEqual(byName.get(row.name as string));
    const codes = [...byName.values()].map((row) => row.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives real facts', () => {
    expect(byName.get('Germany')).toMatchObject({
      code: 'DE',
      capital: 'Berlin',
      continent: 'Europe',
      region: 'Western Europe',
      currency: 'EUR',
      area: 357_022,
    });
    expect(byName.get('Japan')).toMatchObject({ capital: 'Tokyo', currency: 'JPY', code: 'JP' });
    expect(byName.get('Switzerland')?.coastline).toBe(0);
    expect(byName.get('Canada')?.languages).toEqual(['English', 'French']);
  });

  it('draws every single field from the same table', () => {
    const values = (field: string) => new Set(rows.map((row) => JSON.stringify(row[field])));
    for (const field of FIELDS) {
      const type = countryTypes.find((entry) => entry.name.endsWith(`.country.${field}`));
      if (!type) throw new Error(`no type for ${field}`);
      const known = values(field);
      for (const value of drawValues(countryTypes, type.name, SAMPLE))
        expect(known.has(JSON.stringify(value)), field).toBe(true);
    }
  });

  it('hands out fresh arrays, so changing one leaves the table intact', () => {
    const c = createContext(createRandom(1), TEST_NOW);
    const complete = countryTypes.find((t) => t.name === 'object.country.complete');
    const first = complete?.generate(c) as JsonObject;
    (first.languages as string[]).push('Klingon');
    const again = (drawValues(countryTypes, 'object.country.complete', { ...SAMPLE, seed: 1 })[0] ??
      {}) as JsonObject;
    expect(again.languages).not.toContain('Klingon');
  });

  it('gives the same values for the same seed', () => {
    const all = (seed: number) =>
      JSON.stringify(
        countryTypes.map((t) => drawValues(countryTypes, t.name, { ...SAMPLE, seed })),
      );
    expect(all(42)).toBe(all(42));
    expect(all(42)).not.toBe(all(43));
  });
});
