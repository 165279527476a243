import 'uplot/dist/uPlot.min.css';
import type { AnalyticsPoint } from '@mocksmith/core/analytics';
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { useTheme } from '../../../lib/theme-provider.tsx';
import { analyticsTexts } from '../texts.ts';

const HEIGHT = 220;

/** The chart's colours in each theme (Tailwind's slate, indigo and red). */
const COLOURS = {
  light: {
    axis: '#475569',
    grid: '#e2e8f0',
    calls: '#4f46e5',
    callsFill: 'rgba(79, 70, 229, 0.12)',
    faults: '#dc2626',
  },
  dark: {
    axis: '#cbd5e1',
    grid: '#334155',
    calls: '#818cf8',
    callsFill: 'rgba(129, 140, 248, 0.18)',
    faults: '#f87171',
  },
} as const;

/** The legend's swatches, as the lines are drawn. */
export const CALLS_LEGEND = [
  { label: analyticsTexts.callsColumn, className: 'bg-indigo-600 dark:bg-indigo-400' },
  { label: analyticsTexts.faultsColumn, className: 'bg-red-600 dark:bg-red-400' },
] as const;

/** Whether this browser can draw the canvas charts (else their tables show). */
export function canDrawCharts(): boolean {
  if (typeof document === 'undefined') return false;
  try {
    return document.createElement('canvas').getContext('2d') !== null;
  } catch {
    return false;
  }
}

function optionsOf(
  UPlot: typeof uPlot,
  width: number,
  dark: boolean,
  utcDays: boolean,
): uPlot.Options {
  const colours = dark ? COLOURS.dark : COLOURS.light;
  const axis: uPlot.Axis = {
    stroke: colours.axis,
    grid: { stroke: colours.grid, width: 1 },
    ticks: { stroke: colours.grid, width: 1 },
  };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: true }, y: { range: (_self, _min, max) => [0, Math.max(1, max)] } },
    // Days are UTC days: drawn at their UTC date whatever the reader's zone.
    ...(utcDays ? { tzDate: (ts: number) => UPlot.tzDate(new Date(ts * 1000), 'Etc/UTC') } : {}),
    series: [
      {},
      {
        label: analyticsTexts.callsColumn,
        stroke: colours.calls,
        fill: colours.callsFill,
        width: 2,
      },
      { label: analyticsTexts.faultsColumn, stroke: colours.faults, width: 1.5 },
    ],
    axes: [axis, { ...axis, size: 56 }],
  };
}

/**
 * The calls and the injected errors of a range over time, drawn by uPlot (loaded with the chart,
 * never before). One image to assistive technology, named by `label`; the numbers are in the
 * card's table. Follows the theme and the width of its box.
 */
export function CallsChart({
  series,
  utcDays,
  label,
}: {
  series: readonly AnalyticsPoint[];
  utcDays: boolean;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const { theme } = useTheme();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let stopped = false;
    import('uplot')
      .then(({ default: UPlot }) => {
        if (stopped) return;
        const data: uPlot.AlignedData = [
          series.map((point) => Date.parse(point.at) / 1000),
          series.map((point) => point.calls),
          series.map((point) => point.faults),
        ];
        const width = () => Math.max(200, element.clientWidth);
        plot = new UPlot(optionsOf(UPlot, width(), theme === 'dark', utcDays), data, element);
        if (typeof ResizeObserver !== 'undefined') {
          observer = new ResizeObserver(() => plot?.setSize({ width: width(), height: HEIGHT }));
          observer.observe(element);
        }
      })
      .catch(() => {
        if (!stopped) setFailed(true);
      });
    return () => {
      stopped = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [series, utcDays, theme]);

  return (
    <figure className="flex min-w-0 flex-col gap-2">
      {failed ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {analyticsTexts.chartLoadFailed}
        </p>
      ) : (
        <div ref={box} role="img" aria-label={label} className="min-h-[220px] w-full min-w-0" />
      )}
      <figcaption className="flex flex-wrap gap-4 text-xs text-slate-600 dark:text-slate-400">
        {CALLS_LEGEND.map((item) => (
          <span key={item.label} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={`h-0.5 w-4 ${item.className}`} />
            {item.label}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
