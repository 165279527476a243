import type { Analytics, AnalyticsRange } from '@mocksmith/core/analytics';
import { ANALYTICS_RANGES } from '@mocksmith/core/texts';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { formatDate } from '../../../lib/dates.ts';
import { callsText, formatInteger } from '../../../lib/format.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { type AnalyticsBase, useAnalytics } from '../api/get-analytics.ts';
import { analyticsTexts } from '../texts.ts';
import { callsChartLabel, formatLatency, pointTime, shareOf } from '../utils/labels.ts';
import { BarList } from './bar-list.tsx';
import { CallsChart, canDrawCharts } from './calls-chart.tsx';
import { ChartCard, DataTable } from './chart-card.tsx';
import { StatusMix, statusRows } from './status-mix.tsx';

/** The range switch: Last hour, Last week, Last 90 days. */
function RangeSwitch({
  value,
  onChange,
}: {
  value: AnalyticsRange;
  onChange: (range: AnalyticsRange) => void;
}) {
  return (
    <fieldset className="inline-flex flex-wrap gap-1 rounded-lg border border-slate-200 p-1 dark:border-slate-700">
      <legend className="sr-only">{analyticsTexts.rangeLabel}</legend>
      {ANALYTICS_RANGES.map((range) => (
        <Button
          key={range}
          type="button"
          size="sm"
          variant={range === value ? 'primary' : 'ghost'}
          aria-pressed={range === value}
          onClick={() => onChange(range)}
        >
          {analyticsTexts.ranges[range]}
        </Button>
      ))}
    </fieldset>
  );
}

/** The charts of a range with calls. */
function Charts({ data }: { data: Analytics }) {
  const drawable = canDrawCharts();
  const rangeName = analyticsTexts.ranges[data.range];
  const columns = [
    analyticsTexts.timeColumn,
    analyticsTexts.callsColumn,
    ...(data.statusMix.s1xx > 0 ? ['1xx'] : []),
    '2xx',
    '3xx',
    '4xx',
    '5xx',
    analyticsTexts.statusNames.s0,
    analyticsTexts.faultsColumn,
    ...(data.totals.proxied > 0 ? [analyticsTexts.proxiedColumn] : []),
  ];
  const callRows = data.series.map((point) => [
    pointTime(point.at, data.step),
    formatInteger(point.calls),
    ...(data.statusMix.s1xx > 0 ? [formatInteger(point.s1xx)] : []),
    formatInteger(point.s2xx),
    formatInteger(point.s3xx),
    formatInteger(point.s4xx),
    formatInteger(point.s5xx),
    formatInteger(point.s0),
    formatInteger(point.faults),
    ...(data.totals.proxied > 0 ? [formatInteger(point.proxied)] : []),
  ]);
  const latency = (['p50', 'p95', 'p99'] as const).flatMap((name) => {
    const ms = data.latency[name];
    return ms === null ? [] : [{ name, value: ms, text: formatLatency(ms) }];
  });
  const topNote =
    data.range === 'hour'
      ? analyticsTexts.topSince(formatDate(data.topSince, { time: true }))
      : undefined;
  const routes = data.topRoutes.map((row) => ({
    name: row.route,
    value: row.calls,
    text: formatInteger(row.calls),
  }));
  const consumers = data.topConsumers.map((row) => ({
    name: row.client,
    value: row.calls,
    text: formatInteger(row.calls),
  }));

  return (
    <div className="flex min-w-0 flex-col gap-4">
      <ChartCard
        title={analyticsTexts.callsTitle}
        forceTable={!drawable}
        note={drawable ? undefined : analyticsTexts.chartUnavailable}
        chart={
          <CallsChart
            series={data.series}
            utcDays={data.step === 'day'}
            label={callsChartLabel(data.series, data.step, rangeName)}
          />
        }
        table={
          <DataTable
            caption={`${analyticsTexts.callsTitle}, ${rangeName.toLowerCase()}`}
            columns={columns}
            rows={callRows}
          />
        }
      />
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <ChartCard
          title={analyticsTexts.statusTitle}
          chart={<StatusMix mix={data.statusMix} />}
          table={
            <DataTable
              caption={analyticsTexts.statusTitle}
              columns={[
                analyticsTexts.statusColumn,
                analyticsTexts.callsColumn,
                analyticsTexts.shareColumn,
              ]}
              rows={statusRows(data.statusMix).map((row) => [
                row.name,
                formatInteger(row.count),
                row.share,
              ])}
            />
          }
        />
        <ChartCard
          title={analyticsTexts.latencyTitle}
          chart={
            latency.length === 0 ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {analyticsTexts.noLatency}
              </p>
            ) : (
              <BarList
                label={analyticsTexts.latencyTitle}
                bars={latency}
                barClassName="bg-teal-500 dark:bg-teal-400"
              />
            )
          }
          table={
            <DataTable
              caption={analyticsTexts.latencyTitle}
              columns={[analyticsTexts.percentileColumn, analyticsTexts.latencyColumn]}
              rows={latency.map((bar) => [bar.name, bar.text])}
            />
          }
        />
        <ChartCard
          title={analyticsTexts.routesTitle}
          note={[analyticsTexts.routesNote, topNote].filter(Boolean).join(' ')}
          chart={<BarList label={analyticsTexts.routesTitle} bars={routes} />}
          table={
            <DataTable
              caption={analyticsTexts.routesTitle}
              columns={[analyticsTexts.routeColumn, analyticsTexts.callsColumn]}
              rows={routes.map((bar) => [bar.name, bar.text])}
            />
          }
        />
        <ChartCard
          title={analyticsTexts.consumersTitle}
          note={[topNote, analyticsTexts.consumersNote].filter(Boolean).join(' ')}
          chart={
            <BarList
              label={analyticsTexts.consumersTitle}
              bars={consumers}
              barClassName="bg-sky-500 dark:bg-sky-400"
            />
          }
          table={
            <DataTable
              caption={analyticsTexts.consumersTitle}
              columns={[analyticsTexts.consumerColumn, analyticsTexts.callsColumn]}
              rows={consumers.map((bar) => [bar.name, bar.text])}
            />
          }
        />
      </div>
    </div>
  );
}

