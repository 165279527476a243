import type { Analytics, AnalyticsPoint } from '@mocksmith/core/analytics';
import { formatDate } from '../../../lib/dates.ts';
import { callsText, formatDecimal, formatInteger } from '../../../lib/format.ts';

type Step = Analytics['step'];

/** A point's time as the tables show it: a minute or an hour on the reader's clock, a UTC day. */
export function pointTime(at: string, step: Step): string {
  return step === 'day' ? formatDate(at, { zone: 'utc' }) : formatDate(at, { time: true });
}

/** Milliseconds as the latency chart shows them: 0.4 ms, 35.2 ms, 1.25 s. */
export function formatLatency(ms: number): string {
  return ms < 1000 ? `${formatDecimal(ms, 1)} ms` : `${formatDecimal(ms / 1000, 2)} s`;
}

/** `part` of `total` as a share: 12.5 %; 0 % of nothing. */
export function shareOf(part: number, total: number): string {
  return `${formatDecimal(total === 0 ? 0 : (part / total) * 100, 1)} %`;
}

const PER: Record<Step, string> = { minute: 'a minute', hour: 'an hour', day: 'a day' };

/** What the calls chart says to assistive technology: the totals and the busiest point. */
export function callsChartLabel(
  series: readonly AnalyticsPoint[],
  step: Step,
  range: string,
): string {
  const calls = series.reduce((sum, point) => sum + point.calls, 0);
  const faults = series.reduce((sum, point) => sum + point.faults, 0);
  const busiest = series.reduce<AnalyticsPoint | null>(
    (top, point) => (top === null || point.calls > top.calls ? point : top),
    null,
  );
  const peak = busiest
    ? `, at most ${formatInteger(busiest.calls)} ${PER[step]} (${pointTime(busiest.at, step)})`
    : '';
  return `Calls over time, ${range.toLowerCase()}: ${callsText(calls)}${peak}; ${formatInteger(faults)} errors injected`;
}
