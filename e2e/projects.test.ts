/**
 * Projects as a person uses them (issue 28): create one on the Projects page (its slug suggested
 * from the name), add GET /users and GET /users/{id} in the route editor, call both from the
 * Test panel, copy the base URL, import an OpenAPI file into the project, export it as OpenAPI
 * 3.1 and as a Postman collection, and run that collection with Postman's own runner (newman)
 * against the live base URL.
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { ProjectPostmanCollection, ProjectPostmanItem } from '@mocksmith/core/projects';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, mockOrigin, openBrowser } from './browser.ts';
import { uniqueSlug } from './projects.ts';

const require = createRequire(import.meta.url);

/** What this test reads of newman's run summary. */
interface NewmanSummary {
  run: {
    stats: Record<'requests' | 'assertions', { total: number; failed: number }>;
    failures: { error: { message: string; test?: string }; source?: { name?: string } }[];
    executions: { item: { name: string }; response?: { code: number } }[];
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

/** The file imported into the project: a list, a create and a read with its 404, under /v1. */
const SHOP_YAML = `openapi: 3.0.3
info: { title: Shop, version: '1' }
servers:
  - url: https://shop.example.com/v1
paths:
  /orders:
    get:
      operationId: listOrders
      summary: List orders
      responses:
        '200':
          description: The orders
          content:
            application/json:
              schema:
                type: array
                items: { $ref: '#/components/schemas/Order' }
    post:
      summary: Place an order
      responses:
        '201':
          description: Placed
          content:
            application/json:
              example: { id: 7, status: placed }
  /orders/{orderId}:
    get:
      summary: Show an order
      parameters:
        - { name: orderId, in: path, required: true, schema: { type: integer } }
      responses:
        '200':
          description: The order
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Order' }
        '404':
          description: No such order
          content:
            application/json:
              example: { error: no such order }
components:
  schemas:
    Order:
      type: object
      properties:
        id: { type: integer }
        status: { type: string, enum: [placed, shipped] }
`;

/** Replaces the whole text of the CodeMirror editor named `label`. */
async function setTemplate(page: Page, label: string, text: string) {
  const editor = page.getByRole('textbox', { name: label });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await editor.fill(text);
}

/** Adds a GET route through the route editor's page and waits for the project's page again. */
async function addRoute(
  page: Page,
  { path, name, template }: { path: string; name: string; template: string },
) {
  await page.getByRole('link', { name: 'Add route' }).first().click();
  await page.getByRole('heading', { name: 'New route', level: 1 }).waitFor();
  expect(await page.getByLabel('Method').inputValue()).toBe('GET');
  const route = page.getByRole('region', { name: 'Route' });
  await route.getByLabel('Path', { exact: true }).fill(path);
  // The URL it will answer at, shown as the path is typed.
  await expect
    .poll(() => page.getByTestId('route-url').textContent())
    .toMatch(new RegExp(`/p/[a-z0-9-]+${path.replace(/[{}]/g, '\\$&')}$`));
  await route.getByLabel('Name (optional)').fill(name);
  expect(await page.getByLabel('Name of response 1').inputValue()).toBe('ok');
  expect(await page.getByLabel('Status').inputValue()).toBe('200');
  await setTemplate(page, 'Template of response 1', template);
  await page.getByRole('button', { name: 'Create route' }).click();
  await expectToast(page, `Route GET ${path} created`);
  await page.getByRole('row', { name: `GET ${path}`, exact: true }).waitFor();
}

/** Opens the Test panel of a route, sends its request (at `path` if given), and reads the answer. */
async function testRoute(
  page: Page,
  label: string,
  path?: string,
): Promise<{ status: string; body: string; dialog: Locator }> {
  await page.getByRole('button', { name: `Test ${label}`, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Test route' });
  if (path !== undefined) await dialog.getByLabel('Path', { exact: true }).fill(path);
  await dialog.getByRole('button', { name: 'Send', exact: true }).click();
  const answer = dialog.getByRole('region', { name: 'Response' });
  await answer.waitFor();
  return {
    status: (await answer.getByTestId('test-status').textContent()) ?? '',
    body: (await answer.locator('pre').textContent()) ?? '',
    dialog,
  };
}

/** Clicks an export button and waits for the file: its suggested name and its text. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: button, exact: true }).click(),
  ]);
  return { name: file.suggestedFilename(), text: await readFile(await file.path(), 'utf8') };
}

/** Every request of a collection, through its folders. */
function requestsOf(collection: ProjectPostmanCollection): ProjectPostmanItem[] {
  return collection.item.flatMap((item) => ('request' in item ? [item] : item.item));
}

describe.skipIf(!chromiumPath)('a project in the browser', () => {
  let browser: Browser;
  /** The project the steps build, once created. */
  let project: { slug: string; baseUrl: string };
  beforeAll(async () => {
    browser = await openBrowser();
    const email = newAddress('projects');
    await registerAndVerify(browser.page, 'Paula Project', email);
    await signIn(browser.page, email);
  });
  afterAll(() => browser?.close());

  it('creates a project, adds /users and /users/{id}, and calls both from the Test panel', async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Projects' }).first().click();
    await page.waitForURL('**/dashboard/projects');
    await page.getByRole('heading', { name: 'No projects yet' }).waitFor();
    await page.getByRole('button', { name: 'New project' }).click();

    // The slug follows the name until typed in; the base URL it gives shows under it.
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Name', { exact: true }).fill('Shop Backend (e2e)');
    expect(await dialog.getByLabel('Slug').inputValue()).toBe('shop-backend-e2e');
    const slug = uniqueSlug('Shop Backend (e2e)');
    await dialog.getByLabel('Slug').fill(slug);
    const baseUrl = `${mockOrigin}/p/${slug}`;
    expect(await dialog.getByTestId('slug-base-url').textContent()).toBe(baseUrl);
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expectToast(page, 'Project “Shop Backend (e2e)” created');
    await page.getByRole('heading', { name: 'Shop Backend (e2e)', level: 1 }).waitFor();
    await page.getByText('No routes yet').waitFor();
    project = { slug, baseUrl };

    await addRoute(page, {
      path: '/users',
      name: 'List users',
      template: '{"users": [{"__multiply": "3-3", "id": "uuid", "name": "string.name.fullname"}]}',
    });
    await addRoute(page, {
      path: '/users/{id}',
      name: 'Show user',
      template: '{"id": "{{request.params.id}}", "name": "string.name.fullname"}',
    });
    await page.getByRole('heading', { name: /Routes \(2 routes\)/ }).waitFor();

    // Each from its Test panel, at the live URL the panel shows.
    const list = await testRoute(page, 'GET /users');
    expect(await list.dialog.getByTestId('test-url').textContent()).toBe(`${baseUrl}/users`);
    expect(list.status).toBe('200 OK');
    const users = JSON.parse(list.body).users as { id: string; name: string }[];
    expect(users).toHaveLength(3);
    for (const user of users) {
      expect(user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(typeof user.name).toBe('string');
    }
    await page.keyboard.press('Escape');
    await list.dialog.waitFor({ state: 'detached' });

    const one = await testRoute(page, 'GET /users/{id}', '/users/42');
    expect(await one.dialog.getByTestId('test-url').textContent()).toBe(`${baseUrl}/users/42`);
    expect(one.status).toBe('200 OK');
    // The id sent, as text: {id} is not declared numeric.
    expect(JSON.parse(one.body)).toMatchObject({ id: '42', name: expect.any(String) });
    await page.keyboard.press('Escape');
    await one.dialog.waitFor({ state: 'detached' });

    // The same answers reach any client.
    const live = await fetch(`${baseUrl}/users/abc`);
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ id: 'abc' });
  });

  it('copies the base URL', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Copy base URL' }).click();
    await expectToast(page, 'Base URL copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(project.baseUrl);
  });

  it('imports an OpenAPI file into the project and shows the report and the new routes', async () => {
    const { page } = browser;
    await page.getByRole('button', { name: 'Import OpenAPI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import OpenAPI' });
    await dialog.getByLabel('OpenAPI file').setInputFiles({
      name: 'shop.yaml',
      mimeType: 'application/yaml',
      buffer: Buffer.from(SHOP_YAML),
    });
    await expectToast(page, 'Import finished');
    const created = dialog.getByRole('list', { name: 'Created 3 routes' });
    await created.waitFor();
    // At the spec's paths under the server's /v1, kept as the spec's clients call them.
    expect((await created.getByRole('listitem').allTextContents()).sort()).toEqual([
      'GET /v1/orders',
      'GET /v1/orders/{orderId:integer}',
      'POST /v1/orders',
    ]);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('heading', { name: /Routes \(5 routes\)/ }).waitFor();
    for (const label of ['GET /v1/orders', 'POST /v1/orders', 'GET /v1/orders/{orderId:integer}']) {
      await page.getByRole('row', { name: label, exact: true }).waitFor();
    }
    // The read answers its 200 by default and its 404 when asked for it.
    const order = await fetch(`${project.baseUrl}/v1/orders/5`);
    expect(order.status).toBe(200);
    expect(Object.keys(await order.json()).sort()).toEqual(['id', 'status']);
    expect(
      (await fetch(`${project.baseUrl}/v1/orders/5`, { headers: { Prefer: 'code=404' } })).status,
    ).toBe(404);
  });

  it('exports the project as an OpenAPI 3.1 document of its routes', async () => {
    const { page } = browser;
    const file = await download(page, 'Export OpenAPI');
    expect(file.name).toBe(`${project.slug}.openapi.json`);
    await expectToast(page, `Exported ${file.name}`);
    const document = JSON.parse(file.text) as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, Record<string, unknown>>;
    };
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    // Valid as swagger-parser reads a 3.1 document (it is given a copy: it changes what it reads).
    await SwaggerParser.validate(structuredClone(document) as never);
    expect(document.servers).toEqual([{ url: project.baseUrl }]);
    expect(
      Object.fromEntries(
        Object.entries(document.paths).map(([path, item]) => [path, Object.keys(item).sort()]),
      ),
    ).toMatchObject({
      '/users': ['get'],
      '/users/{id}': ['get'],
      '/v1/orders': ['get', 'post'],
      '/v1/orders/{orderId}': ['get'],
    });
    expect(Object.keys(document.paths)).toHaveLength(4);
  });

  it('exports a Postman collection that newman runs green against the live base URL', async () => {
    const { page } = browser;
    const file = await download(page, 'Export Postman');
    expect(file.name).toBe(`${project.slug}.postman_collection.json`);
    await expectToast(page, `Exported ${file.name}`);
    const collection = JSON.parse(file.text) as ProjectPostmanCollection;
    expect(collection.info.schema).toBe(
      'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    );
    expect(collection.variable.find((variable) => variable.key === 'baseUrl')?.value).toBe(
      project.baseUrl,
    );
    // A folder per first path segment (the imported routes under the spec's /v1).
    expect(collection.item.map((item) => item.name).sort()).toEqual(['users', 'v1']);
    // One request per named response, each expecting its response's status.
    const expected = Object.fromEntries(
      requestsOf(collection).map((item) => [item.name, item.response[0]?.code]),
    );
    expect(Object.keys(expected)).toHaveLength(6);
    expect(Object.values(expected).sort()).toEqual([200, 200, 200, 200, 201, 404]);

    const path = join(await mkdtemp(join(tmpdir(), 'mocksmith-newman-')), file.name);
    await writeFile(path, file.text);
    const { run } = await runNewman(path);
    const failures = run.failures.map(
      (failure) =>
        `${failure.source?.name ?? '?'}: ${failure.error.test ?? ''} ${failure.error.message}`,
    );
    expect(failures).toEqual([]);
    expect(run.stats.requests).toMatchObject({ total: 6, failed: 0 });
    expect(run.stats.assertions.failed).toBe(0);
    // Each request checks its status, and its JSON body.
    expect(run.stats.assertions.total).toBe(12);
    expect(
      Object.fromEntries(
        run.executions.map((execution) => [execution.item.name, execution.response?.code]),
      ),
    ).toEqual(expected);
    console.info(
      `newman: ${run.stats.requests.total} requests, ${run.stats.assertions.total} assertions, ${run.stats.assertions.failed} failed`,
    );
  });

  it('imports a HAR recording: its API calls become routes with parameters, the rest is reported', async () => {
    const { page } = browser;
    const answer = (url: string, status: number, mimeType: string, text: string) => ({
      startedDateTime: '2026-11-20T10:00:00.000Z',
      time: 12,
      request: { method: 'GET', url, httpVersion: 'HTTP/1.1', headers: [], queryString: [] },
      response: {
        status,
        statusText: '',
        httpVersion: 'HTTP/1.1',
        headers: [],
        content: { size: text.length, mimeType, text },
      },
    });
    const user = (id: number, name: string, email: string) =>
      JSON.stringify({ id, name, email, active: true });
    const har = {
      log: {
        version: '1.2',
        creator: { name: 'Chromium', version: '130' },
        entries: [
          answer(
            'https://shop.example/api/members/42',
            200,
            'application/json',
            user(42, 'Ada Byron', 'ada@shop.example'),
          ),
          answer(
            'https://shop.example/api/members/17',
            200,
            'application/json',
            user(17, 'Alan Turing', 'alan@shop.example'),
          ),
          answer('https://shop.example/static/app.js', 200, 'text/javascript', 'console.log(1)'),
        ],
      },
    };
    await page.getByRole('button', { name: 'Import OpenAPI' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import OpenAPI' });
    await dialog.getByLabel('OpenAPI file').setInputFiles({
      name: 'session.har',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(har)),
    });
    await expectToast(page, 'Import finished');
    const created = dialog.getByRole('list', { name: 'Created 1 route' });
    await created.waitFor();
    expect(await created.getByRole('listitem').allTextContents()).toEqual([
      'GET /api/members/{memberId}',
    ]);
    // The static file is skipped, and the report says so.
    await dialog.getByText('/static/app.js').first().waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('row', { name: 'GET /api/members/{memberId}', exact: true }).waitFor();

    // Any member answers, with the recording's fields, typed, and none of its people.
    const member = await fetch(`${project.baseUrl}/api/members/7`);
    expect(member.status).toBe(200);
    const body = (await member.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['active', 'email', 'id', 'name']);
    expect(typeof body.id).toBe('number');
    expect(body.email).toMatch(/@/);
    expect(['Ada Byron', 'Alan Turing']).not.toContain(body.name);
  });
});
