/**
 * The one way the app writes a date: day/month/year in digits, as `fr-FR` writes it (the spec's
 * dashboard format), and a moment adds hours:minutes on the 24-hour clock: 31/12/2025 and
 * 31/12/2025 21:45. Written by hand rather than with Intl, so the public pages that show dates
 * (the showcase) load no locale data (see lib/format.ts).
 */

/** Where a moment is read: the reader's clock (the dashboard, /admin) or UTC (sample bodies). */
export type DateZone = 'local' | 'utc';

export interface DateFormatOptions {
  /** Add hours and minutes (a moment such as an activity entry); the default is the date alone. */
  time?: boolean;
  /** The zone a moment is read in; 'local' unless said. A date without time has none. */
  zone?: DateZone;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * A date (YYYY-MM-DD), an ISO 8601 moment or a Date as the app shows it: 31/12/2025, or
 * 31/12/2025 21:45 with `time`. A date without time is a calendar day, never moved by a zone; a
 * text that is not a date comes back unchanged, so a sample's odd value still shows.
 */
export function formatDate(value: string | Date, options: DateFormatOptions = {}): string {
  if (typeof value === 'string') {
    const calendarDay = DATE_ONLY.exec(value);
    if (calendarDay) return `${calendarDay[3]}/${calendarDay[2]}/${calendarDay[1]}`;
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return typeof value === 'string' ? value : '';
  const utc = options.zone === 'utc';
  const day = utc ? date.getUTCDate() : date.getDate();
  const month = (utc ? date.getUTCMonth() : date.getMonth()) + 1;
  const year = utc ? date.getUTCFullYear() : date.getFullYear();
  const text = `${pad(day)}/${pad(month)}/${year}`;
  if (!options.time) return text;
  const hours = utc ? date.getUTCHours() : date.getHours();
  const minutes = utc ? date.getUTCMinutes() : date.getMinutes();
  return `${text} ${pad(hours)}:${pad(minutes)}`;
}
