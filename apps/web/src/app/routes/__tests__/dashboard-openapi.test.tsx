// @vitest-environment happy-dom
import type { ImportedApi } from '@mocksmith/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { testUser } from '../../../testing/data.ts';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { server } from '../../../testing/server.ts';
import { RequireAuth } from '../../require-auth.tsx';
import DashboardOpenapiRoute from '../dashboard-openapi.tsx';

function renderImportPage() {
  return renderApp(
    [
      {
        element: <RequireAuth />,
        children: [{ path: '/dashboard/openapi', element: <DashboardOpenapiRoute /> }],
      },
    ],
    { at: '/dashboard/openapi', user: testUser },
  );
}

const yamlFile = (name = 'pets.yaml', type = 'application/x-yaml') =>
  new File(['openapi: 3.0.0\n'], name, { type });

const imported = (name: string, requestId: string, report: Partial<ImportedApi['report']> = {}) =>
  ({
    name,
    link: `http://localhost:3000/backend/apitemplate/get/${requestId}/pets/{petId}`,
    id: `id-${requestId}`,
    requestId,
    method: 'GET',
    customEndpoint: '/pets/{petId}',
    httpCode: 200,
    report: {
      source: 'schema',
      ignored: [],
      branches: [],
      recursionCut: [],
      contradictingExamples: [],
      ...report,
    },
  }) satisfies ImportedApi;

