/** The template editor and the mock links, as the browser tests use them. */
import type { Page } from 'playwright-core';
import { mockOrigin } from './browser.ts';

/** Replaces the whole text of the CodeMirror editor on the page (or in `scope`). */
export async function setEditorText(page: Page, text: string, scope = page.locator('body')) {
  const editor = scope.getByRole('textbox', { name: 'JSON template' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await editor.fill(text);
}

/** The text of the editor in `scope`. */
export async function editorText(scope: ReturnType<Page['locator']>): Promise<string> {
  return (await scope.getByRole('textbox', { name: 'JSON template' }).textContent()) ?? '';
}

/** The mock URL as the test process reaches it: on the mock origin the link names. */
export function local(link: string): string {
  return link.replace(/^https?:\/\/[^/]+/, mockOrigin);
}
