import type { AnalyticsSample } from '@mocksmith/core/samples';
import { Globe, Monitor, Smartphone, Tablet } from 'lucide-react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs.tsx';
import { cn } from '../../../lib/cn.ts';
import { DEMO_ANALYTICS } from '../data/demo-data.ts';
import { showcaseTexts } from '../texts.ts';
import { formatDate, formatDayLabel } from '../utils/dates.ts';
import { keyed } from '../utils/keys.ts';
import { sourceColor } from '../utils/labels.ts';
import { formatDuration, formatNumber, formatPercent } from '../utils/numbers.ts';
import { BarChart, PreviewSection, ShareBars } from './charts.tsx';
import { ShowcaseWidget } from './showcase-widget.tsx';
import { StatCard, StatGrid } from './stat-card.tsx';

/** The analytics widget, fed by the `analytics` sample API. */
export function AnalyticsWidget() {
  return (
    <ShowcaseWidget
      code="analytics"
      name="Analytics"
      dataName="analytics"
      description="Website traffic: visitors against last month, daily visits, sources, devices and popular pages."
      demo={DEMO_ANALYTICS}
      warning={showcaseTexts.analyticsFallback}
    >
      {(body) => <AnalyticsPreview body={body} />}
    </ShowcaseWidget>
  );
}

const cardClasses =
  'min-w-0 rounded-lg border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900';

const DEVICE_ICONS: Record<string, typeof Monitor> = {
  Desktop: Monitor,
  Mobile: Smartphone,
  Tablet: Tablet,
};

/** The preview: the site, then tabs Overview, Traffic and Content. */
export function AnalyticsPreview({ body }: { body: AnalyticsSample }) {
  const { siteInfo, visitorMetrics: metrics, trafficSources, dailyVisits, popularPages } = body;
  const previous = metrics.previousMonth;
  const sources = keyed(
    trafficSources.sources.map((source, index) => ({
      ...source,
      color: sourceColor(source.name, index),
    })),
    (source) => source.name,
  );
  return (
    <div
      data-testid="analytics-preview"
      className="rounded-lg border border-slate-200 bg-slate-50 p-4 sm:p-6 dark:border-slate-700 dark:bg-slate-900/60"
    >
      <h3 className="flex items-center gap-2 text-lg font-semibold">
        <Globe
          className="size-5 shrink-0 text-indigo-600 dark:text-indigo-400"
          aria-hidden="true"
        />
        <span className="min-w-0 break-all">{siteInfo.domain}</span>
      </h3>

      <Tabs defaultValue="overview" className="mt-5">
        <TabsList aria-label="Analytics views">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="traffic">Traffic</TabsTrigger>
          <TabsTrigger value="content">Content</TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="space-y-4">
          <StatGrid>
            <StatCard
              label="Visitors"
              value={formatNumber(metrics.totalVisitors)}
              current={metrics.totalVisitors}
              previous={previous.totalVisitors}
              period="last month"
            />
            <StatCard
              label="Page views"
              value={formatNumber(metrics.pageViews)}
              current={metrics.pageViews}
              previous={previous.pageViews}
              period="last month"
            />
            <StatCard
              label="Bounce rate"
              value={formatPercent(metrics.bounceRate)}
              current={metrics.bounceRate}
              previous={previous.bounceRate}
              period="last month"
              lowerIsBetter
            />
            <StatCard
              label="Avg. session"
              value={formatDuration(metrics.avgSessionDuration)}
              current={metrics.avgSessionDuration}
              previous={previous.avgSessionDuration}
              period="last month"
            />
          </StatGrid>
          <div className="grid gap-4 xl:grid-cols-5">
            <div className={cn(cardClasses, 'xl:col-span-3')}>
              <PreviewSection title={`Daily visitors, last ${dailyVisits.data.length} days`}>
                <BarChart
                  label="Daily visitors"
                  unit="visitors"
                  bars={dailyVisits.data.map((day) => ({
                    label: formatDayLabel(day.date),
                    value: day.visitors,
                  }))}
                />
              </PreviewSection>
            </div>
            <div className={cn(cardClasses, 'xl:col-span-2')}>
              <PreviewSection title="Devices">
                <ShareBars
                  label="Visits by device"
                  items={body.deviceBreakdown.devices.map((device) => {
                    const Icon = DEVICE_ICONS[device.type] ?? Monitor;
                    return {
                      name: device.type,
                      label: (
                        <span className="flex items-center gap-1.5">
                          <Icon className="size-4 shrink-0" aria-hidden="true" />
                          {device.type}
                        </span>
                      ),
                      valueText: formatPercent(device.percentage),
                      fill: device.percentage,
                    };
                  })}
                />
              </PreviewSection>
            </div>
          </div>
        </TabsContent>

        <TabsContent value="traffic">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className={cardClasses}>
              <PreviewSection title="Traffic sources">
                <div
                  aria-hidden="true"
                  className="mb-4 flex h-3 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
                >
                  {sources.map(({ key, item: source }) => (
                    <div
                      key={key}
                      className={source.color}
                      style={{ width: `${Math.max(0, source.percentage)}%` }}
                    />
                  ))}
                </div>
                <ul aria-label="Traffic sources" className="space-y-2">
                  {sources.map(({ key, item: source }) => (
                    <li key={key} className="flex items-center justify-between gap-3 text-sm">
                      <span className="flex min-w-0 items-center gap-2">
                        <span
                          aria-hidden="true"
                          data-testid="source-swatch"
                          className={cn('size-3 shrink-0 rounded-sm', source.color)}
                        />
                        <span className="break-words">{source.name}</span>
                      </span>
                      <span className="font-medium tabular-nums">
                        {formatPercent(source.percentage)}
                      </span>
                    </li>
                  ))}
                </ul>
              </PreviewSection>
            </div>
            <div className={cardClasses}>
              <PreviewSection title="Site info">
                <dl className="space-y-3 text-sm">
                  <div>
                    <dt className="text-slate-600 dark:text-slate-300">Domain</dt>
                    <dd className="font-medium break-all">{siteInfo.domain}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600 dark:text-slate-300">Site ID</dt>
                    <dd className="font-mono font-medium break-all">{siteInfo.siteId}</dd>
                  </div>
                  <div>
                    <dt className="text-slate-600 dark:text-slate-300">Tracking since</dt>
                    <dd className="font-medium">{formatDate(siteInfo.trackingSince)}</dd>
                  </div>
                </dl>
              </PreviewSection>
            </div>
          </div>
        </TabsContent>

        <TabsContent value="content">
          <div className={cardClasses}>
            <PreviewSection title="Popular pages">
              <table aria-label="Popular pages" className="w-full table-fixed text-left text-sm">
                <thead>
                  <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
                    <th scope="col" className="w-1/2 py-2 pr-2 font-medium">
                      Page
                    </th>
                    <th scope="col" className="py-2 pr-2 text-right font-medium">
                      Views
                    </th>
                    <th scope="col" className="py-2 text-right font-medium">
                      Avg. time
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                  {keyed(popularPages.pages, (page) => page.path).map(({ key, item: page }) => (
                    <tr key={key}>
                      <td className="py-2 pr-2 font-mono break-all">{page.path}</td>
                      <td className="py-2 pr-2 text-right tabular-nums">
                        {formatNumber(page.views)}
                      </td>
                      <td className="py-2 text-right tabular-nums">
                        {formatDuration(page.avgTimeOnPage)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </PreviewSection>
          </div>
        </TabsContent>
      </Tabs>
    </div>
  );
}
