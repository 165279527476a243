/**
 * The documentation as a reader uses it: every anchor lands on its section (a fresh load, the
 * menu, the landing page's links, the dashboard's copy), the catalogue search filters as one
 * types, and the code samples it shows run as they are against a live API: the fetch samples,
 * and every curl command of the projects' sections, in order, with a real key and project.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describeCatalogue } from '@mocksmith/core';
import { searchTypes } from '@mocksmith/core/types-info';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsSections } from '../apps/web/src/config/docs-sections.ts';
import { docsAnchors } from '../apps/web/src/config/paths.ts';
import {
  backendExamples,
  type CurlExample,
} from '../apps/web/src/features/docs/lib/backend-examples.ts';
import { newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, baseUrl, chromiumPath, mockOrigin, openBrowser } from './browser.ts';

const ANCHORS = Object.values(docsAnchors);

/** What GET /backend/types sends; the page must show exactly core's matches for a query. */
const catalogue = describeCatalogue();
const expectedNames = (query: string) =>
  searchTypes(catalogue, query, 'all', Number.POSITIVE_INFINITY).map((type) => type.name);

/**
 * Where the section's top sits: just under the sticky header, not behind it and not further
 * down than the header's height again.
 */
async function sectionPlacement(page: Page, anchor: string) {
  return page.evaluate((id) => {
    const section = document.getElementById(id);
    const header = document.querySelector('header');
    if (!section || !header) return null;
    return {
      top: section.getBoundingClientRect().top,
      headerBottom: header.getBoundingClientRect().bottom,
      scrollY: window.scrollY,
    };
  }, anchor);
}

async function expectLandedOn(page: Page, anchor: string) {
  await page.locator(`#${anchor}`).waitFor();
  await expect
    .poll(
      async () => {
        const placement = await sectionPlacement(page, anchor);
        if (!placement) return `#${anchor} missing`;
        const { top, headerBottom } = placement;
        return top >= headerBottom - 1 && top <= headerBottom + 160
          ? 'in view'
          : `#${anchor} at ${Math.round(top)} px, header ends at ${Math.round(headerBottom)} px`;
      },
      { message: `#${anchor}` },
    )
    .toBe('in view');
}

/** The type names the catalogue shows now. */
async function shownTypeNames(page: Page): Promise<string[]> {
  return page
    .locator(`#${docsAnchors.types} ul[aria-label$=" types"] > li > div > code`)
    .allTextContents();
}

