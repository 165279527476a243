/**
 * From a sample (issue 39) as a person uses it: a user payload pasted in the API editor's
 * dialog becomes a typed template, shown with its report and a preview, and replaces the
 * editor's template; a sample that is not JSON is refused in the dialog; the same in a
 * project's route editor, where the route is then created with it, and over the Edit modal.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromSampleTexts as texts } from '../apps/web/src/components/template-editor/from-sample/texts.ts';
import { expectToast, newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';
import { editorText, local } from './editor.ts';
import { createProject } from './projects.ts';

/** A small user as an API would answer it. */
const USER = {
  id: '0b6d5a4e-3c2b-4a19-8f7e-6d5c4b3a2910',
  name: 'Ada Lovelace',
  email: 'ada.lovelace@example.org',
  active: true,
  createdAt: '2024-03-01T10:20:30.000Z',
};

/** Replaces the text of the CodeMirror editor named `label` in `scope`. */
async function setText(page: Page, scope: Locator, label: string, text: string) {
  const editor = scope.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await editor.fill(text);
}

/** The text of the code panel captioned `caption` in `scope`, once it is shown. */
async function panelText(scope: Locator, caption: string): Promise<string> {
  const panel = scope.locator('figure').filter({ hasText: caption });
  await panel.locator('code').waitFor();
  return (await panel.locator('code').textContent()) ?? '';
}

/**
 * Pastes the user sample in the open dialog, makes its template and checks what the dialog
 * shows: the template, the report and a preview of the sample's shape without its values.
 */
async function makeFromUser(page: Page, dialog: Locator) {
  await setText(page, dialog, texts.sampleLabel, JSON.stringify(USER, null, 2));
  await dialog.getByRole('button', { name: texts.make, exact: true }).click();

  const template = JSON.parse(await panelText(dialog, texts.templateLabel));
  expect(template).toMatchObject({ id: 'uuid', email: 'email', name: 'string.name.fullname' });
  expect(Object.keys(template)).toEqual(Object.keys(USER));
  expect(JSON.stringify(template)).not.toMatch(/Ada|Lovelace|example\.org/);

  const report = dialog.getByRole('table', { name: texts.reportTitle });
  await expect.poll(() => report.getByRole('row').count()).toBe(Object.keys(USER).length + 1);
  const emailRow = report.getByRole('row').filter({ hasText: '$.email' });
  expect(await emailRow.getByRole('cell').first().textContent()).toBe('email');

  const preview = JSON.parse(await panelText(dialog, texts.previewLabel));
  expect(Object.keys(preview)).toEqual(Object.keys(USER));
  expect(preview.email).toMatch(/^[^@\s]+@[^@\s]+$/);
  expect(preview.name).not.toBe('string.name.fullname');
  expect(typeof preview.active).toBe('boolean');
}

describe.skipIf(!chromiumPath)('From a sample in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    const email = newAddress('sampler');
    await registerAndVerify(browser.page, 'Sam Sampler', email);
    await signIn(browser.page, email);
  });
  afterAll(() => browser?.close());

  it('makes the API editor’s template from a user payload, with a report and a preview', async () => {
    const { page } = browser;
    await page.goto('/dashboard/api');
    const section = page.getByRole('region', { name: 'Template' });
    const opener = section.getByRole('button', { name: texts.button, exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: texts.title });
    await dialog.waitFor();

    // A sample that is not JSON is refused in the dialog, with the parser's words.
    await setText(page, dialog, texts.sampleLabel, '{"email": }');
    await dialog.getByRole('button', { name: texts.make, exact: true }).click();
    await expect
      .poll(() => dialog.getByRole('alert').textContent())
      .toMatch(/^The sample is not valid JSON: \S/);

    await makeFromUser(page, dialog);
    await dialog.getByRole('button', { name: texts.accept, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await expectToast(page, texts.accepted);
    await expect.poll(() => editorText(section)).toContain('"name": "string.name.fullname"');
    expect(await editorText(section)).toContain('"email": "email"');
    // The focus is back on the button that opened the dialog.
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);

    // The page's own preview generates from the new template.
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const preview = page.getByRole('region', { name: 'Preview' }).locator('pre');
    await expect.poll(() => preview.textContent()).toMatch(/"email"/);
    expect(Object.keys(JSON.parse((await preview.textContent()) ?? ''))).toEqual(Object.keys(USER));
  });

  it('makes a route’s response from a user payload, and the route is created with it', async () => {
    const { page } = browser;
    const project = await createProject(page, 'Sampled users', []);
    await page.goto(`/dashboard/projects/${project.id}/routes/new`);
    await page.getByRole('heading', { name: 'New route', level: 1 }).waitFor();
    await page
      .getByRole('region', { name: 'Route' })
      .getByLabel('Path', { exact: true })
      .fill('/me');
    await page.getByRole('button', { name: 'From a sample for response 1' }).click();
    const dialog = page.getByRole('dialog', { name: texts.title });
    await makeFromUser(page, dialog);
    await dialog.getByRole('button', { name: texts.accept, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    const template = page.getByRole('textbox', { name: 'Template of response 1' });
    await expect.poll(() => template.textContent()).toContain('"email": "email"');

    await page.getByRole('button', { name: 'Create route' }).click();
    await expectToast(page, 'Route GET /me created');
    const live = await fetch(`${project.baseUrl}/me`);
    const answer = { status: live.status, body: await live.json() };
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body)).toEqual(Object.keys(USER));
    expect(answer.body.email).toMatch(/@/);
  });

  it('works over the Edit modal too, and the saved API answers the new shape', async () => {
    const { page } = browser;
    // An API to edit, made as the API page makes one.
    const created = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}');
      const res = await fetch('/backend/crud/user', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          userId: user.userId,
          name: 'Sampled user',
          template: '{"id": "uuid"}',
          option: { delay: 0, authToken: null, httpCode: 200 },
        }),
      });
      return { status: res.status, body: (await res.json()) as { link: string } };
    });
    expect(created.status).toBe(201);

    await page.goto('/dashboard');
    const item = page.getByRole('article', { name: 'Sampled user' });
    await item.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Template' });
    const opener = edit.getByRole('button', { name: texts.button, exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: texts.title });
    await makeFromUser(page, dialog);
    await dialog.getByRole('button', { name: texts.accept, exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    // The Edit modal stays, with the new template, and the focus back on its button.
    await expect.poll(() => editorText(edit)).toContain('"email": "email"');
    expect(await opener.evaluate((button) => button === document.activeElement)).toBe(true);

    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Template updated successfully');
    await edit.waitFor({ state: 'detached' });
    const live = await fetch(local(created.body.link));
    expect(Object.keys(await live.json())).toEqual(Object.keys(USER));
  });
});
