/**
 * Calls checked against the spec in the browser (issue 40): a project imported from an OpenAPI
 * file, Report chosen in its Settings, a call from outside with a wrong query answered as usual
 * with X-Mock-Violations, the violation shown in the inspector's call; then Enforce, and the
 * same call refused with a problem in the same words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';
import { importSpecProject } from './projects.ts';

const SPEC = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1' },
  paths: {
    '/pets': {
      get: {
        parameters: [{ name: 'size', in: 'query', schema: { type: 'integer' } }],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { example: { pets: [] } } } },
        },
      },
    },
  },
});

describe.skipIf(!chromiumPath)('checking calls against the spec in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
    const email = newAddress('validation');
    await registerAndVerify(browser.page, 'Vera Validation', email);
    await signIn(browser.page, email);
  });
  afterAll(() => browser?.close());

  it('reports a violation in the inspector, then enforces it', async () => {
    const { page } = browser;
    const project = await importSpecProject(page, 'Validated (e2e)', SPEC, 'pets.json');

    await page.goto(`/dashboard/projects/${project.id}`);
    await page.getByRole('heading', { name: 'Validated (e2e)', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Project settings' }).click();
    const settings = page.getByRole('dialog', { name: 'Project settings' });
    await settings.getByRole('radio', { name: /^Report/ }).check();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(page, 'Project settings saved');

    const reported = await fetch(`${project.baseUrl}/pets?size=ten`);
    expect(reported.status).toBe(200);
    expect(reported.headers.get('x-mock-violations')).toBe('1');

    await page.getByRole('link', { name: 'Requests' }).click();
    await page.getByRole('heading', { name: 'Requests', level: 1 }).waitFor();
    await page.getByRole('button', { name: /^Open GET \/pets\?size=ten at / }).click();
    const dialog = page.getByRole('dialog', { name: 'GET /pets?size=ten' });
    const violations = dialog.getByRole('region', { name: '1 violation of the spec' });
    await violations.getByText('query.size: must be an integer, got "ten"').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto(`/dashboard/projects/${project.id}`);
    await page.getByRole('button', { name: 'Project settings' }).click();
    await settings.getByRole('radio', { name: /^Enforce/ }).check();
    await settings.getByRole('button', { name: 'Save settings' }).click();
    await expectToast(page, 'Project settings saved');
    const refused = await fetch(`${project.baseUrl}/pets?size=ten`);
    expect(refused.status).toBe(400);
    expect((await refused.json()).violations).toEqual([
      'query.size: must be an integer, got "ten"',
    ]);
  });
});
