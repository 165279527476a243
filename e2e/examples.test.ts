/**
 * The showcase (/examples) as a visitor uses it: each widget loads its live sample API (spinner,
 * preview, response time, JSON Response), refreshes, copies its URL, falls back to demonstration
 * data with the spec's warning when the API cannot be reached, and its how-to template, pasted
 * into the signed-in editor, creates an API of the same shape.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectToast, fillRegister, newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, mockOrigin, openBrowser, pageErrors } from './browser.ts';
import { codeEditor } from './editor.ts';
import { linkIn, waitForMail } from './mail.ts';
import { type ProductionServer, startProductionServer } from './server.ts';

type Code = 'weather' | 'banking' | 'analytics' | 'social';

/** The parts of the sample bodies the test reads. */
interface WeatherSample {
  location: { city: string; country: string };
  current: { day: string; description: string; humidity: number };
}
interface BankingSample {
  customerInfo: { name: string };
  accounts: unknown[];
  transactions: unknown[];
}
interface AnalyticsSample {
  siteInfo: { domain: string };
  trafficSources: { sources: { name: string }[] };
  popularPages: { pages: { path: string }[] };
}
interface SocialSample {
  platforms: {
    name: string;
    accountInfo: { displayName: string };
    topPosts: { content: string }[];
  }[];
}

const WIDGETS: { code: Code; tab: string | null; name: string; warning: string; demo: string }[] = [
  {
    code: 'weather',
    tab: 'Weather',
    name: 'Weather',
    warning: 'Unable to load weather data. Using demonstration data instead.',
    demo: 'London, United Kingdom',
  },
  {
    code: 'banking',
    tab: 'Banking',
    name: 'Banking',
    warning: 'Unable to load banking data. Using demonstration data instead.',
    demo: 'Alex Morgan',
  },
  {
    code: 'analytics',
    tab: 'Analytics',
    name: 'Analytics',
    warning: 'Unable to load analytics data. Using demonstration data instead.',
    demo: 'example-shop.com',
  },
  {
    code: 'social',
    tab: null,
    name: 'Social media',
    warning: 'Unable to load social media data. Using demonstration data instead.',
    demo: 'Mocksmith Coffee Co.',
  },
];

const samplePath = (code: Code) => `/backend/apitemplate/get/${code}`;

/** The widget's region, named by its heading. */
async function openWidget(page: Page, name: string): Promise<Locator> {
  const section = page.getByRole('region', { name: `${name} widget` });
  // As the visitor scrolls to it: a widget calls its API once it comes near the screen.
  await section.scrollIntoViewIfNeeded();
  return section;
}

/** Waits for the next answer of a sample API, and gives its body. */
function nextSample<T = unknown>(page: Page, code: Code): Promise<T> {
  return page
    .waitForResponse((response) => new URL(response.url()).pathname === samplePath(code))
    .then((response) => response.json() as Promise<T>);
}

/** The body the JSON Response panel shows. */
async function shownJson(section: Locator): Promise<unknown> {
  const panel = section.locator('figure').filter({ hasText: /^JSON Response/ });
  return JSON.parse((await panel.locator('code').textContent()) ?? '');
}

/** The shape of a JSON value: its keys all the way down, arrays by their first item. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  }
  return value === null ? 'null' : typeof value;
}

/** The mock URL as the test process reaches it: on the mock origin the link names. */
function local(link: string): string {
  return link.replace(/^https?:\/\/[^/]+/, mockOrigin);
}

