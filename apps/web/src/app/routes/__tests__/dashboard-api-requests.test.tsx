// @vitest-environment happy-dom
/**
 * A stand-alone API's inspector and analytics where the app composes them: the API page's card
 * links to the API's Requests and opens its Analytics; the Requests page lists the API's calls
 * live (its own log, no logging switch, no route or rule to make of a call, curl from the mock
 * origin); an API that is not the user's is said so. The live feed is a stand-in for the
 * browser's EventSource (happy-dom has none). The privacy policy says APIs are logged too.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths.ts';
import {
  analyticsOf,
  serveAnalytics,
} from '../../../features/analytics/testing/analytics-server.ts';
import { callOf } from '../../../features/inspector/testing/calls.ts';
import { fakeLive } from '../../../features/inspector/testing/fake-live.ts';
import { serveApiLog } from '../../../features/inspector/testing/inspector-server.ts';
import { inspectorTexts } from '../../../features/inspector/texts.ts';
import { testUser, userApi } from '../../../testing/data.ts';
import { renderApp } from '../../../testing/render.tsx';
import { serveApis } from '../../../testing/server.ts';
import DashboardApiRoute from '../dashboard-api.tsx';
import DashboardApiRequestsRoute from '../dashboard-api-requests.tsx';
import PrivacyRoute from '../privacy.tsx';

let live: ReturnType<typeof fakeLive>;

beforeEach(() => {
  live = fakeLive();
  const open = live.factory;
  // The page opens `new EventSource(url, { withCredentials: true })`.
  vi.stubGlobal(
    'EventSource',
    vi.fn(function eventSource(url: string) {
      return open(url);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** The user's API "Orders" at /api/req-orders, and another one. */
function orders() {
  const api = userApi({ id: 'orders-id', name: 'Orders', requestId: 'reqorders00000001' });
  serveApis([api, userApi({ name: 'Other' })]);
  return api;
}

function renderDashboard(at: string) {
  return renderApp(
    [
      { path: paths.dashboardApi, element: <DashboardApiRoute /> },
      { path: paths.dashboardApiRequests, element: <DashboardApiRequestsRoute /> },
    ],
    { at, user: testUser },
  );
}

describe('a stand-alone API’s requests and analytics in the dashboard', () => {
  it('open from the API’s card: its Requests page, and its Analytics in a dialog', async () => {
    const api = orders();
    serveAnalytics(
      {
        [api.id]: {
          hour: analyticsOf('hour', { points: { 59: { calls: 12, s2xx: 10, s4xx: 2 } } }),
        },
      },
      'apis',
    );
    serveApiLog(api.id, [callOf({ id: 3, path: `/api/${api.requestId}`, route: null })]);
    const { user } = renderDashboard('/dashboard/api');

    await user.click(await screen.findByRole('button', { name: 'Analytics of Orders' }));
    const dialog = await screen.findByRole('dialog', { name: 'Orders' });
    expect(await within(dialog).findByText('12 calls · 0 errors injected (0 %)')).toBeTruthy();
    expect(within(dialog).getByRole('heading', { name: 'Analytics' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    const requests = screen.getByRole('link', { name: 'Requests of Orders' });
    expect(requests.getAttribute('href')).toBe('/dashboard/api/orders-id/requests');
    await user.click(requests);
    expect(await screen.findByRole('heading', { name: 'Requests', level: 1 })).toBeTruthy();
    expect(
      await screen.findByRole('button', { name: /^Open GET \/api\/reqorders00000001 at / }),
    ).toBeTruthy();
    expect(vi.mocked(EventSource)).toHaveBeenCalledWith('/backend/apis/orders-id/requests/live', {
      withCredentials: true,
    });
  });

  it('shows the API’s calls, with nothing of a project’s: no switch, no route or rule to make', async () => {
    const api = orders();
    serveApiLog(api.id, [
      callOf({
        id: 1,
        method: 'GET',
        path: `/api/${api.requestId}`,
        query: 'page=2',
        route: null,
        status: 404,
        response: null,
        headers: { host: 'localhost:3000', 'x-tenant': 'acme' },
      }),
    ]);
    const { user } = renderDashboard('/dashboard/api/orders-id/requests');
    expect(await screen.findByText(inspectorTexts.retentionApi)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.getByRole('link', { name: 'Orders' }).getAttribute('href')).toBe(
      '/dashboard/api',
    );
    await user.click(
      await screen.findByRole('button', {
        name: /^Open GET \/api\/reqorders00000001\?page=2 at /,
      }),
    );
    const dialog = await screen.findByRole('dialog');
    // Its whole path after the mock origin, as it was called.
    expect(within(dialog).getByTestId('curl-command').textContent).toContain(
      `'${window.location.origin}/api/reqorders00000001?page=2'`,
    );
    expect(within(dialog).queryByRole('button', { name: /Make a route/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: /Make a rule/ })).toBeNull();
    expect(within(dialog).queryByText(/No route of this project/)).toBeNull();

    // Clearing asks about the API, and clears its log.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Clear log' }));
    const question = await screen.findByRole('alertdialog', {
      name: inspectorTexts.clearQuestionApi,
    });
    await user.click(within(question).getByRole('button', { name: 'Clear log' }));
    expect(await screen.findByText(inspectorTexts.empty(api.link))).toBeTruthy();
  });

  it('says so when the API is not the user’s', async () => {
    orders();
    renderDashboard('/dashboard/api/someone-elses/requests');
    expect(await screen.findByText('This API does not exist, or it is not yours.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your APIs' }).getAttribute('href')).toBe(
      '/dashboard/api',
    );
  });
});

describe('the privacy policy', () => {
  it('says a stand-alone API’s calls are logged and counted too, for its owner alone', () => {
    renderApp([{ path: '/privacy', element: <PrivacyRoute /> }], { at: '/privacy' });
    const section = screen.getByRole('heading', { name: 'The request inspector' })
      .parentElement as HTMLElement;
    const text = (section.textContent ?? '').replace(/\s+/g, ' ');
    for (const said of [
      'Each API of your account outside a project has its request inspector and analytics too',
      'at most the last 1,000 calls of each API',
      'deleted with the API and with the account',
      'an API’s logging cannot be turned off',
      'The calls of an API created without an account are not logged.',
    ]) {
      expect(text).toContain(said);
    }
  });
});
