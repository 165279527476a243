/**
 * OpenAPI import as a person does it: drop a YAML file on /dashboard/openapi, watch it being
 * analysed, read the import report and the Generated Templates, open a link in a new tab (a path
 * parameter filled in by the server's matching), and find the APIs on the dashboard.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemaBomb } from '../apps/server/test/openapi.ts';
import { expectToast, newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';

const PETS_YAML = `openapi: 3.0.3
info: { title: Pets, version: '1' }
paths:
  /pets/{petId}:
    get:
      operationId: showPet
      parameters:
        - { name: petId, in: path, required: true, schema: { type: string } }
      responses:
        '200':
          description: A pet
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
    patch:
      operationId: patchPet
      responses: { '200': { description: ok } }
  /pets:
    post:
      summary: Add a pet
      responses:
        '201':
          description: Created
          content:
            application/json:
              example: { id: 7, name: Rex }
components:
  schemas:
    Pet:
      type: object
      properties:
        id: { type: string, format: uuid }
        name: { type: string }
        friend: { $ref: '#/components/schemas/Pet' }
`;

describe.skipIf(!chromiumPath)('importing an OpenAPI file in the browser', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(() => browser?.close());

  it('drops a YAML file, shows the report and the list, and opens a link', async () => {
    const { page, context } = browser;
    const email = newAddress('importer');
    await registerAndVerify(page, 'Ida Importer', email);
    await signIn(page, email);
    await page.getByRole('link', { name: 'OpenAPI' }).first().click();
    await page.waitForURL('**/dashboard/openapi');
    await page.getByRole('heading', { name: 'OpenAPI Import', level: 1 }).waitFor();

    // Dropped, as a file dragged from the desktop is.
    const dataTransfer = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'pets.yaml', { type: '' }));
      return transfer;
    }, PETS_YAML);
    const zone = page.getByTestId('openapi-drop-zone');
    await zone.dispatchEvent('dragover', { dataTransfer });
    await zone.dispatchEvent('drop', { dataTransfer });
    await page.getByText('Analyzing OpenAPI specification...').waitFor();
    await expectToast(page, 'Successfully created 2 templates from OpenAPI file');

    const list = page.getByRole('list', { name: 'Generated Templates' });
    await expect
      .poll(() => list.getByRole('heading').allTextContents())
      .toEqual(['showPet', 'Add a pet']);
    await list.getByText('Template #2').waitFor();
    const report = page.getByRole('list', { name: 'Import report of showPet' });
    // In words a person reads: the operation and the field, never a JSON pointer.
    expect(await report.textContent()).toContain('The body is made from the response schema.');
    expect(await report.textContent()).toMatch(
      /GET \/pets\/\{petId\}, field [\w.[\]]+: the schema refers back to itself/,
    );
    expect(await report.textContent()).not.toMatch(/#\/paths|~1/);
    expect(
      await page.getByRole('list', { name: 'Import report of Add a pet' }).textContent(),
    ).toContain('The body is the operation’s own example.');
    expect(await page.getByRole('list', { name: 'Skipped operations' }).textContent()).toMatch(
      /^PATCH \/pets\/\{petId\}: /,
    );

    // The Test API link opens the mock in a new tab; its {petId} matches any value.
    const testLink = list.getByRole('link', { name: /Test API.*showPet/ });
    const href = (await testLink.getAttribute('href')) ?? '';
    expect(href).toMatch(/\/backend\/apitemplate\/get\/[0-9a-z]{16}\/pets\/\{petId\}$/);
    const [tab] = await Promise.all([context.waitForEvent('page'), testLink.click()]);
    await tab.waitForLoadState();
    const pet = JSON.parse((await tab.locator('body').textContent()) ?? '');
    expect(pet.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(typeof pet.name).toBe('string');
    await tab.goto(href.replace('{petId}', '42'));
    expect(Object.keys(JSON.parse((await tab.locator('body').textContent()) ?? ''))).toEqual([
      'id',
      'name',
      'friend',
    ]);
    await tab.close();

    // Export: the spec's file of what was generated; Clear empties the list.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export', exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^openapi-templates-[0-9TZ-]+\.json$/);
    const exported = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as {
      timestamp: string;
      totalEndpoints: number;
      endpoints: { id: string; name: string; link: string }[];
    };
    expect(Number.isNaN(Date.parse(exported.timestamp))).toBe(false);
    expect(exported.totalEndpoints).toBe(2);
    expect(exported.endpoints.map((endpoint) => endpoint.name)).toEqual(['showPet', 'Add a pet']);
    expect(exported.endpoints[0]?.link).toBe(href);
    await page.getByRole('button', { name: 'Clear', exact: true }).click();
    await expect.poll(() => list.count()).toBe(0);

    // A small file whose schemas expand exponentially is refused at once, saying why.
    const bomb = await page.evaluateHandle((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'bomb.json', { type: 'application/json' }));
      return transfer;
    }, JSON.stringify(schemaBomb()));
    await zone.dispatchEvent('drop', { dataTransfer: bomb });
    const alert = page.getByRole('alert');
    await expect
      .poll(() => alert.textContent())
      .toMatch(/expands to more than 500,000 schema nodes .*schema S30 references others/);

    // The APIs are the user's: on the dashboard.
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.waitForURL('**/dashboard');
    await page.getByText('showPet').first().waitFor();
    await page.getByText('Add a pet').first().waitFor();
  });

  it('hits the upload limit, counts down, and takes a file again at zero', async () => {
    const { page } = browser;
    await page.goto('/dashboard/openapi');
    const fileInput = page.getByLabel('OpenAPI file');
    await fileInput.waitFor({ state: 'attached' });
    // Spend the rest of this client's uploads of the minute (OPENAPI_RATE_LIMIT, 5 by default),
    // as a script beside the page would, then drop the file on the page.
    for (let sent = 0; sent < 10; sent++) {
      const res = await page.request.post('/backend/crud/openapi', {
        multipart: {
          file: { name: 'x.yaml', mimeType: 'application/yaml', buffer: Buffer.from('{') },
        },
      });
      if (res.status() === 429) break;
      expect(res.status()).toBe(400);
    }
    await fileInput.setInputFiles({
      name: 'pets.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(PETS_YAML),
    });
    await expectToast(page, 'OpenAPI upload rate limit exceeded');
    await page
      .getByText('Rate limit exceeded. Please wait before uploading another file.')
      .waitFor();
    const status = page.getByRole('status').filter({ hasText: 'Rate limit active' });
    const first = Number(/(\d+) seconds remaining/.exec((await status.textContent()) ?? '')?.[1]);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(60);
    expect(await fileInput.isDisabled()).toBe(true);
    // It counts down, second by second, to zero, and the upload is open again.
    await expect
      .poll(async () => Number(/(\d+) seconds/.exec((await status.textContent()) ?? '')?.[1] ?? 0))
      .toBeLessThan(first);
    await expect
      .poll(() => fileInput.isDisabled(), { timeout: 70_000, interval: 1000 })
      .toBe(false);
    expect(await page.getByText(/Rate limit active/).count()).toBe(0);
  }, 120_000);
});
