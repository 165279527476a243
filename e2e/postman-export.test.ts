/**
 * The Postman export as a person uses it: pick APIs on /dashboard/postman-export, download the
 * collection, and check the file; then run an exported collection of GET, POST, PUT and DELETE
 * APIs, one protected by a token, with Postman's own runner (newman) against the live server.
 * The page on a 375 px phone and under axe-core, in both themes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PostmanCollection } from '@mocksmith/core/postman';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, mockOrigin, openBrowser } from './browser.ts';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

/** What this test reads of newman's run summary. */
interface NewmanSummary {
  run: {
    stats: Record<'requests' | 'assertions' | 'testScripts', { total: number; failed: number }>;
    failures: { error: { message: string; test?: string }; source?: { name?: string } }[];
    executions: {
      item: { name: string };
      response?: { code: number };
      assertions?: { assertion: string; error?: { message: string } }[];
    }[];
  };
}
const newman = require('newman') as {
  run(
    options: { collection: string; reporters: string[]; timeoutRequest?: number },
    callback: (error: Error | null, summary: NewmanSummary) => void,
  ): void;
};

function runNewman(collection: string): Promise<NewmanSummary> {
  return new Promise((resolve, reject) => {
    newman.run({ collection, reporters: [], timeoutRequest: 10_000 }, (error, summary) =>
      error ? reject(error) : resolve(summary),
    );
  });
}

const TOKEN = `mck_${randomBytes(30).toString('base64url')}`;

/** The APIs of the test: each method, one protected (POST), one answering 204 (DELETE). */
const APIS = [
  {
    name: 'Shop Orders',
    requestEnum: 'GET',
    customEndpoint: 'orders/recent',
    template: '{"orders":[{"__multiply":"2-4","id":"uuid","total":"number.money.price"}]}',
    option: { delay: 0, authToken: null, httpCode: 200 },
  },
  {
    name: 'Create User',
    requestEnum: 'POST',
    template: '{"id":"uuid","name":"string.name.fullname","email":"email"}',
    option: { delay: 0, authToken: TOKEN, httpCode: 201 },
  },
  {
    name: 'Update Order',
    requestEnum: 'PUT',
    template: '{"id":"uuid","status":"shipped"}',
    option: { delay: 0, authToken: null, httpCode: 200 },
  },
  {
    name: 'Remove Order',
    requestEnum: 'DELETE',
    template: '{}',
    option: { delay: 0, authToken: null, httpCode: 204 },
  },
] as const;

interface Created {
  requestId: string;
  link: string;
}

/** The mock URL as the test process reaches it: on the mock origin the link names. */
function local(link: string): string {
  return link.replace(/^https?:\/\/[^/]+/, mockOrigin);
}

/** Creates the APIs with the page's own session, as its API form does; their ids and links. */
async function createApis(page: Page): Promise<Record<string, Created>> {
  const answers = await page.evaluate(async (apis) => {
    const user = JSON.parse(localStorage.getItem('user') ?? '{}');
    const created: { status: number; body: { requestId: string; link: string } }[] = [];
    for (const api of apis) {
      const res = await fetch('/backend/crud/user', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userId: user.userId, ...api }),
      });
      created.push({ status: res.status, body: await res.json() });
    }
    return created;
  }, APIS);
  expect(answers.map((answer) => answer.status)).toEqual(APIS.map(() => 201));
  return Object.fromEntries(APIS.map((api, index) => [api.name, answers[index]!.body]));
}

/** The card (a label around its checkbox) of the API of this name. */
function card(page: Page, name: string) {
  return page.locator('label').filter({ has: page.getByRole('checkbox', { name, exact: true }) });
}

async function openExportPage(page: Page, theme?: 'light' | 'dark') {
  await page.goto('/dashboard/postman-export');
  if (theme) {
    await page.evaluate((value) => sessionStorage.setItem('theme', value), theme);
    await page.reload();
  }
  await page.getByRole('list', { name: 'APIs to export' }).waitFor();
}

/** Clicks Download and waits for the file: its suggested name and its parsed content. */
async function download(page: Page): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download', exact: true }).first().click(),
  ]);
  const path = await file.path();
  return { name: file.suggestedFilename(), text: await readFile(path, 'utf8') };
}

const countOf = (text: string, part: string) => text.split(part).length - 1;