/**
 * The Analytics section of a project or API (`base`, see api/get-analytics.ts): the range
 * switch (Last hour, Last week, Last 90 days), the
 * range's calls and injected errors in figures, then its charts (calls over time, status mix,
 * latency p50/p95/p99, top routes, top consumers), each with a table of the same numbers; "No
 * calls yet in this range." when it had none. Read again every minute.
 */
export function AnalyticsPanel({ base }: { base: AnalyticsBase }) {
  const [range, setRange] = useState<AnalyticsRange>('hour');
  const analytics = useAnalytics(base, range);
  const titleId = useId();
  const data = analytics.data;

  return (
    <section
      aria-labelledby={titleId}
      aria-busy={analytics.isFetching}
      className="flex min-w-0 flex-col gap-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold">
          {analyticsTexts.title}
        </h2>
        <RangeSwitch value={range} onChange={setRange} />
      </div>
      {analytics.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{analyticsTexts.loading}</p>
      ) : analytics.isError && !data ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {toUserMessage(analytics.error, analyticsTexts.loadFailed)}
        </p>
      ) : data && data.totals.calls === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
          {analyticsTexts.empty}
        </p>
      ) : data ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {analyticsTexts.summary(
              callsText(data.totals.calls),
              formatInteger(data.totals.faults),
              shareOf(data.totals.faults, data.totals.calls),
            )}
            {data.totals.proxied > 0
              ? analyticsTexts.proxiedSummary(formatInteger(data.totals.proxied))
              : null}
          </p>
          <Charts data={data} />
        </>
      ) : null}
    </section>
  );
}

export default AnalyticsPanel;
