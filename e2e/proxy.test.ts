/**
 * Partial mocking as a person sets it up (issue 40): a project with one route, its real API set
 * in Project settings with recording on, a call no route answers forwarded to that API (a
 * node:http server of the test), the inspector saying the real API answered it, and the project
 * page listing the route recording made of it. The e2e server allows private upstreams
 * (global-setup.ts), as a self-hosted install may.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';
import { createProject } from './projects.ts';

describe.skipIf(!chromiumPath)('partial mocking in the browser', () => {
  let browser: Browser;
  let upstream: Server;
  let upstreamUrl: string;
  beforeAll(async () => {
    upstream = createServer((request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ id: 42, name: 'Real Customer', path: request.url }));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    browser = await openBrowser();
    const email = newAddress('proxy');
    await registerAndVerify(browser.page, 'Pat Proxy', email);
    await signIn(browser.page, email);
  });
  afterAll(async () => {
    await browser?.close();
    upstream?.close();
  });

  it('forwards what no route answers, shows it in the inspector and records it as a route', async () => {
    const { page } = browser;
    const project = await createProject(page, 'Half real (e2e)', [
      { method: 'GET', path: '/health', responses: [{ name: 'ok', template: '{"ok":true}' }] },
    ]);
    await page.goto(`/dashboard/projects/${project.id}`);
    await page.getByRole('heading', { name: 'Half real (e2e)', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Project settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Project settings' });
    await dialog.getByLabel('Real API base URL').fill(`${upstreamUrl}/v1`);
    await dialog.getByRole('switch', { name: 'Record forwarded answers as routes' }).click();
    await dialog.getByRole('button', { name: 'Save settings' }).click();
    await dialog.waitFor({ state: 'detached' });

    const own = await fetch(`${project.baseUrl}/health`);
    expect(own.headers.get('x-mock-proxied')).toBeNull();
    const forwarded = await fetch(`${project.baseUrl}/customers/42`);
    expect(forwarded.headers.get('x-mock-proxied')).toBe('true');
    expect(await forwarded.json()).toEqual({
      id: 42,
      name: 'Real Customer',
      path: '/v1/customers/42',
    });

    await page.getByRole('link', { name: 'Requests' }).click();
    await page.getByRole('heading', { name: 'Requests', level: 1 }).waitFor();
    await page
      .getByText(/^Forwarded: the real API answered 200 in /)
      .first()
      .waitFor();

    await page.goto(`/dashboard/projects/${project.id}`);
    const recorded = page.getByRole('region', { name: 'Recorded from the real API' });
    await recorded.waitFor();
    await recorded.getByText('GET /customers/{customerId}').waitFor();
  }, 60_000);
});
