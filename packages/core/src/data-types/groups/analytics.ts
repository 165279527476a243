import type { JsonObject } from '../../json.ts';
import type { Random } from '../../random.ts';
import { isoDate, isoDay, proportions, SHORT_ADJECTIVES, SHORT_NOUNS } from '../sources.ts';
import { type DataType, typeGroup } from '../types.ts';

const t = typeGroup('analytics');

const TLDS: readonly string[] = ['com', 'com', 'com', 'io', 'net', 'org', 'co', 'dev', 'app'];

/** Pages most sites have, and the sections whose pages are named after their topic. */
const FIXED_PAGES: readonly string[] = [
  '/',
  '/pricing',
  '/about',
  '/contact',
  '/features',
  '/blog',
  '/docs',
  '/login',
  '/signup',
  '/careers',
  '/docs/getting-started',
  '/docs/installation',
  '/docs/api-reference',
  '/blog/getting-started',
  '/help/faq',
];
const SECTIONS: readonly string[] = ['/blog', '/blog', '/products', '/docs', '/guides', '/news'];

const REFERRERS: readonly string[] = [
  'https://www.google.com/',
  'https://www.bing.com/',
  'https://duckduckgo.com/',
  'https://t.co/',
  'https://www.facebook.com/',
  'https://www.linkedin.com/',
  'https://www.reddit.com/',
  'https://news.ycombinator.com/',
  'https://www.youtube.com/',
  'https://www.instagram.com/',
  'https://github.com/',
  'https://medium.com/',
  'https://stackoverflow.com/',
];

/** Values with their market share, for picks that follow real-world proportions. */
type Weighted = readonly (readonly [string, number])[];

const BROWSERS: Weighted = [
  ['Chrome', 64],
  ['Safari', 19],
  ['Edge', 5],
  ['Firefox', 3],
  ['Samsung Internet', 2.5],
  ['Opera', 2.2],
];

const OPERATING_SYSTEMS: Weighted = [
  ['Windows', 28],
  ['Android', 42],
  ['iOS', 18],
  ['macOS', 7],
  ['Linux', 2],
  ['ChromeOS', 1],
];

const TRAFFIC_SOURCES: Weighted = [
  ['Organic Search', 40],
  ['Direct', 25],
  ['Social', 14],
  ['Referral', 10],
  ['Email', 6],
  ['Paid Search', 5],
];

const DEVICES: Weighted = [
  ['Desktop', 44],
  ['Mobile', 50],
  ['Tablet', 6],
];

const EVENTS: readonly string[] = [
  'page_view',
  'session_start',
  'click',
  'scroll',
  'sign_up',
  'login',
  'search',
  'add_to_cart',
  'begin_checkout',
  'purchase',
  'file_download',
  'form_submit',
];

/** How busy each day of the week is, Sunday first: weekdays up, weekends down. */
const WEEK_SHAPE: readonly number[] = [0.72, 1.04, 1.1, 1.08, 1.03, 0.93, 0.68];

const DAY_MS = 86_400_000;
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function weighted(random: Random, list: Weighted): string {
  const total = list.reduce((sum, [, w]) => sum + w, 0);
  let r = random.next() * total;
  for (const [value, w] of list) {
    r -= w;
    if (r < 0) return value;
  }
  return (list[0] as readonly [string, number])[0];
}

/**
 * Splits 100 among `list` near its typical proportions, with one decimal, adding up to exactly
 * 100, largest share first.
 */
function shares(random: Random, list: Weighted, key: string): JsonObject[] {
  const weights = list.map(([, w]) => w * (0.6 + 0.8 * random.next()));
  const values = proportions(weights, 1);
  return list
    .map(([name], i) => ({ [key]: name, percentage: values[i] as number }))
    .sort((a, b) => (b.percentage as number) - (a.percentage as number));
}

function domain(random: Random): string {
  const name = random.bool(0.5)
    ? `${random.pick(SHORT_ADJECTIVES)}${random.pick(SHORT_NOUNS)}`
    : random.pick(SHORT_NOUNS) + random.pick(['hq', 'labs', 'hub', 'ly', 'app', 'works']);
  return `${name}.${random.pick(TLDS)}`;
}

function siteId(random: Random): string {
  if (random.bool(0.5)) return `UA-${random.int(10_000_000, 99_999_999)}-${random.int(1, 3)}`;
  let id = 'G-';
  for (let i = 0; i < 10; i++) id += ALNUM.charAt(random.int(0, ALNUM.length - 1));
  return id;
}

function pagePath(random: Random): string {
  if (random.bool(0.4)) return random.pick(FIXED_PAGES);
  const words = random.bool(0.5)
    ? `${random.pick(SHORT_ADJECTIVES)}-${random.pick(SHORT_NOUNS)}`
    : `${random.pick(SHORT_NOUNS)}-${random.pick(SHORT_NOUNS)}`;
  return `${random.pick(SECTIONS)}/${words}`;
}

