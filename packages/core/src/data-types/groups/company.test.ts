import { describe, expect, it } from 'vitest';
import { createRandom } from '../../random.ts';
import { createContext } from '../context.ts';
import { companyTypes } from './company.ts';

const NOW = Date.UTC(2026, 0, 1);
const DRAWS = 300;

/** `DRAWS` values of the named type, drawn under one seed. */
function draw(name: string, seed = 7): unknown[] {
  const type = companyTypes.find((entry) => entry.name === name);
  if (!type) throw new Error(`no type ${name}`);
  const c = createContext(createRandom(seed), NOW);
  return Array.from({ length: DRAWS }, () => type.generate(c));
}

const strings = (name: string) => draw(name) as string[];
const numbers = (name: string) => draw(name) as number[];

describe('company types', () => {
  it('gives varied company names', () => {
    const names = strings('string.company.name');
    for (const name of names) expect(name).toMatch(/^[A-Z]\S*( \S+)+$/);
    expect(new Set(names).size).toBeGreaterThan(DRAWS * 0.9);
  });

  it('gives catchphrases, buzzwords and buzzphrases', () => {
    for (const phrase of strings('string.company.catchphrase')) {
      expect(phrase).toMatch(/^[A-Z0-9]/);
      expect(phrase.split(' ').length).toBeGreaterThanOrEqual(3);
    }
    for (const word of strings('string.company.buzzword')) expect(word.trim()).toBe(word);
    for (const phrase of strings('string.company.buzzphrase')) {
      expect(phrase.split(' ').length).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives industries and departments', () => {
    expect(new Set(strings('string.company.industry')).size).toBeGreaterThan(15);
    expect(new Set(strings('string.company.department'))).toContain('Engineering');
  });

  it('gives whole head counts from 1 to 50000, small companies the more frequent', () => {
    const counts = numbers('number.company.employees');
    for (const count of counts) {
      expect(Number.isInteger(count)).toBe(true);
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(50_000);
    }
    expect(counts.filter((n) => n < 1000).length).toBeGreaterThan(DRAWS / 2);
    expect(counts.some((n) => n > 5000)).toBe(true);
  });

  it('gives founding years from 1950 to the year of now', () => {
    const years = numbers('number.company.founded');
    for (const year of years) {
      expect(Number.isInteger(year)).toBe(true);
      expect(year).toBeGreaterThanOrEqual(1950);
      expect(year).toBeLessThanOrEqual(2026);
    }
  });

  it('gives the same values for the same seed', () => {
    const all = (seed: number) => JSON.stringify(companyTypes.map((type) => draw(type.name, seed)));
    expect(all(42)).toBe(all(42));
    expect(all(42)).not.toBe(all(43));
  });
});
