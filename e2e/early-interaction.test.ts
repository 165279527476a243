/**
 * A visitor who acts before a prerendered page is hydrated loses nothing. The page is painted
 * before its scripts run, and the landing page's sections load their code only as they come near:
 * what is typed and clicked meanwhile is done again once React has the page (React itself drops
 * clicks on HTML it has not hydrated, and hydration resets a textarea to the page's text). The
 * scripts are held back here until the test lets them go, so the "meanwhile" is certain.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, chromiumPath, holdScripts, openBrowser } from './browser.ts';

const TEMPLATE =
  '{"id": "uuid", "title": "string", "items": [{"__multiply": "3-3", "n": "number"}]}';

/** The demo's preview, once it shows a generated body. */
async function previewShown(page: Page): Promise<unknown> {
  const preview = page.getByRole('region', { name: 'Preview' }).locator('pre');
  await expect.poll(() => preview.textContent()).toMatch(/^\s*[[{]/);
  return JSON.parse((await preview.textContent()) ?? '');
}

describe.skipIf(!chromiumPath)('acting on a page before it is hydrated', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('keeps the template typed and the Generate clicked before the scripts ran', async () => {
    const { page } = browser;
    const release = await holdScripts(page, /\/assets\/.*\.js$/);
    await page.goto('/', { waitUntil: 'commit' });
    const editor = page.getByRole('textbox', { name: 'JSON template' });
    await editor.fill(TEMPLATE);
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await release();

    const shown = (await previewShown(page)) as { items: unknown[] };
    expect(Object.keys(shown)).toEqual(['id', 'title', 'items']);
    expect(shown.items).toHaveLength(3);
    expect(await editor.inputValue()).toBe(TEMPLATE);
  });

  it('acts on a click in a section whose code had not arrived, and keeps what was typed there', async () => {
    const { page } = browser;
    // The page is hydrated; the demo's own code is held back.
    const release = await holdScripts(page, /\/assets\/demo-editor-[^/]*\.js$/);
    await page.goto('/');
    const editor = page.getByRole('textbox', { name: 'JSON template' });
    await editor.fill(TEMPLATE);
    await page.getByRole('button', { name: 'Create API', exact: true }).click();
    await release();

    const link = page
      .getByRole('region', { name: 'Your API is live' })
      .getByRole('link', { name: 'Try your API' });
    await link.waitFor();
    const answer = await page.request.get((await link.getAttribute('href')) ?? '');
    expect(Object.keys(await answer.json())).toEqual(['id', 'title', 'items']);
  });

  it('leaves the page where the visitor scrolled it before the scripts ran', async () => {
    // A fresh tab: what another load of '/' in this tab saved must not be what is tested here.
    const page = await browser.context.newPage();
    try {
      const release = await holdScripts(page, /\/assets\/.*\.js$/);
      await page.goto('/', { waitUntil: 'commit' });
      const typewriter = page.getByTestId('typewriter');
      const prerendered = await typewriter.textContent();
      await page.mouse.move(640, 450);
      await page.mouse.wheel(0, 700);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(600);
      const scrolled = await page.evaluate(() => window.scrollY);
      await release();

      // The typewriter turns once the page's effects have run, the router's scroll handling's
      // among them (React runs the layout effects first).
      await expect.poll(() => typewriter.textContent()).not.toBe(prerendered);
      expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
    } finally {
      await page.close();
    }
  });

  it('signs in with what was typed, when Sign in was clicked before the scripts ran', async () => {
    const { page } = browser;
    const release = await holdScripts(page, /\/assets\/.*\.js$/);
    await page.goto('/auth', { waitUntil: 'commit' });
    await page.getByLabel('Email').fill('nobody-here@example.com');
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    const login = page.waitForRequest('**/backend/user/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await release();

    expect((await login).postDataJSON()).toMatchObject({
      email: 'nobody-here@example.com',
      password: 'not-the-password-1',
    });
    // The spec's answer to wrong credentials.
    await page.getByText('Login failed. Please check your credentials.').waitFor();
  });
});