function referrer(random: Random): string {
  return random.bool(0.25) ? 'direct' : random.pick(REFERRERS);
}

/** Monthly visitors, spread over the orders of magnitude from a thousand to a quarter million. */
function totalVisitors(random: Random): number {
  return Math.round(10 ** random.float(3, 5.4, 4));
}

function dailyVisits(random: Random, now: number, perDay: number): JsonObject[] {
  return Array.from({ length: 7 }, (_, i) => {
    const ms = now - (6 - i) * DAY_MS;
    const shape = WEEK_SHAPE[new Date(ms).getUTCDay()] ?? 1;
    return {
      date: isoDay(ms),
      visitors: Math.max(1, Math.round(perDay * shape * (0.9 + 0.2 * random.next()))),
    };
  });
}

/** Five to eight distinct pages, the most viewed first, views falling off like real traffic. */
function popularPages(random: Random, topViews: number): JsonObject[] {
  const count = random.int(5, 8);
  const paths = new Set<string>(['/']);
  while (paths.size < count) paths.add(pagePath(random));
  const pages = [...paths].map((path, i) => ({
    path,
    views: Math.max(1, Math.round((topViews / (i + 1) ** 0.9) * (0.85 + 0.3 * random.next()))),
    avgTimeOnPage: random.int(20, 360),
  }));
  return pages.sort((a, b) => b.views - a.views);
}

/** A site's figures over a month, in the analytics sample's shape. */
export type MonthFigures = {
  totalVisitors: number;
  /** In %, from 20 to 80. */
  bounceRate: number;
  /** In seconds. */
  avgSessionDuration: number;
  pageViews: number;
};

/** A month's page views for its visitors: each sees 1.5 to 4.5 pages on average. */
export function pageViewsFor(random: Random, visitors: number): number {
  return Math.round(visitors * random.float(1.5, 4.5, 2));
}

function metrics(random: Random, visitors: number): MonthFigures {
  return {
    totalVisitors: visitors,
    bounceRate: random.float(20, 80, 2),
    avgSessionDuration: random.int(45, 420),
    pageViews: pageViewsFor(random, visitors),
  };
}

/** What a figure was a month ago, for a change since then of `-20 %..+40 %`. */
function before(random: Random, value: number, decimals = 0): number {
  const scale = 10 ** decimals;
  return Math.round((value / (1 + random.float(-0.2, 0.4, 3))) * scale) / scale;
}

/**
 * The month before `month`: visitors, bounce rate and session time each changed by -20 %..+40 %
 * since, and pages per visitor by at most 10 %, so that every month-over-month change stays
 * within -30 %..+60 %. The bounce rate stays within 20..80 and page views at least the visitors.
 */
export function previousMonth(random: Random, month: MonthFigures): MonthFigures {
  const visitors = Math.max(1, before(random, month.totalVisitors));
  const pagesPerVisit = (month.pageViews / month.totalVisitors) * random.float(0.9, 1.1, 3);
  return {
    totalVisitors: visitors,
    bounceRate: Math.min(80, Math.max(20, before(random, month.bounceRate, 2))),
    avgSessionDuration: Math.max(1, before(random, month.avgSessionDuration)),
    pageViews: Math.max(visitors, Math.round(visitors * pagesPerVisit)),
  };
}

const SOURCES_EXAMPLE: JsonObject[] = [
  { name: 'Organic Search', percentage: 41.2 },
  { name: 'Direct', percentage: 24.8 },
  { name: 'Social', percentage: 15.3 },
  { name: 'Referral', percentage: 9.6 },
  { name: 'Email', percentage: 5.1 },
  { name: 'Paid Search', percentage: 4 },
];

const DAILY_EXAMPLE: JsonObject[] = [
  { date: '2025-12-26', visitors: 1423 },
  { date: '2025-12-27', visitors: 1012 },
  { date: '2025-12-28', visitors: 987 },
  { date: '2025-12-29', visitors: 1498 },
  { date: '2025-12-30', visitors: 1602 },
  { date: '2025-12-31', visitors: 1544 },
  { date: '2026-01-01', visitors: 1471 },
];

const PAGES_EXAMPLE: JsonObject[] = [
  { path: '/', views: 8421, avgTimeOnPage: 48 },
  { path: '/pricing', views: 4630, avgTimeOnPage: 95 },
  { path: '/blog/getting-started', views: 3212, avgTimeOnPage: 214 },
  { path: '/docs/installation', views: 2254, avgTimeOnPage: 187 },
  { path: '/about', views: 1789, avgTimeOnPage: 62 },
];

const DEVICES_EXAMPLE: JsonObject[] = [
  { type: 'Mobile', percentage: 52.4 },
  { type: 'Desktop', percentage: 41.9 },
  { type: 'Tablet', percentage: 5.7 },
];

