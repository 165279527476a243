import { describe, expect, it } from 'vitest';
import { drawValues } from '../../testing/draw.ts';
import { definitions } from '../context.ts';
import { addressTypes } from './address.ts';

const DRAWS = 300;
/** How this file draws: `DRAWS` values of a type under seed 7. */
const SAMPLE = { count: DRAWS, seed: 7 };

describe('address types', () => {
  it('gives street addresses: a house number, then a street name', () => {
    const streets = drawValues<string>(addressTypes, 'string.address.street', SAMPLE);
    for (const street of streets) expect(street).toMatch(/^[1-9]\d{0,4} [A-Z0-9][\w' .-]*$/);
    expect(new Set(streets).size).toBeGreaterThan(DRAWS * 0.9);
  });

  it('gives one-line postal addresses: street, city, state code and ZIP code', () => {
    const secondary = /^[1-9]\d* .+ (Apt\. \d+[A-F]?|Suite \d{3}|Unit \d+), .+, [A-Z]{2} \d{5}$/;
    for (const address of drawValues<string>(addressTypes, 'string.address.full', SAMPLE)) {
      expect(address).toMatch(/^[1-9]\d* [^,]+, [^,]+, [A-Z]{2} \d{5}$/);
      if (address.includes('Apt.') || address.includes('Suite') || address.includes('Unit ')) {
        expect(address).toMatch(secondary);
      }
      const state = address.slice(-8, -6);
      expect(definitions.location.state_abbr).toContain(state);
    }
  });

  it('gives five-digit ZIP codes and house numbers without leading zeros', () => {
    for (const zip of drawValues<string>(addressTypes, 'string.address.postcode', SAMPLE))
      expect(zip).toMatch(/^\d{5}$/);
    const numbers = drawValues<string>(addressTypes, 'string.address.buildingnumber', SAMPLE).map(
      Number,
    );
    for (const n of numbers) {
      expect(Number.isInteger(n)).toBe(true);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThan(20_000);
    }
    expect(numbers.filter((n) => n < 1000).length).toBeGreaterThan(DRAWS / 3);
  });

  it('gives secondary address lines', () => {
    for (const line of drawValues<string>(addressTypes, 'string.address.secondary', SAMPLE)) {
      expect(line).toMatch(/^(Apt\. \d+[A-F]?|Suite \d{3}|Unit \d+)$/);
    }
  });

  it('gives cities, states, countries, codes and time zones from the locale lists', () => {
    for (const city of drawValues<string>(addressTypes, 'string.address.city', SAMPLE)) {
      expect(definitions.location.city_name).toContain(city);
    }
    for (const state of drawValues<string>(addressTypes, 'string.address.state', SAMPLE)) {
      expect(definitions.location.state).toContain(state);
    }
    for (const code of drawValues<string>(addressTypes, 'string.address.statecode', SAMPLE))
      expect(code).toMatch(/^[A-Z]{2}$/);
    for (const country of drawValues<string>(addressTypes, 'string.address.country', SAMPLE)) {
      expect(definitions.location.country).toContain(country);
    }
    for (const code of drawValues<string>(addressTypes, 'string.address.countrycode', SAMPLE))
      expect(code).toMatch(/^[A-Z]{2}$/);
    for (const zone of drawValues<string>(addressTypes, 'string.address.timezone', SAMPLE))
      expect(zone).toMatch(/^[A-Z][\w+-]*(\/[\w+-]+)*$/);
  });

  it('gives coordinates in range with at most six decimals', () => {
    for (const [name, limit] of [
      ['number.address.latitude', 90],
      ['number.address.longitude', 180],
    ] as const) {
      const values = drawValues<number>(addressTypes, name, SAMPLE);
      for (const value of values) {
        expect(Math.abs(value)).toBeLessThanOrEqual(limit);
        expect(Math.round(value * 1e6) / 1e6).toBe(value);
      }
      expect(values.some((v) => v < 0) && values.some((v) => v > 0)).toBe(true);
    }
  });

  it('gives the same values for the same seed', () => {
    const all = (seed: number) =>
      JSON.stringify(
        addressTypes.map((t) => drawValues(addressTypes, t.name, { ...SAMPLE, seed })),
      );
    expect(all(42)).toBe(all(42));
    expect(all(42)).not.toBe(all(43));
  });
});
