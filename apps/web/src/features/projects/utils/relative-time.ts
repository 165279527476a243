import { formatDate } from '../../../lib/dates.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * A past moment (ISO 8601) as the dashboard says how long ago it was: 'just now' within a
 * minute, then minutes, hours and days; past 30 days, the date (31/12/2025). A moment ahead of
 * `now` (a clock a little off) is 'just now'.
 */
export function relativeTime(moment: string, now: number = Date.now()): string {
  const at = new Date(moment).getTime();
  if (Number.isNaN(at)) return moment;
  const elapsed = now - at;
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 30 * DAY) return ago(Math.floor(elapsed / DAY), 'day');
  return formatDate(moment);
}