/** Web analytics: site facts, visitor metrics, and the dashboard structures built from them. */
export const analyticsTypes: readonly DataType[] = [
  t('string', 'domain', 'The domain of a tracked website', 'brightpixel.io', (c) =>
    domain(c.random),
  ),
  t('string', 'siteid', 'A tracking ID, Universal Analytics or GA4 style', 'UA-48213765-1', (c) =>
    siteId(c.random),
  ),
  t(
    'string',
    'trackingsince',
    'The date tracking started, in the past, as YYYY-MM-DD',
    '2022-04-17',
    (c) => isoDate(c.random, c.now, -5 * 365, -30),
  ),
  t(
    'number',
    'totalvisitors',
    'Visitors in a month, from a thousand to a quarter million',
    48_213,
    (c) => totalVisitors(c.random),
  ),
  t('number', 'pageviews', 'Page views in a month', 131_904, (c) =>
    pageViewsFor(c.random, totalVisitors(c.random)),
  ),
  t('number', 'bounce', 'A bounce rate in %, with two decimals, from 20 to 80', 42.37, (c) =>
    c.random.float(20, 80, 2),
  ),
  t('number', 'sessionduration', 'An average session duration in whole seconds', 184, (c) =>
    c.random.int(45, 420),
  ),
  t('number', 'conversionrate', 'A conversion rate in %, with two decimals', 3.14, (c) =>
    c.random.float(0.5, 8, 2),
  ),
  t('number', 'pagespersession', 'Average pages viewed per session, with two decimals', 2.73, (c) =>
    c.random.float(1.2, 6, 2),
  ),
  t('string', 'pagepath', 'The path of a page on a site', '/blog/getting-started', (c) =>
    pagePath(c.random),
  ),
  t(
    'string',
    'referrer',
    'The referring URL of a visit, or "direct"',
    'https://www.google.com/',
    (c) => referrer(c.random),
  ),
  t('string', 'browser', 'A web browser, in proportion to its market share', 'Chrome', (c) =>
    weighted(c.random, BROWSERS),
  ),
  t('string', 'os', 'An operating system, in proportion to its market share', 'Android', (c) =>
    weighted(c.random, OPERATING_SYSTEMS),
  ),
  t('string', 'event', 'The name of a tracked event', 'add_to_cart', (c) => c.random.pick(EVENTS)),
  t(
    'array',
    'trafficsources',
    'Traffic sources with their share in %, adding up to 100',
    SOURCES_EXAMPLE,
    (c) => shares(c.random, TRAFFIC_SOURCES, 'name'),
  ),
  t('array', 'dailyvisits', 'Visitors on each of the seven days up to today', DAILY_EXAMPLE, (c) =>
    dailyVisits(c.random, c.now, totalVisitors(c.random) / 30),
  ),
  t(
    'array',
    'popularpages',
    'The most viewed pages, most viewed first, with average time on page in seconds',
    PAGES_EXAMPLE,
    (c) => popularPages(c.random, c.random.int(500, 20_000)),
  ),
  t(
    'array',
    'devices',
    'Desktop, mobile and tablet shares in %, adding up to 100',
    DEVICES_EXAMPLE,
    (c) => shares(c.random, DEVICES, 'type'),
  ),
  t(
    'object',
    'complete',
    'A whole analytics dashboard: site, metrics, sources, daily visits, pages, devices',
    {
      siteInfo: { domain: 'brightpixel.io', siteId: 'UA-48213765-1', trackingSince: '2022-04-17' },
      visitorMetrics: {
        totalVisitors: 45_120,
        bounceRate: 42.37,
        avgSessionDuration: 184,
        pageViews: 121_824,
        previousMonth: {
          totalVisitors: 41_870,
          bounceRate: 44.02,
          avgSessionDuration: 171,
          pageViews: 108_862,
        },
      },
      trafficSources: { sources: SOURCES_EXAMPLE },
      dailyVisits: { data: DAILY_EXAMPLE },
      popularPages: { pages: PAGES_EXAMPLE },
      deviceBreakdown: { devices: DEVICES_EXAMPLE },
    },
    (c) => {
      const visitors = totalVisitors(c.random);
      const current = metrics(c.random, visitors);
      const previous = previousMonth(c.random, current);
      return {
        siteInfo: {
          domain: domain(c.random),
          siteId: siteId(c.random),
          trackingSince: isoDate(c.random, c.now, -5 * 365, -60),
        },
        visitorMetrics: { ...current, previousMonth: previous },
        trafficSources: { sources: shares(c.random, TRAFFIC_SOURCES, 'name') },
        dailyVisits: { data: dailyVisits(c.random, c.now, visitors / 30) },
        popularPages: {
          pages: popularPages(
            c.random,
            Math.round(current.pageViews * c.random.float(0.08, 0.2, 3)),
          ),
        },
        deviceBreakdown: { devices: shares(c.random, DEVICES, 'type') },
      };
    },
  ),
];
