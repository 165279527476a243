import { Component, lazy, type ReactNode, Suspense } from 'react';
import type { TemplateEditorProps } from './editor-props.ts';
import { PlainJsonEditor } from './plain-json-editor.tsx';

const JsonCodeEditor = lazy(() =>
  import('./json-code-editor.tsx').then((module) => ({ default: module.JsonCodeEditor })),
);

interface FallbackBoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** Shows `fallback` for good when the lazy editor fails (for instance its chunk did not load). */
class FallbackBoundary extends Component<FallbackBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The template editor: CodeMirror, with a plain textarea while it loads or if it cannot. */
export function JsonEditor(props: TemplateEditorProps) {
  const plain = <PlainJsonEditor {...props} />;
  return (
    <FallbackBoundary fallback={plain}>
      <Suspense fallback={plain}>
        <JsonCodeEditor {...props} />
      </Suspense>
    </FallbackBoundary>
  );
}
