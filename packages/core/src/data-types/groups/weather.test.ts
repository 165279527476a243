import { describe, expect, it } from 'vitest';
import { drawValues, TEST_NOW } from '../../testing/draw.ts';
import { showcaseKeys } from '../../testing/showcase-shapes.ts';
import { FORECAST_RANGE, weatherTypes } from './weather.ts';

const DAY_MS = 86_400_000;
const CONDITIONS = ['sunny', 'partly_cloudy', 'cloudy', 'rainy'];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const { current: CURRENT_KEYS, forecastDay: FORECAST_KEYS } = showcaseKeys.weather;

type Obj = Record<string, unknown>;

function decimals(value: number): number {
  return (String(value).split('.')[1] ?? '').length;
}

function checkForecast(value: unknown, now: number): void {
  const days = value as Obj[];
  expect(days).toHaveLength(5);
  days.forEach((day, i) => {
    expect(Object.keys(day).sort()).toEqual([...FORECAST_KEYS].sort());
    const ms = now + (i + 1) * DAY_MS;
    expect(day.date).toBe(new Date(ms).toISOString().slice(0, 10));
    expect(day.day).toBe(DAYS[new Date(ms).getUTCDay()]);
    expect(day.temp_low as number).toBeLessThan(day.temp_high as number);
    expect(day.temp_low as number).toBeGreaterThanOrEqual(-10);
    expect(day.temp_high as number).toBeLessThanOrEqual(40);
    expect(CONDITIONS).toContain(day.condition);
  });
}

function checkCurrent(value: unknown, now: number): void {
  const current = value as Obj;
  expect(Object.keys(current).sort()).toEqual([...CURRENT_KEYS].sort());
  expect(current.date).toBe(new Date(now).toISOString().slice(0, 10));
  expect(current.day).toBe(DAYS[new Date(now).getUTCDay()]);
  expect(current.temp as number).toBeGreaterThanOrEqual(-10);
  expect(current.temp as number).toBeLessThanOrEqual(40);
  expect(Number.isFinite(current.feels_like)).toBe(true);
  expect(Number.isInteger(current.humidity)).toBe(true);
  expect(CONDITIONS).toContain(current.condition);
  expect(typeof current.description).toBe('string');
}

describe('weather types', () => {
  it('temperature is in -10..40 with at most one decimal', () => {
    for (const v of drawValues(weatherTypes, 'number.weather.temperature')) {
      expect(v as number).toBeGreaterThanOrEqual(-10);
      expect(v as number).toBeLessThanOrEqual(40);
      expect(decimals(v as number)).toBeLessThanOrEqual(1);
    }
  });

  it('humidity is a whole percentage and wind speed is positive', () => {
    for (const v of drawValues(weatherTypes, 'number.weather.humidity')) {
      expect(Number.isInteger(v)).toBe(true);
      expect(v as number).toBeGreaterThanOrEqual(0);
      expect(v as number).toBeLessThanOrEqual(100);
    }
    for (const v of drawValues(weatherTypes, 'number.weather.windspeed')) {
      expect(v as number).toBeGreaterThanOrEqual(0);
      expect(v as number).toBeLessThan(100);
    }
  });

  it('condition is one of the four the showcase knows', () => {
    const seen = new Set(drawValues(weatherTypes, 'string.weather.condition', { count: 500 }));
    expect([...seen].sort()).toEqual([...CONDITIONS].sort());
  });

  it('wind direction is a compass point', () => {
    for (const v of drawValues(weatherTypes, 'string.weather.winddirection'))
      expect(v).toMatch(/^[NESW]{1,3}$/);
  });

  it('date is within a week of now and dayofweek is a day', () => {
    for (const v of drawValues(weatherTypes, 'string.weather.date')) {
      expect(v).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Math.abs(Date.parse(v as string) - TEST_NOW)).toBeLessThanOrEqual(8 * DAY_MS);
    }
    for (const v of drawValues(weatherTypes, 'string.weather.dayofweek')) expect(DAYS).toContain(v);
  });

  it('forecast is five consecutive days from tomorrow, low below high', () => {
    for (const v of drawValues(weatherTypes, 'array.weather.forecast')) checkForecast(v, TEST_NOW);
    const midday = Date.UTC(2026, 6, 15, 12, 30);
    const atMidday = { count: 50, seed: 3, now: midday };
    for (const v of drawValues(weatherTypes, 'array.weather.forecast', atMidday)) {
      checkForecast(v, midday);
    }
  });

  it('current has exactly the showcase keys', () => {
    for (const v of drawValues(weatherTypes, 'object.weather.current')) checkCurrent(v, TEST_NOW);
  });

  it('location is a consistent city, country and coordinates', () => {
    for (const v of drawValues(weatherTypes, 'object.weather.location')) {
      const loc = v as Obj;
      expect(Object.keys(loc).sort()).toEqual(['city', 'coordinates', 'country']);
      const coords = loc.coordinates as Obj;
      expect(Object.keys(coords).sort()).toEqual(['lat', 'lon']);
      expect(Math.abs(coords.lat as number)).toBeLessThanOrEqual(90);
      expect(Math.abs(coords.lon as number)).toBeLessThanOrEqual(180);
    }
    const cities = new Map<string, string>();
    for (const v of drawValues(weatherTypes, 'object.weather.location', { count: 500 })) {
      const loc = v as Obj;
      const key = JSON.stringify([loc.country, loc.coordinates]);
      expect(cities.get(loc.city as string) ?? key).toBe(key);
      cities.set(loc.city as string, key);
    }
  });

  it('complete has exactly the showcase shape', () => {
    for (const v of drawValues(weatherTypes, 'object.weather.complete')) {
      const all = v as Obj;
      expect(Object.keys(all).sort()).toEqual(['current', 'forecast', 'location']);
      expect(Object.keys(all.location as Obj).sort()).toEqual(['city', 'coordinates', 'country']);
      checkCurrent(all.current, TEST_NOW);
      checkForecast(all.forecast, TEST_NOW);
    }
  });

  it('complete forecasts within FORECAST_RANGE of the current temperature', () => {
    for (const v of drawValues(weatherTypes, 'object.weather.complete', { count: 500 })) {
      const { current, forecast } = v as { current: Obj; forecast: Obj[] };
      for (const day of forecast) {
        for (const temp of [day.temp_high, day.temp_low] as number[]) {
          expect(Math.abs(temp - (current.temp as number))).toBeLessThanOrEqual(
            FORECAST_RANGE + 1e-9,
          );
        }
      }
    }
  });

  it('description agrees with condition in complete', () => {
    const rainy = /rain|shower|drizzle|thunder|snow|sleet/i;
    for (const v of drawValues(weatherTypes, 'object.weather.complete', { count: 500 })) {
      const current = (v as Obj).current as Obj;
      expect(rainy.test(current.description as string)).toBe(current.condition === 'rainy');
    }
  });

  it('is reproducible under a seed', () => {
    for (const d of weatherTypes) {
      expect(JSON.stringify(drawValues(weatherTypes, d.name, { count: 20, seed: 42 }))).toBe(
        JSON.stringify(drawValues(weatherTypes, d.name, { count: 20, seed: 42 })),
      );
    }
  });
});
