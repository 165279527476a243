// @vitest-environment happy-dom
import type { OpenApiDocument } from '@mocksmith/core/openapi/export';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads } from '../../../testing/downloads.ts';
import type { Api } from '../types.ts';
import { ApiActionButtons } from './api-action-buttons.tsx';
import type { ApiActions } from './api-modals.tsx';

const TOKEN = `mck_${'a1B2c3D4'.repeat(5)}`;

const API: Api = {
  id: 'api-1',
  requestId: 'abcdefgh12345678',
  name: 'Users list',
  description: 'All the users',
  template: '{"users": [{"__multiply": "2-4", "id": "uuid", "email": "email"}]}',
  method: 'GET',
  customEndpoint: '/users',
  delay: 0,
  status: 200,
  authToken: TOKEN,
  headers: [],
  isPublic: false,
  category: null,
  tags: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  callCount: 0,
  url: 'http://localhost:3000/backend/apitemplate/get/abcdefgh12345678/users',
};

const noActions: ApiActions = { test: vi.fn(), edit: vi.fn(), remove: vi.fn() };

afterEach(() => vi.restoreAllMocks());

describe('ApiActionButtons: Export OpenAPI', () => {
  it('sits beside Test, Edit and Delete', () => {
    render(<ApiActionButtons api={API} actions={noActions} />);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      'Test',
      'Edit',
      'Export OpenAPI',
      'Delete',
    ]);
  });

  it('downloads {name}.openapi.json: the API at its endpoint on its mock URL, with its schema, and no token', async () => {
    const files = captureDownloads();
    const user = userEvent.setup();
    render(<ApiActionButtons api={API} actions={noActions} />);
    await user.click(screen.getByRole('button', { name: 'Export OpenAPI of Users list' }));
    // The first click loads the builder and the catalogue: give it time.
    await waitFor(() => expect(files).toHaveLength(1), { timeout: 15_000 });
    const [file] = files;
    expect(file?.name).toBe('Users_list.openapi.json');
    const text = await (file?.text as Promise<string>);
    expect(text).not.toContain(TOKEN);
    const document = JSON.parse(text) as OpenApiDocument;
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('Users list');
    const operation = document.paths['/users']?.get as {
      servers: unknown;
      security: unknown;
      responses: Record<string, { content: Record<string, { schema: unknown; example: unknown }> }>;
    };
    expect(operation.servers).toEqual([
      { url: 'http://localhost:3000/backend/apitemplate/get/abcdefgh12345678' },
    ]);
    expect(operation.security).toEqual([{ bearerAuth: [] }]);
    const media = operation.responses['200']?.content['application/json'];
    expect(media?.schema).toMatchObject({
      type: 'object',
      properties: { users: { type: 'array', minItems: 2, maxItems: 4 } },
    });
    expect(media?.example).toMatchObject({ users: expect.any(Array) });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Export OpenAPI of Users list' })).toHaveProperty(
        'disabled',
        false,
      ),
    );
  }, 30_000);
});
