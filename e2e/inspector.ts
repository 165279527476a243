/**
 * Calls for the request inspector and the analytics of the browser tests: a stand-alone API made
 * as the API page makes one, and calls made from outside the page to a project's or an API's
 * public URL, waited for until its log and its analytics hold them.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { createProject, LONG_PROJECT_NAME, LONG_ROUTES, LONG_SESSION_NAME } from './projects.ts';

interface CreatedApi {
  id: string;
  /** Its public URL (its custom endpoint included). */
  link: string;
}

/** Creates a stand-alone API of the signed-in user through `/backend/crud/user`. */
async function createApi(page: Page, api: Record<string, unknown>): Promise<CreatedApi> {
  const made = await page.evaluate(async (api) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}');
    const res = await fetch('/backend/crud/user', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId: user.userId, ...api }),
    });
    return { status: res.status, body: await res.json() };
  }, api);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as CreatedApi;
}

/** A call to make: its method (GET by default), what follows the URL, and its headers and body. */
interface CallSeed {
  method?: string;
  /** Appended to the URL called: a path, a query, or both. */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** The log and the analytics of a project (`projects`) or of a stand-alone API (`apis`). */
type LogOwner = { projectId: string } | { apiId: string };

function baseOf(owner: LogOwner): string {
  return 'projectId' in owner
    ? `/backend/projects/${owner.projectId}`
    : `/backend/apis/${owner.apiId}`;
}

/** How many calls the log of `owner` holds, and how many its analytics of the last hour count. */
function counts(page: Page, owner: LogOwner): Promise<{ logged: number; counted: number }> {
  return page.evaluate(async (base) => {
    const log = await fetch(`${base}/requests?limit=100`).then((res) => res.json());
    const charts = await fetch(`${base}/analytics?range=hour`).then((res) => res.json());
    return { logged: log.requests.length, counted: charts.totals.calls };
  }, baseOf(owner));
}

/**
 * Makes these calls, in order, to `url` (a project's base URL or an API's link) from outside the
 * page, and waits until the log of `owner` shows them and its analytics count them: what the
 * Requests page and the Analytics then show. Their statuses, in order.
 */
async function logCalls(
  page: Page,
  owner: LogOwner,
  url: string,
  calls: readonly CallSeed[],
): Promise<number[]> {
  const before = await counts(page, owner);
  const statuses: number[] = [];
  for (const call of calls) {
    const answer = await fetch(`${url}${call.path}`, {
      method: call.method ?? 'GET',
      headers: call.headers,
      body: call.body,
    });
    await answer.arrayBuffer();
    statuses.push(answer.status);
  }
  await expect
    .poll(() => counts(page, owner), { timeout: 10_000 })
    .toEqual({
      logged: before.logged + calls.length,
      counted: before.counted + calls.length,
    });
  return statuses;
}

/** The path of LONG_ROUTES' first route, with its parameters filled in. */
const MEMBERS_PATH =
  '/v2/organisations/acme-international-holdings/departments/research-and-development/projects/42/active-members';

/**
 * The path and query of a call no route of LONG_ROUTES answers (a 404), as long as a person
 * would type one, with a query, a masked header, a session and a JSON body: the call the tests
 * open.
 */
const LONG_CALL_PATH =
  '/v2/organisations/acme-international-holdings/departments/research-and-development/quarterly-budget-reports?quarter=Q4&currency=EUR&include=forecasts,approved-amendments';

/**
 * Calls to a project of LONG_ROUTES (e2e/projects.ts): its long route answered (200, then its
 * named 404), the long call no route answers (404), the bearer-protected POST (201) and the
 * DELETE (204). Their statuses are LONG_PROJECT_STATUSES.
 */
const LONG_PROJECT_CALLS: readonly CallSeed[] = [
  { path: `${MEMBERS_PATH}?include=roles,start-dates&since=2024-01-01` },
  { path: MEMBERS_PATH },
  {
    method: 'POST',
    path: LONG_CALL_PATH,
    headers: {
      'Content-Type': 'application/json',
      Authorization: 'Bearer e2e-secret-token-of-the-finance-department-9f3a',
      'X-Mock-Session': LONG_SESSION_NAME,
      'X-Inventory-Source-Identifier': 'northern-distribution-centre-0042-primary',
    },
    body: JSON.stringify({
      department: 'research-and-development',
      amendments: [{ id: 'amendment-2024-q4-0001', reason: 'Additional laboratory equipment' }],
    }),
  },
  {
    method: 'POST',
    path: '/orders/winter-sale/returning-customers/with-discount-codes',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer mck_${'a1B2c3D4e5'.repeat(5)}`,
    },
    body: JSON.stringify({ sku: 'ABC-1', qty: 2 }),
  },
  { method: 'DELETE', path: '/users/7' },
];
const LONG_PROJECT_STATUSES = [200, 404, 404, 201, 204];

/** The bearer token LONG_API asks for. */
const API_TOKEN = `mck_${'f6G7h8J9k0'.repeat(5)}`;

/** A stand-alone API with a long name and a long endpoint, protected by a bearer token. */
const LONG_API = {
  name: 'Warehouse-inventory-synchronisation-for-the-northern-distribution-centres',
  requestEnum: 'GET',
  customEndpoint:
    '/v2/organisations/acme-international-holdings/departments/research-and-development/projects/active-members',
  template: '{"id":"uuid","sku":"string","stock":"number"}',
  option: { delay: 0, authToken: API_TOKEN, httpCode: 200 },
};

/**
 * Calls to LONG_API's link, with its token: one with a long query and a header, one short. Their
 * statuses are LONG_API_STATUSES. (A call the API refuses, 401 or 405, is not logged: it is
 * refused before its API is known.)
 */
const LONG_API_CALLS: readonly CallSeed[] = [
  {
    path: '?page=2&limit=5&sort=stock&order=desc&warehouse=northern-distribution-centre-0042-primary',
    headers: {
      Authorization: `Bearer ${API_TOKEN}`,
      'X-Inventory-Source-Identifier': 'northern-distribution-centre-0042-primary',
    },
  },
  { path: '?page=1', headers: { Authorization: `Bearer ${API_TOKEN}` } },
];
const LONG_API_STATUSES = [200, 200];

/**
 * Waits until the Requests page on screen is live and lists at least `count` calls (a call made
 * again from its dialog may come on top).
 */
async function callsListed(page: Page, count: number): Promise<void> {
  await page.getByTestId('live-state').getByText('Live', { exact: true }).waitFor();
  const openers = page
    .getByRole('table', { name: 'Calls, newest first' })
    .getByRole('button', { name: /^Open / });
  await expect.poll(() => openers.count()).toBeGreaterThanOrEqual(count);
}

/**
 * Opens the oldest call whose opener's name starts with `Open METHOD pathAndQuery`, calls it
 * again, and waits for its answer with its headers shown: the call's dialog as full as it gets.
 */
async function openCall(page: Page, method: string, pathAndQuery: string): Promise<void> {
  await page
    .getByRole('button', { name: `Open ${method} ${pathAndQuery} at`, exact: false })
    // The first one made: those made again from its dialog come on top.
    .last()
    .click();
  const dialog = page.getByRole('dialog', { name: `${method} ${pathAndQuery}` });
  await dialog.waitFor();
  await dialog.getByRole('button', { name: 'Call again' }).click();
  await dialog.getByTestId('replay-status').waitFor();
  await dialog.getByText(/^Response headers/).click();
}

/**
 * Waits until the Analytics section on screen (a project's page, an API's dialog) shows its
 * calls, its chart drawn. With `tables`, then shows every chart as its table.
 */
async function analyticsShown(page: Page, { tables = false } = {}): Promise<void> {
  const section = page.getByRole('region', { name: 'Analytics', exact: true });
  // On a project's page it loads as it comes near the screen, as a person scrolls to it.
  await section.scrollIntoViewIfNeeded();
  await section.getByText(/^[\d,]+ calls · /).waitFor();
  await section.locator('.uplot canvas').first().waitFor();
  if (!tables) return;
  const switches = section.getByRole('button', { name: 'Show as table' });
  for (let left = await switches.count(); left > 0; left--) await switches.first().click();
  await section.getByRole('button', { name: 'Show as chart' }).nth(4).waitFor();
}

/** A project and a stand-alone API with the long calls logged: what the screen checks walk. */
export interface InspectorScreens {
  projectPage: string;
  apiRequests: string;
  /** The path and query of the API's first call, as its opener names it. */
  apiCall: string;
}

/** Makes a project of LONG_ROUTES and the API LONG_API, and logs their long calls. */
export async function logInspectorScreens(page: Page): Promise<InspectorScreens> {
  const project = await createProject(page, LONG_PROJECT_NAME, LONG_ROUTES);
  expect(
    await logCalls(page, { projectId: project.id }, project.baseUrl, LONG_PROJECT_CALLS),
  ).toEqual(LONG_PROJECT_STATUSES);
  const api = await createApi(page, LONG_API);
  expect(await logCalls(page, { apiId: api.id }, api.link, LONG_API_CALLS)).toEqual(
    LONG_API_STATUSES,
  );
  return {
    projectPage: `/dashboard/projects/${project.id}`,
    apiRequests: `/dashboard/api/${api.id}/requests`,
    apiCall: `${new URL(api.link).pathname}${LONG_API_CALLS[0]?.path}`,
  };
}

/**
 * Shows each inspector screen in turn and calls `check` with its label: the project's Requests
 * (then its long 404 opened and called again), its Analytics as charts and as tables, the API's
 * Requests (one call opened) and its Analytics dialog. `open` opens a path in the theme checked.
 */
export async function walkInspectorScreens(
  page: Page,
  { projectPage, apiRequests, apiCall }: InspectorScreens,
  open: (path: string) => Promise<void>,
  check: (label: string) => Promise<void>,
): Promise<void> {
  await open(`${projectPage}/requests`);
  await callsListed(page, LONG_PROJECT_CALLS.length);
  await check(`${projectPage}/requests`);
  await openCall(page, 'POST', LONG_CALL_PATH);
  await check(`${projectPage}/requests (a call opened)`);

  await open(projectPage);
  await analyticsShown(page);
  await check(`${projectPage} (Analytics)`);
  await analyticsShown(page, { tables: true });
  await check(`${projectPage} (Analytics as tables)`);

  await open(apiRequests);
  await callsListed(page, LONG_API_CALLS.length);
  await check(apiRequests);
  await openCall(page, 'GET', apiCall);
  await check(`${apiRequests} (a call opened)`);

  await open('/dashboard/api');
  await page.getByRole('button', { name: `Analytics of ${LONG_API.name}` }).click();
  await page.getByRole('dialog', { name: LONG_API.name }).waitFor();
  await analyticsShown(page);
  await check('/dashboard/api (Analytics)');
  await analyticsShown(page, { tables: true });
  await check('/dashboard/api (Analytics as tables)');
}
