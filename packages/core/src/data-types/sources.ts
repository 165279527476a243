/**
 * Fast draws from faker's English locale data. Faker's API resolves patterns and checks
 * arguments on every call; the common types draw straight from its word lists instead, which is
 * an order of magnitude faster and just as realistic.
 */
import type { Random } from '../random.ts';
import { definitions } from './context.ts';

export const FIRST_NAMES: readonly string[] = definitions.person.first_name?.generic ?? [];
export const LAST_NAMES: readonly string[] = definitions.person.last_name?.generic ?? [];
export const FREE_EMAIL_DOMAINS: readonly string[] = definitions.internet.free_email ?? [];
export const LOREM_WORDS: readonly string[] = definitions.lorem.word ?? [];
export const NOUNS: readonly string[] = definitions.word.noun ?? [];
export const ADJECTIVES: readonly string[] = definitions.word.adjective ?? [];
/** Short plain words, for domain names, slugs and user names. */
export const SHORT_ADJECTIVES = ADJECTIVES.filter((w) => /^[a-z]{3,7}$/.test(w));
export const SHORT_NOUNS = NOUNS.filter((w) => /^[a-z]{3,8}$/.test(w));

/** Lower-case letters and digits only, for e-mail local parts and user names. */
export function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** First and last names as they appear in addresses and handles: "addison", "okeefe". */
export const FIRST_SLUGS: readonly string[] = FIRST_NAMES.map(slug).filter((s) => s.length > 0);
export const LAST_SLUGS: readonly string[] = LAST_NAMES.map(slug).filter((s) => s.length > 0);

/** A first name such as "Addison". */
export function firstName(random: Random): string {
  return random.pick(FIRST_NAMES);
}

/** A last name such as "O'Keefe". */
export function lastName(random: Random): string {
  return random.pick(LAST_NAMES);
}

/** A full name such as "Addison O'Keefe". */
export function fullName(random: Random): string {
  return `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
}

/** The draws of {@link fullName}, without the name (a discarded old draw: types.ts, OldDraws). */
export function fullNameDraws(random: Random): void {
  random.uint32();
  random.uint32();
}

/** The local part of a personal e-mail address: "addison.okeefe", "aokeefe42", ... */
function emailLocalPart(random: Random): string {
  return emailLocalFrom(random, random.pick(FIRST_SLUGS), random.pick(LAST_SLUGS));
}

/** The local part of a personal e-mail address of one person, from the slugs of their names. */
export function emailLocalFrom(random: Random, first: string, last: string): string {
  switch (random.uint32() & 7) {
    case 0:
    case 1:
      return `${first}.${last}`;
    case 2:
      return `${first}_${last}`;
    case 3:
      return `${first}${last}${random.int(1, 99)}`;
    case 4:
      return `${first.charAt(0)}${last}`;
    case 5:
      return `${first}.${last}${random.int(1970, 2009)}`;
    case 6:
      return `${first}${random.int(10, 999)}`;
    default:
      return `${last}.${first}`;
  }
}

/** The draws of {@link email} without a domain, without the address (types.ts, OldDraws). */
export function emailDraws(random: Random): void {
  // The two names, then the pattern of emailLocalFrom, three of which draw a number.
  random.uint32();
  random.uint32();
  const pattern = random.uint32() & 7;
  if (pattern === 3 || pattern === 5 || pattern === 6) random.uint32();
  // The free mail provider.
  random.uint32();
}

/** A personal e-mail address at `domain`, or at a free mail provider when none is given. */
export function email(random: Random, domain?: string): string {
  return `${emailLocalPart(random)}@${domain ?? random.pick(FREE_EMAIL_DOMAINS)}`;
}

const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** A version 4 UUID drawn from `random` (reproducible under a seed, unlike crypto.randomUUID). */
export function uuid(random: Random): string {
  const a = random.uint32();
  const b = random.uint32();
  const c = random.uint32();
  const d = random.uint32();
  return (
    `${HEX[a >>> 24]}${HEX[(a >>> 16) & 255]}${HEX[(a >>> 8) & 255]}${HEX[a & 255]}-` +
    `${HEX[b >>> 24]}${HEX[(b >>> 16) & 255]}-` +
    `${HEX[((b >>> 8) & 15) | 64]}${HEX[b & 255]}-` +
    `${HEX[((c >>> 24) & 63) | 128]}${HEX[(c >>> 16) & 255]}-` +
    `${HEX[(c >>> 8) & 255]}${HEX[c & 255]}${HEX[d >>> 24]}${HEX[(d >>> 16) & 255]}` +
    `${HEX[(d >>> 8) & 255]}${HEX[d & 255]}`
  );
}

/** `count` lorem words joined by spaces. */
export function loremWords(random: Random, count: number): string {
  let text = random.pick(LOREM_WORDS);
  for (let i = 1; i < count; i++) text += ` ${random.pick(LOREM_WORDS)}`;
  return text;
}

/** A lorem sentence of `min` to `max` words, capitalised and ending with a full stop. */
export function loremSentence(random: Random, min = 6, max = 12): string {
  const text = loremWords(random, random.int(min, max));
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

const DAY_MS = 86_400_000;

/** A moment between `fromDays` and `toDays` days from `now` (negative is the past), as ISO 8601. */
export function isoDateTime(random: Random, now: number, fromDays: number, toDays: number): string {
  return new Date(now + (fromDays + random.next() * (toDays - fromDays)) * DAY_MS).toISOString();
}

/** A calendar date between `fromDays` and `toDays` days from `now`, as YYYY-MM-DD. */
export function isoDate(random: Random, now: number, fromDays: number, toDays: number): string {
  return isoDateTime(random, now, fromDays, toDays).slice(0, 10);
}

/** Day names indexed as Date#getUTCDay counts them: 0 is Sunday. */
export const DAY_NAMES: readonly string[] = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
];

/** The calendar day of `ms` (UTC), as YYYY-MM-DD. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `n` written with at least `width` digits: zeroPad(7, 2) is "07". */
export function zeroPad(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/** `count` characters drawn from `alphabet`. */
export function randomChars(random: Random, alphabet: string, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++)
    text += alphabet.charAt(Math.floor(random.next() * alphabet.length));
  return text;
}

/**
 * Shares of 100 in proportion to `weights`, rounded to `decimals` places and adding up to
 * exactly 100: the rounding drift goes to the largest share (all to the first when every
 * weight is 0).
 */
export function proportions(weights: readonly number[], decimals = 2): number[] {
  const scale = 10 ** decimals;
  const total = weights.reduce((sum, w) => sum + w, 0);
  if (total <= 0) return weights.map((_, i) => (i === 0 ? 100 : 0));
  const shares = weights.map((w) => Math.round((w / total) * 100 * scale) / scale);
  let largest = 0;
  for (let i = 1; i < shares.length; i++) {
    if ((shares[i] as number) > (shares[largest] as number)) largest = i;
  }
  const rest = shares.reduce((sum, s, i) => (i === largest ? sum : sum + s), 0);
  shares[largest] = Math.round((100 - rest) * scale) / scale;
  return shares;
}
