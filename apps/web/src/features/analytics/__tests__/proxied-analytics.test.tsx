// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { analyticsOf, serveAnalytics } from '../testing/analytics-server.ts';
import { renderAnalytics } from '../testing/render-analytics.tsx';

describe('a project’s analytics with a proxy', () => {
  it('count the calls forwarded to the real API apart, in the figures and the calls table', async () => {
    serveAnalytics({
      shop: {
        hour: analyticsOf('hour', {
          points: { 59: { calls: 10, s2xx: 10, proxied: 7 } },
          topRoutes: [{ route: 'GET /users/{id}', calls: 10 }],
          topConsumers: [{ client: 'Xq3v9LmT0aBc', calls: 10 }],
        }),
      },
    });
    renderAnalytics('shop');
    expect(
      await screen.findByText('10 calls · 0 errors injected (0 %) · 7 forwarded to the real API'),
    ).toBeTruthy();
    expect(screen.getAllByRole('columnheader', { name: 'Forwarded' }).length).toBeGreaterThan(0);
  });

  it('say nothing of forwarding in a project without forwarded calls', async () => {
    serveAnalytics({
      shop: {
        hour: analyticsOf('hour', {
          points: { 59: { calls: 5, s2xx: 5 } },
          topRoutes: [{ route: 'GET /users/{id}', calls: 5 }],
          topConsumers: [{ client: 'Xq3v9LmT0aBc', calls: 5 }],
        }),
      },
    });
    renderAnalytics('shop');
    expect(await screen.findByText('5 calls · 0 errors injected (0 %)')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Forwarded' })).toBeNull();
  });
});
