/**
 * Layout as a phone and a laptop show it. Every page fits a 375 px wide phone, signed in or not,
 * in both themes, with data on it: the page never scrolls sideways, and every button and link
 * with text lies within the screen and within the boxes that clip it (no Copy button pushed off a
 * card); the projects' screens too, with long routes, their dialogs open, and the Requests pages
 * and the Analytics of a project and of an API with long calls logged. The landing page's
 * floating extras cover no text, and nothing on / or /examples shifts once shown (Cumulative
 * Layout Shift).
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAddress, PASSWORD, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, baseUrl, chromiumPath, holdScripts, openBrowser } from './browser.ts';
import { logInspectorScreens, walkInspectorScreens } from './inspector.ts';
import {
  addLongCollection,
  createProject,
  LONG_COLLECTION_NAME,
  LONG_PROJECT_NAME,
  LONG_ROUTES,
} from './projects.ts';

const PHONE = { width: 375, height: 800 };
const LAPTOP = { width: 1280, height: 900 };
const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

const PUBLIC_PAGES = [
  '/',
  '/get-started',
  '/roadmap',
  '/privacy',
  '/terms',
  '/forgot-password',
  '/request-reset',
  '/no/such/page',
];

const SIGNED_IN_PAGES = [
  '/dashboard/documentation',
  '/dashboard/templates-gallery',
  '/dashboard/openapi',
  '/dashboard/postman-export',
  '/account',
];

/** Names and paths as long as the rules allow, in one piece where a person could type one. */
const LONG_NAME = 'Warehouse-inventory-synchronisation-for-the-northern-distribution-centres';
const LONG_ENDPOINT =
  '/v2/organisations/acme-international-holdings/departments/research-and-development/projects/active-members';

/** The APIs of the signed-in user: long names and endpoints, headers, tags, a token. */
const APIS = [
  {
    name: LONG_NAME,
    requestEnum: 'GET',
    customEndpoint: LONG_ENDPOINT,
    template: '{"id":"uuid","sku":"string","stock":"number"}',
    customHeaders: [
      { name: 'X-Inventory-Source-Identifier', value: 'northern-distribution-centre-0042-primary' },
      { name: 'Cache-Control', value: 'no-store' },
    ],
    isPublic: true,
    category: 'ecommerce',
    description:
      'Stock levels of every warehouse of the northern region, refreshed every night by the synchronisation job.',
    tags: ['inventory', 'warehouse-stock', 'synchronisation', 'northern-region'],
  },
  {
    name: 'Orders placed by returning customers during the long winter sale of this year',
    requestEnum: 'POST',
    customEndpoint: '/orders/winter-sale/returning-customers/with-discount-codes',
    template: '{"orderId":"uuid","total":"number","paid":"boolean"}',
    option: { delay: 250, authToken: `mck_${'a1B2c3D4e5'.repeat(5)}`, httpCode: 201 },
  },
  { name: 'Users', requestEnum: 'DELETE', template: '{"name":"string","email":"email"}' },
];

/**
 * An OpenAPI file whose import report names long paths: a route made, and an operation left out
 * (TRACE is no route method) with its reason.
 */
const LONG_SPEC = `openapi: 3.0.3
info: { title: Long paths, version: '1' }
paths:
  /v3/organisations/{organisationId}/departments/research-and-development/quarterly-budget-reports:
    parameters:
      - { name: organisationId, in: path, required: true, schema: { type: string } }
    get:
      summary: Quarterly budget reports of the research and development department of the organisation
      responses:
        '200':
          description: The reports
          content:
            application/json:
              example: { reports: [{ quarter: Q1, total: 125000 }] }
    trace:
      responses: { '200': { description: echoed } }
`;

