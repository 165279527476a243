import { describe, expect, it } from 'vitest';
import { createRandom } from '../../random.ts';
import { createContext, definitions } from '../context.ts';
import { FIRST_NAMES, LAST_NAMES } from '../sources.ts';
import { nameTypes } from './name.ts';

const NOW = Date.UTC(2026, 0, 1);
const DRAWS = 300;

/** `DRAWS` values of the named type, drawn under one seed. */
function draw(name: string, seed = 7): string[] {
  const type = nameTypes.find((entry) => entry.name === name);
  if (!type) throw new Error(`no type ${name}`);
  const c = createContext(createRandom(seed), NOW);
  return Array.from({ length: DRAWS }, () => type.generate(c) as string);
}

describe('name types', () => {
  it('gives full names made of a known first name and a known last name', () => {
    const names = draw('string.name.fullname');
    for (const name of names) {
      const [first = '', ...rest] = name.split(' ');
      expect(FIRST_NAMES, name).toContain(first);
      expect(LAST_NAMES, name).toContain(rest.join(' '));
    }
    expect(new Set(names).size).toBeGreaterThan(DRAWS * 0.9);
  });

  it('gives first, middle and last names from the locale lists', () => {
    for (const name of draw('string.name.firstname')) expect(FIRST_NAMES).toContain(name);
    for (const name of draw('string.name.lastname')) expect(LAST_NAMES).toContain(name);
    for (const name of draw('string.name.middlename')) expect(name).toMatch(/^[A-Z][a-z]+$/);
  });

  it('gives titles and suffixes as people write them', () => {
    for (const prefix of draw('string.name.prefix')) {
      expect(['Mr.', 'Ms.', 'Mrs.', 'Miss', 'Dr.', 'Prof.']).toContain(prefix);
    }
    for (const suffix of draw('string.name.suffix')) {
      expect(definitions.person.suffix).toContain(suffix);
    }
  });

  it('gives Female and Male about equally, Non-binary now and then', () => {
    const genders = draw('string.name.gender');
    expect(new Set(genders)).toEqual(new Set(['Female', 'Male', 'Non-binary']));
    const females = genders.filter((g) => g === 'Female').length;
    expect(females).toBeGreaterThan(DRAWS * 0.35);
    expect(females).toBeLessThan(DRAWS * 0.6);
  });

  it('gives two capital letters as initials', () => {
    for (const initials of draw('string.name.initials')) expect(initials).toMatch(/^[A-Z]{2}$/);
  });

  it('gives job titles of capitalised words, some with a seniority', () => {
    const titles = draw('string.name.jobtitle');
    for (const title of titles) expect(title).toMatch(/^[A-Z][A-Za-z-]*( [A-Z][A-Za-z-]*)*$/);
    expect(titles.some((title) => title.startsWith('Senior '))).toBe(true);
    expect(new Set(titles).size).toBeGreaterThan(50);
  });

  it('gives the same values for the same seed', () => {
    const all = (seed: number) => JSON.stringify(nameTypes.map((type) => draw(type.name, seed)));
    expect(all(42)).toBe(all(42));
    expect(all(42)).not.toBe(all(43));
  });
});