describe.skipIf(!chromiumPath)('the documentation', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('opens each anchor on its section, on a fresh load and from the section menu', async () => {
    // A new tab per load: a reloaded tab would restore its last scroll position instead.
    for (const anchor of ANCHORS) {
      const page = await browser.context.newPage();
      await page.goto(`/get-started#${anchor}`);
      await expectLandedOn(page, anchor);
      expect(await page.title()).toBe('Documentation — Mocksmith');
      await page.close();
    }

    const { page } = browser;
    await page.goto('/get-started');
    await page.getByRole('heading', { level: 1, name: 'Documentation' }).waitFor();
    const menu = page.getByRole('navigation', { name: 'Documentation sections' });
    for (const anchor of [...ANCHORS].reverse()) {
      const title = await page.locator(`#${anchor}-title`).textContent();
      await menu.getByRole('link', { name: title ?? '', exact: true }).click();
      await page.waitForURL(`**/get-started#${anchor}`);
      await expectLandedOn(page, anchor);
    }
  });

  it('follows the landing page’s links to custom endpoints, sorting, projects, collections and the inspector', async () => {
    const { page } = browser;
    for (const [link, anchor] of [
      ['Learn about custom endpoints', docsAnchors.customEndpoints],
      ['Learn about sorting', docsAnchors.sorting],
      ['Learn about projects', docsAnchors.projects],
      ['Learn about collections', docsAnchors.collections],
      ['Learn about the inspector', docsAnchors.inspector],
    ] as const) {
      await page.goto('/');
      await page.getByRole('link', { name: link }).click();
      await page.waitForURL(`**/get-started#${anchor}`);
      await expectLandedOn(page, anchor);
    }
  });

  it('fetches the data types when the reader comes near them, not with the page', async () => {
    const { page } = browser;
    // Away from the guide first: the page the previous test left, scrolled near the types,
    // must not be the one that asks for them while this one loads.
    await page.goto('about:blank');
    const asked: string[] = [];
    const listen = (request: { url(): string }) => {
      if (new URL(request.url()).pathname === '/backend/types') asked.push(request.url());
    };
    page.on('request', listen);
    try {
      await page.goto('/get-started', { waitUntil: 'networkidle' });
      const status = page.locator(`#${docsAnchors.types} [role="status"]`);
      expect(await status.textContent()).toBe('Loading the data types…');
      expect(asked).toEqual([]);
      await page.locator(`#${docsAnchors.types}`).scrollIntoViewIfNeeded();
      await expect.poll(() => status.textContent()).toBe(`All ${catalogue.length} types`);
      expect(asked).toHaveLength(1);
    } finally {
      page.off('request', listen);
    }
  });

  it('filters the data types as one types, by name or example, whatever the case', async () => {
    const { page } = browser;
    await page.goto(`/get-started#${docsAnchors.types}`);
    const status = page.locator(`#${docsAnchors.types} [role="status"]`);
    await expect.poll(() => status.textContent()).toBe(`All ${catalogue.length} types`);
    expect(await shownTypeNames(page)).toEqual(catalogue.map((type) => type.name));

    // Letter by letter: the list narrows with each key, to exactly core's matches.
    const search = page.getByRole('searchbox', { name: 'Search data types' });
    await search.click();
    let typed = '';
    for (const letter of 'PRICE') {
      await page.keyboard.type(letter);
      typed += letter;
      const expected = expectedNames(typed);
      await expect.poll(() => shownTypeNames(page), { message: typed }).toEqual(expected);
      await expect.poll(() => status.textContent()).toMatch(new RegExp(`^${expected.length} `));
    }
    expect(await shownTypeNames(page)).toContain('number.money.price');

    // Example text counts too: Springfield is no type's name, but string.address.city's example.
    await search.fill('springfield');
    await expect.poll(() => shownTypeNames(page)).toEqual(expectedNames('springfield'));
    expect(await shownTypeNames(page)).toContain('string.address.city');
    expect(expectedNames('springfield').every((name) => !name.includes('springfield'))).toBe(true);

    await search.fill('no-such-type-anywhere');
    await expect.poll(() => status.textContent()).toBe('No type matches “no-such-type-anywhere”');
    expect(await shownTypeNames(page)).toEqual([]);

    await search.fill('');
    await expect.poll(() => shownTypeNames(page)).toHaveLength(catalogue.length);
  });

  it('shows fetch samples that run as they are against a live API of each method', async () => {
    const { page } = browser;
    await page.goto(`/get-started#${docsAnchors.usage}`);
    const usage = page.locator(`#${docsAnchors.usage}`);
    const dir = await mkdtemp(join(tmpdir(), 'mocksmith-docs-samples-'));
    try {
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
        const created = await fetch(`${baseUrl}/backend/crud`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            template: '{"id": "uuid", "n": "number"}',
            requestEnum: method,
            name: `docs sample ${method}`,
          }),
        });
        expect(created.status).toBe(201);
        const { requestId } = (await created.json()) as { requestId: string };

        await usage.getByRole('tab', { name: method, exact: true }).click();
        const panel = usage.getByRole('tabpanel', { name: method, exact: true });
        await panel.getByRole('tab', { name: 'JavaScript (fetch)' }).click();
        const code = (await panel.locator('pre').first().textContent()) ?? '';
        // The samples name the mock origin (MOCK_ORIGIN), where the mock URLs live.
        expect(code).toContain(`${mockOrigin}/backend/apitemplate/${method.toLowerCase()}/`);

        // Copied as shown, the id filled in, run by Node as an ES module.
        const file = join(dir, `${method}.mjs`);
        await writeFile(file, code.replace('YOUR_REQUEST_ID', requestId));
        const { stdout } = await promisify(execFile)(process.execPath, [file]);
        expect(stdout, method).toMatch(/id: '[0-9a-f-]{36}'/);
        expect(stdout, method).toMatch(/n: \d+/);
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    // Each sample copies: the GET one, to the clipboard as shown.
    await usage.getByRole('tab', { name: 'GET', exact: true }).click();
    const panel = usage.getByRole('tabpanel', { name: 'GET', exact: true });
    await panel.getByRole('button', { name: 'Copy the JavaScript (fetch) GET example' }).click();
    await expect.poll(() => panel.getByText('Copied to clipboard!').count()).toBe(1);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
      await panel.locator('pre').first().textContent(),
    );
  });

  it('shows curl commands for projects and what goes with them that run as shown, in order, with a key', async () => {
    // The key of an account signed in elsewhere (this browser's other tests sign in their own).
    const other = await openBrowser();
    let key = '';
    try {
      const email = newAddress('curl');
      await registerAndVerify(other.page, 'Curl Reader', email);
      await signIn(other.page, email);
      key = await other.page.evaluate(async () => {
        const res = await fetch('/backend/user/keys', {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ name: 'Docs' }),
        });
        return ((await res.json()) as { key: string }).key;
      });
    } finally {
      await other.close();
    }
    expect(key).toMatch(/^mks_/);

    const { page } = browser;
    await page.goto('/get-started');
    // The management calls name the site's origin, the mock calls the mock origin.
    const examples = backendExamples({ app: baseUrl, mock: mockOrigin });
    const sections = [
      [docsAnchors.apiKeys, examples.apiKeys],
      [docsAnchors.projects, examples.projects],
      [docsAnchors.collections, examples.collections],
      [docsAnchors.overrides, examples.overrides],
      [docsAnchors.rules, examples.rules],
      [docsAnchors.networkProfiles, examples.networkProfiles],
      [docsAnchors.inspector, examples.inspector],
    ] as const;
    const expected: CurlExample[] = sections.flatMap(([, group]) => Object.values(group));
    // What a reader copies: each code block of those sections that is a command, in page order.
    const shown: string[] = [];
    for (const [anchor] of sections) {
      for (const code of await page.locator(`#${anchor} pre`).allTextContents()) {
        if (code.startsWith('curl ')) shown.push(code);
      }
    }
    expect([...shown].sort()).toEqual(expected.map((example) => example.command).sort());

    // Run as shown, one after the other in one 'shell': the key and the project's id exported,
    // as the sections say. curl itself is wrapped to tell the status apart from the body.
    const env: Record<string, string> = { ...process.env, MOCKSMITH_KEY: key, PROJECT_ID: '' };
    const dir = await mkdtemp(join(tmpdir(), 'mocksmith-docs-curl-'));
    const body = join(dir, 'body');
    try {
      for (const command of shown) {
        const example = expected.find((item) => item.command === command) as CurlExample;
        const script = `curl() { command curl -sS -o '${body}' -w '%{http_code}' "$@"; }\n${command}`;
        const { stdout } = await promisify(execFile)('bash', ['-c', script], { env });
        const answer = await readFile(body, 'utf8');
        const statuses = [example.status].flat();
        expect(statuses, `${example.label}: ${stdout} ${answer.slice(0, 300)}`).toContain(
          Number(stdout),
        );
        if (example === examples.projects.create) env.PROJECT_ID = JSON.parse(answer).id;
        if (example === examples.inspector.count) {
          expect(JSON.parse(answer)).toEqual({ count: 1, complete: true, dropped: 0 });
        }
        if (example === examples.rules.call) {
          expect(answer).toMatch(/^x-mock-response: premium\r?$/im);
          expect(answer).toContain('"plan":"premium"');
        }
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('shows the same guide in the dashboard, anchors included, and each section at its own path', async () => {
    const page = await browser.context.newPage();
    const email = newAddress('docs');
    await registerAndVerify(page, 'Docs Reader', email);
    await signIn(page, email);
    await page.close();

    for (const anchor of [docsAnchors.responseOptions, docsAnchors.types]) {
      const tab = await browser.context.newPage();
      await tab.goto(`/dashboard/documentation#${anchor}`);
      await expectLandedOn(tab, anchor);
      expect(await tab.title()).toBe('Dashboard Documentation — Mocksmith');
      await tab.close();
    }
    const { page: main } = browser;
    const sections = main.locator('main section[aria-labelledby$="-title"]');
    await main.goto('/dashboard/documentation');
    await expect.poll(() => sections.count()).toBe(docsSections.length);
    const menu = main.getByRole('navigation', { name: 'Documentation sections' });
    await menu.getByRole('link', { name: 'Sorting', exact: true }).click();
    await main.waitForURL('**/dashboard/documentation/sorting');
    await expect.poll(() => main.title()).toBe('Sorting — Dashboard Documentation — Mocksmith');
    // The nested content is that one section; the menu marks it.
    await expect.poll(() => sections.count()).toBe(1);
    expect(await sections.first().getAttribute('id')).toBe(docsAnchors.sorting);
    expect(
      await menu.getByRole('link', { name: 'Sorting', exact: true }).getAttribute('aria-current'),
    ).toBe('page');
    // Links between sections go to the other section's page.
    await menu.getByRole('link', { name: 'Quick start', exact: true }).click();
    await main.waitForURL('**/dashboard/documentation/quick-start');
    await main
      .locator(`#${docsAnchors.quickStart}`)
      .getByRole('link', { name: 'Usage', exact: true })
      .click();
    await main.waitForURL('**/dashboard/documentation/usage');
    await expectLandedOn(main, docsAnchors.usage);
    await expect.poll(() => sections.count()).toBe(1);
    // A section opened straight by its URL, and back to the whole guide.
    await main.goto('/dashboard/documentation/types');
    await main
      .locator(`#${docsAnchors.types} [role="status"]`)
      .getByText(/^All \d+ types$/)
      .waitFor();
    expect(await sections.count()).toBe(1);
    await menu.getByRole('link', { name: 'All sections', exact: true }).click();
    await main.waitForURL(/\/dashboard\/documentation$/);
    await expect.poll(() => sections.count()).toBe(docsSections.length);
    // A section that does not exist is the missing page.
    await main.goto('/dashboard/documentation/no-such-section');
    await main.getByRole('heading', { name: 'Page Not Found', level: 1 }).waitFor();
  });
});