/** What breaks the phone layout on the page as it is now; empty when nothing does. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    // The width the page is laid out in, scroll bar left out.
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const scrollWidth = document.documentElement.scrollWidth;
    if (scrollWidth > width) problems.push(`the page is ${scrollWidth} px wide`);
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, [role="button"], [role="tab"], [role="link"]',
    );
    for (const control of controls) {
      const text = control.textContent?.replace(/\s+/g, ' ').trim();
      if (!text || control.getClientRects().length === 0) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      const box = control.getBoundingClientRect();
      // Visually hidden (the skip link until focused).
      if (box.width <= 1 || box.height <= 1) continue;
      // The screen, narrowed by every ancestor that clips or scrolls sideways.
      let left = 0;
      let right = width;
      let clippedBy = 'the screen';
      for (let parent = control.parentElement; parent; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX === 'visible') continue;
        const clip = parent.getBoundingClientRect();
        if (clip.left > left) {
          left = clip.left;
          clippedBy = parent.tagName.toLowerCase();
        }
        if (clip.right < right) {
          right = clip.right;
          clippedBy = parent.tagName.toLowerCase();
        }
      }
      if (box.left < left - 0.5 || box.right > right + 0.5) {
        const kind = control.tagName === 'A' ? 'link' : 'button';
        problems.push(
          `${kind} "${text.slice(0, 60)}" spans ${Math.round(box.left)}..${Math.round(box.right)} px, outside ${clippedBy} (${Math.round(left)}..${Math.round(right)} px)`,
        );
      }
    }
    return problems;
  });
}

/**
 * The cards of the list named `listName` whose Copy button is not on the line of the URL it
 * copies, or not inside the card.
 */
async function copyButtonProblems(page: Page, listName: string): Promise<string[]> {
  const list = page.getByRole('list', { name: listName });
  await list.waitFor();
  return list.evaluate((element) => {
    const problems: string[] = [];
    for (const card of element.querySelectorAll<HTMLElement>(':scope > li')) {
      const copy = card.querySelector<HTMLElement>('button[aria-label^="Copy URL of"]');
      const url = card.querySelector('code');
      const name = copy?.getAttribute('aria-label')?.replace('Copy URL of ', '') ?? '?';
      if (!copy || !url) {
        problems.push(`${name}: no URL with a Copy button`);
        continue;
      }
      const box = copy.getBoundingClientRect();
      const line = url.getBoundingClientRect();
      const cardBox = card.getBoundingClientRect();
      const middle = box.top + box.height / 2;
      // On the URL's line: the button's middle within the URL's box, or the URL's first line
      // within the button's height.
      if (
        !(middle > line.top && middle < line.bottom) &&
        !(line.top >= box.top && line.top < box.bottom)
      ) {
        problems.push(
          `${name}: Copy at ${Math.round(box.top)}..${Math.round(box.bottom)} px is off the URL's line (${Math.round(line.top)}..${Math.round(line.bottom)} px)`,
        );
      }
      if (box.left < cardBox.left || box.right > cardBox.right) {
        problems.push(
          `${name}: Copy spans ${Math.round(box.left)}..${Math.round(box.right)} px, outside its card (${Math.round(cardBox.left)}..${Math.round(cardBox.right)} px)`,
        );
      }
    }
    return problems;
  });
}

/**
 * The texts the element `cover` lies over, outside itself: each a few words and where they are.
 * Text hidden from view or clipped by its own box does not count.
 */
function textsUnder(cover: Locator): Promise<string[]> {
  return cover.evaluate((element) => {
    const over = element.getBoundingClientRect();
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || element.contains(parent) || !node.textContent?.trim()) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      // Text for screen readers only (sr-only: clipped to a 1 px box) is never seen.
      const box = parent.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) {
        if (rect.width < 1 || rect.height < 1) continue;
        if (
          rect.left < over.right &&
          rect.right > over.left &&
          rect.top < over.bottom &&
          rect.bottom > over.top
        ) {
          found.push(
            `"${node.textContent.trim().slice(0, 40)}" at ${Math.round(rect.left)},${Math.round(rect.top)}`,
          );
          break;
        }
      }
    }
    return found;
  });
}

/** Whether two boxes share any area. */
function overlap(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** Loads `path` in a theme and waits for its heading and its data. */
async function open(page: Page, path: string, theme: Theme): Promise<void> {
  await page.goto(path);
  await page.evaluate((value) => sessionStorage.setItem('theme', value), theme);
  await page.reload();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
    theme === 'dark',
  );
}

/** Collects the problems of the page as it is now under `label`. */
async function check(page: Page, label: string, found: string[]): Promise<void> {
  for (const problem of await layoutProblems(page)) found.push(`${label}: ${problem}`);
}

/** Opens each tab of the tab list named `list` (within `scope`) and checks the page each time. */
async function checkTabs(
  page: Page,
  scope: Locator | Page,
  label: string,
  found: string[],
): Promise<void> {
  const tabs = scope.getByRole('tab');
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    const tab = tabs.nth(i);
    if (await tab.isDisabled()) continue;
    const name = ((await tab.textContent()) ?? '').trim();
    await tab.click();
    await page.waitForLoadState('networkidle');
    await check(page, `${label} (${name} tab)`, found);
  }
}

