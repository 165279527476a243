import { describe, expect, it } from 'vitest';
import { drawValues } from '../../testing/draw.ts';
import { definitions } from '../context.ts';
import { FIRST_NAMES, LAST_NAMES } from '../sources.ts';
import { nameTypes } from './name.ts';

const DRAWS = 300;
/** How this file draws: `DRAWS` values of a type under seed 7. */
const SAMPLE = { count: DRAWS, seed: 7 };

describe('name types', () => {
  it('gives full names made of a known first name and a known last name', () => {
    const names = drawValues<string>(nameTypes, 'string.name.fullname', SAMPLE);
    for (const name of names) {
      const [first = '', ...rest] = name.split(' ');
      expect(FIRST_NAMES, name).toContain(first);
      expect(LAST_NAMES, name).toContain(rest.join(' '));
    }
    expect(new Set(names).size).toBeGreaterThan(DRAWS * 0.9);
  });

  it('gives first, middle and last names from the locale lists', () => {
    for (const name of drawValues<string>(nameTypes, 'string.name.firstname', SAMPLE))
      expect(FIRST_NAMES).toContain(name);
    for (const name of drawValues<string>(nameTypes, 'string.name.lastname', SAMPLE))
      expect(LAST_NAMES).toContain(name);
    for (const name of drawValues<string>(nameTypes, 'string.name.middlename', SAMPLE))
      expect(name).toMatch(/^[A-Z][a-z]+$/);
  });

  it('gives titles and suffixes as people write them', () => {
    for (const prefix of drawValues<string>(nameTypes, 'string.name.prefix', SAMPLE)) {
      expect(['Mr.', 'Ms.', 'Mrs.', 'Miss', 'Dr.', 'Prof.']).toContain(prefix);
    }
    for (const suffix of drawValues<string>(nameTypes, 'string.name.suffix', SAMPLE)) {
      expect(definitions.person.suffix).toContain(suffix);
    }
  });

  it('gives Female and Male about equally, Non-binary now and then', () => {
    const genders = drawValues<string>(nameTypes, 'string.name.gender', SAMPLE);
    expect(new Set(genders)).toEqual(new Set(['Female', 'Male', 'Non-binary']));
    const females = genders.filter((g) => g === 'Female').length;
    expect(females).toBeGreaterThan(DRAWS * 0.35);
    expect(females).toBeLessThan(DRAWS * 0.6);
  });

  it('gives two capital letters as initials', () => {
    for (const initials of drawValues<string>(nameTypes, 'string.name.initials', SAMPLE))
      expect(initials).toMatch(/^[A-Z]{2}$/);
  });

  it('gives job titles of capitalised words, some with a seniority', () => {
    const titles = drawValues<string>(nameTypes, 'string.name.jobtitle', SAMPLE);
    for (const title of titles) expect(title).toMatch(/^[A-Z][A-Za-z-]*( [A-Z][A-Za-z-]*)*$/);
    expect(titles.some((title) => title.startsWith('Senior '))).toBe(true);
    expect(new Set(titles).size).toBeGreaterThan(50);
  });

  it('gives the same values for the same seed', () => {
    const all = (seed: number) =>
      JSON.stringify(nameTypes.map((t) => drawValues(nameTypes, t.name, { ...SAMPLE, seed })));
    expect(all(42)).toBe(all(42));
    expect(all(42)).not.toBe(all(43));
  });
});
