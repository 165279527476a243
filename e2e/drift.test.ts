/**
 * Drift in the browser (issue 40): a project imported from an OpenAPI file whose list route is
 * gone, its real API (a node:http server of the test, allowed by the e2e server's
 * MOCK_PROXY_ALLOW_PRIVATE) set in Project settings; the real API answers the forwarded list
 * with two fields its spec forbids, and the inspector marks the call and lists those fields in
 * its dialog, as a person sees them.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ordersSpec } from '../apps/server/test/openapi.ts';
import { newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';
import { backendCall, importSpecProject } from './projects.ts';

const SPEC = ordersSpec();

/** What the real API answers: a price as text, and an id that is no integer. */
const REAL_ORDERS = [
  { id: 1, price: '12.50' },
  { id: 'two', price: 3 },
];

describe.skipIf(!chromiumPath)('drift in the browser', () => {
  let browser: Browser;
  let upstream: Server;
  let upstreamUrl: string;
  beforeAll(async () => {
    upstream = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify(REAL_ORDERS));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    browser = await openBrowser();
    const email = newAddress('drift');
    await registerAndVerify(browser.page, 'Dora Drift', email);
    await signIn(browser.page, email);
  });
  afterAll(async () => {
    await browser?.close();
    upstream?.close();
  });

  it('marks the fields where the real API disagrees with its spec in a forwarded call', async () => {
    const { page } = browser;
    // A project imported from the spec, without the list's route: the real API answers it.
    const project = await importSpecProject(page, 'Half real orders (e2e)', SPEC, 'orders.json');
    const list = project.routes.find((route) => route.path === '/orders');
    const removed = await backendCall(
      page,
      'DELETE',
      `/backend/projects/${project.id}/routes/${list?.id}`,
    );
    expect(removed).toBe(204);

    await page.goto(`/dashboard/projects/${project.id}`);
    await page.getByRole('heading', { name: 'Half real orders (e2e)', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Project settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Project settings' });
    await settings.getByLabel('Real API base URL').fill(upstreamUrl);
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await settings.waitFor({ state: 'detached' });

    // The caller gets the real API's answer as it came.
    const forwarded = await fetch(`${project.baseUrl}/orders`);
    expect(forwarded.headers.get('x-mock-proxied')).toBe('true');
    expect(await forwarded.json()).toEqual(REAL_ORDERS);

    await page.getByRole('link', { name: 'Requests' }).click();
    await page.getByRole('heading', { name: 'Requests', level: 1 }).waitFor();
    // The list marks the call with the count in words.
    await page
      .getByRole('img', { name: 'The real API disagrees with its spec in 2 places' })
      .waitFor();
    await page.getByRole('button', { name: /^Open GET \/orders at / }).click();
    const dialog = page.getByRole('dialog', { name: 'GET /orders' });
    await dialog.getByText(/^Forwarded: the real API answered 200 in /).waitFor();
    const drift = dialog.getByRole('region', {
      name: 'The real API disagrees with its spec in 2 places',
    });
    await drift.waitFor();
    expect(await drift.getByRole('listitem').allTextContents()).toEqual([
      'body[0].price: must be a number, got "12.50"',
      'body[1].id: must be an integer, got "two"',
    ]);
    // A forwarded call breaks no request contract: no violation is listed.
    expect(await dialog.getByRole('region', { name: /violations? of the spec$/ }).count()).toBe(0);
  }, 60_000);
});
