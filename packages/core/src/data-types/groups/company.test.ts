import { describe, expect, it } from 'vitest';
import { drawValues } from '../../testing/draw.ts';
import { companyTypes } from './company.ts';

const DRAWS = 300;
/** How this file draws: `DRAWS` values of a type under seed 7. */
const SAMPLE = { count: DRAWS, seed: 7 };

describe('company types', () => {
  it('gives varied company names', () => {
    const names = drawValues<string>(companyTypes, 'string.company.name', SAMPLE);
    for (const name of names) expect(name).toMatch(/^[A-Z]\S*( \S+)+$/);
    expect(new Set(names).size).toBeGreaterThan(DRAWS * 0.9);
  });

  it('gives catchphrases, buzzwords and buzzphrases', () => {
    for (const phrase of drawValues<string>(companyTypes, 'string.company.catchphrase', SAMPLE)) {
      expect(phrase).toMatch(/^[A-Z0-9]/);
      expect(phrase.split(' ').length).toBeGreaterThanOrEqual(3);
    }
    for (const word of drawValues<string>(companyTypes, 'string.company.buzzword', SAMPLE))
      expect(word.trim()).toBe(word);
    for (const phrase of drawValues<string>(companyTypes, 'string.company.buzzphrase', SAMPLE)) {
      expect(phrase.split(' ').length).toBeGreaterThanOrEqual(3);
    }
  });

  it('gives industries and departments', () => {
    expect(
      new Set(drawValues<string>(companyTypes, 'string.company.industry', SAMPLE)).size,
    ).toBeGreaterThan(15);
    expect(
      new Set(drawValues<string>(companyTypes, 'string.company.department', SAMPLE)),
    ).toContain('Engineering');
  });

  it('gives whole head counts from 1 to 50000, small companies the more frequent', () => {
    const counts = drawValues<number>(companyTypes, 'number.company.employees', SAMPLE);
    for (const count of counts) {
      expect(Number.isInteger(count)).toBe(true);
      expect(count).toBeGreaterThanOrEqual(1);
      expect(count).toBeLessThanOrEqual(50_000);
    }
    expect(counts.filter((n) => n < 1000).length).toBeGreaterThan(DRAWS / 2);
    expect(counts.some((n) => n > 5000)).toBe(true);
  });

  it('gives founding years from 1950 to the year of now', () => {
    const years = drawValues<number>(companyTypes, 'number.company.founded', SAMPLE);
    for (const year of years) {
      expect(Number.isInteger(year)).toBe(true);
      expect(year).toBeGreaterThanOrEqual(1950);
      expect(year).toBeLessThanOrEqual(2026);
    }
  });

  it('gives the same values for the same seed', () => {
    const all = (seed: number) =>
      JSON.stringify(
        companyTypes.map((t) => drawValues(companyTypes, t.name, { ...SAMPLE, seed })),
      );
    expect(all(42)).toBe(all(42));
    expect(all(42)).not.toBe(all(43));
  });
});
