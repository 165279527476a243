/**
 * A project as files in the browser: its page's Files dialog shows the commands to copy and
 * downloads the directory as a zip, and the projects list makes a new project of that zip.
 */
import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectToast, newAddress, registerAndVerify, signIn } from './accounts.ts';
import { type Browser, chromiumPath, openBrowser } from './browser.ts';
import { layoutProblems, seriousViolations } from './checks.ts';
import { backendCall, createProject, importSpecProject } from './projects.ts';

describe.skipIf(!chromiumPath)('a project as files', () => {
  let browser: Browser;
  beforeAll(async () => {
    // axe-core is injected as a script, which the site's CSP refuses: the test bypasses it.
    browser = await openBrowser({ bypassCSP: true });
    const email = newAddress('files');
    await registerAndVerify(browser.page, 'Fiona Files', email);
    await signIn(browser.page, email);
  });
  afterAll(() => browser?.close());

  it('downloads the directory as a zip and makes a new project of it', async () => {
    const { page } = browser;
    const project = await createProject(page, 'Files shop', [
      {
        method: 'GET',
        path: '/users',
        responses: [{ name: 'ok', status: 200, template: '{"users":[]}' }],
      },
    ]);
    await page.goto(`/dashboard/projects/${project.id}`);
    await page.getByRole('button', { name: 'Files', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Files' });
    await expect
      .poll(() => dialog.getByText(`npx mocksmith pull ${project.slug} ./mocks`).count())
      .toBe(1);
    expect(await dialog.getByText('npx mocksmith serve ./mocks').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download as zip' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${project.slug}.zip`);
    const zip = await readFile(await download.path());
    const entries = unzipSync(new Uint8Array(zip));
    expect(Object.keys(entries).sort()).toEqual([
      '.mocksmith/collection.schema.json',
      '.mocksmith/hosted.json',
      '.mocksmith/project.schema.json',
      '.mocksmith/route.schema.json',
      'mocksmith.yaml',
      'routes/get-users.yaml',
    ]);
    expect(strFromU8(entries['mocksmith.yaml'] as Uint8Array)).toContain(`slug: ${project.slug}`);
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('link', { name: 'Projects' }).first().click();
    await page.getByRole('button', { name: 'Upload files' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload files' });
    await upload.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await upload.getByLabel('Choose a zip or files').setInputFiles({
      name: `${project.slug}.zip`,
      mimeType: 'application/zip',
      buffer: zip,
    });
    await expectToast(page, 'Created files-shop');
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Files shop' }).count())
      .toBe(1);
    expect(page.url()).not.toContain(project.id);
    expect(await page.getByText('/users', { exact: true }).count()).toBeGreaterThan(0);
  });

  it('carries a project’s spec in its zip: the project made of it checks calls as the original', async () => {
    const { page } = browser;
    const spec = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Pets', version: '1' },
      paths: {
        '/pets': {
          get: {
            parameters: [{ name: 'size', in: 'query', schema: { type: 'integer' } }],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    });
    const project = await importSpecProject(page, 'Spec files (e2e)', spec, 'pets.json');
    const patched = await backendCall(page, 'PATCH', `/backend/projects/${project.id}`, {
      settings: { validation: 'report' },
    });
    expect(patched).toBe(200);

    await page.goto(`/dashboard/projects/${project.id}`);
    await page.getByRole('button', { name: 'Files', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Files' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('link', { name: 'Download as zip' }).click(),
    ]);
    const zip = await readFile(await download.path());
    const entries = unzipSync(new Uint8Array(zip));
    expect(strFromU8(entries['openapi.json'] as Uint8Array)).toBe(spec);
    expect(strFromU8(entries['mocksmith.yaml'] as Uint8Array)).toContain('\nspec: openapi.json\n');
    await dialog.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('link', { name: 'Projects' }).first().click();
    await page.getByRole('button', { name: 'Upload files' }).click();
    const upload = page.getByRole('dialog', { name: 'Upload files' });
    await upload.getByLabel('Choose a zip or files').setInputFiles({
      name: `${project.slug}.zip`,
      mimeType: 'application/zip',
      buffer: zip,
    });
    await expect
      .poll(() => page.getByRole('heading', { level: 1, name: 'Spec files (e2e)' }).count())
      .toBe(1);
    const copyId = /\/dashboard\/projects\/([^/?#]+)/.exec(page.url())?.[1];
    expect(copyId).toBeDefined();
    expect(copyId).not.toBe(project.id);
    const copy = await page.evaluate(
      (id) => fetch(`/backend/projects/${id}`).then((res) => res.json()),
      copyId as string,
    );
    const checked = await fetch(`${copy.baseUrl}/pets?size=ten`);
    expect(checked.status).toBe(200);
    expect(checked.headers.get('x-mock-violations')).toBe('1');
  });

  it('fits both dialogs on a 375 px phone', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 375, height: 800 });
    try {
      const project = await createProject(page, 'Phone files', []);
      await page.goto(`/dashboard/projects/${project.id}`);
      await page.getByRole('button', { name: 'Files', exact: true }).click();
      await page.getByRole('dialog', { name: 'Files' }).waitFor();
      const found = (await layoutProblems(page)).map((problem) => `Files: ${problem}`);
      await page.keyboard.press('Escape');
      await page.goto('/dashboard/projects');
      await page.getByRole('button', { name: 'Upload files' }).click();
      await page.getByRole('dialog', { name: 'Upload files' }).waitFor();
      found.push(...(await layoutProblems(page)).map((problem) => `Upload files: ${problem}`));
      expect(found).toEqual([]);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });
});
