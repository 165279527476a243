// @vitest-environment happy-dom
/**
 * The request inspector where the app composes it: reached from a project's page, and its Make
 * a route and Make a rule opening the route editor filled from the call. The live feed is a
 * stand-in for the browser's EventSource (happy-dom has none). The privacy policy says what the
 * inspector logs, for whom and for how long.
 */
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../config/paths.ts';
import { callOf } from '../../../features/inspector/testing/calls.ts';
import { fakeLive } from '../../../features/inspector/testing/fake-live.ts';
import { serveLog } from '../../../features/inspector/testing/inspector-server.ts';
import {
  projectOf,
  routeOf,
  serveProjects,
} from '../../../features/projects/testing/projects-server.ts';
import { testUser } from '../../../testing/data.ts';
import { renderApp } from '../../../testing/render.tsx';
import DashboardProjectsDetailRoute from '../dashboard-projects-detail.tsx';
import DashboardProjectsRequestsRoute from '../dashboard-projects-requests.tsx';
import DashboardProjectsRouteRoute from '../dashboard-projects-route.tsx';
import PrivacyRoute from '../privacy.tsx';

// happy-dom's selects have no `size` (a browser's is 0), so react-hook-form keeps a registered
// select's first option instead of the value it is given: the browser's value, as the projects'
// own tests give it.
if (typeof HTMLSelectElement !== 'undefined' && !('size' in HTMLSelectElement.prototype)) {
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
  });
}

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

function shop() {
  const project = projectOf({
    id: 'shop-id',
    name: 'Shop',
    slug: 'shop',
    routes: [
      routeOf({
        id: 'route-users',
        method: 'GET',
        path: '/users/{id}',
        responses: [
          {
            name: 'ok',
            status: 200,
            template: '{"id":"uuid"}',
            headers: [],
            delay: 0,
            default: true,
            when: null,
          },
          {
            name: 'gold',
            status: 200,
            template: '{"plan":"gold"}',
            headers: [],
            delay: 0,
            default: false,
            when: null,
          },
        ],
      }),
    ],
  });
  serveProjects([project]);
  return project;
}

function renderDashboard(at: string) {
  return renderApp(
    [
      { path: paths.dashboardProject, element: <DashboardProjectsDetailRoute /> },
      { path: paths.dashboardProjectRequests, element: <DashboardProjectsRequestsRoute /> },
      { path: paths.dashboardProjectNewRoute, element: <DashboardProjectsRouteRoute /> },
      { path: paths.dashboardProjectRoute, element: <DashboardProjectsRouteRoute /> },
    ],
    { at, user: testUser },
  );
}

describe('the request inspector in the dashboard', () => {
  it('opens from the project’s header, its calls live with credentials', async () => {
    const project = shop();
    serveLog(project, [callOf({ id: 1, path: '/users/7', route: 'GET /users/{id}' })]);
    const { user } = renderDashboard('/dashboard/projects/shop-id');
    await user.click(await screen.findByRole('link', { name: 'Requests' }));
    expect(await screen.findByRole('heading', { name: 'Requests', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /^Open GET \/users\/7 at / })).toBeTruthy();
    expect(vi.mocked(EventSource)).toHaveBeenCalledWith('/backend/projects/shop-id/requests/live', {
      withCredentials: true,
    });
    expect(screen.getByRole('link', { name: 'Shop' }).getAttribute('href')).toBe(
      '/dashboard/projects/shop-id',
    );
  });

  it('makes a route of a 404’d call: the route editor filled with its method, path and body', async () => {
    const project = shop();
    serveLog(project, [
      callOf({
        id: 1,
        method: 'POST',
        path: '/orders/7',
        status: 404,
        response: null,
        body: '{"sku":"ABC","qty":2}',
      }),
    ]);
    const { user } = renderDashboard('/dashboard/projects/shop-id/requests');
    await user.click(await screen.findByRole('button', { name: /^Open POST \/orders\/7 at / }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', {
        name: 'Make a route from this request',
      }),
    );
    expect(await screen.findByRole('heading', { name: 'New route', level: 1 })).toBeTruthy();
    expect((screen.getByLabelText('Method') as HTMLSelectElement).value).toBe('POST');
    expect((screen.getByLabelText('Path') as HTMLInputElement).value).toBe('/orders/7');
    expect(
      JSON.parse((screen.getByLabelText('Template of response 1') as HTMLTextAreaElement).value),
    ).toEqual({ __literal: { sku: 'ABC', qty: 2 } });
  });

  it('makes a rule of a call: its route’s editor with a rule on the ticked query and header', async () => {
    const project = shop();
    serveLog(project, [
      callOf({
        id: 1,
        path: '/users/7',
        query: 'plan=gold',
        route: 'GET /users/{id}',
        headers: { host: 'localhost:3000', 'x-tenant': 'acme' },
      }),
    ]);
    const { user } = renderDashboard('/dashboard/projects/shop-id/requests');
    await user.click(
      await screen.findByRole('button', { name: /^Open GET \/users\/7\?plan=gold at / }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Make a rule from this request' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Header x-tenant equals acme' }));
    await user.click(
      within(dialog).getByRole('button', { name: 'Open the route editor with this rule' }),
    );
    expect(
      await screen.findByRole('heading', { name: 'Edit GET /users/{id}', level: 1 }),
    ).toBeTruthy();
    const rule = screen.getByRole('group', { name: 'Rule 1' });
    const conditions = within(rule).getAllByRole('group', { name: /^Condition / });
    expect(
      conditions.map((condition) => ({
        source: (within(condition).getByLabelText('Source') as HTMLSelectElement).value,
        name: (within(condition).getByLabelText('Name') as HTMLInputElement).value,
        operator: (within(condition).getByLabelText('Operator') as HTMLSelectElement).value,
        value: (within(condition).getByLabelText('Value') as HTMLInputElement).value,
      })),
    ).toEqual([
      { source: 'query', name: 'plan', operator: 'equals', value: 'gold' },
      { source: 'header', name: 'x-tenant', operator: 'equals', value: 'acme' },
    ]);
    // The rule picks the route's first response that is not the default.
    expect((within(rule).getByLabelText('Then answer') as HTMLSelectElement).value).toBe('gold');
  });
});

describe('the privacy policy', () => {
  it('says what the request inspector logs, for whom and for how long', () => {
    renderApp([{ path: '/privacy', element: <PrivacyRoute /> }], { at: '/privacy' });
    const section = screen.getByRole('heading', { name: 'The request inspector' })
      .parentElement as HTMLElement;
    const text = (section.textContent ?? '').replace(/\s+/g, ' ');
    for (const said of [
      'the method, the path, the query, the headers with their secrets masked',
      'kept as •••• and their last 4 characters',
      'up to 16 KB of the request body with its secrets masked the same way',
      'the status, the response and the rule that answered, the latency and the delay added, the session name, and a salted hash of the caller’s network address, never the address itself',
      'Only the project’s owner can see this log.',
      'Each call is kept 7 days, and at most the last 1,000 calls of each project',
      'the log is deleted with the project and with the account',
      'The owner can clear it, or turn logging off for the project',
    ]) {
      expect(text).toContain(said);
    }
  });
});
