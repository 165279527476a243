/**
 * The analytics call as the analytics section's tests see it: each project's (or API's) answers
 * by range, served by MSW, each call's range recorded; 404 PROJECT_NOT_FOUND (API_NOT_FOUND) for
 * one it does not know. A test answers otherwise with `server.use`.
 */
import {
  ANALYTICS_POINTS,
  type Analytics,
  type AnalyticsPoint,
  type AnalyticsRange,
} from '@mocksmith/core/analytics';
import { HttpResponse, http } from 'msw';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';

const STEP_MS = { minute: 60_000, hour: 3_600_000, day: 86_400_000 } as const;
const STEP_OF = { hour: 'minute', week: 'hour', '90d': 'day' } as const;
/** The end of every range the fake answers: its series' last point starts before it. */
const END = Date.parse('2026-03-14T10:00:00.000Z');

/** A point with no calls at `at`. */
function emptyPoint(at: number): AnalyticsPoint {
  return {
    at: new Date(at).toISOString(),
    calls: 0,
    s1xx: 0,
    s2xx: 0,
    s3xx: 0,
    s4xx: 0,
    s5xx: 0,
    s0: 0,
    faults: 0,
    proxied: 0,
  };
}

/**
 * A range's answer as the server gives it: every point of the range (none called unless
 * `points` say, by index from the oldest), the totals, status mix and the lists summed from them
 * unless given.
 */
export function analyticsOf(
  range: AnalyticsRange,
  {
    points = {},
    ...overrides
  }: Partial<Analytics> & { points?: Record<number, Partial<AnalyticsPoint>> } = {},
): Analytics {
  const step = STEP_OF[range];
  const count = ANALYTICS_POINTS[range];
  const from = END - count * STEP_MS[step];
  const series = Array.from({ length: count }, (_, index) => ({
    ...emptyPoint(from + index * STEP_MS[step]),
    ...points[index],
  }));
  const sum = (name: keyof Omit<AnalyticsPoint, 'at'>) =>
    series.reduce((total, point) => total + point[name], 0);
  const calls = sum('calls');
  return {
    range,
    step,
    series,
    totals: { calls, faults: sum('faults'), proxied: sum('proxied') },
    statusMix: {
      s1xx: sum('s1xx'),
      s2xx: sum('s2xx'),
      s3xx: sum('s3xx'),
      s4xx: sum('s4xx'),
      s5xx: sum('s5xx'),
      s0: sum('s0'),
    },
    latency: calls === 0 ? { p50: null, p95: null, p99: null } : { p50: 35.2, p95: 180, p99: 1250 },
    topSince: new Date(range === 'hour' ? from - (from % STEP_MS.hour) : from).toISOString(),
    topRoutes: calls === 0 ? [] : [{ route: 'GET /users/{id}', calls }],
    topConsumers: calls === 0 ? [] : [{ client: 'Xq3v9LmT0aBc', calls }],
    ...overrides,
  };
}

/**
 * Serves `answers` (by project id, then range), or a stand-alone API's with `kind` `apis`;
 * returns the ranges asked, in order.
 */
export function serveAnalytics(
  answers: Record<string, Partial<Record<AnalyticsRange, Analytics>>>,
  kind: 'projects' | 'apis' = 'projects',
): { asked: string[] } {
  const asked: string[] = [];
  server.use(
    http.get(backend(`/${kind}/:id/analytics`), ({ request, params }) => {
      const range = (new URL(request.url).searchParams.get('range') ?? 'hour') as AnalyticsRange;
      asked.push(range);
      const found = answers[params.id as string];
      if (!found) {
        return kind === 'apis'
          ? errorAnswer(404, 'API_NOT_FOUND', `You have no API with the id "${String(params.id)}"`)
          : errorAnswer(
              404,
              'PROJECT_NOT_FOUND',
              `You have no project with the id "${String(params.id)}"`,
            );
      }
      return HttpResponse.json(found[range] ?? analyticsOf(range));
    }),
  );
  return { asked };
}
