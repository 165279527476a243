/**
 * Signed-in API management as a person does it: create an API on the API page with a custom
 * endpoint, a delay, a status code, a header and a bearer token, with types from the More Types
 * picker and the editor's completion; call it; see the call count; edit it; test it; delete it;
 * read the history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';
import { editorText, local, setEditorText } from './editor.ts';

describe.skipIf(!chromiumPath)('managing APIs in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('creates, calls, counts, edits, tests and deletes an API, and lists the history', async () => {
    const { page } = browser;
    const email = newAddress('maker');
    await registerAndVerify(page, 'Mia Maker', email);
    await signIn(page, email);

    // No API yet.
    await page.getByText('No templates found').waitFor();
    await page.getByText('No recent activity').waitFor();
    await page.getByRole('link', { name: 'Create your first template' }).click();
    await page.waitForURL('**/dashboard/api');

    // The name is required.
    await page.getByRole('button', { name: 'Create API', exact: true }).click();
    await page.getByText('API name is required').first().waitFor();

    await page.getByLabel('API Name').fill('Shop Orders');
    await page.getByLabel('Custom Endpoint (optional)').fill('orders/recent');

    // A type through the editor's completion: type the start of a name inside a string value.
    await setEditorText(page, '{"id": "uuid", "buyer": "string.name.fu"}');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.type('l');
    // Picked with the mouse: CodeMirror ignores keys for 75 ms after the list appears.
    await page
      .getByRole('option', { name: /string\.name\.fullname/ })
      .first()
      .click();
    const section = page.getByRole('region', { name: 'Template' });
    await expect.poll(() => editorText(section)).toContain('"buyer": "string.name.fullname"');

    // Another through the More Types picker.
    await page.getByRole('button', { name: 'More Types' }).click();
    const picker = page.getByRole('dialog', { name: 'More Types' });
    await picker.getByRole('searchbox', { name: 'Search types' }).fill('money.price');
    await picker.getByRole('button', { name: /number\.money\.price/ }).click();
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => editorText(section)).toContain('"price": "number.money.price"');

    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const preview = page.getByRole('region', { name: 'Preview' }).locator('pre');
    await expect.poll(() => preview.textContent()).toMatch(/"price"/);
    const shown = JSON.parse((await preview.textContent()) ?? '');
    expect(Object.keys(shown)).toEqual(['id', 'buyer', 'price']);
    expect(typeof shown.buyer).toBe('string');
    expect(shown.buyer).not.toBe('string.name.fullname');
    expect(typeof shown.price).toBe('number');

    // Options: 500 ms, 201, a header, a bearer token.
    const options = page.getByRole('region', { name: 'Options' });
    await options.getByLabel('Response delay (ms)').fill('500');
    await options.getByLabel('Response status code').selectOption('201');
    await options.getByRole('button', { name: 'Add header' }).click();
    await options.getByLabel('Header 1 name').fill('X-Shop');
    await options.getByLabel('Header 1 value').fill('orders');
    await options.getByRole('switch', { name: 'Require authentication' }).click();
    const token = (await options.locator('code').first().textContent()) ?? '';
    expect(token).toMatch(/^mck_[A-Za-z0-9_-]{32,}$/);

    await page.getByRole('button', { name: 'Create API', exact: true }).click();
    const success = page.getByRole('region', { name: 'Your API is live' });
    const link = (await success.locator('code').textContent()) ?? '';
    expect(link).toMatch(/\/backend\/apitemplate\/get\/[0-9a-z]{16}\/orders\/recent$/);

    // The live URL: 401 without the token; with it, 201 after the delay, with the header.
    expect((await fetch(local(link))).status).toBe(401);
    const started = Date.now();
    const answer = await fetch(local(link), { headers: { Authorization: `Bearer ${token}` } });
    const elapsed = Date.now() - started;
    expect(answer.status).toBe(201);
    expect(elapsed).toBeGreaterThanOrEqual(500);
    expect(answer.headers.get('x-shop')).toBe('orders');
    expect(Object.keys(await answer.json())).toEqual(['id', 'buyer', 'price']);

    // The form starts afresh, the link staying: a second click would not repeat the API.
    expect(await page.getByLabel('API Name').inputValue()).toBe('');
    expect(await page.getByLabel('Custom Endpoint (optional)').inputValue()).toBe('');
    expect(await success.locator('code').textContent()).toBe(link);

    // The same endpoint and method again: the spec's duplicate message.
    await page.getByLabel('API Name').fill('Shop Orders again');
    await page.getByLabel('Custom Endpoint (optional)').fill('orders/recent');
    await page.getByRole('button', { name: 'Create API', exact: true }).click();
    await page
      .getByText('This custom endpoint is already in use. Please choose a different endpoint.')
      .first()
      .waitFor();

    // The dashboard counts the call (written within a second).
    await page.goto('/dashboard');
    const item = page.getByRole('article', { name: 'Shop Orders' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await item.waitFor();
          return item.getByTestId('call-count').textContent();
        },
        { timeout: 10_000 },
      )
      .toBe('1 call');
    expect(await item.getByText(link).count()).toBe(1);

    // Edit: the new shape is served at once.
    await item.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Template' });
    await setEditorText(page, '{"id": "uuid", "total": "number.money.price"}', edit);
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Template updated successfully');
    await edit.waitFor({ state: 'detached' });
    const edited = await fetch(local(link), { headers: { Authorization: `Bearer ${token}` } });
    expect(Object.keys(await edited.json())).toEqual(['id', 'total']);

    // Test it from the Test modal.
    await item.getByRole('button', { name: 'Test' }).click();
    const test = page.getByRole('dialog', { name: 'Test API' });
    await test.getByRole('button', { name: 'Send Request' }).click();
    const response = test.getByRole('region', { name: 'Response' });
    await response.getByText('201 Created').waitFor();
    expect(await response.locator('pre').textContent()).toMatch(/"total"/);
    expect(await test.getByText(`Bearer ${token}`).count()).toBeGreaterThan(0);
    await page.keyboard.press('Escape');

    // Delete it: its URL answers 404 at once.
    await item.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expectToast(page, 'Template deleted successfully');
    expect(
      (await fetch(local(link), { headers: { Authorization: `Bearer ${token}` } })).status,
    ).toBe(404);
    await page.getByText('No templates found').waitFor();

    // The history: created, updated, deleted.
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    await activity.getByText('DELETE', { exact: true }).waitFor();
    const kinds = await activity.locator('li span.font-mono').allTextContents();
    expect(kinds).toEqual(expect.arrayContaining(['CREATE', 'UPDATE', 'DELETE']));
    expect(kinds.indexOf('DELETE')).toBeLessThan(kinds.indexOf('CREATE'));
  });
});
