// @vitest-environment happy-dom
/**
 * A project's Analytics section against the fake server: the hour's figures, the calls over
 * time, status mix, latency, top routes and consumers, each chart's table, the range switch,
 * the empty range, a project that is not the user's, and the calls chart drawn by uPlot where
 * the browser has a canvas.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../lib/dates.ts';
import { analyticsOf, serveAnalytics } from '../testing/analytics-server.ts';
import { renderAnalytics } from '../testing/render-analytics.tsx';
import { analyticsTexts } from '../texts.ts';

const HOUR = analyticsOf('hour', {
  points: {
    58: { calls: 1000, s2xx: 900, s4xx: 60, s5xx: 30, s0: 10, faults: 25 },
    59: { calls: 234, s2xx: 200, s3xx: 20, s4xx: 14 },
  },
  topRoutes: [
    { route: 'GET /users/{id}', calls: 900 },
    { route: 'POST /orders', calls: 300 },
    { route: 'GET /nope/{id}', calls: 34 },
  ],
  topConsumers: [
    { client: 'Xq3v9LmT0aBc', calls: 1200 },
    { client: 'pL0o9Ik8Uj7Y', calls: 34 },
  ],
});

/** The section titled `title` (a chart's card). */
const card = (title: string) => screen.getByRole('region', { name: title });

