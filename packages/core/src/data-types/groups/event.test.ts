import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../json.ts';
import { createRandom } from '../../random.ts';
import { createContext } from '../context.ts';
import { slug } from '../sources.ts';
import { eventTypes } from './event.ts';

const NOW = Date.UTC(2026, 0, 1);
const TODAY = '2026-01-01';
const A_YEAR_ON = '2027-01-01';
const DRAWS = 300;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL = /^[a-z]+@[a-z0-9]+\.[a-z]+$/;

/** `DRAWS` values of the named type, drawn under one seed. */
function draw(name: string, seed = 7): unknown[] {
  const type = eventTypes.find((entry) => entry.name === name);
  if (!type) throw new Error(`no type ${name}`);
  const c = createContext(createRandom(seed), NOW);
  return Array.from({ length: DRAWS }, () => type.generate(c));
}

const strings = (name: string) => draw(name) as string[];
const numbers = (name: string) => draw(name) as number[];

function expectFutureDate(date: string): void {
  expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(date > TODAY && date <= A_YEAR_ON, date).toBe(true);
}

function expectPrice(price: number): void {
  expect(price).toBeGreaterThanOrEqual(0);
  expect(Math.round(price * 100) / 100).toBe(price);
}

describe('event types', () => {
  it('gives dates in the future, within a year of now', () => {
    const dates = strings('string.event.date');
    for (const date of dates) expectFutureDate(date);
    expect(new Set(dates).size).toBeGreaterThan(150);
  });

  it('gives start times, durations and whole capacities', () => {
    for (const time of strings('string.event.time')) expect(time).toMatch(TIME);
    for (const duration of strings('string.event.duration')) {
      expect(duration).toMatch(
        /^\d+(\.5)? (minutes|hours|days|weeks|month|months)$|^1 (hour|day)$/,
      );
    }
    for (const capacity of numbers('number.event.capacity')) {
      expect(Number.isInteger(capacity)).toBe(true);
      expect(capacity).toBeGreaterThanOrEqual(20);
      expect(capacity).toBeLessThanOrEqual(80_000);
    }
  });

  it('gives ticket prices with two decimals, some free, and mostly available tickets', () => {
    const prices = numbers('number.event.price');
    for (const price of prices) expectPrice(price);
    expect(prices).toContain(0);
    const available = draw('boolean.event.available') as boolean[];
    const yes = available.filter(Boolean).length;
    expect(yes).toBeGreaterThan(DRAWS * 0.65);
    expect(yes).toBeLessThan(DRAWS * 0.95);
  });

  it('gives names, venues, organizers, contacts and currencies', () => {
    for (const name of strings('string.event.name')) expect(name).toMatch(/^\S.*\S$/);
    for (const venue of strings('string.event.venue')) expect(venue).toMatch(/^[A-Z]\w*( \w+)+$/);
    for (const organizer of strings('string.event.organizer'))
      expect(organizer).toMatch(/^\S+ \S+/);
    for (const contact of strings('string.event.contact')) expect(contact).toMatch(EMAIL);
    for (const currency of strings('string.event.currency')) expect(currency).toMatch(/^[A-Z]{3}$/);
    expect(new Set(strings('string.event.type'))).toContain('Conference');
  });

  it('gives complete events that hang together', () => {
    const events = draw('object.event.complete') as JsonObject[];
    const places = new Map<string, string>();
    const types = new Set(strings('string.event.type'));
    for (const event of events) {
      expectFutureDate(event.date as string);
      expect(event.time).toMatch(TIME);
      expectPrice(event.price as number);
      expect(Number.isInteger(event.capacity)).toBe(true);
      expect(types.has(event.type as string)).toBe(true);
      expect(typeof event.available).toBe('boolean');
      const contact = event.contact as string;
      expect(contact).toMatch(EMAIL);
      expect(contact.split('@')[1]?.startsWith(`${slug(event.organizer as string)}.`)).toBe(true);
      const place = `${event.country}/${event.currency}`;
      expect(places.get(event.city as string) ?? place).toBe(place);
      places.set(event.city as string, place);
      const year = /\b(20\d\d)\b/.exec(event.name as string)?.[1];
      if (year) expect(year).toBe((event.date as string).slice(0, 4));
    }
    expect(places.get('Berlin')).toBe('Germany/EUR');
    expect(places.get('London')).toBe('United Kingdom/GBP');
  });

  it('gives the same values for the same seed', () => {
    const all = (seed: number) => JSON.stringify(eventTypes.map((type) => draw(type.name, seed)));
    expect(all(42)).toBe(all(42));
    expect(all(42)).not.toBe(all(43));
  });
});