describe.skipIf(!chromiumPath)('the layout on a 375 px phone', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.page.setViewportSize(PHONE);
  });
  afterAll(() => browser?.close());

  for (const theme of THEMES) {
    it(`fits every public page in the ${theme} theme`, async () => {
      const { page } = browser;
      const found: string[] = [];
      for (const path of PUBLIC_PAGES) {
        await open(page, path, theme);
        await check(page, path, found);
      }

      // The landing page's demo once it made an API: the page shows its link.
      await open(page, '/', theme);
      await page.getByRole('button', { name: 'Create API', exact: true }).click();
      await page
        .getByRole('region', { name: 'Your API is live' })
        .getByRole('link', { name: 'Try your API' })
        .waitFor();
      await check(page, '/ (after Create API)', found);

      await open(page, '/auth', theme);
      await checkTabs(page, page.getByRole('tablist').first(), '/auth', found);

      // The showcase: each widget, and each tab of its preview, once its data is shown.
      await open(page, '/examples', theme);
      const showcase = page.getByRole('tablist').first();
      for (const name of ['Weather', 'Banking', 'Analytics']) {
        await showcase.getByRole('tab', { name }).click();
        const widget = page.getByRole('region', { name: `${name} widget` });
        await widget.getByRole('figure', { name: /JSON Response/ }).waitFor();
        await check(page, `/examples (${name})`, found);
        const previewTabs = widget.getByRole('tablist');
        if ((await previewTabs.count()) > 0) {
          await checkTabs(page, previewTabs.first(), `/examples (${name})`, found);
        }
      }
      const social = page.getByRole('region', { name: 'Social media widget' });
      await social.scrollIntoViewIfNeeded();
      await social.getByRole('figure', { name: /JSON Response/ }).waitFor();
      await checkTabs(page, social, '/examples (Social media)', found);

      expect(found).toEqual([]);
    });
  }

  it('fits every signed-in page with several long APIs on it, in both themes', async () => {
    const { page } = browser;
    const email = newAddress('layout');
    await registerAndVerify(page, 'Maximilian Alexander Fitzgerald-Worthington', email);
    await signIn(page, email);
    const statuses = await page.evaluate(async (apis) => {
      const user = JSON.parse(localStorage.getItem('user') ?? '{}');
      const answers: number[] = [];
      for (const api of apis) {
        const res = await fetch('/backend/crud/user', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ userId: user.userId, ...api }),
        });
        answers.push(res.status);
      }
      return answers;
    }, APIS);
    expect(statuses).toEqual(APIS.map(() => 201));

    const found: string[] = [];
    for (const theme of THEMES) {
      await open(page, '/dashboard', theme);
      await check(page, `${theme} /dashboard`, found);
      for (const problem of await copyButtonProblems(page, 'Your APIs')) {
        found.push(`${theme} /dashboard: ${problem}`);
      }

      await open(page, '/dashboard/api', theme);
      await check(page, `${theme} /dashboard/api`, found);
      for (const problem of await copyButtonProblems(page, 'API grid')) {
        found.push(`${theme} /dashboard/api: ${problem}`);
      }

      // The Test API modal of the API with the longest URL, once it answered.
      const card = page
        .getByRole('list', { name: 'API grid' })
        .getByRole('listitem')
        .filter({ hasText: LONG_NAME });
      await card.getByRole('button', { name: /^Test/ }).click();
      const testDialog = page.getByRole('dialog', { name: 'Test API' });
      await testDialog.getByRole('button', { name: 'Send Request' }).click();
      await testDialog.getByRole('region', { name: 'Response' }).waitFor();
      await check(page, `${theme} /dashboard/api (Test API)`, found);
      await page.keyboard.press('Escape');
      await testDialog.waitFor({ state: 'detached' });

      // Its Edit modal: the headers, the tags and the long endpoint in their fields.
      await card.getByRole('button', { name: /^Edit/ }).click();
      const editDialog = page.getByRole('dialog', { name: 'Edit Template' });
      await editDialog
        .getByRole('button', { name: /Remove header/ })
        .first()
        .waitFor();
      await check(page, `${theme} /dashboard/api (Edit Template)`, found);
      await page.keyboard.press('Escape');
      await editDialog.waitFor({ state: 'detached' });

      for (const path of SIGNED_IN_PAGES) {
        await open(page, path, theme);
        await check(page, `${theme} ${path}`, found);
      }
    }

    // The success banner of a new API with a long endpoint.
    await open(page, '/dashboard/api', 'light');
    await page.getByLabel('API Name').fill(`${LONG_NAME}-copy`);
    await page.getByLabel(/Custom Endpoint/).fill(`${LONG_ENDPOINT}-copy`);
    await page.getByRole('button', { name: 'Create API', exact: true }).click();
    await page.getByRole('link', { name: 'Try your API' }).waitFor();
    await check(page, '/dashboard/api (after Create API)', found);

    expect(found).toEqual([]);
  });
});

