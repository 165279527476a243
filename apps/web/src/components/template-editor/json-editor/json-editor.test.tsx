// @vitest-environment happy-dom
import { act, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonEditor } from './json-editor.tsx';

// CodeMirror needs a laid-out page (testing/setup.ts): a marker stands in for it, to see when the
// editor swaps the plain field for it.
vi.mock('./json-code-editor.tsx', () => ({
  JsonCodeEditor: () => <div data-testid="code-editor" />,
}));

const editor = (
  <JsonEditor
    value='{"id": "uuid"}'
    onChange={() => {}}
    label="JSON template"
    load="on-interaction"
  />
);

describe('JsonEditor on a prerendered page (the landing page)', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  async function hydrate(before: (field: HTMLTextAreaElement) => void = () => {}) {
    const root = document.createElement('div');
    root.innerHTML = renderToString(editor);
    document.body.append(root);
    before(root.querySelector('textarea') as HTMLTextAreaElement);
    await act(async () => {
      hydrateRoot(root, editor);
    });
    return root;
  }

  it('keeps the plain field until the visitor reaches it, and loads the editor on focus', async () => {
    const root = await hydrate();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(root.querySelector('[data-testid="code-editor"]')).toBeNull();
    act(() => root.querySelector('textarea')?.focus());
    await waitFor(() => expect(root.querySelector('[data-testid="code-editor"]')).not.toBeNull());
  });

  it('loads the editor for a field focused before hydration gave it its handlers', async () => {
    const root = await hydrate((field) => field.focus());
    await waitFor(() => expect(root.querySelector('[data-testid="code-editor"]')).not.toBeNull());
  });
});
