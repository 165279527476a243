import { Component, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { TemplateEditorProps } from './editor-props.ts';
import { PlainJsonEditor } from './plain-json-editor.tsx';

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

export interface JsonEditorProps extends TemplateEditorProps {
  /**
   * When CodeMirror (about as big as the rest of the app) is loaded: at once, or when the visitor
   * first points at or focuses the plain field (the landing page, which must load fast; the field
   * works meanwhile and hands its caret over).
   */
  load?: 'now' | 'on-interaction';
}

type CodeEditor = typeof import('./json-code-editor.tsx')['JsonCodeEditor'];

/** The template editor: CodeMirror, with a plain textarea until it is loaded or if it cannot be. */
export function JsonEditor({ load = 'now', ...props }: JsonEditorProps) {
  const [CodeEditor, setCodeEditor] = useState<CodeEditor | null>(null);
  const [focusAt, setFocusAt] = useState<TemplateEditorProps['focusAt']>();
  const requested = useRef(false);

  // The plain field stays in place (with the focus and the caret) until CodeMirror has loaded.
  const request = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    import('./json-code-editor.tsx')
      .then((module) => setCodeEditor(() => module.JsonCodeEditor))
      .catch(() => {
        // Its chunk did not load: the plain field stays, and works.
      });
  }, []);
  // A prerendered page holds the plain field: hydration must find it, so CodeMirror comes after.
  useEffect(() => {
    if (load === 'now') request();
  }, [load, request]);

  const plain = (
    <PlainJsonEditor
      {...props}
      onActivate={request}
      onCaret={(field) => setFocusAt({ anchor: field.selectionStart, head: field.selectionEnd })}
    />
  );
  // One place in the tree for the plain field, so that it survives a CodeMirror that fails.
  return (
    <FallbackBoundary fallback={plain}>
      {CodeEditor ? (
        <CodeEditor
          {...props}
          focusAt={document.activeElement?.tagName === 'TEXTAREA' ? focusAt : undefined}
        />
      ) : (
        plain
      )}
    </FallbackBoundary>
  );
}
