import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../json.ts';
import { createRandom } from '../../random.ts';
import { createContext } from '../context.ts';
import { countryTypes } from './country.ts';

const NOW = Date.UTC(2026, 0, 1);
const DRAWS = 400;
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

/** `DRAWS` values of the named type, drawn under one seed. */
function draw(name: string, seed = 7): unknown[] {
  const type = countryTypes.find((entry) => entry.name === name);
  if (!type) throw new Error(`no type ${name}`);
  const c = createContext(createRandom(seed), NOW);
  return Array.from({ length: DRAWS }, () => type.generate(c));
}

const rows = draw('object.country.complete') as JsonObject[];
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
      for (const value of draw(type.name))
        expect(known.has(JSON.stringify(value)), field).toBe(true);
    }
  });

  it('hands out fresh arrays, so changing one leaves the table intact', () => {
    const c = createContext(createRandom(1), NOW);
    const complete = countryTypes.find((t) => t.name === 'object.country.complete');
    const first = complete?.generate(c) as JsonObject;
    (first.languages as string[]).push('Klingon');
    const again = (draw('object.country.complete', 1)[0] ?? {}) as JsonObject;
    expect(again.languages).not.toContain('Klingon');
  });

  it('gives the same values for the same seed', () => {
    const all = (seed: number) => JSON.stringify(countryTypes.map((type) => draw(type.name, seed)));
    expect(all(42)).toBe(all(42));
    expect(all(42)).not.toBe(all(43));
  });
});
