/** A date (YYYY-MM-DD) or moment (ISO 8601) of a sample body as the widgets show it. */
import { formatDate as formatAppDate } from '../../../lib/dates.ts';
import { type DateStyle, formatUtcDate } from '../../../lib/format.ts';

/**
 * A date of a sample body as every date of the app is written (lib/dates.ts): 01/01/2026. Read
 * in UTC, the zone of the sample bodies, so a moment is the same day on every reader's screen
 * and in the prerendered page. A value that is not a date comes back unchanged.
 */
export function formatDate(value: string): string {
  return formatAppDate(value, { zone: 'utc' });
}

/** A date in words, in UTC; a value that is not a date comes back unchanged. */
function formatWords(value: string, style: DateStyle): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatUtcDate(date, style);
}

/** Day and date in words, as the weather widget heads its report: Thursday, January 1, 2026. */
export function formatLongDate(day: string, date: string): string {
  const formatted = formatWords(date, 'long');
  return day ? `${day}, ${formatted}` : formatted;
}

/** A short label of a chart's day: Jan 1. */
export function formatDayLabel(date: string): string {
  return formatWords(date, 'month-day');
}
