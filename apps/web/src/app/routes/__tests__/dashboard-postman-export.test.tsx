// @vitest-environment happy-dom
import type { PostmanCollection } from '@mocksmith/core/postman';
import type { UserApi } from '@mocksmith/core/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testUser, userApi } from '../../../testing/data.ts';
import { captureDownloads } from '../../../testing/downloads.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { serveApis, server } from '../../../testing/server.ts';
import { RequireAuth } from '../../require-auth.tsx';
import DashboardPostmanExportRoute from '../dashboard-postman-export.tsx';

function renderExportPage() {
  return renderApp(
    [
      {
        element: <RequireAuth />,
        children: [{ path: '/dashboard/postman-export', element: <DashboardPostmanExportRoute /> }],
      },
      { path: '/dashboard/api', element: <p>API page</p> },
    ],
    { at: '/dashboard/postman-export', user: testUser },
  );
}

const TOKEN = `mck_${'Zx9'.repeat(12)}`;

function sampleApis(): UserApi[] {
  return [
    userApi({ name: 'Shop Orders', requestId: 'shop000000000001', countUsed: 3 }),
    userApi({
      name: 'Create User',
      requestId: 'user000000000002',
      requestEnum: 'POST',
      customEndpoint: '/people/new',
      option: { delay: 0, authToken: TOKEN, httpCode: 201 },
      countUsed: 1,
    }),
    userApi({ name: 'Remove Refund', requestId: 'refd000000000003', requestEnum: 'DELETE' }),
  ];
}

/** The names of the API cards shown, in order. */
const shownNames = () =>
  screen
    .queryAllByRole('checkbox')
    .map((box) => document.getElementById(box.getAttribute('aria-labelledby') ?? '')?.textContent);

afterEach(() => vi.restoreAllMocks());

