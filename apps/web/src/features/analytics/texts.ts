import { analyticsTexts as shared } from '@mocksmith/core/texts';

/** The texts of the analytics section, in one place for the section and its tests. */
export const analyticsTexts = {
  ...shared,
  title: 'Analytics',
  rangeLabel: 'Range',
  loading: 'Loading the analytics...',
  /** Under an API's name, above its analytics. */
  apiLine:
    'Every call of its URLs, refused ones included (its call count has the answered ones): over time, their statuses, latency and top consumers.',
  showTable: 'Show as table',
  showChart: 'Show as chart',
  callsTitle: 'Calls over time',
  statusTitle: 'Status mix',
  latencyTitle: 'Latency',
  routesTitle: 'Top routes',
  /** Under the top routes: what they count, unlike a route's row of answered calls. */
  routesNote: 'Every call, refused ones (401, 429) and injected errors included.',
  consumersTitle: 'Top consumers',
  faultsTitle: 'Errors injected',
  consumersNote: 'Consumers are shown by a hash of their address, never the address itself.',
  /** Under the top lists of the last hour, which are kept by hour. */
  topSince: (time: string) => `Counted since ${time}.`,
  noLatency: 'No latency to show.',
  chartUnavailable: 'The chart cannot be drawn in this browser; the table shows the same data.',
  chartLoadFailed: 'The chart could not be loaded. Show it as a table, or reload the page.',
  loadFailed: 'The analytics could not be loaded. Reload the page to try again.',
  summary: (calls: string, faults: string, share: string) =>
    `${calls} · ${faults} errors injected (${share})`,
  /** After the summary, when the project's proxy forwarded some calls. */
  proxiedSummary: (proxied: string) => ` · ${proxied} forwarded to the real API`,
  timeColumn: 'Time',
  callsColumn: 'Calls',
  faultsColumn: 'Errors injected',
  proxiedColumn: 'Forwarded',
  routeColumn: 'Route',
  consumerColumn: 'Consumer',
  statusColumn: 'Status',
  shareColumn: 'Share',
  percentileColumn: 'Percentile',
  latencyColumn: 'Latency',
  statusNames: {
    s1xx: '1xx',
    s2xx: '2xx',
    s3xx: '3xx',
    s4xx: '4xx',
    s5xx: '5xx',
    s0: 'No answer',
  },
} as const;
