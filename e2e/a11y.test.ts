/**
 * Every public page, in both themes: no serious or critical axe-core violation, no sideways
 * scrolling on a 375 px phone, and the keyboard reaches the main content first. The signed-in
 * pages too (the API editor's From a sample dialog among them), the projects' screens (their
 * dialogs open, a Test panel answered), and the Requests pages and the Analytics of a project
 * and of a stand-alone API with calls logged (a call opened and called again, the charts shown
 * as tables too).
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';
import { logInspectorScreens, walkInspectorScreens } from './inspector.ts';
import {
  addLongCollection,
  createProject,
  LONG_COLLECTION_NAME,
  LONG_PROJECT_NAME,
  LONG_ROUTES,
} from './projects.ts';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

const PAGES = [
  '/',
  '/examples',
  '/get-started',
  '/roadmap',
  '/privacy',
  '/terms',
  '/auth',
  '/no/such/page',
];

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** The serious and critical violations axe-core finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run({ resultTypes: ['violations'] });
    return result.violations;
  });
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/**
 * The violations of these rules, whatever their impact: rules axe-core rates moderate that the
 * site keeps too (a landmark's name tells it from the others only if no other has it).
 */
async function violationsOf(page: Page, rules: string[]): Promise<string[]> {
  await page.addScriptTag({ path: AXE_PATH });
  const violations = await page.evaluate(async (ids) => {
    const axe = (
      window as unknown as {
        axe: { run: (options: object) => Promise<{ violations: Violation[] }> };
      }
    ).axe;
    const result = await axe.run({ runOnly: { type: 'rule', values: ids } });
    return result.violations;
  }, rules);
  return violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} at ${violation.nodes
        .map((node) => node.target.join(' '))
        .join(', ')}`,
  );
}

/** Loads a page in a theme and waits for its heading and for lazy content to settle. */
async function open(page: Page, path: string, theme: 'light' | 'dark') {
  await page.goto(path);
  await page.evaluate((value) => sessionStorage.setItem('theme', value), theme);
  await page.reload();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
    theme === 'dark',
  );
}

describe.skipIf(!chromiumPath)('accessibility of the public pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    // axe-core is injected as a script, which the site's CSP refuses: the test bypasses it.
    browser = await openBrowser({ bypassCSP: true });
  });
  afterAll(() => browser?.close());

  for (const theme of ['light', 'dark'] as const) {
    it(`has no serious or critical axe-core violation in the ${theme} theme`, async () => {
      const { page } = browser;
      const found: string[] = [];
      for (const path of PAGES) {
        await open(page, path, theme);
        for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
      }
      expect(found).toEqual([]);
    });
  }

  it('names every landmark of /examples apart from the others, on each widget tab', async () => {
    const { page } = browser;
    await open(page, '/examples', 'light');
    const found: string[] = [];
    for (const name of ['Weather', 'Banking', 'Analytics']) {
      await page.getByRole('tab', { name }).click();
      // Every widget of the page in place, the social one at the bottom included.
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
      for (const violation of await violationsOf(page, ['landmark-unique'])) {
        found.push(`${name}: ${violation}`);
      }
      await page.evaluate(() => window.scrollTo(0, 0));
    }
    expect(found).toEqual([]);
  });

  it('fits a 375 px phone without sideways scrolling, page by page', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      const wide: string[] = [];
      for (const path of PAGES) {
        await open(page, path, 'light');
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) wide.push(`${path}: ${overflow} px too wide`);
      }
      expect(wide).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  it('offers a skip link to the main content as the first stop of the keyboard', async () => {
    const { page } = browser;
    for (const path of PAGES) {
      await open(page, path, 'light');
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.textContent), path).toBe(
        'Skip to main content',
      );
      await page.keyboard.press('Enter');
      expect(await page.evaluate(() => document.activeElement?.id), path).toBe('main');
    }
  });

  it('keeps the signed-in pages free of serious or critical violations too, in both themes', async () => {
    const { page } = browser;
    const email = newAddress('a11y');
    await registerAndVerify(page, 'Ally Reader', email);
    await signIn(page, email);
    // One API, so the dashboard shows its list and its history.
    await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}');
      await fetch('/backend/crud/user', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          userId: user.userId,
          name: 'Orders',
          template: '{"id":"uuid","total":"number.money.price"}',
          option: { delay: 0, authToken: null, httpCode: 500 },
        }),
      });
    });
    const found: string[] = [];
    for (const theme of ['light', 'dark'] as const) {
      for (const path of ['/dashboard', '/dashboard/api', '/account', '/dashboard/documentation']) {
        await open(page, path, theme);
        for (const violation of await seriousViolations(page)) {
          found.push(`${theme} ${path}: ${violation}`);
        }
      }
      // The API editor's From a sample dialog with a template made: its report (a value kept
      // as in the sample among its rows) and its preview.
      await open(page, '/dashboard/api', theme);
      await page.getByRole('button', { name: 'From a sample', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Make a template from a sample' });
      await dialog
        .getByRole('textbox', { name: 'JSON sample' })
        .fill('{"id": 7, "email": "ada@example.org", "tags": []}');
      await dialog.getByRole('button', { name: 'Make template', exact: true }).click();
      await dialog.locator('figure').filter({ hasText: 'Preview of the template' }).waitFor();
      for (const violation of await seriousViolations(page)) {
        found.push(`${theme} /dashboard/api (From a sample): ${violation}`);
      }
    }
    expect(found).toEqual([]);
  });
});

// A browser of its own: the one above is signed in, and /auth registers nobody then.
describe.skipIf(!chromiumPath)("accessibility of the projects' screens", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser({ bypassCSP: true });
    const email = newAddress('a11y-projects');
    await registerAndVerify(browser.page, 'Priya Projects', email);
    await signIn(browser.page, email);
  });
  afterAll(() => browser?.close());

  it('keeps the projects pages free of serious or critical violations, in both themes', async () => {
    const { page } = browser;
    const found: string[] = [];
    async function checkPage(label: string) {
      for (const violation of await seriousViolations(page)) found.push(`${label}: ${violation}`);
    }
    // The empty list, and the New project dialog over it.
    for (const theme of ['light', 'dark'] as const) {
      await open(page, '/dashboard/projects', theme);
      await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
      await checkPage(`${theme} /dashboard/projects (empty)`);
      await page.getByRole('button', { name: 'New project' }).click();
      await page.getByRole('dialog', { name: 'New project' }).getByLabel('Name').fill('Shop');
      // The dialog loads when first opened: the pointer left on the button it opened from keeps
      // that button's hover colour until it moves, under the overlay or not.
      await page.mouse.move(0, 0);
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              !(animation instanceof CSSTransition) || animation.playState !== 'running',
          ),
      );
      await checkPage(`${theme} /dashboard/projects (New project)`);
    }

    const project = await createProject(page, LONG_PROJECT_NAME, LONG_ROUTES);
    await addLongCollection(page, project);
    const projectPage = `/dashboard/projects/${project.id}`;
    for (const theme of ['light', 'dark'] as const) {
      for (const path of [
        '/dashboard/projects',
        projectPage,
        `${projectPage}/routes/new`,
        `${projectPage}/routes/${project.routeIds[0]}`,
      ]) {
        await open(page, path, theme);
        await checkPage(`${theme} ${path}`);
      }

      // The Test panel once its route answered, and the Import OpenAPI dialog.
      await open(page, projectPage, theme);
      await page.getByRole('button', { name: /^Test GET \/v2\/organisations/ }).click();
      const test = page.getByRole('dialog', { name: 'Test route' });
      await test.getByRole('button', { name: 'Send', exact: true }).click();
      await test.getByRole('region', { name: 'Response' }).waitFor();
      // As a user sees it once the call is over: Send enabled again (not half-faded while the
      // answer renders), the pointer off it, its colour transitions done.
      await test.locator('button[type="submit"]:not([disabled]):not([aria-busy="true"])').waitFor();
      await page.mouse.move(0, 0);
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              !(animation instanceof CSSTransition) || animation.playState !== 'running',
          ),
      );
      await checkPage(`${theme} ${projectPage} (Test route)`);
      await page.keyboard.press('Escape');
      await test.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Import OpenAPI' }).click();
      await page.getByRole('dialog', { name: 'Import OpenAPI' }).waitFor();
      await checkPage(`${theme} ${projectPage} (Import OpenAPI)`);

      // The collection's Test panel once it answered, and the New collection dialog.
      await open(page, projectPage, theme);
      await page.getByRole('button', { name: `Test collection ${LONG_COLLECTION_NAME}` }).click();
      const testCollection = page.getByRole('dialog', { name: 'Test collection' });
      await testCollection.getByLabel('Query', { exact: true }).fill('_limit=2');
      await testCollection.getByRole('button', { name: 'Send', exact: true }).click();
      await testCollection.getByRole('region', { name: 'Response' }).waitFor();
      await testCollection
        .locator('button[type="submit"]:not([disabled]):not([aria-busy="true"])')
        .waitFor();
      await page.mouse.move(0, 0);
      await page.waitForFunction(() =>
        document
          .getAnimations()
          .every(
            (animation) =>
              !(animation instanceof CSSTransition) || animation.playState !== 'running',
          ),
      );
      await checkPage(`${theme} ${projectPage} (Test collection)`);
      await page.keyboard.press('Escape');
      await testCollection.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'New collection' }).click();
      await page
        .getByRole('dialog', { name: 'New collection' })
        .getByLabel('Name', { exact: true })
        .fill('people');
      await checkPage(`${theme} ${projectPage} (New collection)`);
    }
    expect(found).toEqual([]);
  });

  it('keeps the Requests pages and the Analytics free of serious or critical violations, in both themes', async () => {
    const { page } = browser;
    const found: string[] = [];
    const screens = await logInspectorScreens(page);
    for (const theme of ['light', 'dark'] as const) {
      await walkInspectorScreens(
        page,
        screens,
        (path) => open(page, path, theme),
        async (label) => {
          for (const violation of await seriousViolations(page)) {
            found.push(`${theme} ${label}: ${violation}`);
          }
        },
      );
    }
    expect(found).toEqual([]);
  });
});
