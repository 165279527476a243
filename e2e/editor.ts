/** The template editor and the mock links, as the browser tests use them. */
import type { Locator, Page } from 'playwright-core';
import { mockOrigin } from './browser.ts';

/**
 * The template editor in `scope` once CodeMirror has taken over from the plain field it starts as
 * (focusing the field loads it, as a visitor's click does).
 */
export async function codeEditor(scope: Locator): Promise<Locator> {
  const editor = scope.getByRole('textbox', { name: 'JSON template' });
  await editor.focus();
  await scope.locator('.cm-content').first().waitFor();
  return editor;
}

/** Replaces the whole text of the CodeMirror editor on the page (or in `scope`). */
export async function setEditorText(page: Page, text: string, scope = page.locator('body')) {
  const editor = await codeEditor(scope);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await editor.fill(text);
}

/** The text of the editor in `scope`: CodeMirror's, or its plain field's before it loaded. */
export async function editorText(scope: Locator): Promise<string> {
  return scope
    .getByRole('textbox', { name: 'JSON template' })
    .evaluate((field) =>
      field instanceof HTMLTextAreaElement ? field.value : (field.textContent ?? ''),
    );
}

/** The mock URL as the test process reaches it: on the mock origin the link names. */
export function local(link: string): string {
  return link.replace(/^https?:\/\/[^/]+/, mockOrigin);
}