describe('the Postman Export page', () => {
  it('says there is nothing to export before the first API', async () => {
    serveApis([]);
    const { user, router } = renderExportPage();
    expect(
      await screen.findByText('No APIs found. Create some APIs first to export them.'),
    ).toBeTruthy();
    expect(screen.queryByRole('searchbox')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Create an API' }));
    expect(router.state.location.pathname).toBe('/dashboard/api');
  });

  it('lists the APIs as cards with method, URL and call count, and searches them', async () => {
    const apis = sampleApis();
    serveApis(apis);
    const { user } = renderExportPage();
    const list = await screen.findByRole('list', { name: 'APIs to export' });
    expect(screen.getByRole('textbox', { name: 'Collection Name' })).toHaveProperty(
      'value',
      'Mocksmith APIs Collection',
    );
    const shop = within(list).getByRole('checkbox', { name: 'Shop Orders' });
    const card = shop.closest('label')!;
    expect(within(card).getByText('GET', { selector: '.font-mono' })).toBeTruthy();
    expect(within(card).getByText(apis[0]!.link)).toBeTruthy();
    expect(within(card).getByText('3 calls')).toBeTruthy();
    expect(
      within(list).getByRole('checkbox', { name: 'Create User' }).closest('label')!.textContent,
    ).toContain('1 call');

    const search = screen.getByRole('searchbox', { name: 'Search APIs' });
    const shownAfter = async (text: string) => {
      await user.clear(search);
      if (text) await user.type(search, text);
      return shownNames();
    };
    expect(await shownAfter('ORDERS')).toEqual(['Shop Orders']);
    expect(await shownAfter('delete')).toEqual(['Remove Refund']);
    expect(await shownAfter('USER000')).toEqual(['Create User']);
    expect(await shownAfter('/people')).toEqual(['Create User']);
    expect(await shownAfter('nothing like it')).toEqual([]);
    expect(
      screen.getByText('No APIs match your search criteria. Try a different search term.'),
    ).toBeTruthy();
    expect(await shownAfter('')).toHaveLength(3);
  });

  it('toggles a card by click and by keyboard; select all and none act on the search', async () => {
    serveApis(sampleApis());
    const { user } = renderExportPage();
    const list = await screen.findByRole('list', { name: 'APIs to export' });
    const box = (name: string) =>
      within(list).queryByRole('checkbox', { name }) as HTMLInputElement | null;

    await user.click(box('Shop Orders')!.closest('label')!);
    expect(box('Shop Orders')!.checked).toBe(true);
    expect(screen.getByText('1 of 3 selected')).toBeTruthy();
    box('Create User')!.focus();
    await user.keyboard(' ');
    expect(box('Create User')!.checked).toBe(true);
    await user.click(box('Shop Orders')!.closest('label')!);
    expect(box('Shop Orders')!.checked).toBe(false);

    // Select all with a search on: only what it shows.
    const search = screen.getByRole('searchbox', { name: 'Search APIs' });
    await user.type(search, 'o');
    await user.type(search, 'rder');
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    await user.clear(search);
    expect(box('Shop Orders')!.checked).toBe(true);
    expect(box('Create User')!.checked).toBe(true);
    expect(box('Remove Refund')!.checked).toBe(false);

    // Select none with a search on: only what it shows.
    await user.type(search, 'POST');
    await user.click(screen.getByRole('button', { name: 'Select none' }));
    await user.clear(search);
    expect(box('Shop Orders')!.checked).toBe(true);
    expect(box('Create User')!.checked).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByText('3 of 3 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Select none' }));
    expect(screen.getByText('0 of 3 selected')).toBeTruthy();
  });

  it('refuses to export nothing, or under a blank name', async () => {
    serveApis(sampleApis());
    const files = captureDownloads();
    const { user } = renderExportPage();
    const list = await screen.findByRole('list', { name: 'APIs to export' });
    const [download] = screen.getAllByRole('button', { name: 'Download' });

    await user.click(download!);
    expect(await screen.findByText('Please select at least one API to export')).toBeTruthy();

    await user.click(within(list).getByRole('checkbox', { name: 'Shop Orders' }));
    const name = screen.getByRole('textbox', { name: 'Collection Name' });
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(download!);
    expect(await screen.findByText('Please enter a collection name')).toBeTruthy();
    expect(files).toEqual([]);
  });

  it('downloads the selected APIs as a collection named by the file name rule', async () => {
    const apis = sampleApis();
    serveApis(apis);
    const files = captureDownloads();
    const { user } = renderExportPage();
    const list = await screen.findByRole('list', { name: 'APIs to export' });

    const name = screen.getByRole('textbox', { name: 'Collection Name' });
    await user.clear(name);
    await user.type(name, 'My Shop (v2)');
    await user.click(within(list).getByRole('checkbox', { name: 'Create User' }));
    await user.click(within(list).getByRole('checkbox', { name: 'Shop Orders' }));
    const [download] = screen.getAllByRole('button', { name: 'Download' });
    await user.click(download!);

    // Both Download buttons say so while it works.
    expect(screen.getAllByRole('button', { name: 'Exporting...' })).toHaveLength(2);
    for (const button of screen.getAllByRole('button', { name: 'Exporting...' })) {
      expect((button as HTMLButtonElement).disabled).toBe(true);
    }
    expect(
      await screen.findByText('Successfully exported 2 APIs to Postman collection', undefined, {
        timeout: 5000,
      }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: 'Download' })).toHaveLength(2),
    );

    expect(files.map((file) => file.name)).toEqual(['My_Shop__v2_.postman_collection.json']);
    const text = await files[0]!.text;
    const collection = JSON.parse(text) as PostmanCollection;
    expect(collection.info.name).toBe('My Shop (v2)');
    // In the list's order, whatever the order of the clicks.
    expect(collection.item.map((item) => [item.name, item.request.method])).toEqual([
      ['Shop Orders', 'GET'],
      ['Create User', 'POST'],
    ]);
    const baseUrl = collection.variable.find((v) => v.key === 'baseUrl')!.value;
    expect(
      collection.item.map((item) => item.request.url.raw.replace('{{baseUrl}}', baseUrl)),
    ).toEqual([apis[0]!.link, apis[1]!.link]);
    expect(text.split(TOKEN).length - 1).toBe(1);
  });

  it('downloads the same selection as an OpenAPI document, each API at its endpoint', async () => {
    const apis = sampleApis();
    serveApis(apis);
    const files = captureDownloads();
    const { user } = renderExportPage();
    const list = await screen.findByRole('list', { name: 'APIs to export' });
    await user.click(within(list).getByRole('checkbox', { name: 'Create User' }));
    await user.click(within(list).getByRole('checkbox', { name: 'Shop Orders' }));
    await user.click(screen.getByRole('button', { name: 'Download OpenAPI' }));
    expect(
      await screen.findByText('Successfully exported 2 APIs to an OpenAPI document', undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    expect(files.map((file) => file.name)).toEqual(['Mocksmith_APIs_Collection.openapi.json']);
    const text = await files[0]!.text;
    const document = JSON.parse(text) as {
      info: { title: string };
      paths: Record<string, Record<string, { summary: string; servers?: { url: string }[] }>>;
    };
    expect(document.info.title).toBe('Mocksmith APIs Collection');
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, op]) => ({ path, method, op })),
    );
    expect(operations.map(({ path, method, op }) => [op.summary, method, path])).toEqual([
      ['Shop Orders', 'get', '/'],
      ['Create User', 'post', '/people/new'],
    ]);
    // Each operation's server and path make its live URL.
    for (const [index, { path, op }] of operations.entries()) {
      expect(`${op.servers?.[0]?.url}${path === '/' ? '' : path}`).toBe(apis[index]!.link);
    }
    expect(text).not.toContain(TOKEN);
  }, 20_000);

  it('says so when the export fails', async () => {
    serveApis(sampleApis());
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => {
      throw new Error('no object URLs here');
    });
    const { user } = renderExportPage();
    const list = await screen.findByRole('list', { name: 'APIs to export' });
    await user.click(within(list).getByRole('checkbox', { name: 'Shop Orders' }));
    await user.click(screen.getAllByRole('button', { name: 'Download' })[0]!);
    expect(
      await screen.findByText('Failed to export collection', undefined, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it('says so when the APIs cannot be loaded', async () => {
    server.use(
      http.get(backend('/crud/getall/:userId'), () => errorAnswer(500, 'INTERNAL', 'Boom')),
    );
    renderExportPage();
    await waitFor(() => expect(screen.getAllByText('Failed to load your APIs')).toHaveLength(2));
  });
});
