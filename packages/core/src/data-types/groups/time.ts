import type { Random } from '../../random.ts';
import { definitions } from '../context.ts';
import { DAY_NAMES, isoDay, zeroPad } from '../sources.ts';
import { type DataType, type GenContext, typeGroup } from '../types.ts';

const t = typeGroup('time');

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const YEAR = 365 * DAY;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const MONTHS_SHORT: readonly string[] =
  definitions.date.month?.abbr ?? MONTHS.map((m) => m.slice(0, 3));
const WEEKDAYS_SHORT: readonly string[] =
  definitions.date.weekday?.abbr ?? DAY_NAMES.map((d) => d.slice(0, 3));
const TIME_ZONES: readonly string[] = definitions.location.time_zone ?? ['UTC'];

/** The UTC offsets in use somewhere in the world. */
const UTC_OFFSETS = [
  '-12:00',
  '-11:00',
  '-10:00',
  '-09:30',
  '-09:00',
  '-08:00',
  '-07:00',
  '-06:00',
  '-05:00',
  '-04:00',
  '-03:30',
  '-03:00',
  '-02:00',
  '-01:00',
  '+00:00',
  '+01:00',
  '+02:00',
  '+03:00',
  '+03:30',
  '+04:00',
  '+04:30',
  '+05:00',
  '+05:30',
  '+05:45',
  '+06:00',
  '+06:30',
  '+07:00',
  '+08:00',
  '+08:45',
  '+09:00',
  '+09:30',
  '+10:00',
  '+10:30',
  '+11:00',
  '+12:00',
  '+12:45',
  '+13:00',
  '+14:00',
];

const SEASONS = ['Spring', 'Summer', 'Autumn', 'Winter'];

const ZODIAC_SIGNS = [
  'Aries',
  'Taurus',
  'Gemini',
  'Cancer',
  'Leo',
  'Virgo',
  'Libra',
  'Scorpio',
  'Sagittarius',
  'Capricorn',
  'Aquarius',
  'Pisces',
];

/** Units of a relative time: plural name, the largest count used, and the phrasings of one. */
const RELATIVE_UNITS: readonly (readonly [string, number, string, string])[] = [
  ['seconds', 59, 'a second ago', 'in a second'],
  ['minutes', 59, 'a minute ago', 'in a minute'],
  ['hours', 23, 'an hour ago', 'in an hour'],
  ['days', 6, 'yesterday', 'tomorrow'],
  ['weeks', 4, 'last week', 'next week'],
  ['months', 11, 'last month', 'next month'],
  ['years', 10, 'last year', 'next year'],
];

const CRON_STEPS_MINUTES = [5, 10, 15, 20, 30];
const CRON_STEPS_HOURS = [2, 3, 4, 6, 8, 12];

const DURATION_MINUTES = [5, 10, 15, 20, 25, 30, 40, 45, 50];

/** Day offsets 0..89, drawn from without repetition for sorted date lists. */
const DAY_OFFSETS = Array.from({ length: 90 }, (_, i) => i);