describe.skipIf(!chromiumPath)('the Postman export', () => {
  let browser: Browser;
  let created: Record<string, Created>;
  beforeAll(async () => {
    // axe-core is injected as a script, which the site's CSP refuses: the test bypasses it.
    browser = await openBrowser({ bypassCSP: true });
    const email = newAddress('postman');
    await registerAndVerify(browser.page, 'Pat Postman', email);
    await signIn(browser.page, email);
    created = await createApis(browser.page);
  });
  afterAll(() => browser?.close());

  it('downloads two selected APIs under the file name rule, with their URLs and examples', async () => {
    const { page } = browser;
    await openExportPage(page);
    const name = page.getByLabel('Collection Name');
    expect(await name.inputValue()).toBe('Mocksmith APIs Collection');
    await name.fill('Shop & Users (e2e)');

    // One picked through the search, one from the whole list.
    const search = page.getByRole('searchbox', { name: 'Search APIs' });
    await search.fill('orders/RECENT');
    expect(await page.getByRole('checkbox').count()).toBe(1);
    await card(page, 'Shop Orders').click();
    await search.fill('');
    await card(page, 'Create User').click();
    await page.getByText('2 of 4 selected').waitFor();

    const file = await download(page);
    await expectToast(page, 'Successfully exported 2 APIs to Postman collection');
    expect(file.name).toBe('Shop___Users__e2e_.postman_collection.json');

    const collection = JSON.parse(file.text) as PostmanCollection;
    expect(collection.info).toMatchObject({
      name: 'Shop & Users (e2e)',
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    });
    // The spec's URL parts: the scheme in `protocol`, the host and port in `{{baseUrl}}`.
    const baseUrl = collection.variable.find((variable) => variable.key === 'baseUrl')?.value;
    expect(baseUrl).toBe(new URL(mockOrigin).host);
    for (const item of collection.item) {
      expect(item.request.url.protocol).toBe(new URL(mockOrigin).protocol.replace(':', ''));
    }
    const byName = Object.fromEntries(collection.item.map((item) => [item.name, item]));
    expect(Object.keys(byName).sort()).toEqual(['Create User', 'Shop Orders']);

    for (const apiName of ['Shop Orders', 'Create User'] as const) {
      const item = byName[apiName]!;
      const { link, requestId } = created[apiName]!;
      // Exactly the URL the server gave out.
      expect(item.request.url.raw.replace('{{baseUrl}}', baseUrl!)).toBe(link);
      // The example is the body the live URL answers under the same seed.
      const answer = await fetch(`${local(link)}?seed=${requestId}`, {
        headers: apiName === 'Create User' ? { Authorization: `Bearer ${TOKEN}` } : {},
        method: item.request.method,
      });
      expect(answer.status).toBe(item.response[0]!.code);
      expect(JSON.parse(item.response[0]!.body)).toEqual(await answer.json());
    }
    expect(byName['Shop Orders']!.request.body).toBeUndefined();
    expect(byName['Create User']!.request.body).toMatchObject({ mode: 'raw', raw: '{}' });
    expect(byName['Create User']!.request.auth?.type).toBe('bearer');
    expect(countOf(file.text, TOKEN)).toBe(1);
  });

  it('runs green in newman against the live server: GET, POST, PUT and DELETE, one protected', async () => {
    const { page } = browser;
    await openExportPage(page);
    await page.getByRole('button', { name: 'Select all' }).click();
    await page.getByText('4 of 4 selected').waitFor();
    const file = await download(page);
    expect(file.name).toBe('Mocksmith_APIs_Collection.postman_collection.json');
    expect(countOf(file.text, TOKEN)).toBe(1);
    const collection = JSON.parse(file.text) as PostmanCollection;
    expect(collection.item.map((item) => item.request.method).sort()).toEqual([
      'DELETE',
      'GET',
      'POST',
      'PUT',
    ]);

    const path = join(await mkdtemp(join(tmpdir(), 'mocksmith-newman-')), file.name);
    await writeFile(path, file.text);
    const { run } = await runNewman(path);

    const failures = run.failures.map(
      (failure) =>
        `${failure.source?.name ?? '?'}: ${failure.error.test ?? ''} ${failure.error.message}`,
    );
    expect(failures).toEqual([]);
    expect(run.stats.requests).toMatchObject({ total: 4, failed: 0 });
    // Two checks per request: the status code, and a JSON body (no body for 204).
    expect(run.stats.assertions).toMatchObject({ total: 8, failed: 0 });
    const codes = Object.fromEntries(
      run.executions.map((execution) => [execution.item.name, execution.response?.code]),
    );
    expect(codes).toEqual({
      'Shop Orders': 200,
      'Create User': 201,
      'Update Order': 200,
      'Remove Order': 204,
    });
    console.info(
      `newman: ${run.stats.requests.total} requests, ${run.stats.assertions.total} assertions, ${run.stats.assertions.failed} failed`,
    );

    // The check can fail: without its token, the protected request answers 401 and its tests fail.
    const withoutToken = file.text.replace(TOKEN, 'mck_not_the_token_of_this_api_00000000');
    await writeFile(path, withoutToken);
    const broken = await runNewman(path);
    expect(broken.run.stats.assertions.failed).toBeGreaterThan(0);
    expect(
      broken.run.executions.find((execution) => execution.item.name === 'Create User')?.response
        ?.code,
    ).toBe(401);
  });

  it('fits a 375 px phone and has no serious axe-core violation, in both themes', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      const found: string[] = [];
      for (const theme of ['light', 'dark'] as const) {
        await openExportPage(page, theme);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
          theme === 'dark',
        );
        await card(page, 'Shop Orders').click();
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        if (overflow > 0) found.push(`${theme}: ${overflow} px too wide`);
        await page.addScriptTag({ path: AXE_PATH });
        const violations = await page.evaluate(async () => {
          const axe = (
            window as unknown as {
              axe: {
                run: (options: object) => Promise<{
                  violations: {
                    id: string;
                    impact: string | null;
                    nodes: { target: string[] }[];
                  }[];
                }>;
              };
            }
          ).axe;
          return (await axe.run({ resultTypes: ['violations'] })).violations;
        });
        for (const violation of violations) {
          if (violation.impact === 'serious' || violation.impact === 'critical') {
            found.push(
              `${theme}: ${violation.id} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
            );
          }
        }
      }
      expect(found).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
