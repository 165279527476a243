// @vitest-environment happy-dom
import { messages } from '@mocksmith/core/errors';
import { apiMessages, DELAY_MESSAGE } from '@mocksmith/core/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { testUser, userApi } from '../../../testing/data.ts';
import { expectFieldError, expectNoFieldError } from '../../../testing/fields.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { serveApis, server } from '../../../testing/server.ts';
import { RequireAuth } from '../../require-auth.tsx';
import DashboardApiRoute from '../dashboard-api.tsx';

function renderApiPage() {
  return renderApp(
    [
      {
        element: <RequireAuth />,
        children: [{ path: '/dashboard/api', element: <DashboardApiRoute /> }],
      },
    ],
    { at: '/dashboard/api', user: testUser },
  );
}

/** The Create New API bar, once the page is there. */
async function createBar() {
  return within(
    (await screen.findByRole('heading', { name: 'Create New API' })).closest('section')!,
  );
}

type UserSession = ReturnType<typeof renderApiPage>['user'];

async function setTemplate(
  user: UserSession,
  text: string,
  scope: Pick<typeof screen, 'getByRole'> = screen,
) {
  const editor = scope.getByRole('textbox', { name: 'JSON template' });
  await user.clear(editor);
  await user.click(editor);
  await user.paste(text);
}

