import { afterAll, afterEach, beforeAll, vi } from 'vitest';

// CodeMirror measures a laid-out page, which happy-dom does not have; the component tests edit
// through its plain fallback (the same label, the same behaviour). The browser tests drive the
// real editor.
vi.mock('../components/template-editor/json-editor/json-code-editor.tsx', async () => {
  const { PlainJsonEditor } = await import(
    '../components/template-editor/json-editor/plain-json-editor.tsx'
  );
  return { JsonCodeEditor: PlainJsonEditor };
});

// Only the component tests (in happy-dom) render and call the server; the pure-logic tests run
// in Node and need neither Testing Library's cleanup nor MSW.
if (typeof document !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // A dialog, a chart or an editor is imported when first shown (lazy-dialog.tsx): its module
  // is transformed on that first import, which on a busy machine can outlast the 1 s that
  // findBy and waitFor wait by default. They wait longer; what they wait for is unchanged.
  configure({ asyncUtilTimeout: 5_000 });
  const { server } = await import('./server.ts');
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterAll(() => server.close());
}
