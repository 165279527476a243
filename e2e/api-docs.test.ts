/**
 * The API's own reference at /backend/docs, as a developer opens it in a browser: Swagger UI
 * renders the document of /backend/openapi.json under the site's Content-Security-Policy.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, baseUrl, chromiumPath, openBrowser } from './browser.ts';

describe.skipIf(!chromiumPath)('the API reference', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('renders every group of calls from the OpenAPI document, with no CSP violation', async () => {
    const { page } = browser;
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text());
    });
    await page.goto(`${baseUrl}/backend/docs/`);
    await page
      .getByRole('heading', { name: /Mocksmith API/ })
      .first()
      .waitFor();
    for (const tag of ['APIs', 'Mock URLs', 'Accounts', 'History', 'Service']) {
      // A group's heading reads its name, then its description.
      await page
        .getByRole('heading', { name: new RegExp(`^${tag}\\s*[A-Z]`) })
        .first()
        .waitFor();
    }
    await expect(page.getByText('/backend/crud/user').first().isVisible()).resolves.toBe(true);
    expect(violations).toEqual([]);
  });
});
