// @vitest-environment happy-dom
import { messages } from '@mocksmith/core/errors';
import { DEMO_API_NAME } from '@mocksmith/core/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { renderApp } from '../../../testing/render.tsx';
import { recordCalls, server } from '../../../testing/server.ts';
import { GuestOnly } from '../../guards.tsx';
import LandingRoute from '../landing.tsx';

/** The demo editor's code loads as its section comes near the screen: the first find waits for it. */
const LOADING = { timeout: 15_000 };

function renderLanding() {
  return renderApp(
    [{ element: <GuestOnly />, children: [{ index: true, element: <LandingRoute /> }] }],
    {
      at: '/',
    },
  );
}

describe('the landing page’s demo editor', { timeout: 20_000 }, () => {
  it('adds a field through the Add New Field dialog, then creates a Demo API', async () => {
    const link = 'http://localhost:3000/backend/apitemplate/post/abcdefgh12345678';
    const calls = recordCalls('post', backend('/crud'), () =>
      HttpResponse.json({ id: 'a1', requestId: 'abcdefgh12345678', link }, { status: 201 }),
    );
    const { user } = renderLanding();
    await user.click(await screen.findByRole('button', { name: 'Add New Field' }, LOADING));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add New Field' }));
    const name = await dialog.findByRole('textbox', { name: 'Field name' });
    const add = dialog.getByRole('button', { name: 'Add Field' });
    await user.type(name, '   ');
    expect((add as HTMLButtonElement).disabled).toBe(true);
    await user.clear(name);
    await user.type(name, 'score');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Field type' }), 'number');
    await user.click(add);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Field' })).toBeNull());

    const editor = screen.getByRole('textbox', { name: 'JSON template' }) as HTMLTextAreaElement;
    expect(JSON.parse(editor.value)).toMatchObject({ score: 'number' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Method' }), 'POST');
    await user.click(screen.getByRole('button', { name: 'Create API' }));
    const success = await screen.findByRole('region', { name: 'Your API is live' });
    expect(within(success).getByText(link)).toBeTruthy();
    expect(calls[0]?.body).toEqual({
      template: editor.value,
      requestEnum: 'POST',
      name: DEMO_API_NAME,
    });
  });

  it('says the template is not JSON under the editor, and calls nothing', async () => {
    const calls = recordCalls('post', backend('/crud'), () => HttpResponse.json({}));
    const { user } = renderLanding();
    const plain = await screen.findByRole('textbox', { name: 'JSON template' }, LOADING);
    // The plain field stands until the visitor turns to it (CodeMirror then loads; happy-dom
    // cannot run it, so the field stays, as in a browser where its chunk fails).
    expect(plain.tagName).toBe('TEXTAREA');
    const editor = plain;
    await user.clear(editor);
    await user.click(editor);
    await user.paste('{"name": ');
    await user.click(screen.getByRole('button', { name: 'Create API' }));

    expect(await screen.findByText(messages.invalidJson)).toBeTruthy();
    expect(editor.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it('adds both fields when two type buttons are pressed in one task', async () => {
    renderLanding();
    const addString = await screen.findByRole('button', { name: 'Add string field' }, LOADING);
    // Clicks held during hydration are replayed one after the other in one task: React has not
    // rendered the first insert when the second runs.
    act(() => {
      addString.click();
      addString.click();
    });
    const editor = screen.getByRole('textbox', { name: 'JSON template' }) as HTMLTextAreaElement;
    expect(Object.keys(JSON.parse(editor.value))).toEqual(
      expect.arrayContaining(['newString1', 'newString2']),
    );
  });

  it('takes the older preview away when Generate fails, and says so', async () => {
    const { user } = renderLanding();
    const generate = await screen.findByRole('button', { name: 'Generate' }, LOADING);
    await user.click(generate);
    const preview = screen.getByRole('region', { name: 'Preview' });
    expect(await within(preview).findByText(/sample name/)).toBeTruthy();

    server.use(
      http.post(backend('/apitemplate/preview'), () => errorAnswer(500, 'INTERNAL', 'Broken')),
    );
    await user.click(generate);
    expect(await screen.findByRole('alert')).toBeTruthy();
    await waitFor(() => expect(within(preview).queryByText(/sample name/)).toBeNull());
    expect(within(preview).getByText(/Generate failed/)).toBeTruthy();

    // Text that is not JSON fails Generate too, before any call.
    server.resetHandlers();
    await user.click(generate);
    expect(await within(preview).findByText(/sample name/)).toBeTruthy();
    const editor = screen.getByRole('textbox', { name: 'JSON template' });
    await user.clear(editor);
    await user.click(editor);
    await user.paste('{"name": ');
    await user.click(generate);
    expect(await screen.findByText(messages.invalidJson)).toBeTruthy();
    expect(within(preview).queryByText(/sample name/)).toBeNull();
    expect(within(preview).getByText(/Generate failed/)).toBeTruthy();
  });
});
