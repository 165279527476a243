/** The display rules of the showcase's numbers (spec section 9). */
import { formatDecimal } from '../../../lib/format.ts';

/** A number with thousands separators and at most `maximumFractionDigits` decimals: 12,345.67. */
export function formatNumber(value: number, maximumFractionDigits = 2): string {
  return formatDecimal(value, maximumFractionDigits);
}

/** A percentage with at most one decimal: 44.4%. */
export function formatPercent(value: number, maximumFractionDigits = 1): string {
  return `${formatNumber(value, maximumFractionDigits)}%`;
}

/**
 * The change from `previous` to `current` in %. The spec fixes the case of a previous value of
 * 0 (no ratio exists): the change is 100%.
 */
export function percentChange(current: number, previous: number): number {
  if (previous === 0) return 100;
  return ((current - previous) / Math.abs(previous)) * 100;
}

/** A change in % with its sign and one decimal: +12.3%, -4.5%, 0%. */
export function formatChange(change: number): string {
  const rounded = Math.round(change * 10) / 10;
  const sign = rounded > 0 ? '+' : rounded < 0 ? '-' : '';
  return `${sign}${formatPercent(Math.abs(rounded))}`;
}

/** A duration given in seconds: below 60 s in seconds (45s), otherwise minutes and seconds (3m 20s). */
export function formatDuration(seconds: number): string {
  const total = Number.isFinite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  if (total < 60) return `${total}s`;
  return `${Math.floor(total / 60)}m ${total % 60}s`;
}

/** The smallest bar of a chart, in % of its height, so that a small value still shows. */
export const MIN_BAR_HEIGHT = 5;

/** The height of a chart's bar in % of the chart: its share of the largest value, at least 5%. */
export function barHeight(value: number, max: number): number {
  if (!(max > 0) || !(value > 0)) return MIN_BAR_HEIGHT;
  return Math.max(MIN_BAR_HEIGHT, Math.min(100, (value / max) * 100));
}

/** A progress in % as a bar shows it: capped at 100 (and never below 0). */
export function cappedProgress(percent: number): number {
  if (!Number.isFinite(percent)) return 0;
  return Math.min(100, Math.max(0, percent));
}
