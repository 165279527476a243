/**
 * One origin in every link: `npm start` without PUBLIC_URL, opened at 127.0.0.1, a name the
 * server answers to but not the one it is configured with (http://localhost:PORT). The mail, the
 * API page's and the dashboard's URLs, the documentation's sample, the showcase's 'Copy API URL'
 * and the Postman export all name localhost:PORT, while the pages keep working on 127.0.0.1. The
 * dashboard named 127.0.0.1 (the request's Host) before, beside localhost everywhere else.
 */
import { readFile } from 'node:fs/promises';
import type { PostmanCollection } from '@mocksmith/core/postman';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectToast, fillRegister, newAddress, signIn } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser, pageErrors } from './browser.ts';
import { linkIn, waitForMail } from './mail.ts';
import { type ProductionServer, startProductionServer } from './server.ts';

describe.skipIf(!chromiumPath)('without PUBLIC_URL, reached at 127.0.0.1', () => {
  let server: ProductionServer;
  let browser: Browser;
  let shown: string;
  beforeAll(async () => {
    server = await startProductionServer({ PUBLIC_URL: '', SMTP_URL: inject('smtpUrl') });
    shown = `http://localhost:${server.port}`;
    browser = await openBrowser({ baseURL: server.baseUrl });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('names localhost:PORT in the mail, the dashboard, the docs, the showcase and the export', async () => {
    const { page } = browser;
    expect(server.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:/);
    const errors = pageErrors(page);

    // The mail.
    const email = newAddress('one-origin');
    await fillRegister(page, { name: 'Oona Origin', email });
    await expectToast(page, 'Registration successful! Please check your email.');
    const link = linkIn(await waitForMail(email, /Confirm your e-mail address/), '/verify-email/');
    expect(link.origin).toBe(shown);
    await page.goto(link.pathname);
    await page.getByRole('link', { name: 'Continue to Login' }).waitFor();
    await signIn(page, email);

    // The API page's success box and the dashboard's entry.
    await page.goto('/dashboard/api');
    await page.getByLabel('API Name').fill('One Origin');
    await page.getByRole('button', { name: 'Create API', exact: true }).click();
    const live = page.getByRole('region', { name: 'Your API is live' });
    const apiUrl = (await live.locator('code').textContent()) ?? '';
    expect(apiUrl).toMatch(new RegExp(`^${shown}/backend/apitemplate/get/[0-9a-z]{16}$`));
    await page.goto('/dashboard');
    const item = page.getByRole('article', { name: 'One Origin' });
    await item.waitFor();
    expect(await item.textContent()).toContain(apiUrl);
    expect(await item.textContent()).not.toContain('127.0.0.1');

    // The documentation's code sample.
    await page.goto('/get-started#usage');
    const usage = page.locator('#usage');
    await usage.getByRole('tab', { name: 'GET', exact: true }).click();
    const panel = usage.getByRole('tabpanel', { name: 'GET', exact: true });
    await panel.getByRole('tab', { name: 'JavaScript (fetch)' }).click();
    expect(await panel.locator('pre').first().textContent()).toContain(
      `${shown}/backend/apitemplate/get/`,
    );

    // The showcase's 'Copy API URL', its live sample loaded on the page's own origin.
    await page.goto('/examples');
    const weather = page.getByRole('region', { name: 'Weather widget' });
    await weather.scrollIntoViewIfNeeded();
    await weather
      .locator('figure')
      .filter({ hasText: /^JSON Response/ })
      .waitFor();
    await weather.getByRole('button', { name: 'Copy API URL' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${shown}/backend/apitemplate/get/weather`);
    expect(await weather.getByRole('alert').count()).toBe(0);

    // The Postman export's baseUrl.
    await page.goto('/dashboard/postman-export');
    await page.getByRole('list', { name: 'APIs to export' }).waitFor();
    await page
      .locator('label')
      .filter({ has: page.getByRole('checkbox', { name: 'One Origin', exact: true }) })
      .click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).first().click(),
    ]);
    const collection = JSON.parse(await readFile(await file.path(), 'utf8')) as PostmanCollection;
    const baseUrl = collection.variable.find((variable) => variable.key === 'baseUrl')?.value;
    expect(baseUrl).toBe(new URL(shown).host);
    expect(collection.item[0]!.request.url.raw.replace('{{baseUrl}}', baseUrl!)).toBe(apiUrl);

    expect(errors).toEqual([]);
  }, 180_000);
});
