import { MAX_DELAY_MS } from '@mocksmith/core/limits';
import {
  densityPoints,
  describeLatency,
  formatMs,
  type LatencyModel,
  latencyQuantile,
} from '@mocksmith/core/network';

const WIDTH = 320;
const HEIGHT = 140;
const LEFT = 8;
const RIGHT = 8;
const TOP = 30;
const BOTTOM = 22;
const PLOT_WIDTH = WIDTH - LEFT - RIGHT;
const PLOT_HEIGHT = HEIGHT - TOP - BOTTOM;

/** The round number at or above `ms` that an axis ends at: 1, 2, 2.5 or 5 times a power of ten. */
function roundUp(ms: number): number {
  if (!(ms > 0)) return 100;
  const power = 10 ** Math.floor(Math.log10(ms));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= ms) ?? 10;
  return step * power;
}

/** What the chart says to assistive technology: the model and its two marks. */
export function latencyChartLabel(model: LatencyModel): string {
  const p50 = formatMs(latencyQuantile(model, 0.5));
  const p95 = formatMs(latencyQuantile(model, 0.95));
  return `Latency distribution, ${describeLatency(model)}: half of calls wait up to ${p50}, 95 % up to ${p95}`;
}

/**
 * A small chart of how a latency model spreads the delays of calls (core's `densityPoints`), its
 * median and 95th percentile marked, and the model in words under it. One image to assistive
 * technology, named by `latencyChartLabel`.
 */
export function LatencyChart({ model }: { model: LatencyModel }) {
  // Core's range (to the 99.9th percentile), ended at a round number for the axis's words.
  const natural = densityPoints(model, { points: 2 }).at(-1)?.ms ?? 0;
  const points = densityPoints(model, {
    points: 81,
    upTo: Math.min(roundUp(natural), MAX_DELAY_MS),
  });
  const upTo = points[points.length - 1]?.ms ?? 0;
  const highest = Math.max(...points.map((point) => point.density), Number.MIN_VALUE);
  const x = (ms: number) => LEFT + (upTo > 0 ? (ms / upTo) * PLOT_WIDTH : 0);
  const y = (density: number) => TOP + (1 - density / highest) * PLOT_HEIGHT;
  const baseline = TOP + PLOT_HEIGHT;
  const line = points
    .map((point) => `${x(point.ms).toFixed(1)},${y(point.density).toFixed(1)}`)
    .join(' L');
  const area = `M${x(0).toFixed(1)},${baseline} L${line} L${x(upTo).toFixed(1)},${baseline} Z`;
  // Each mark's words on a row of their own, on the side of its line with room for them.
  const marks = [
    { label: 'p50', ms: latencyQuantile(model, 0.5), row: 11 },
    { label: 'p95', ms: latencyQuantile(model, 0.95), row: 23 },
  ]
    .filter((mark) => Number.isFinite(mark.ms) && mark.ms <= upTo)
    .map((mark) => ({ ...mark, left: x(mark.ms) > WIDTH / 2 }));

  return (
    <figure className="space-y-1">
      <svg
        role="img"
        aria-label={latencyChartLabel(model)}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full max-w-md rounded-md border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-950"
      >
        <path d={area} className="fill-indigo-500/20 stroke-none dark:fill-indigo-400/25" />
        <path
          d={`M${line}`}
          className="fill-none stroke-indigo-600 dark:stroke-indigo-400"
          strokeWidth={1.5}
          strokeLinejoin="round"
        />
        <line
          x1={LEFT}
          x2={WIDTH - RIGHT}
          y1={baseline}
          y2={baseline}
          className="stroke-slate-400 dark:stroke-slate-500"
        />
        {marks.map((mark) => (
          <g key={mark.label}>
            <line
              x1={x(mark.ms)}
              x2={x(mark.ms)}
              y1={mark.row + 3}
              y2={baseline}
              strokeDasharray="3 2"
              className="stroke-slate-600 dark:stroke-slate-300"
            />
            <text
              x={x(mark.ms) + (mark.left ? -3 : 3)}
              y={mark.row}
              textAnchor={mark.left ? 'end' : 'start'}
              className="fill-slate-700 text-[10px] dark:fill-slate-200"
            >
              {mark.label} {formatMs(mark.ms)}
            </text>
          </g>
        ))}
        <text x={LEFT} y={HEIGHT - 6} className="fill-slate-600 text-[10px] dark:fill-slate-300">
          0 ms
        </text>
        <text
          x={WIDTH - RIGHT}
          y={HEIGHT - 6}
          textAnchor="end"
          className="fill-slate-600 text-[10px] dark:fill-slate-300"
        >
          {formatMs(upTo)}
        </text>
      </svg>
      <figcaption className="text-xs text-slate-600 dark:text-slate-400">
        {describeLatency(model)}
      </figcaption>
    </figure>
  );
}
