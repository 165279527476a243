/** A date (YYYY-MM-DD) or moment (ISO 8601) of a sample body as the widgets show it. */
import { type DateStyle, formatUtcDate } from '../../../lib/format.ts';

/**
 * Formats in UTC, the zone of the sample bodies, so a date-only value is never shown as the day
 * before: Jan 1, 2026. A value that is not a date comes back unchanged.
 */
export function formatDate(value: string, style: DateStyle = 'short'): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return formatUtcDate(date, style);
}

/** Day and date, as the weather widget heads its report: Thursday, January 1, 2026. */
export function formatLongDate(day: string, date: string): string {
  const formatted = formatDate(date, 'long');
  return day ? `${day}, ${formatted}` : formatted;
}

/** A short label of a chart's day: Jan 1. */
export function formatDayLabel(date: string): string {
  return formatDate(date, 'month-day');
}
