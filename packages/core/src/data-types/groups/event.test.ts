import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../json.ts';
import { drawValues } from '../../testing/draw.ts';
import { slug } from '../sources.ts';
import { eventTypes } from './event.ts';

const TODAY = '2026-01-01';
const A_YEAR_ON = '2027-01-01';
const DRAWS = 300;
/** How this file draws: `DRAWS` values of a type under seed 7. */
const SAMPLE = { count: DRAWS, seed: 7 };
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL = /^[a-z]+@[a-z0-9]+\.[a-z]+$/;

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
    const dates = drawValues<string>(eventTypes, 'string.event.date', SAMPLE);
    for (const date of dates) expectFutureDate(date);
    expect(new Set(dates).size).toBeGreaterThan(150);
  });

  it('gives start times, durations and whole capacities', () => {
    for (const time of drawValues<string>(eventTypes, 'string.event.time', SAMPLE))
      expect(time).toMatch(TIME);
    for (const duration of drawValues<string>(eventTypes, 'string.event.duration', SAMPLE)) {
      expect(duration).toMatch(
        /^\d+(\.5)? (minutes|hours|days|weeks|month|months)$|^1 (hour|day)$/,
      );
    }
    for (const capacity of drawValues<number>(eventTypes, 'number.event.capacity', SAMPLE)) {
      expect(Number.isInteger(capacity)).toBe(true);
      expect(capacity).toBeGreaterThanOrEqual(20);
      expect(capacity).toBeLessThanOrEqual(80_000);
    }
  });

  it('gives ticket prices with two decimals, some free, and mostly available tickets', () => {
    const prices = drawValues<number>(eventTypes, 'number.event.price', SAMPLE);
    for (const price of prices) expectPrice(price);
    expect(prices).toContain(0);
    const available = drawValues<boolean>(eventTypes, 'boolean.event.available', SAMPLE);
    const yes = available.filter(Boolean).length;
    expect(yes).toBeGreaterThan(DRAWS * 0.65);
    expect(yes).toBeLessThan(DRAWS * 0.95);
  });

  it('gives names, venues, organizers, contacts and currencies', () => {
    for (const name of drawValues<string>(eventTypes, 'string.event.name', SAMPLE))
      expect(name).toMatch(/^\S.*\S$/);
    for (const venue of drawValues<string>(eventTypes, 'string.event.venue', SAMPLE))
      expect(venue).toMatch(/^[A-Z]\w*( \w+)+$/);
    for (const organizer of drawValues<string>(eventTypes, 'string.event.organizer', SAMPLE))
      expect(organizer).toMatch(/^\S+ \S+/);
    for (const contact of drawValues<string>(eventTypes, 'string.event.contact', SAMPLE))
      expect(contact).toMatch(EMAIL);
    for (const currency of drawValues<string>(eventTypes, 'string.event.currency', SAMPLE))
      expect(currency).toMatch(/^[A-Z]{3}$/);
    expect(new Set(drawValues<string>(eventTypes, 'string.event.type', SAMPLE))).toContain(
      'Conference',
    );
  });

  it('gives complete events that hang together', () => {
    const events = drawValues<JsonObject>(eventTypes, 'object.event.complete', SAMPLE);
    const places = new Map<string, string>();
    const types = new Set(drawValues<string>(eventTypes, 'string.event.type', SAMPLE));
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
    const all = (seed: number) =>
      JSON.stringify(eventTypes.map((t) => drawValues(eventTypes, t.name, { ...SAMPLE, seed })));
    expect(all(42)).toBe(all(42));
    expect(all(42)).not.toBe(all(43));
  });
});
