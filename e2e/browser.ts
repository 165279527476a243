/** Opens Debian's Chromium through playwright-core, as the machine allows it. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page, type Route } from 'playwright-core';
import { inject } from 'vitest';

/** Flags without which Chromium tries the network at every start, here refused. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const chromiumPath = inject('chromiumPath');
export const baseUrl = inject('baseUrl');
/** The origin of the mock URLs (MOCK_ORIGIN of the server under test). */
export const mockOrigin = inject('mockOrigin');

/**
 * What goes wrong in the page from now on, as it happens: uncaught errors and the console's
 * errors, and its warnings too when asked.
 */
export function pageErrors(page: Page, { warnings = false } = {}): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' || (warnings && message.type() === 'warning'))
      errors.push(message.text());
  });
  return errors;
}

export interface Browser {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * A fresh profile and one page, downloads accepted. `bypassCSP` lets a test inject its own
 * script (axe-core), which the site's Content-Security-Policy rightly refuses otherwise.
 */
export async function openBrowser({
  bypassCSP = false,
  baseURL = baseUrl,
}: {
  bypassCSP?: boolean;
  /** The site relative paths go to: the test server's by default. */
  baseURL?: string;
} = {}): Promise<Browser> {
  if (!chromiumPath) throw new Error('Chromium is not available');
  const profile = await mkdtemp(join(tmpdir(), 'mocksmith-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: CHROMIUM_ARGS,
    acceptDownloads: true,
    bypassCSP,
    baseURL,
    viewport: { width: 1280, height: 900 },
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/** Holds back the scripts whose path matches `pattern` until the returned function is called. */
export async function holdScripts(page: Page, pattern: RegExp): Promise<() => Promise<void>> {
  const waiting: Route[] = [];
  let released = false;
  const handler = async (route: Route) => {
    if (released) await route.continue();
    else waiting.push(route);
  };
  await page.route(pattern, handler);
  return async () => {
    released = true;
    await Promise.all(waiting.splice(0).map((route) => route.continue()));
    await page.unroute(pattern, handler);
  };
}