/** A moment (ms since the epoch) between `from` and `to` ms from now, both inclusive. */
function around(c: GenContext, from: number, to: number): number {
  return c.now + c.random.int(from, to);
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** Midnight UTC of the day of `ms`. */
function startOfDay(ms: number): number {
  return ms - (((ms % DAY) + DAY) % DAY);
}

/** A random day (midnight UTC) in the five years before `now`, so leap years and week 53 occur. */
function someDay(c: GenContext): Date {
  return new Date(startOfDay(c.now) - c.random.int(0, 5 * 366) * DAY);
}

/** The ISO 8601 week number (1-53) of a date. */
function isoWeek(date: Date): number {
  const day = startOfDay(date.getTime());
  const thursday = day + (3 - ((date.getUTCDay() + 6) % 7)) * DAY;
  const yearStart = Date.UTC(new Date(thursday).getUTCFullYear(), 0, 1);
  return 1 + Math.floor((thursday - yearStart) / WEEK);
}

function dayOfYear(date: Date): number {
  return 1 + Math.round((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY);
}

function isoDuration(random: Random): string {
  switch (random.int(0, 6)) {
    case 0:
      return `PT${random.pick(DURATION_MINUTES)}M`;
    case 1:
      return `PT${random.int(1, 8)}H${random.pick(DURATION_MINUTES)}M`;
    case 2:
      return `PT${random.int(1, 12)}H`;
    case 3:
      return `PT${random.int(10, 59)}S`;
    case 4:
      return `PT${random.int(1, 59)}M${random.int(1, 59)}S`;
    case 5:
      return `P${random.int(1, 30)}D`;
    default:
      return `P${random.int(1, 6)}DT${random.int(1, 23)}H`;
  }
}

function relative(random: Random): string {
  if (random.bool(0.05)) return 'just now';
  const [many, max, pastOne, futureOne] = random.pick(RELATIVE_UNITS);
  const past = random.bool(0.7);
  const n = random.int(1, max);
  if (n === 1) return past ? pastOne : futureOne;
  return past ? `${n} ${many} ago` : `in ${n} ${many}`;
}

function cron(random: Random): string {
  const minute = random.pick([0, 0, 0, 15, 30, 45, random.int(1, 59)]);
  const hour = random.int(0, 23);
  switch (random.int(0, 7)) {
    case 0:
      return `*/${random.pick(CRON_STEPS_MINUTES)} * * * *`;
    case 1:
      return `${minute} */${random.pick(CRON_STEPS_HOURS)} * * *`;
    case 2:
      return `${minute} * * * *`;
    case 3:
      return `${minute} ${hour} * * 1-5`;
    case 4:
      return `${minute} ${hour} * * ${random.int(0, 6)}`;
    case 5:
      return `${minute} ${hour} ${random.pick([1, 1, 15, random.int(2, 28)])} * *`;
    case 6:
      return `0 ${hour} 1 */3 *`;
    default:
      return `${minute} ${hour} * * *`;
  }
}

/** Dates and times in every common shape: moments, calendar parts, durations and schedules. */
export const timeTypes: readonly DataType[] = [
  t('string', 'iso', 'A moment within a year of now, ISO 8601', '2026-03-14T09:21:33.418Z', (c) =>
    iso(around(c, -YEAR, YEAR)),
  ),
  t('string', 'date', 'A calendar date within a year of now, YYYY-MM-DD', '2026-03-14', (c) =>
    isoDay(around(c, -YEAR, YEAR)),
  ),
  t(
    'string',
    'time',
    'A time of day on the 24-hour clock, HH:mm:ss',
    '09:21:33',
    (c) =>
      `${zeroPad(c.random.int(0, 23), 2)}:${zeroPad(c.random.int(0, 59), 2)}:${zeroPad(c.random.int(0, 59), 2)}`,
  ),
  t(
    'string',
    'time12',
    'A time of day on the 12-hour clock',
    '7:45 PM',
    (c) =>
      `${c.random.int(1, 12)}:${zeroPad(c.random.int(0, 59), 2)} ${c.random.bool() ? 'AM' : 'PM'}`,
  ),
  t('string', 'past', 'A moment in the past year, ISO 8601', '2025-08-02T17:04:51.920Z', (c) =>
    iso(around(c, -YEAR, -SECOND)),
  ),
  t('string', 'future', 'A moment in the coming year, ISO 8601', '2026-09-27T06:48:12.305Z', (c) =>
    iso(around(c, SECOND, YEAR)),
  ),
  t('string', 'recent', 'A moment in the last 7 days, ISO 8601', '2025-12-29T14:02:45.117Z', (c) =>
    iso(around(c, -WEEK, -SECOND)),
  ),
  t('string', 'soon', 'A moment in the next 7 days, ISO 8601', '2026-01-04T11:37:08.652Z', (c) =>
    iso(around(c, SECOND, WEEK)),
  ),
  t(
    'string',
    'birthdate',
    'The birth date of an adult aged 18 to 80, YYYY-MM-DD',
    '1987-06-23',
    (c) => {
      const now = new Date(c.now);
      const y = now.getUTCFullYear();
      const m = now.getUTCMonth();
      const d = now.getUTCDate();
      const latest = Date.UTC(y - 18, m, d);
      const earliest = Date.UTC(y - 81, m, d) + DAY;
      return isoDay(earliest + c.random.int(0, Math.round((latest - earliest) / DAY)) * DAY);
    },
  ),
  t('number', 'timestamp', 'A Unix timestamp in seconds, within the past year', 1767312093, (c) =>
    Math.floor(around(c, -YEAR, 0) / SECOND),
  ),
  t(
    'number',
    'unixms',
    'A Unix timestamp in milliseconds, within the past year',
    1767312093418,
    (c) => around(c, -YEAR, 0),
  ),
  t('string', 'month', 'The name of a month', 'March', (c) => c.random.pick(MONTHS)),
  t('string', 'monthshort', 'The three-letter name of a month', 'Mar', (c) =>
    c.random.pick(MONTHS_SHORT),
  ),
  t('string', 'weekday', 'The name of a day of the week', 'Saturday', (c) =>
    c.random.pick(DAY_NAMES),
  ),
  t('string', 'weekdayshort', 'The three-letter name of a day of the week', 'Sat', (c) =>
    c.random.pick(WEEKDAYS_SHORT),
  ),
  t('number', 'year', 'A year within the last 40 years', 2014, (c) => {
    const year = new Date(c.now).getUTCFullYear();
    return c.random.int(year - 40, year);
  }),
  t('number', 'monthnumber', 'A month number from 1 to 12', 3, (c) => c.random.int(1, 12)),
  t('number', 'dayofmonth', 'A day of the month from 1 to 31, as real calendars give it', 14, (c) =>
    someDay(c).getUTCDate(),
  ),
  t('number', 'dayofyear', 'A day of the year from 1 to 366', 73, (c) => dayOfYear(someDay(c))),
  t('number', 'weeknumber', 'An ISO 8601 week number from 1 to 53', 11, (c) => isoWeek(someDay(c))),
  t('number', 'hour', 'An hour of the day from 0 to 23', 9, (c) => c.random.int(0, 23)),
  t('number', 'minute', 'A minute from 0 to 59', 21, (c) => c.random.int(0, 59)),
  t('number', 'second', 'A second from 0 to 59', 33, (c) => c.random.int(0, 59)),
  t('string', 'timezone', 'An IANA time zone name', 'Europe/Lisbon', (c) =>
    c.random.pick(TIME_ZONES),
  ),
  t('string', 'utcoffset', 'An offset from UTC in use somewhere, ±HH:mm', '+05:30', (c) =>
    c.random.pick(UTC_OFFSETS),
  ),
  t('string', 'quarter', 'A quarter of the year, Q1 to Q4', 'Q3', (c) => `Q${c.random.int(1, 4)}`),
  t('string', 'season', 'A season of the year', 'Autumn', (c) => c.random.pick(SEASONS)),
  t('string', 'duration', 'A duration in ISO 8601 notation', 'PT1H30M', (c) =>
    isoDuration(c.random),
  ),
  t('number', 'durationminutes', 'A duration in whole minutes, from 5 to 480', 90, (c) =>
    c.random.bool(0.6) ? c.random.int(1, 32) * 15 : c.random.int(5, 480),
  ),
  t('number', 'durationseconds', 'A duration in whole seconds, from 1 to 7200', 754, (c) =>
    c.random.int(1, 7200),
  ),
  t('string', 'relative', 'A time relative to now in words', '3 days ago', (c) =>
    relative(c.random),
  ),
  t(
    'string',
    'rfc2822',
    'A moment in the past year as an RFC 2822 / HTTP date',
    'Sat, 14 Mar 2026 09:21:33 GMT',
    (c) => new Date(around(c, -YEAR, 0)).toUTCString(),
  ),
  t(
    'string',
    'datetimelocal',
    'A date and time without zone, YYYY-MM-DD HH:mm',
    '2026-03-14 09:21',
    (c) => {
      const text = iso(around(c, -YEAR, YEAR));
      return `${text.slice(0, 10)} ${text.slice(11, 16)}`;
    },
  ),
  t('string', 'zodiac', 'A sign of the zodiac', 'Pisces', (c) => c.random.pick(ZODIAC_SIGNS)),
  t(
    'object',
    'range',
    'A time span {start, end} in ISO 8601, start before end',
    { start: '2026-03-14T09:00:00.000Z', end: '2026-03-16T17:30:00.000Z' },
    (c) => {
      const start = around(c, -180 * DAY, 30 * DAY);
      const end = start + c.random.int(HOUR, 14 * DAY);
      return { start: iso(start), end: iso(end) };
    },
  ),
  t(
    'array',
    'dates',
    '3 to 7 distinct dates of the last 90 days, oldest first',
    ['2025-10-12', '2025-11-03', '2025-11-28', '2025-12-19'],
    (c) => {
      const today = startOfDay(c.now);
      return c.random
        .sample(DAY_OFFSETS, c.random.int(3, 7))
        .sort((a, b) => b - a)
        .map((offset) => isoDay(today - offset * DAY));
    },
  ),
  t(
    'string',
    'businessday',
    'A weekday (Monday to Friday) within 3 months of now, YYYY-MM-DD',
    '2026-03-13',
    (c) => {
      const today = startOfDay(c.now);
      const monday = today - ((new Date(today).getUTCDay() + 6) % 7) * DAY;
      return isoDay(monday + c.random.int(-13, 12) * WEEK + c.random.int(0, 4) * DAY);
    },
  ),
  t('string', 'cron', 'A cron schedule expression with five fields', '30 9 * * 1-5', (c) =>
    cron(c.random),
  ),
  t('string', 'decade', 'A decade from the 1950s to now', '1990s', (c) => {
    const last = Math.floor(new Date(c.now).getUTCFullYear() / 10);
    return `${c.random.int(195, last)}0s`;
  }),
];