describe('the OpenAPI Import page', () => {
  it('uploads the file with the user’s id, analyses, and lists the generated templates', async () => {
    const received: { username: unknown; fileName: string }[] = [];
    server.use(
      http.post(backend('/crud/openapi'), async ({ request }) => {
        const form = await request.formData();
        received.push({
          username: form.get('username'),
          fileName: (form.get('file') as File).name,
        });
        await delay(50);
        return HttpResponse.json(
          [
            imported('showPet', 'r1', { recursionCut: ['#/paths/~1pets~1{petId}/get/x'] }),
            imported('listPets', 'r2', { source: 'example' }),
          ],
          {
            status: 201,
            headers: {
              'X-Import-Skipped': encodeURIComponent(
                JSON.stringify([{ method: 'PATCH', path: '/pets', reason: 'PATCH is not mocked' }]),
              ),
              'X-Import-Skipped-Count': '1',
            },
          },
        );
      }),
    );
    const { user } = renderImportPage();
    await user.upload(await screen.findByLabelText('OpenAPI file'), yamlFile());

    expect(await screen.findByText('Analyzing OpenAPI specification...')).toBeDefined();
    expect(
      await screen.findByText('Successfully created 2 templates from OpenAPI file'),
    ).toBeDefined();
    expect(received).toEqual([{ username: testUser.userId, fileName: 'pets.yaml' }]);

    const list = screen.getByRole('list', { name: 'Generated Templates' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { name: 'showPet' })).toBeDefined();
    expect(within(items[0]!).getByText('Template #1')).toBeDefined();
    expect(within(items[1]!).getByText('Template #2')).toBeDefined();
    expect(
      within(items[0]!)
        .getByRole('link', { name: /Test API/ })
        .getAttribute('href'),
    ).toBe('http://localhost:3000/backend/apitemplate/get/r1/pets/{petId}');
    expect(
      within(items[0]!).getByRole('button', { name: 'Copy the link of showPet' }),
    ).toBeDefined();
    const report = within(items[0]!).getByRole('list', { name: 'Import report of showPet' });
    expect(report.textContent).toContain('The body is made from the response schema.');
    expect(report.textContent).toContain(
      'GET /pets/{petId}, the body: the schema refers back to itself: it is expanded twice, then stops here.',
    );
    expect(screen.getByRole('list', { name: 'Skipped operations' }).textContent).toBe(
      'PATCH /pets: PATCH is not mocked',
    );

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('list', { name: 'Generated Templates' })).toBeNull();
  });

  it('shows the server’s message and the spec’s toast when the file is refused', async () => {
    server.use(
      http.post(backend('/crud/openapi'), () =>
        errorAnswer(
          400,
          'INVALID_BODY',
          'Please upload a valid OpenAPI file (JSON or YAML format)',
          {
            reason: 'bad indentation',
          },
        ),
      ),
    );
    const { user } = renderImportPage();
    await user.upload(await screen.findByLabelText('OpenAPI file'), yamlFile());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please upload a valid OpenAPI file (JSON or YAML format): bad indentation',
    );
    expect(await screen.findByText('Failed to process OpenAPI file')).toBeDefined();
  });

  it('reads the import report in words, never in JSON pointers', async () => {
    server.use(
      http.post(backend('/crud/openapi'), () =>
        HttpResponse.json(
          [
            imported('createVisit', 'r3', {
              branches: [
                {
                  pointer:
                    '#/paths/~1visits/post/responses/201/content/application~1json/schema/properties/vet/oneOf',
                  chosen: 'Owner',
                  why: 'the spec allows several shapes and names no discriminator; the first shape, Owner, is used',
                },
              ],
              ignored: [
                {
                  pointer:
                    '#/paths/~1visits/post/responses/201/content/application~1json/schema/properties/clinic',
                  keyword: '$ref',
                  reason:
                    'refers to "clinic.yaml", in another file or at a URL, which an import never fetches: nothing is generated for it',
                },
              ],
            }),
          ],
          { status: 201 },
        ),
      ),
    );
    const { user } = renderImportPage();
    await user.upload(await screen.findByLabelText('OpenAPI file'), yamlFile());
    const report = await screen.findByRole('list', { name: 'Import report of createVisit' });
    const lines = within(report)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual([
      'The body is made from the response schema.',
      'POST /visits, field vet: the spec allows several shapes and names no discriminator; the first shape, Owner, is used.',
      'POST /visits, field clinic: refers to "clinic.yaml", in another file or at a URL, which an import never fetches: nothing is generated for it.',
    ]);
    expect(report.textContent).not.toMatch(/#\/paths|~1/);
  });

  it('refuses a dropped file of another type without calling the server', async () => {
    renderImportPage();
    const zone = await screen.findByTestId('openapi-drop-zone');
    // The picker offers .json, .yaml and .yml only; a dropped file may be anything.
    fireEvent.drop(zone, {
      dataTransfer: { files: [new File(['<a/>'], 'spec.xml', { type: 'application/xml' })] },
    });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Please upload a valid OpenAPI file (JSON or YAML format)',
    );
    expect(await screen.findByText('Failed to process OpenAPI file')).toBeDefined();
  });

  it('on 429 counts down with the input disabled, then is back to idle', async () => {
    server.use(
      http.post(
        backend('/crud/openapi'),
        () =>
          new HttpResponse(
            JSON.stringify({
              statusCode: 429,
              code: 'RATE_LIMITED',
              message:
                'Rate limit exceeded: at most 5 requests per 1 minute. Try again in 2 seconds',
            }),
            { status: 429, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    const { user } = renderImportPage();
    const input = (await screen.findByLabelText('OpenAPI file')) as HTMLInputElement;
    await user.upload(input, yamlFile());
    expect(await screen.findByText('Rate limit active - 2 seconds remaining')).toBeDefined();
    expect(screen.getByRole('alert').textContent).toBe(
      'Rate limit exceeded. Please wait before uploading another file.',
    );
    expect(await screen.findByText('OpenAPI upload rate limit exceeded')).toBeDefined();
    expect(input.disabled).toBe(true);
    expect(
      await screen.findByText('Rate limit active - 1 seconds remaining', {}, { timeout: 2000 }),
    ).toBeDefined();
    await waitFor(() => expect(input.disabled).toBe(false), { timeout: 3000 });
    expect(screen.queryByText(/Rate limit active/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a refusal whose message says why once, as the server words it', async () => {
    const message =
      'Please upload a valid OpenAPI file (JSON or YAML format): The document lists no operations: it has no "paths"';
    server.use(
      http.post(backend('/crud/openapi'), () =>
        errorAnswer(400, 'INVALID_BODY', message, {
          reason: 'The document lists no operations: it has no "paths"',
        }),
      ),
    );
    const { user } = renderImportPage();
    await user.upload(await screen.findByLabelText('OpenAPI file'), yamlFile());
    expect((await screen.findByRole('alert')).textContent).toBe(message);
  });
});
