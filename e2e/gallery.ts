/** The templates gallery's page, as the browser tests use it. */
import type { Page } from 'playwright-core';

/** Opens the gallery and searches it for `search`. */
export async function findInGallery(page: Page, search: string) {
  await page.goto('/dashboard/templates-gallery');
  const answered = page.waitForResponse(
    (response) =>
      response.url().includes('/backend/templates-gallery?') &&
      new URL(response.url()).searchParams.get('search') === search,
  );
  await page.getByLabel('Search templates').fill(search);
  await answered;
}