describe.skipIf(!chromiumPath)('the examples showcase', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('loads each widget from its live sample API, with a spinner, the preview and the JSON', async () => {
    const { page } = browser;
    // The weather API answers late, so the spinner can be seen.
    await page.route(`**${samplePath('weather')}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    let weatherBody = nextSample<WeatherSample>(page, 'weather');
    const socialBody = nextSample<SocialSample>(page, 'social');
    await page.goto('/examples');
    await page.getByRole('heading', { level: 1, name: 'Examples' }).waitFor();
    expect(await page.title()).toBe('Examples — Mocksmith');

    // The tabs: three widgets, two disabled and marked Coming Soon.
    for (const name of ['Weather', 'Banking', 'Analytics']) {
      expect(await page.getByRole('tab', { name }).isEnabled(), name).toBe(true);
    }
    for (const name of ['Todo List', 'Chat']) {
      const tab = page.getByRole('tab', { name: new RegExp(`^${name}`) });
      expect(await tab.isDisabled(), name).toBe(true);
      expect(await tab.textContent()).toContain('Coming Soon');
    }

    // Weather: the spinner, then the preview of the body received.
    const weather = await openWidget(page, 'Weather');
    await weather.getByRole('status').filter({ hasText: 'Loading weather data…' }).waitFor();
    let body = await weatherBody;
    await page.unroute(`**${samplePath('weather')}`);
    const preview = weather.getByTestId('weather-preview');
    await preview.waitFor();
    const text = (await preview.textContent()) ?? '';
    expect(text).toContain(`${body.location.city}, ${body.location.country}`);
    expect(text).toContain(body.current.day);
    expect(text).toContain(body.current.description);
    expect(text).toContain('Feels like');
    expect(text).toMatch(/\d km\/h/);
    expect(text).toContain(`${body.current.humidity}%`);
    expect(await preview.locator('ol > li').count()).toBe(5);
    await weather.getByText(/^Response time: \d+ ms$/).waitFor();
    expect(await shownJson(weather)).toEqual(body);
    expect(await weather.getByRole('alert').count()).toBe(0);

    // Refresh calls the API again and shows what it answers.
    weatherBody = nextSample<WeatherSample>(page, 'weather');
    await weather.getByRole('button', { name: 'Refresh' }).click();
    body = await weatherBody;
    await expect.poll(() => shownJson(weather)).toEqual(body);

    // Copy API URL.
    await weather.getByRole('button', { name: 'Copy API URL' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${mockOrigin}${samplePath('weather')}`);

    // Banking, opened from the keyboard: arrows move between the enabled tabs.
    const bankingBody = nextSample<BankingSample>(page, 'banking');
    await page.getByRole('tab', { name: 'Weather' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Banking' }).getAttribute('aria-selected'))
      .toBe('true');
    const banking = await openWidget(page, 'Banking');
    const bank = await bankingBody;
    const bankPreview = banking.getByTestId('banking-preview');
    await bankPreview.getByText(bank.customerInfo.name).waitFor();
    expect(await bankPreview.getByRole('listitem').count()).toBe(bank.accounts.length);
    await bankPreview.getByRole('tab', { name: 'Transactions' }).click();
    const transactions = bankPreview.getByRole('list', { name: 'Recent transactions' });
    expect(await transactions.getByRole('listitem').count()).toBe(bank.transactions.length);
    expect(await transactions.getByText('Transaction', { exact: true }).count()).toBe(
      bank.transactions.length,
    );
    expect(await bankPreview.textContent()).not.toContain('sample_');
    await bankPreview.getByRole('tab', { name: 'Insights' }).click();
    const progress = Number(
      await bankPreview
        .getByRole('progressbar', { name: 'Savings goal progress' })
        .getAttribute('aria-valuenow'),
    );
    expect(progress).toBeGreaterThanOrEqual(0);
    expect(progress).toBeLessThanOrEqual(100);
    expect(await shownJson(banking)).toEqual(bank);

    // Analytics.
    const analyticsBody = nextSample<AnalyticsSample>(page, 'analytics');
    await page.getByRole('tab', { name: 'Banking' }).focus();
    await page.keyboard.press('ArrowRight');
    const analytics = await openWidget(page, 'Analytics');
    const site = await analyticsBody;
    const siteView = analytics.getByTestId('analytics-preview');
    await siteView.getByRole('heading', { name: site.siteInfo.domain }).waitFor();
    expect(await siteView.getByTestId('bar').count()).toBe(7);
    for (const label of ['Visitors', 'Page views', 'Bounce rate', 'Avg. session']) {
      await siteView.getByText(label, { exact: true }).waitFor();
    }
    await siteView.getByRole('tab', { name: 'Traffic' }).click();
    for (const source of site.trafficSources.sources) {
      await siteView
        .getByRole('list', { name: 'Traffic sources' })
        .getByText(source.name)
        .waitFor();
    }
    await siteView.getByRole('tab', { name: 'Content' }).click();
    await siteView.getByRole('cell', { name: site.popularPages.pages[0]!.path }).first().waitFor();

    // The arrow skips the disabled tabs and wraps; opening a tab again loads it afresh.
    weatherBody = nextSample<WeatherSample>(page, 'weather');
    await page.getByRole('tab', { name: 'Analytics' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect
      .poll(() => page.getByRole('tab', { name: 'Weather' }).getAttribute('aria-selected'))
      .toBe('true');
    body = await weatherBody;
    await expect.poll(() => shownJson(weather)).toEqual(body);

    // The social widget, without a tab, below them.
    const social = await openWidget(page, 'Social media');
    const networks = await socialBody;
    const socialView = social.getByTestId('social-preview');
    const first = networks.platforms[0]!;
    await socialView.getByRole('heading', { name: first.accountInfo.displayName }).waitFor();
    for (const platform of networks.platforms) {
      await socialView.getByRole('button', { name: platform.name, exact: true }).waitFor();
    }
    const last = networks.platforms.at(-1)!;
    await socialView.getByRole('button', { name: last.name, exact: true }).click();
    expect(
      await socialView
        .getByRole('button', { name: last.name, exact: true })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    await socialView.getByRole('heading', { name: last.accountInfo.displayName }).waitFor();
    for (const tab of ['Engagement', 'Content']) {
      await socialView.getByRole('tab', { name: tab }).click();
    }
    await socialView.getByText(last.topPosts[0]!.content).first().waitFor();
  });

  it('falls back to demonstration data with the warning when a sample API is unreachable', async () => {
    const { page } = browser;
    for (const { code, tab, name, warning, demo } of WIDGETS) {
      const pattern = `**${samplePath(code)}`;
      await page.route(pattern, (route) => route.abort());
      await page.goto('/examples');
      if (tab) await page.getByRole('tab', { name: tab }).click();
      const section = await openWidget(page, name);
      await section.getByRole('alert').filter({ hasText: warning }).waitFor();
      expect((await section.getByRole('alert').textContent())?.trim()).toBe(warning);
      await section.getByText(demo).first().waitFor();
      await section
        .locator('figure')
        .filter({ hasText: 'JSON Response (demonstration data)' })
        .waitFor();

      // Once the API is back, Refresh brings the live data and the warning goes.
      await page.unroute(pattern);
      const live = nextSample(page, code);
      await section.getByRole('button', { name: 'Refresh' }).click();
      const body = await live;
      await expect.poll(() => shownJson(section)).toEqual(body);
      expect(await section.getByRole('alert').count()).toBe(0);
    }
  });

  it('turns each how-to template, pasted into the editor, into an API of the widget shape', async () => {
    const { page } = browser;
    const email = newAddress('showcase');
    await registerAndVerify(page, 'Sam Showcase', email);
    await signIn(page, email);

    for (const { code, tab, name } of WIDGETS) {
      await page.goto('/examples');
      if (tab) await page.getByRole('tab', { name: tab }).click();
      const section = await openWidget(page, name);
      // Signed in, the widget loads its live answer as it does for a visitor.
      await section.getByText('Response time:').waitFor();
      const howTo = section.getByRole('region', { name: `Build the ${name} API in three steps` });
      await howTo.getByRole('button', { name: `Copy ${name} JSON template` }).click();
      const template = await page.evaluate(() => navigator.clipboard.readText());
      expect(Object.keys(JSON.parse(template)).length, code).toBeGreaterThan(0);

      await page.goto('/dashboard/api');
      await page.getByLabel('API Name').fill(`${name} from the showcase`);
      // CodeMirror replaces the plain textarea once the field is focused: wait for it first.
      await codeEditor(page.locator('body'));
      const editor = page
        .getByRole('textbox', { name: 'JSON template' })
        .and(page.locator('.cm-content'));
      await editor.click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.press('Delete');
      await page.keyboard.press('ControlOrMeta+V');
      await expect
        .poll(async () => ((await editor.textContent()) ?? '').replace(/\s/g, ''))
        .toBe(template.replace(/\s/g, ''));

      await page.getByRole('button', { name: 'Create API', exact: true }).click();
      const success = page.getByRole('region', { name: 'Your API is live' });
      const link = (await success.locator('code').textContent()) ?? '';
      const created = await (await fetch(local(link))).json();
      const sample = await (await fetch(`${mockOrigin}${samplePath(code)}`)).json();
      expect(shape(created), code).toEqual(shape(sample));
    }
  }, 180_000);
});

describe.skipIf(!chromiumPath)('the site reached by another name than the one it shows', () => {
  // PUBLIC_URL names localhost (as `npm start` does without it); the visitor types 127.0.0.1,
  // another origin to the browser, which the page's connect-src 'self' does not cover.
  let server: ProductionServer;
  let browser: Browser;
  let shown: string;
  beforeAll(async () => {
    server = await startProductionServer({
      PUBLIC_URL: 'http://localhost:{port}',
      SMTP_URL: inject('smtpUrl'),
    });
    shown = `http://localhost:${server.port}`;
    browser = await openBrowser({ baseURL: server.baseUrl });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads the live sample on the origin the page was reached at, and shows the named one', async () => {
    const { page } = browser;
    const errors = pageErrors(page);
    const weatherBody = nextSample<WeatherSample>(page, 'weather');
    await page.goto('/examples');
    const weather = await openWidget(page, 'Weather');
    const body = await weatherBody;
    await expect.poll(() => shownJson(weather)).toEqual(body);
    expect(await weather.getByRole('alert').count()).toBe(0);
    expect(errors).toEqual([]);

    await weather.getByRole('button', { name: 'Copy API URL' }).click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toBe(`${shown}${samplePath('weather')}`);
  });

  it("answers the Test modal's call to an API whose link names the other origin", async () => {
    const { page } = browser;
    const email = newAddress('another-name');
    await fillRegister(page, { name: 'Nia Names', email });
    await expectToast(page, 'Registration successful! Please check your email.');
    // The mail's link names PUBLIC_URL's origin; the visitor stays on the one they typed.
    const link = linkIn(await waitForMail(email, /Confirm your e-mail address/), '/verify-email/');
    await page.goto(link.pathname);
    await page.getByRole('link', { name: 'Continue to Login' }).waitFor();
    await signIn(page, email);

    await page.goto('/dashboard/api');
    await page.getByLabel('API Name').fill('Named Elsewhere');
    await page.getByRole('button', { name: 'Create API', exact: true }).click();
    const live = page.getByRole('region', { name: 'Your API is live' });
    expect(await live.locator('code').textContent()).toMatch(
      new RegExp(`^${shown}/backend/apitemplate/get/[0-9a-z]{16}$`),
    );

    const errors = pageErrors(page);
    await page.goto('/dashboard');
    const item = page.getByRole('article', { name: 'Named Elsewhere' });
    await item.getByRole('button', { name: 'Test' }).click();
    const test = page.getByRole('dialog', { name: 'Test API' });
    await test.getByRole('button', { name: 'Send Request' }).click();
    await test.getByRole('region', { name: 'Response' }).getByText('200 OK').waitFor();
    expect(errors).toEqual([]);
  });
});
