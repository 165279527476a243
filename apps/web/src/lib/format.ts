/**
 * The few English number and date formats the public pages show, written without Intl. The
 * first Intl formatter a page makes loads ICU's locale data: about 60 ms on a desktop core, four
 * times that on a phone, all of it in the page's first render, for text the prerendered HTML
 * already holds. Each function gives what `Intl` gives for its locale and options (the tests
 * compare them over random values).
 */

/** 1234567 as 1,234,567 (digits only, no sign). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The shortest decimal that reads back as this number (what `String` writes), as its whole and
 * fraction digits, without an exponent: 1e-7 is ['0', '0000001'].
 */
function decimalDigits(magnitude: number): [whole: string, fraction: string] {
  const [, head = '0', tail = '', exponent = '0'] =
    /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(magnitude)) ?? [];
  let digits = head + tail;
  let point = head.length + Number(exponent);
  if (point <= 0) {
    digits = '0'.repeat(1 - point) + digits;
    point = 1;
  }
  digits = digits.padEnd(point, '0');
  return [digits.slice(0, point).replace(/^0+(?=\d)/, ''), digits.slice(point)];
}

/**
 * A number as `Intl.NumberFormat('en-US', { minimumFractionDigits, maximumFractionDigits })`
 * writes it: thousands separators; the shortest decimal that reads back as the number, rounded
 * half away from zero (so 1.005 is 1.01, as Intl has it, where toFixed says 1.00); trailing
 * zeros dropped down to the minimum; a minus on any negative value, -0 included.
 */
export function formatDecimal(
  value: number,
  maximumFractionDigits: number,
  minimumFractionDigits = 0,
): string {
  if (Number.isNaN(value)) return 'NaN';
  const negative = value < 0 || Object.is(value, -0);
  if (!Number.isFinite(value)) return negative ? '-∞' : '∞';
  let [whole, fraction] = decimalDigits(Math.abs(value));
  if (fraction.length > maximumFractionDigits) {
    const roundUp = fraction.charAt(maximumFractionDigits) >= '5';
    fraction = fraction.slice(0, maximumFractionDigits);
    if (roundUp) {
      const kept = whole + fraction;
      const raised = (BigInt(kept) + 1n).toString().padStart(kept.length, '0');
      whole = raised.slice(0, raised.length - fraction.length) || '0';
      fraction = raised.slice(raised.length - fraction.length);
    }
  }
  fraction = fraction.padEnd(minimumFractionDigits, '0');
  while (fraction.length > minimumFractionDigits && fraction.endsWith('0')) {
    fraction = fraction.slice(0, -1);
  }
  const text = groupThousands(whole) + (fraction ? `.${fraction}` : '');
  return negative ? `-${text}` : text;
}

/** A whole number with thousands separators: 100,000. */
export function formatInteger(value: number): string {
  return formatDecimal(value, 0);
}

/**
 * A count of logged calls in words: "1 call", "1,234 calls". A logged call is a "call" on every
 * screen (an API's and a route's call count, the Analytics, the Requests page's list): the
 * spec's "call count" (docs/decisions.md, issue 37).
 */
export function callsText(count: number): string {
  return `${formatInteger(count)} ${count === 1 ? 'call' : 'calls'}`;
}

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
] as const;

/** How a date is written, always read in UTC. */
export type DateStyle =
  /** Jan 1, 2026 (en-US, month short) */
  | 'short'
  /** January 1, 2026 (en-US, month long) */
  | 'long'
  /** Jan 1 (en-US, no year) */
  | 'month-day'
  /** 1 January 2026 (en-GB, month long) */
  | 'british';

/** A date in English, in UTC, as `Intl.DateTimeFormat` writes it for that style. */
export function formatUtcDate(date: Date, style: DateStyle): string {
  const month = MONTHS[date.getUTCMonth()] ?? '';
  const day = date.getUTCDate();
  const year = date.getUTCFullYear();
  switch (style) {
    case 'short':
      return `${month.slice(0, 3)} ${day}, ${year}`;
    case 'long':
      return `${month} ${day}, ${year}`;
    case 'month-day':
      return `${month.slice(0, 3)} ${day}`;
    case 'british':
      return `${day} ${month} ${year}`;
  }
}