// A browser of its own: the one above is signed in, and /auth registers nobody then.
describe.skipIf(!chromiumPath)("the projects' screens on a 375 px phone", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    await browser.page.setViewportSize(PHONE);
    const email = newAddress('layout-projects');
    await registerAndVerify(browser.page, 'Maximilian Alexander Fitzgerald-Worthington', email);
    await signIn(browser.page, email);
  });
  afterAll(() => browser?.close());

  it('fits the projects pages with long routes on them, in both themes', async () => {
    const { page } = browser;
    const project = await createProject(page, LONG_PROJECT_NAME, LONG_ROUTES);
    await addLongCollection(page, project);
    const projectPage = `/dashboard/projects/${project.id}`;

    const found: string[] = [];
    for (const theme of THEMES) {
      for (const path of [
        '/dashboard/projects',
        projectPage,
        `${projectPage}/routes/new`,
        `${projectPage}/routes/${project.routeIds[0]}`,
        `${projectPage}/routes/${project.routeIds[1]}`,
      ]) {
        await open(page, path, theme);
        await check(page, `${theme} ${path}`, found);
      }

      // The New project dialog, its base URL following a long name.
      await open(page, '/dashboard/projects', theme);
      await page.getByRole('button', { name: 'New project' }).click();
      const create = page.getByRole('dialog', { name: 'New project' });
      await create.getByLabel('Name', { exact: true }).fill(LONG_PROJECT_NAME);
      await check(page, `${theme} /dashboard/projects (New project)`, found);

      // The Test panel of the longest route once it answered, and the import's report.
      await open(page, projectPage, theme);
      await page.getByRole('button', { name: /^Test GET \/v2\/organisations/ }).click();
      const test = page.getByRole('dialog', { name: 'Test route' });
      await test.getByLabel('Response', { exact: true }).selectOption({ index: 2 });
      await test.getByRole('button', { name: 'Send', exact: true }).click();
      await test.getByRole('region', { name: 'Response' }).waitFor();
      await test.getByText('Response headers').click();
      await check(page, `${theme} ${projectPage} (Test route)`, found);
      await page.keyboard.press('Escape');
      await test.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'Import OpenAPI' }).click();
      const imports = page.getByRole('dialog', { name: 'Import OpenAPI' });
      await imports.getByLabel('OpenAPI file').setInputFiles({
        name: 'long.yaml',
        mimeType: 'application/yaml',
        buffer: Buffer.from(LONG_SPEC),
      });
      await imports.getByRole('heading', { name: 'Import report' }).waitFor();
      await check(page, `${theme} ${projectPage} (Import OpenAPI)`, found);

      // The collection's Test panel once its long list answered a page, and its dialog.
      await open(page, projectPage, theme);
      await page.getByRole('button', { name: `Test collection ${LONG_COLLECTION_NAME}` }).click();
      const testCollection = page.getByRole('dialog', { name: 'Test collection' });
      await testCollection.getByLabel('Query', { exact: true }).fill('_page=2&_limit=3');
      await testCollection.getByRole('button', { name: 'Send', exact: true }).click();
      await testCollection.getByRole('region', { name: 'Response' }).waitFor();
      await check(page, `${theme} ${projectPage} (Test collection)`, found);
      await page.keyboard.press('Escape');
      await testCollection.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Edit collection ${LONG_COLLECTION_NAME}` }).click();
      await page.getByRole('dialog', { name: 'Edit collection' }).waitFor();
      await check(page, `${theme} ${projectPage} (Edit collection)`, found);
    }
    expect(found).toEqual([]);
  });

  it('fits the Requests pages and the Analytics with long calls on them, in both themes', async () => {
    const { page } = browser;
    const screens = await logInspectorScreens(page);
    const found: string[] = [];
    for (const theme of THEMES) {
      await walkInspectorScreens(
        page,
        screens,
        (path) => open(page, path, theme),
        (label) => check(page, `${theme} ${label}`, found),
      );
    }
    expect(found).toEqual([]);
  });
});

describe.skipIf(!chromiumPath)("the landing page's floating extras", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  // 1280 px is where the mascot was seen over the demo's text; 640 and 1024 px are where the
  // room beside the hero's text is narrowest for it.
  for (const width of [1280, 640, 1024]) {
    it(`shows the mascot over no text of the demo section at ${width} px, nor any other`, async () => {
      // A new tab: the router restores a reloaded page's scroll position from the tab's session.
      const page = await browser.context.newPage();
      try {
        await page.setViewportSize({ width, height: LAPTOP.height });
        await page.goto('/');
        const mascot = page.getByTestId('mascot');
        await mascot.waitFor();
        const demo = page.locator('section', {
          has: page.getByRole('heading', { name: 'Try it: build a mock API now' }),
        });
        const demoText = demo.locator(':scope > h2, :scope > p');
        const found: string[] = [];
        async function compare(label: string) {
          const cover = await mascot.boundingBox();
          if (!cover) throw new Error('the mascot has no box');
          const boxes = await demoText.evaluateAll((elements) =>
            elements.map((element) => element.getBoundingClientRect().toJSON()),
          );
          for (const [i, box] of boxes.entries()) {
            if (overlap(cover, box)) found.push(`${label}: the mascot covers demo text ${i + 1}`);
          }
          for (const text of await textsUnder(mascot)) found.push(`${label}: over ${text}`);
        }
        await compare('first paint');
        // Then with the demo's text level with the middle of the mascot, had it stayed put.
        const cover = await mascot.boundingBox();
        const line = await demoText.last().boundingBox();
        if (!cover || !line) throw new Error('no box for the mascot or the demo text');
        await page.evaluate((by) => window.scrollBy(0, by), line.y - (cover.y + cover.height / 2));
        await compare('scrolled to the demo');
        expect(found).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }

  for (const size of [PHONE, LAPTOP]) {
    it(`shows Try it out over no pill or text at ${size.width} px on first paint`, async () => {
      const page = await browser.context.newPage();
      try {
        await page.setViewportSize(size);
        await page.goto('/');
        const tryIt = page.getByRole('button', { name: 'Try it out' });
        await tryIt.waitFor();
        const button = await tryIt.boundingBox();
        if (!button) throw new Error('Try it out has no box');
        const found: string[] = [];
        const pills = page.getByRole('list', { name: 'Why Mocksmith' }).getByRole('listitem');
        for (const pill of await pills.all()) {
          const box = await pill.boundingBox();
          if (box && overlap(button, box))
            found.push(`covers the pill "${await pill.textContent()}"`);
        }
        for (const text of await textsUnder(tryIt)) found.push(`over ${text}`);
        expect(found).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});

/** How long a page is watched for shifts: past two turns of the banner and the mascot's leaving. */
const WATCH_MS = 10_500;

// Every shift not caused by input counts, from the first paint on, for WATCH_MS: stricter than the
// CLS metric, which keeps only the worst burst (shifts less than 1 s apart, at most 5 s long).

/** Records every layout shift of `page` from its first paint (registered before its scripts). */
async function watchShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: { value: number; at: number; what: string }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
        startTime: number;
        sources: { node: Node | null }[];
      }[]) {
        if (entry.hadRecentInput) continue;
        const what = entry.sources
          .map(({ node }) =>
            node instanceof Element
              ? `${node.tagName.toLowerCase()} "${(node.textContent ?? '').trim().slice(0, 30)}"`
              : `text "${(node?.textContent ?? '').trim().slice(0, 30)}"`,
          )
          .join(', ');
        shifts.push({ value: entry.value, at: Math.round(entry.startTime), what });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The shifts `watchShifts` saw: their sum, their number, and the noticeable ones described. */
async function shiftsSeen(page: Page): Promise<{ total: number; count: number; report: string }> {
  const shifts = await page.evaluate(
    () =>
      (window as unknown as { layoutShifts: { value: number; at: number; what: string }[] })
        .layoutShifts,
  );
  return {
    total: shifts.reduce((sum, shift) => sum + shift.value, 0),
    count: shifts.length,
    report: shifts
      .filter((shift) => shift.value >= 0.001)
      .map((shift) => `${shift.value.toFixed(4)} at ${shift.at} ms: ${shift.what}`)
      .join('\n'),
  };
}

describe.skipIf(!chromiumPath)('layout stability of the public pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  for (const size of [PHONE, LAPTOP]) {
    for (const path of ['/', '/examples']) {
      it(`keeps ${path} still at ${size.width} px: layout shifts add up to under 0.05`, async () => {
        const page = await browser.context.newPage();
        try {
          await watchShifts(page);
          await page.setViewportSize(size);
          await page.goto(path);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await page.waitForTimeout(WATCH_MS);
          const { total, count, report } = await shiftsSeen(page);
          console.log(`CLS ${path} at ${size.width} px: ${total.toFixed(4)} (${count} shifts)`);
          expect(total, `the shifts:\n${report}`).toBeLessThan(0.05);
        } finally {
          await page.close();
        }
      });
    }
  }
});

describe.skipIf(!chromiumPath)('the named shells of a returning user', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    const email = newAddress('returning');
    await registerAndVerify(browser.page, 'Chrome Watcher', email);
    await signIn(browser.page, email);
    // A second sign-in, by the browser's own request context (its cookies, no page's scripts):
    // the shell's welcome back is for someone who was here before.
    await browser.page.goto('about:blank');
    const login = await browser.context.request.post(`${baseUrl}/backend/user/login`, {
      data: { email, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
  });
  afterAll(() => browser?.close());

  for (const size of [PHONE, LAPTOP]) {
    it(`welcomes a returning user back by name, and shows the account page, before their scripts at ${size.width} px, where they stay`, async () => {
      const page = await browser.context.newPage();
      const cases = [
        {
          path: '/dashboard',
          heading: page.getByRole('heading', { level: 1, name: 'Welcome back, Chrome Watcher!' }),
          intro: page.getByText(
            'Your mock APIs, how often they are called, and what changed lately.',
          ),
          loaded: page.getByRole('heading', { name: 'Your APIs' }),
        },
        {
          path: '/account',
          heading: page.getByRole('heading', { level: 1, name: 'Account' }),
          intro: page.getByText(/^Call the management API from CI and scripts/),
          loaded: page.getByRole('button', { name: /^User menu for / }),
        },
      ];
      try {
        await watchShifts(page);
        await page.setViewportSize(size);
        for (const { path, heading, intro, loaded } of cases) {
          const release = await holdScripts(page, /\/assets\/.*\.js$/);
          await page.goto(path, { waitUntil: 'commit' });
          await intro.waitFor();
          const headingBefore = await heading.boundingBox();
          const introBefore = await intro.boundingBox();
          await release();
          await loaded.waitFor();
          expect(await heading.boundingBox()).toEqual(headingBefore);
          expect(await intro.boundingBox()).toEqual(introBefore);
          const { total, report } = await shiftsSeen(page);
          expect(total, `the shifts on ${path}:\n${report}`).toBeLessThan(0.05);
        }
        // The shell's form could not be typed into before the scripts; the page's can.
        await expect
          .poll(() => page.locator('input[autocomplete="current-password"]').isEnabled())
          .toBe(true);
      } finally {
        await page.close();
      }
    });
  }
});

describe.skipIf(!chromiumPath)('layout stability of the signed-in pages', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    const email = newAddress('chrome');
    await registerAndVerify(browser.page, 'Chrome Watcher', email);
    await signIn(browser.page, email);
  });
  afterAll(() => browser?.close());

  for (const size of [PHONE, LAPTOP]) {
    it(`paints the dashboard's chrome and the API page's intro before its scripts at ${size.width} px, and keeps them still after`, async () => {
      const page = await browser.context.newPage();
      try {
        await watchShifts(page);
        await page.setViewportSize(size);
        const release = await holdScripts(page, /\/assets\/.*\.js$/);
        await page.goto('/dashboard/api', { waitUntil: 'commit' });
        const apis = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', {
          name: 'APIs',
        });
        const heading = page.getByRole('heading', { level: 1, name: 'APIs' });
        const intro = page.getByText(/^Write a template with any data type, preview it/);
        await apis.waitFor();
        const before = await apis.boundingBox();
        const headingBefore = await heading.boundingBox();
        const introBefore = await intro.boundingBox();
        const introText = await intro.textContent();
        // The tab is named from the shell, as the page names it.
        expect(await page.title()).toBe('APIs — Mocksmith');
        await release();
        await page.getByRole('heading', { name: 'Create New API' }).waitFor();
        expect(await page.title()).toBe('APIs — Mocksmith');
        expect(await apis.boundingBox()).toEqual(before);
        expect(await heading.boundingBox()).toEqual(headingBefore);
        expect(await intro.boundingBox()).toEqual(introBefore);
        expect(await intro.textContent()).toBe(introText);
        await page.getByRole('button', { name: /Chrome Watcher/ }).waitFor();
        const { total, report } = await shiftsSeen(page);
        expect(total, `the shifts:\n${report}`).toBeLessThan(0.05);
      } finally {
        await page.close();
      }
    });
  }

  for (const size of [PHONE, LAPTOP]) {
    it(`paints a project's name, and its pages' intros, before their scripts at ${size.width} px, where they stay`, async () => {
      // A name with markup in it: the server escapes it into the shell, the page shows it as text.
      const name = `Shop <b>${size.width}</b> & "co"`;
      const project = await createProject(browser.page, name, []);
      const base = `/dashboard/projects/${project.id}`;
      const page = await browser.context.newPage();
      const cases: {
        path: string;
        heading: string;
        intro: string;
        title: string;
        loaded: Locator;
      }[] = [
        {
          path: base,
          heading: name,
          intro: name,
          title: `${name} — Mocksmith`,
          loaded: page.getByRole('link', { name: 'Add route' }),
        },
        {
          path: `${base}/routes/new`,
          heading: 'New route',
          intro: `A method and a path under ${name}’s base URL, and the responses it answers.`,
          title: 'New route — Mocksmith',
          loaded: page.getByRole('button', { name: 'Create route' }),
        },
        {
          path: `${base}/requests`,
          heading: 'Requests',
          intro: 'Calls are kept 7 days (the last 1,000 per project). Secrets are masked.',
          title: `Requests · ${name} — Mocksmith`,
          loaded: page.getByRole('switch', { name: 'Log this project’s calls' }),
        },
      ];
      try {
        await watchShifts(page);
        await page.setViewportSize(size);
        for (const { path, heading: name, intro: text, title, loaded } of cases) {
          const release = await holdScripts(page, /\/assets\/.*\.js$/);
          await page.goto(path, { waitUntil: 'commit' });
          const heading = page.getByRole('heading', { level: 1, name, exact: true });
          const intro = page.getByText(text, { exact: true }).first();
          await intro.waitFor();
          const headingBefore = await heading.boundingBox();
          const introBefore = await intro.boundingBox();
          // The tab names the project from the shell (escaped there), as the page does after.
          expect(await page.title(), path).toBe(title);
          await release();
          await loaded.first().waitFor();
          expect(await page.title(), path).toBe(title);
          expect(await heading.boundingBox()).toEqual(headingBefore);
          expect(await intro.boundingBox()).toEqual(introBefore);
          const { total, report } = await shiftsSeen(page);
          expect(total, `the shifts on ${path}:\n${report}`).toBeLessThan(0.05);
        }
      } finally {
        await page.close();
      }
    });
  }

  for (const size of [PHONE, LAPTOP]) {
    it(`paints the Projects page's intro before its scripts at ${size.width} px, where it stays`, async () => {
      const page = await browser.context.newPage();
      try {
        await watchShifts(page);
        await page.setViewportSize(size);
        const release = await holdScripts(page, /\/assets\/.*\.js$/);
        await page.goto('/dashboard/projects', { waitUntil: 'commit' });
        const heading = page.getByRole('heading', { level: 1, name: 'Projects' });
        const intro = page.getByText(/^Whole mock backends, each under one base URL/);
        const headingBefore = await heading.boundingBox();
        const introBefore = await intro.boundingBox();
        const introText = await intro.textContent();
        await release();
        await page.getByRole('button', { name: 'New project' }).first().waitFor();
        expect(await heading.boundingBox()).toEqual(headingBefore);
        expect(await intro.boundingBox()).toEqual(introBefore);
        expect(await intro.textContent()).toBe(introText);
        const { total, report } = await shiftsSeen(page);
        expect(total, `the shifts:\n${report}`).toBeLessThan(0.05);
      } finally {
        await page.close();
      }
    });
  }
});