/** The texts of a table row's cells, its head first. */
const rowTexts = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a project’s analytics', () => {
  it('show the last hour: figures, calls over time, status mix, latency and top lists', async () => {
    const { asked } = serveAnalytics({ shop: { hour: HOUR } });
    renderAnalytics('shop');

    expect(await screen.findByText('1,234 calls · 25 errors injected (2 %)')).toBeTruthy();
    expect(asked).toEqual(['hour']);
    expect(screen.getByRole('heading', { name: 'Analytics' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Last hour' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    // No canvas here: the calls over time show as their table, and say why.
    const calls = card('Calls over time');
    expect(within(calls).getByText(analyticsTexts.chartUnavailable)).toBeTruthy();
    const table = within(calls).getByRole('table', { name: 'Calls over time, last hour' });
    expect(rowTexts(within(table).getAllByRole('row')[0] as HTMLElement)).toEqual([
      'Time',
      'Calls',
      '2xx',
      '3xx',
      '4xx',
      '5xx',
      'No answer',
      'Errors injected',
    ]);
    const busiest = within(table).getByRole('row', {
      name: new RegExp(formatDate('2026-03-14T09:58:00.000Z', { time: true })),
    });
    expect(rowTexts(busiest).slice(1)).toEqual(['1,000', '900', '0', '60', '30', '10', '25']);
    expect(within(table).getAllByRole('row')).toHaveLength(61);

    const status = within(card('Status mix')).getByRole('list', { name: 'Status mix' });
    expect(
      within(status)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '2xx: 1,100 (89.1 %)',
      '3xx: 20 (1.6 %)',
      '4xx: 74 (6 %)',
      '5xx: 30 (2.4 %)',
      'No answer: 10 (0.8 %)',
    ]);
    const latency = within(card('Latency')).getByRole('list', { name: 'Latency' });
    expect(
      within(latency)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['p5035.2 ms', 'p95180 ms', 'p991.25 s']);
    const routes = within(card('Top routes')).getByRole('list', { name: 'Top routes' });
    expect(
      within(routes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['GET /users/{id}900', 'POST /orders300', 'GET /nope/{id}34']);
    const since = analyticsTexts.topSince(formatDate('2026-03-14T09:00:00.000Z', { time: true }));
    // They count every call: a route's row on the project page has the answered ones.
    expect(
      within(card('Top routes')).getByText(`${analyticsTexts.routesNote} ${since}`),
    ).toBeTruthy();
    const consumers = card('Top consumers');
    expect(within(consumers).getByText('Xq3v9LmT0aBc')).toBeTruthy();
    expect(within(consumers).getByText(`${since} ${analyticsTexts.consumersNote}`)).toBeTruthy();
  });

  it('show each chart as a table and back', async () => {
    serveAnalytics({ shop: { hour: HOUR } });
    const { user } = renderAnalytics('shop');
    await screen.findByText('1,234 calls · 25 errors injected (2 %)');

    for (const [title, rows] of [
      [
        'Status mix',
        [
          ['Status', 'Calls', 'Share'],
          ['2xx', '1,100', '89.1 %'],
          ['3xx', '20', '1.6 %'],
          ['4xx', '74', '6 %'],
          ['5xx', '30', '2.4 %'],
          ['No answer', '10', '0.8 %'],
        ],
      ],
      [
        'Latency',
        [
          ['Percentile', 'Latency'],
          ['p50', '35.2 ms'],
          ['p95', '180 ms'],
          ['p99', '1.25 s'],
        ],
      ],
      [
        'Top routes',
        [
          ['Route', 'Calls'],
          ['GET /users/{id}', '900'],
          ['POST /orders', '300'],
          ['GET /nope/{id}', '34'],
        ],
      ],
      [
        'Top consumers',
        [
          ['Consumer', 'Calls'],
          ['Xq3v9LmT0aBc', '1,200'],
          ['pL0o9Ik8Uj7Y', '34'],
        ],
      ],
    ] as const) {
      const section = card(title);
      await user.click(within(section).getByRole('button', { name: 'Show as table' }));
      const table = within(section).getByRole('table', { name: title });
      expect(within(table).getAllByRole('row').map(rowTexts)).toEqual(rows);
      // A long table scrolls in its box, which the keyboard reaches to scroll it.
      expect(table.parentElement?.getAttribute('tabindex')).toBe('0');
      expect(within(section).queryByRole('list')).toBeNull();
      const back = within(section).getByRole('button', { name: 'Show as chart' });
      expect(back.getAttribute('aria-pressed')).toBe('true');
      await user.click(back);
      expect(within(section).queryByRole('table')).toBeNull();
      expect(within(section).getByRole('list', { name: title })).toBeTruthy();
    }
  });

  it('switch ranges, and say when a range had no calls', async () => {
    const week = analyticsOf('week', { points: { 167: { calls: 5, s2xx: 5 } } });
    const { asked } = serveAnalytics({ shop: { hour: HOUR, week } });
    const { user } = renderAnalytics('shop');
    await screen.findByText('1,234 calls · 25 errors injected (2 %)');

    await user.click(screen.getByRole('button', { name: 'Last week' }));
    expect(await screen.findByText('5 calls · 0 errors injected (0 %)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Last week' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(screen.getByRole('button', { name: 'Last hour' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    const table = within(card('Calls over time')).getByRole('table', {
      name: 'Calls over time, last week',
    });
    expect(within(table).getAllByRole('row')).toHaveLength(169);
    // Top lists of a week count the whole week: no "since" line.
    expect(within(card('Top routes')).queryByText(/Counted since/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Last 90 days' }));
    expect(await screen.findByText('No calls yet in this range.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Status mix' })).toBeNull();
    expect(asked).toEqual(['hour', 'week', '90d']);
  });

  it('say so when the project is not the user’s', async () => {
    serveAnalytics({});
    renderAnalytics('someone-elses');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have no project with the id "someone-elses"',
    );
  });

  it('draw the calls over time with uPlot where there is a canvas', async () => {
    // happy-dom has no 2D context nor Path2D: stand-ins that accept every drawing call.
    const acceptingAll = () =>
      new Proxy(
        {},
        {
          get: (target: Record<PropertyKey, unknown>, key) =>
            key in target ? target[key] : () => ({ width: 10 }),
          set: (target: Record<PropertyKey, unknown>, key, value) => {
            target[key] = value;
            return true;
          },
        },
      );
    const context = acceptingAll();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
      () => context as unknown as CanvasRenderingContext2D,
    );
    vi.stubGlobal(
      'Path2D',
      vi.fn(function path() {
        return acceptingAll();
      }),
    );
    serveAnalytics({ shop: { hour: HOUR } });
    const { user } = renderAnalytics('shop');
    await screen.findByText('1,234 calls · 25 errors injected (2 %)');

    const calls = card('Calls over time');
    const chart = within(calls).getByRole('img', {
      name: `Calls over time, last hour: 1,234 calls, at most 1,000 a minute (${formatDate('2026-03-14T09:58:00.000Z', { time: true })}); 25 errors injected`,
    });
    await waitFor(() => expect(chart.querySelector('.uplot canvas')).not.toBeNull());
    expect(within(calls).queryByText(analyticsTexts.chartUnavailable)).toBeNull();
    await user.click(within(calls).getByRole('button', { name: 'Show as table' }));
    expect(within(calls).getByRole('table', { name: 'Calls over time, last hour' })).toBeTruthy();
    expect(within(calls).queryByRole('img')).toBeNull();
  });
});
