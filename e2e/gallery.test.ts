/**
 * The community gallery as its people use it: an author shares an API with a category, a
 * description and tags; another account finds it by search, likes it, previews it, adds it to
 * their APIs and calls the copy, and reports it; an administrator (made with `npm run admin`)
 * unpublishes it from /admin (after confirming) and it leaves the gallery. A description holding HTML shows as text.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import {
  admin,
  expectToast,
  newAddress,
  registerAndVerify,
  signIn,
  storedUser,
} from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';
import { local, setEditorText } from './editor.ts';
import { findInGallery } from './gallery.ts';

const TEMPLATE = '{"id": "uuid", "items": [{"__multiply": "2-2", "total": "number"}]}';
/** Markup a stranger might share: it must reach others as these characters, never as elements. */
const DESCRIPTION =
  '<img src=x onerror="document.title=\'pwned\'"><b>Recent orders</b> of a shop, two at a time';

/** How far the page scrolls sideways (0 when it fits its width). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

describe.skipIf(!chromiumPath)('the templates gallery', () => {
  const browsers: Browser[] = [];
  async function person(): Promise<Page> {
    const browser = await openBrowser();
    browsers.push(browser);
    return browser.page;
  }
  afterAll(async () => {
    await Promise.all(browsers.map((browser) => browser.close()));
  });

  it('shares, finds, likes, previews, uses and reports a template; an admin unpublishes it', async () => {
    const unique = Date.now().toString(36);
    const name = `Shop orders ${unique}`;

    // The author shares an API from the Options panel.
    const author = await person();
    const authorEmail = newAddress('author');
    await registerAndVerify(author, 'Ada Author', authorEmail);
    await signIn(author, authorEmail);
    await author.goto('/dashboard/api');
    await author.getByLabel('API Name').fill(name);
    await setEditorText(author, TEMPLATE);
    const options = author.getByRole('region', { name: 'Options' });
    await options.getByRole('switch', { name: 'Make Public' }).click();
    await options.getByLabel('Category').selectOption('ecommerce');
    await options.getByLabel('Description').fill(DESCRIPTION);
    const tag = options.getByRole('textbox', { name: /^Tags/ });
    await tag.fill(`orders-${unique}`);
    await tag.press('Enter');
    await tag.fill('shop');
    await options.getByRole('button', { name: 'Add', exact: true }).click();
    await author.getByRole('button', { name: 'Create API', exact: true }).click();
    await author.getByRole('region', { name: 'Your API is live' }).waitFor();

    // Another account finds it by a tag, sees the description as text, likes and previews it.
    const user = await person();
    const userEmail = newAddress('user');
    await registerAndVerify(user, 'Ben User', userEmail);
    await signIn(user, userEmail);
    await findInGallery(user, `orders-${unique}`);
    const card = user.getByRole('article', { name });
    // The search's answer (the list before it may still be on screen as the URL changes).
    await expect.poll(() => user.getByRole('article').count(), { timeout: 10_000 }).toBe(1);
    await card.waitFor();
    await expect.poll(() => card.getByText(DESCRIPTION, { exact: true }).count()).toBe(1);
    expect(await card.locator('img, b').count()).toBe(0);
    expect(await user.title()).not.toBe('pwned');
    expect(await card.getByText('by Ada Author').count()).toBe(1);
    expect(await card.getByText('E-commerce').count()).toBe(1);

    await user.setViewportSize({ width: 375, height: 800 });
    expect(await sidewaysScroll(user)).toBeLessThanOrEqual(0);
    await user.setViewportSize({ width: 1280, height: 900 });

    await card.getByRole('button', { name: 'Like' }).click();
    await expectToast(user, 'Template liked!');
    await expect.poll(() => card.getByText('1 like', { exact: true }).count()).toBe(1);
    expect(await card.getByRole('button', { name: 'Liked' }).getAttribute('aria-pressed')).toBe(
      'true',
    );

    await card.getByRole('button', { name: 'Preview' }).click();
    const preview = user.getByRole('dialog');
    const shown = (await preview.locator('pre').textContent()) ?? '';
    expect(JSON.parse(shown)).toEqual(JSON.parse(TEMPLATE));
    expect(shown).toContain('\n  "id": "uuid"');
    await user.keyboard.press('Escape');
    await preview.waitFor({ state: 'detached' });

    // Use Template: the copy is the user's, and its URL answers at once.
    await card.getByRole('button', { name: 'Use Template' }).click();
    await expectToast(user, `Template "${name}" added to your APIs!`);
    const { userId } = (await storedUser(user)) as { userId: string };
    const listed = await user.request.get(`/backend/crud/getall/${userId}`);
    const copies = ((await listed.json()) as { name: string; link: string }[]).filter(
      (api) => api.name === name,
    );
    expect(copies).toHaveLength(1);
    const answer = await fetch(local(copies[0]?.link ?? ''));
    expect(answer.status).toBe(200);
    const body = (await answer.json()) as { id: string; items: { total: number }[] };
    expect(body.items).toHaveLength(2);

    // A person without the admin role gets the 404 page at /admin.
    await user.goto('/admin');
    await user.getByRole('heading', { name: 'Page Not Found' }).waitFor();

    // The user reports it.
    await findInGallery(user, `orders-${unique}`);
    await card.getByRole('button', { name: 'Report' }).click();
    const report = user.getByRole('dialog');
    await report.getByLabel('Personal data without consent').check();
    await report.getByLabel('Note (optional)').fill('Lists real customers');
    await report.getByRole('button', { name: 'Submit' }).click();
    await expectToast(
      user,
      'Thank you. The template was reported and will be reviewed within 24 hours.',
    );

    // An administrator, made from the command line, unpublishes it from the queue.
    const moderator = await person();
    const moderatorEmail = newAddress('moderator');
    await registerAndVerify(moderator, 'Mo Moderator', moderatorEmail);
    await admin('grant-admin', moderatorEmail);
    await signIn(moderator, moderatorEmail);
    await moderator.getByRole('link', { name: 'Admin' }).click();
    await moderator.waitForURL('**/admin');
    const queued = moderator.getByRole('article', { name });
    await queued.waitFor();
    expect(await queued.getByText('Lists real customers').count()).toBe(1);
    expect(await queued.getByText(DESCRIPTION, { exact: true }).count()).toBe(1);
    expect(await queued.locator('img, b').count()).toBe(0);
    // The queue fits a phone (a long template, a long address), as the gallery does.
    await moderator.setViewportSize({ width: 375, height: 800 });
    expect(await sidewaysScroll(moderator)).toBeLessThanOrEqual(0);
    await moderator.setViewportSize({ width: 1280, height: 900 });
    // Their own account, found in Users, offers no Ban; the author's does.
    await moderator.getByRole('searchbox', { name: 'Search users' }).fill(moderatorEmail);
    const users = moderator.getByRole('list', { name: 'Users' });
    await expect
      .poll(() => users.getByRole('listitem').allTextContents())
      .toEqual([`Mo Moderator (admin) (you)${moderatorEmail}`]);
    expect(await users.getByRole('button').count()).toBe(0);
    await moderator.getByRole('searchbox', { name: 'Search users' }).fill(authorEmail);
    await users.getByRole('button', { name: 'Ban Ada Author' }).waitFor();
    await queued.getByRole('button', { name: 'Unpublish' }).click();
    const confirm = moderator.getByRole('alertdialog', { name: 'Unpublish this template?' });
    await confirm.getByRole('button', { name: 'Unpublish' }).click();
    await expectToast(moderator, 'Template unpublished');
    await confirm.waitFor({ state: 'detached' });
    await queued.waitFor({ state: 'detached' });
    await expect
      .poll(() => moderator.getByText(name, { exact: false }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);

    // It has left the gallery; the copy stays the user's and still answers.
    await findInGallery(user, `orders-${unique}`);
    await user.getByText('No templates found').waitFor();
    expect((await fetch(local(copies[0]?.link ?? ''))).status).toBe(200);
  });
});