describe('the API page', () => {
  it('warns of a value that looks like a misspelt type, naming the closest, and puts it in', async () => {
    serveApis();
    const { user } = renderApiPage();
    await createBar();
    await setTemplate(user, '{"id": "uuid", "total": "number.money.prise", "note": "paid"}');
    const warnings = await screen.findByRole('list', { name: 'Type warnings' });
    expect(
      within(warnings)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'number.money.prise ($.total) is not a data type: it is returned as text. Did you mean: number.money.price',
    ]);
    await user.click(
      within(warnings).getByRole('button', {
        name: 'Use number.money.price for number.money.prise',
      }),
    );
    const editor = screen.getByRole('textbox', { name: 'JSON template' }) as HTMLTextAreaElement;
    expect(editor.value).toBe('{"id": "uuid", "total": "number.money.price", "note": "paid"}');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Type warnings' })).toBeNull());
  });

  it('creates an API with its name, endpoint, method, options and sharing', async () => {
    const store = serveApis();
    const { user } = renderApiPage();
    const bar = await createBar();

    await user.type(bar.getByLabelText('API Name'), 'Shop Orders');
    await user.type(bar.getByLabelText('Custom Endpoint (optional)'), 'orders/recent');
    await user.selectOptions(bar.getByLabelText('Method'), 'POST');
    await setTemplate(user, '{"id": "uuid", "total": "number.money.price"}');

    const options = screen.getByRole('region', { name: 'Options' });
    const delayField = within(options).getByLabelText('Response delay (ms)');
    await user.clear(delayField);
    await user.type(delayField, '500');
    await user.selectOptions(within(options).getByLabelText('Response status code'), '201');
    await user.click(within(options).getByRole('button', { name: 'Add header' }));
    await user.type(within(options).getByLabelText('Header 1 name'), 'X-Shop');
    await user.type(within(options).getByLabelText('Header 1 value'), 'orders');
    await user.click(within(options).getByRole('switch', { name: 'Require authentication' }));
    const token = within(options).getByText(/^mck_/).textContent ?? '';

    await user.click(within(options).getByRole('switch', { name: 'Make Public' }));
    await user.selectOptions(within(options).getByLabelText('Category'), 'ecommerce');
    await user.type(within(options).getByLabelText('Description'), 'Recent orders of a shop');
    await user.type(within(options).getByLabelText(/^Tags/), 'shop{Enter}');
    expect(within(options).getByRole('list', { name: 'Tags' }).textContent).toContain('shop');

    await user.click(bar.getByRole('button', { name: 'Create API' }));

    const success = await screen.findByRole('region', { name: 'Your API is live' });
    expect(store.calls).toEqual([
      {
        method: 'POST',
        path: '/backend/crud/user',
        body: {
          name: 'Shop Orders',
          template: '{"id": "uuid", "total": "number.money.price"}',
          requestEnum: 'POST',
          customEndpoint: '/orders/recent',
          option: { delay: 500, authToken: token, httpCode: 201 },
          customHeaders: [{ name: 'X-Shop', value: 'orders' }],
          isPublic: true,
          category: 'ecommerce',
          description: 'Recent orders of a shop',
          tags: ['shop'],
          userId: testUser.userId,
        },
      },
    ]);
    const link = store.apis[0]?.link ?? '';
    expect(within(success).getByText(link)).toBeTruthy();
    expect(token).toMatch(/^mck_[A-Za-z0-9_-]{40}$/);
    // The grid below reloads with the new API.
    const grid = await screen.findByRole('list', { name: 'API grid' });
    expect(within(grid).getByText('Shop Orders')).toBeTruthy();
  });

  it('clears the form after a creation, so a second click creates nothing', async () => {
    const store = serveApis();
    const { user } = renderApiPage();
    const bar = await createBar();
    await user.type(bar.getByLabelText('API Name'), 'Shop Orders');
    await setTemplate(user, '{"id": "uuid"}');
    await user.click(bar.getByRole('button', { name: 'Generate' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText(/sample id/)).toBeTruthy();
    await user.click(bar.getByRole('button', { name: 'Create API' }));

    const success = await screen.findByRole('region', { name: 'Your API is live' });
    expect(within(success).getByText(store.apis[0]?.link ?? '')).toBeTruthy();
    await waitFor(() =>
      expect((bar.getByLabelText('API Name') as HTMLInputElement).value).toBe(''),
    );
    const editor = screen.getByRole('textbox', { name: 'JSON template' }) as HTMLTextAreaElement;
    expect(editor.value).not.toContain('{"id": "uuid"}');
    expect(within(preview).queryByText(/sample id/)).toBeNull();
    expect(screen.getByText(/form is cleared/)).toBeTruthy();

    await user.click(bar.getByRole('button', { name: 'Create API' }));
    await waitFor(() => expectFieldError(bar.getByLabelText('API Name'), apiMessages.nameRequired));
    expect(store.calls).toHaveLength(1);
    // The first API's link stays.
    expect(screen.getByRole('region', { name: 'Your API is live' })).toBeTruthy();
    // Toasts outlive the page: the next test counts its own.
    await waitFor(() => expect(screen.getAllByText(apiMessages.nameRequired)).toHaveLength(2));
    (await import('sonner')).toast.dismiss();
    await waitFor(() => expect(screen.getAllByText(apiMessages.nameRequired)).toHaveLength(1));
  });

  it('says the same API was just created, not that the endpoint is taken', async () => {
    serveApis();
    server.use(
      http.post(backend('/crud/user'), () =>
        errorAnswer(409, 'API_JUST_CREATED', apiMessages.justCreated, {
          id: 'a1',
          requestId: 'abcdefgh12345678',
        }),
      ),
    );
    const { user } = renderApiPage();
    const bar = await createBar();
    await user.type(bar.getByLabelText('API Name'), 'Orders');
    await user.type(bar.getByLabelText('Custom Endpoint (optional)'), '/orders');
    await user.click(bar.getByRole('button', { name: 'Create API' }));

    await waitFor(() =>
      expect(screen.getAllByText(apiMessages.justCreated).length).toBeGreaterThan(0),
    );
    expectNoFieldError(bar.getByLabelText('Custom Endpoint (optional)'));
    expect(screen.queryByText(apiMessages.endpointTaken)).toBeNull();
  });

  it('takes the older preview away when Generate fails', async () => {
    serveApis();
    const { user } = renderApiPage();
    const bar = await createBar();
    await user.click(bar.getByRole('button', { name: 'Generate' }));
    const preview = screen.getByRole('region', { name: 'Preview' });
    await waitFor(() => expect(preview.querySelector('pre')).not.toBeNull());
    server.use(
      http.post(backend('/apitemplate/preview'), () => errorAnswer(500, 'INTERNAL', 'Broken')),
    );
    await user.click(bar.getByRole('button', { name: 'Generate' }));
    expect(await screen.findByText('Broken')).toBeTruthy();
    expect(preview.querySelector('pre')).toBeNull();
    expect(within(preview).getByText(/Generate failed/)).toBeTruthy();
  });

  it('shows each problem beside its field, and sends nothing', async () => {
    const store = serveApis();
    const { user } = renderApiPage();
    const bar = await createBar();
    const options = screen.getByRole('region', { name: 'Options' });

    await setTemplate(user, '{"id": ');
    const delayField = within(options).getByLabelText('Response delay (ms)');
    await user.clear(delayField);
    await user.type(delayField, '10001');
    await user.click(within(options).getByRole('button', { name: 'Add header' }));
    await user.type(within(options).getByLabelText('Header 1 name'), 'Bad Name');
    await user.click(within(options).getByRole('switch', { name: 'Make Public' }));
    await user.click(bar.getByRole('button', { name: 'Create API' }));

    await waitFor(() => expectFieldError(bar.getByLabelText('API Name'), apiMessages.nameRequired));
    expectFieldError(
      screen.getByRole('textbox', { name: 'JSON template' }),
      messages.invalidJsonApiPage,
    );
    expectFieldError(delayField, DELAY_MESSAGE);
    expectFieldError(
      within(options).getByLabelText('Header 1 name'),
      apiMessages.headerName('Bad Name'),
    );
    expectFieldError(within(options).getByLabelText('Category'), apiMessages.categoryRequired);
    expectFieldError(
      within(options).getByLabelText('Description'),
      apiMessages.descriptionRequired,
    );
    expectNoFieldError(bar.getByLabelText('Custom Endpoint (optional)'));
    // The page is long: a toast names the first problem too.
    // The toast comes once its library has loaded (on the first toast).
    await waitFor(() => expect(screen.getAllByText(apiMessages.nameRequired)).toHaveLength(2));
    expect(store.calls).toEqual([]);

    // Fixing a field clears its message as it is typed.
    await user.type(bar.getByLabelText('API Name'), 'Orders');
    expectNoFieldError(bar.getByLabelText('API Name'));
    // Turning sharing off clears its fields and their problems.
    await user.click(within(options).getByRole('switch', { name: 'Make Public' }));
    expect(within(options).queryByLabelText('Category')).toBeNull();
  });

  it('shows a custom endpoint already in use beside the endpoint, in the spec’s words', async () => {
    serveApis();
    server.use(
      http.post(backend('/crud/user'), () =>
        errorAnswer(409, 'CUSTOM_ENDPOINT_TAKEN', apiMessages.endpointTaken),
      ),
    );
    const { user } = renderApiPage();
    const bar = await createBar();
    await user.type(bar.getByLabelText('API Name'), 'Orders again');
    await user.type(bar.getByLabelText('Custom Endpoint (optional)'), '/orders/recent');
    await user.click(bar.getByRole('button', { name: 'Create API' }));

    const endpoint = bar.getByLabelText('Custom Endpoint (optional)');
    await waitFor(() => expectFieldError(endpoint, apiMessages.endpointTaken));
    expect(document.activeElement).toBe(endpoint);
    expect(screen.queryByRole('region', { name: 'Your API is live' })).toBeNull();
  });

  it('puts the issues of a refused body beside their fields', async () => {
    serveApis();
    const headerValue = `The value of header "X-Note" must be one line of printable ASCII`;
    server.use(
      http.post(backend('/crud/user'), () =>
        errorAnswer(400, 'VALIDATION_FAILED', `customHeaders.0.value: ${headerValue}`, {
          issues: [{ path: '$.customHeaders[0].value', message: headerValue }],
        }),
      ),
    );
    const { user } = renderApiPage();
    const bar = await createBar();
    const options = screen.getByRole('region', { name: 'Options' });
    await user.type(bar.getByLabelText('API Name'), 'Notes');
    await user.click(within(options).getByRole('button', { name: 'Add header' }));
    await user.type(within(options).getByLabelText('Header 1 name'), 'X-Note');
    await user.type(within(options).getByLabelText('Header 1 value'), 'ok');
    await user.click(bar.getByRole('button', { name: 'Create API' }));

    await waitFor(() =>
      expectFieldError(within(options).getByLabelText('Header 1 value'), headerValue),
    );
  });

  it('edits an API in the Edit modal, with the same fields and rules', async () => {
    const stored = userApi({
      name: 'Users',
      template: '{"id":"uuid"}',
      option: { delay: 250, authToken: null, httpCode: 200 },
    });
    const store = serveApis([stored]);
    const { user } = renderApiPage();

    const grid = await screen.findByRole('list', { name: 'API grid' });
    await user.click(within(grid).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Template' });
    const modal = within(dialog);
    const name = modal.getByLabelText('API Name');
    expect((name as HTMLInputElement).value).toBe('Users');
    expect((modal.getByLabelText('Response delay (ms)') as HTMLInputElement).value).toBe('250');
    // Stored on one line, shown pretty-printed.
    expect(
      (modal.getByRole('textbox', { name: 'JSON template' }) as HTMLTextAreaElement).value,
    ).toBe('{\n  "id": "uuid"\n}');

    await user.clear(name);
    await user.click(modal.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expectFieldError(name, apiMessages.nameRequired));
    expect(store.calls).toEqual([]);

    await user.type(name, 'People');
    await setTemplate(user, '{"id":"uuid","total":"number.money.price"}', modal);
    await user.click(modal.getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(apiMessages.updated)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Template' })).toBeNull());
    expect(store.calls).toEqual([
      {
        method: 'PUT',
        path: '/backend/template',
        body: expect.objectContaining({
          id: stored.id,
          requestId: stored.requestId,
          userId: testUser.userId,
          name: 'People',
          template: '{"id":"uuid","total":"number.money.price"}',
          requestEnum: 'GET',
          option: { delay: 250, authToken: null, httpCode: 200 },
        }),
      },
    ]);
    expect(await within(grid).findByText('People')).toBeTruthy();
  });

  it('deletes an API after the confirmation, Deleting... while it runs', async () => {
    const stored = userApi({ name: 'Old API' });
    const store = serveApis([stored]);
    server.use(
      http.delete(backend('/template'), async ({ request }) => {
        await delay(50);
        store.calls.push({
          method: 'DELETE',
          path: '/backend/template',
          body: await request.json(),
        });
        store.apis.splice(0, 1);
        return HttpResponse.json({ message: 'deleted' });
      }),
    );
    const { user } = renderApiPage();

    const grid = await screen.findByRole('list', { name: 'API grid' });
    await user.click(within(grid).getByRole('button', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText(/“Old API” will be deleted/)).toBeTruthy();
    await user.click(confirm.getByRole('button', { name: 'Delete' }));

    expect(await confirm.findByRole('button', { name: 'Deleting...' })).toBeTruthy();
    expect(await screen.findByText(apiMessages.deleted)).toBeTruthy();
    expect(store.calls).toEqual([
      {
        method: 'DELETE',
        path: '/backend/template',
        body: { idTemplate: stored.id, idRequest: stored.requestId, userId: testUser.userId },
      },
    ]);
    expect(await screen.findByText('No APIs yet: the ones you create appear here.')).toBeTruthy();
  });
});
