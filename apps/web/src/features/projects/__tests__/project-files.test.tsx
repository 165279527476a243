// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { strToU8, zipSync } from 'fflate';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';
import { projectOf, serveProjects } from '../testing/projects-server.ts';
import { renderProjects } from '../testing/render-projects.tsx';

describe('a project as files', () => {
  it('shows the commands to copy and the zip to download on the project page', async () => {
    const project = projectOf({ name: 'Shop', slug: 'shop' });
    serveProjects([project]);
    const { user } = renderProjects(`/dashboard/projects/${project.id}`);
    await user.click(await screen.findByRole('button', { name: 'Files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Files' });
    expect(within(dialog).getByText('npx mocksmith pull shop ./mocks')).toBeTruthy();
    expect(within(dialog).getByText('npx mocksmith serve ./mocks')).toBeTruthy();
    expect(within(dialog).getByText('http://localhost:3000')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy the pull command' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy the serve command' })).toBeTruthy();
    const zip = within(dialog).getByRole('link', { name: 'Download as zip' });
    expect(zip.getAttribute('href')).toBe(`/backend/projects/${project.id}/export/files.zip`);
    expect(zip.getAttribute('download')).toBe('shop.zip');
  });

  it('makes a project of an uploaded zip and opens it; a refusal is read out', async () => {
    serveProjects([]);
    const received: unknown[] = [];
    let refuse = true;
    server.use(
      http.post(backend('/projects/import/files'), async ({ request }) => {
        received.push(await request.json());
        if (refuse) {
          return errorAnswer(
            400,
            'VALIDATION_FAILED',
            'The files have a problem: routes/get-users.yaml:2: path: a path starts with /',
          );
        }
        return HttpResponse.json(
          {
            applied: true,
            project: { id: 'project-77', slug: 'shop', version: 2 },
            changes: {
              project: [],
              routes: { created: ['GET /users'], updated: [], deleted: [] },
              collections: { created: [], updated: [], deleted: [] },
            },
          },
          { status: 201 },
        );
      }),
    );
    const { user, router } = renderProjects('/dashboard/projects');
    await user.click(await screen.findByRole('button', { name: 'Upload files' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload files' });
    const zip = zipSync({
      'shop/mocksmith.yaml': strToU8('name: Shop\nslug: shop\n'),
      'shop/routes/get-users.yaml': strToU8('method: GET\npath: users\n'),
    });
    const file = new File([zip], 'shop.zip', { type: 'application/zip' });
    const input = within(dialog).getByLabelText('Choose a zip or files');
    await user.upload(input, file);
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The files have a problem: routes/get-users.yaml:2: path: a path starts with /',
    );
    expect(received).toEqual([
      {
        files: {
          'mocksmith.yaml': 'name: Shop\nslug: shop\n',
          'routes/get-users.yaml': 'method: GET\npath: users\n',
        },
        makeTokens: true,
      },
    ]);

    refuse = false;
    await user.upload(input, file);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/dashboard/projects/project-77'),
    );
  });
});
