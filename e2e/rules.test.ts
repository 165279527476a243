/**
 * Rules as a person uses them (issue 30): on a route answering `ok` or `premium`, build the rule
 * "header x-plan equals gold → premium" in the route editor, save it, see it in the route table,
 * then trigger it from the Test panel with the header added, and see which response and which
 * rule answered; the live URL says the same in its X-Mock-Response and X-Mock-Rule headers.
 * Then the screens of rules and network profiles (the route editor with both, the route table,
 * the Project settings dialog) on a 375 px phone and for axe-core, in both themes.
 */
import { NETWORK_PRESETS } from '@mocksmith/core/network';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';
import { layoutProblems, seriousViolations } from './checks.ts';
import { createProject } from './projects.ts';

/** Opens `path` in a theme, as the layout and axe tests do. */
async function open(page: Page, path: string, theme: 'light' | 'dark') {
  await page.goto(path);
  await page.evaluate((value) => sessionStorage.setItem('theme', value), theme);
  await page.reload();
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.waitForLoadState('networkidle');
}

describe.skipIf(!chromiumPath)('a rule in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    // axe-core is injected as a script, which the site's CSP refuses: the test bypasses it.
    browser = await openBrowser({ bypassCSP: true });
    const email = newAddress('rules');
    await registerAndVerify(browser.page, 'Ruth Rules', email);
    await signIn(browser.page, email);
  });
  afterAll(() => browser?.close());

  it('builds a rule in the route editor and triggers it from the Test panel', async () => {
    const { page } = browser;
    const project = await createProject(page, 'Rules (e2e)', [
      {
        method: 'GET',
        path: '/plan',
        name: 'The caller’s plan',
        responses: [
          { name: 'ok', template: JSON.stringify({ plan: 'basic' }), default: true },
          { name: 'premium', template: JSON.stringify({ plan: 'gold', support: '24/7' }) },
        ],
      },
    ]);
    await page.goto(`/dashboard/projects/${project.id}/routes/${project.routeIds[0]}`);
    await page.getByRole('heading', { name: 'Edit GET /plan', level: 1 }).waitFor();

    // header x-plan equals gold → premium, built row by row.
    await page.getByRole('button', { name: 'Add rule', exact: true }).click();
    const rule = page.getByRole('group', { name: 'Rule 1', exact: true });
    const condition = rule.getByRole('group', { name: 'Condition 1', exact: true });
    await condition.getByLabel('Source', { exact: true }).selectOption({ label: 'Header' });
    await condition.getByLabel('Name', { exact: true }).fill('x-plan');
    await condition.getByLabel('Operator', { exact: true }).selectOption({ label: 'equals' });
    await condition.getByLabel('Value', { exact: true }).fill('gold');
    await rule.getByLabel('Then answer', { exact: true }).selectOption('premium');
    await page.getByRole('button', { name: 'Save route', exact: true }).click();
    await expectToast(page, 'Route GET /plan saved');

    // The table says the route has a rule, and what it is.
    const row = page.getByRole('row', { name: 'GET /plan', exact: true });
    await row.getByText('1 rule', { exact: true }).click();
    expect(await row.getByRole('listitem').textContent()).toBe(
      'header x-plan equals "gold" → premium',
    );

    // The Test panel: with x-plan: gold, the rule picks premium.
    await page.getByRole('button', { name: 'Test GET /plan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Test route' });
    await dialog.getByRole('button', { name: 'Add header', exact: true }).click();
    await dialog.getByLabel('Request header 1 name', { exact: true }).fill('x-plan');
    await dialog.getByLabel('Request header 1 value', { exact: true }).fill('gold');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    const answer = dialog.getByRole('region', { name: 'Response' });
    await expect
      .poll(async () => (await answer.getByTestId('test-answered-by').count()) > 0)
      .toBe(true);
    expect(await answer.getByTestId('test-answered-by').textContent()).toBe(
      'Answered by response premium · rule 1',
    );
    expect(await answer.getByTestId('test-status').textContent()).toBe('200 OK');
    expect(JSON.parse((await answer.locator('pre').textContent()) ?? '')).toEqual({
      plan: 'gold',
      support: '24/7',
    });

    // Another plan: no rule matches, the default answers.
    await dialog.getByLabel('Request header 1 value', { exact: true }).fill('silver');
    await dialog.getByRole('button', { name: 'Send', exact: true }).click();
    await expect
      .poll(async () => await answer.getByTestId('test-answered-by').textContent())
      .toBe('Answered by response ok · no rule matched');
    await page.keyboard.press('Escape');

    // The live URL, as any client calls it.
    const gold = await fetch(`${project.baseUrl}/plan`, { headers: { 'x-plan': 'gold' } });
    expect(gold.status).toBe(200);
    expect(gold.headers.get('x-mock-response')).toBe('premium');
    expect(gold.headers.get('x-mock-rule')).toBe('1');
    expect(await gold.json()).toEqual({ plan: 'gold', support: '24/7' });
    const plain = await fetch(`${project.baseUrl}/plan`);
    expect(plain.headers.get('x-mock-response')).toBe('ok');
    expect(plain.headers.get('x-mock-rule')).toBe(null);
  });

  it('fits a 375 px phone and passes axe-core with rules and network profiles, in both themes', async () => {
    const { page } = browser;
    const overloaded = NETWORK_PRESETS.find((preset) => preset.name.startsWith('Overloaded'));
    if (!overloaded) throw new Error('the presets changed');
    const project = await createProject(page, 'Rules on a phone (e2e)', [
      {
        method: 'POST',
        path: '/organisations/{organisationId}/subscriptions/{subscriptionId}/upgrade',
        responses: [
          { name: 'ok', template: '{"upgraded": true}', default: true },
          { name: 'enterprise-plan-with-dedicated-support', template: '{"plan": "enterprise"}' },
        ],
        rules: [
          {
            name: 'Enterprise customers of the northern region with a long contract',
            combine: 'any',
            conditions: [
              {
                source: 'body',
                name: '$.customer.contract.region.identifier',
                operator: 'in',
                values: ['north-east-distribution', 'north-west-distribution', 'arctic-circle'],
              },
              {
                source: 'header',
                name: 'x-organisation-subscription-tier',
                operator: 'regex',
                value: '^(enterprise|premium)-[0-9a-f]{8,}$',
              },
              { source: 'cookie', name: 'session', operator: 'exists' },
            ],
            response: 'enterprise-plan-with-dedicated-support',
          },
        ],
        network: {
          ...overloaded.profile,
          fault: { percent: 2.5, kind: 'status', status: 503, body: '{"error": "busy"}' },
          rateLimit: { limit: 10, per: 'minute' },
        },
      },
    ]);
    const settings = await page.evaluate(
      async ({ id, network }) => {
        const res = await fetch(`/backend/projects/${id}`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ settings: { overrides: true, replay: true, network } }),
        });
        return res.status;
      },
      { id: project.id, network: NETWORK_PRESETS[0]?.profile ?? null },
    );
    expect(settings).toBe(200);

    const projectPage = `/dashboard/projects/${project.id}`;
    const found: string[] = [];
    async function check(label: string) {
      for (const problem of await layoutProblems(page)) found.push(`${label}: ${problem}`);
      for (const violation of await seriousViolations(page)) found.push(`${label}: ${violation}`);
    }
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      for (const theme of ['light', 'dark'] as const) {
        await open(page, `${projectPage}/routes/${project.routeIds[0]}`, theme);
        await page.getByRole('group', { name: 'Rule 1', exact: true }).waitFor();
        await page.getByRole('img', { name: /^Latency distribution/ }).waitFor();
        await check(`${theme} route editor`);

        await open(page, projectPage, theme);
        await page.getByText('1 rule', { exact: true }).click();
        await check(`${theme} project page`);
        await page.getByRole('button', { name: 'Project settings', exact: true }).click();
        const dialog = page.getByRole('dialog', { name: 'Project settings' });
        await dialog.getByRole('img', { name: /^Latency distribution/ }).waitFor();
        await dialog.getByRole('switch', { name: 'Fault injection' }).click();
        await dialog.getByRole('switch', { name: 'Rate limit per consumer' }).click();
        await check(`${theme} Project settings`);
        await page.keyboard.press('Escape');
      }
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
    expect(found).toEqual([]);
  });
});
