import { describe, expect, it } from 'vitest';
import { drawValues } from '../../testing/draw.ts';
import { mailTypes } from './mail.ts';

const DRAWS = 300;
/** How this file draws: `DRAWS` values of a type under seed 7. */
const SAMPLE = { count: DRAWS, seed: 7 };
const ADDRESS = /^[a-z0-9]+([._][a-z0-9]+)*@[a-z0-9]+(-[a-z0-9]+)*(\.[a-z0-9]+)+$/;
const FREE = [
  'gmail.com',
  'yahoo.com',
  'hotmail.com',
  'outlook.com',
  'icloud.com',
  'aol.com',
  'proton.me',
];

const domainOf = (address: string) => address.slice(address.indexOf('@') + 1);

describe('mail types', () => {
  it.each([
    ['gmail', 'gmail.com'],
    ['aol', 'aol.com'],
    ['proton', 'proton.me'],
    ['yahoo', 'yahoo.com'],
    ['hotmail', 'hotmail.com'],
    ['outlook', 'outlook.com'],
    ['icloud', 'icloud.com'],
    ['example', 'example.com'],
  ])('string.mail.%s gives addresses at %s', (name, domain) => {
    const addresses = drawValues<string>(mailTypes, `string.mail.${name}`, SAMPLE);
    for (const address of addresses) {
      expect(address).toMatch(ADDRESS);
      expect(address.endsWith(`@${domain}`), address).toBe(true);
    }
    expect(new Set(addresses).size).toBeGreaterThan(DRAWS * 0.9);
  });

  it('gives random addresses mostly at free providers, some at companies', () => {
    const domains = drawValues<string>(mailTypes, 'string.mail.random', SAMPLE).map((address) => {
      expect(address).toMatch(ADDRESS);
      return domainOf(address);
    });
    const free = domains.filter((domain) => FREE.includes(domain)).length;
    expect(free).toBeGreaterThan(DRAWS * 0.65);
    expect(free).toBeLessThan(DRAWS * 0.95);
    expect(domains.filter((domain) => domain === 'gmail.com').length).toBeGreaterThan(DRAWS * 0.25);
  });

  it('gives corporate addresses at company domains, never at free providers', () => {
    const addresses = drawValues<string>(mailTypes, 'string.mail.corporate', SAMPLE);
    for (const address of addresses) {
      expect(address).toMatch(ADDRESS);
      expect(FREE).not.toContain(domainOf(address));
      expect(domainOf(address)).not.toMatch(/^example\./);
    }
    expect(new Set(addresses.map(domainOf)).size).toBeGreaterThan(DRAWS * 0.8);
  });

  it('gives the same values for the same seed', () => {
    const all = (seed: number) =>
      JSON.stringify(mailTypes.map((t) => drawValues(mailTypes, t.name, { ...SAMPLE, seed })));
    expect(all(42)).toBe(all(42));
    expect(all(42)).not.toBe(all(43));
  });
});
