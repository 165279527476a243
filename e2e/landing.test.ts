/**
 * The landing page as a visitor uses it: write a template, preview it, create an API, call it.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, baseUrl, chromiumPath, mockOrigin, openBrowser } from './browser.ts';
import { setEditorText } from './editor.ts';

const DEMO_TEXT =
  'Only the following types are available in the demo: string, number, boolean, email, uuid, date, lorem, array. Sign up to create your own custom types!';

describe.skipIf(!chromiumPath)('the landing page', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  // Through CodeMirror once it has taken over from the plain field (editor.ts): typing while it
  // replaces the field could land in the one that goes.
  async function setTemplate(text: string) {
    await setEditorText(browser.page, text);
  }

  it('previews a changed template, creates an API, and the link serves JSON of that shape', async () => {
    const { page } = browser;
    await page.goto('/');
    await setTemplate(
      '{"id": "uuid", "title": "string", "items": [{"__multiply": "3-3", "n": "number"}]}',
    );
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await expect.poll(() => preview.locator('pre').textContent()).toMatch(/"items"/);
    const shown = JSON.parse((await preview.locator('pre').textContent()) ?? '');
    expect(Object.keys(shown)).toEqual(['id', 'title', 'items']);
    expect(shown.items).toHaveLength(3);

    await page.getByRole('button', { name: 'Create API', exact: true }).click();
    const success = page.getByRole('region', { name: 'Your API is live' });
    const link = success.getByRole('link', { name: 'Try your API' });
    await link.waitFor();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).toMatch(/\/backend\/apitemplate\/get\/[0-9a-z]{16}$/);
    expect(await success.locator('code').textContent()).toBe(href);

    // Open the link as the visitor would: a new tab with the JSON.
    const [tab] = await Promise.all([browser.context.waitForEvent('page'), link.click()]);
    await tab.waitForLoadState();
    const body = JSON.parse((await tab.locator('body').textContent()) ?? '');
    expect(Object.keys(body)).toEqual(['id', 'title', 'items']);
    expect(body.id).toMatch(/^[0-9a-f]{8}-/);
    expect(body.items.map((item: { n: unknown }) => typeof item.n)).toEqual([
      'number',
      'number',
      'number',
    ]);
    await tab.close();

    // And from outside the browser, as curl would.
    expect(new URL(href).origin).toBe(mockOrigin);
    const res = await fetch(href);
    expect(res.status).toBe(200);
  });

  it('shows Invalid JSON format for broken JSON', async () => {
    const { page } = browser;
    await page.goto('/');
    await setTemplate('{"name": "string",');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Invalid JSON format');
  });

  it('shows the demo error for a non-basic type', async () => {
    const { page } = browser;
    await page.goto('/');
    await setTemplate('{"name": "string.name.fullname"}');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(DEMO_TEXT);
  });

  it('downloads the preview as mock-data-example.json', async () => {
    const { page } = browser;
    await page.goto('/');
    await setTemplate('{"id": "uuid", "ok": "boolean"}');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('mock-data-example.json');
    const saved = JSON.parse(await readFile((await download.path()) ?? '', 'utf8'));
    expect(Object.keys(saved)).toEqual(['id', 'ok']);
  });

  it('keeps dark mode across a reload', async () => {
    const { page } = browser;
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    const isDark = () => page.evaluate(() => document.documentElement.classList.contains('dark'));
    expect(await isDark()).toBe(false);
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    expect(await isDark()).toBe(true);
    await page.reload();
    expect(await isDark()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('theme'))).toBe('dark');
  });

  it('shows Page Not Found for an unknown path, with a way home', async () => {
    const { page } = browser;
    await page.goto('/no/such/page');
    await expect.poll(() => page.getByRole('heading', { name: 'Page Not Found' }).count()).toBe(1);
    await page
      .getByRole('button', { name: 'Go to Homepage' })
      .or(page.getByRole('link', { name: 'Go to Homepage' }))
      .click();
    await page.waitForURL(`${baseUrl}/`);
  });
});
