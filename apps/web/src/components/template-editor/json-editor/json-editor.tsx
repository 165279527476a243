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
  const [code, setCode] = useState<{
    Editor: CodeEditor;
    focusAt: TemplateEditorProps['focusAt'];
  } | null>(null);
  const field = useRef<HTMLTextAreaElement>(null);
  const requested = useRef(false);

  // The plain field stays in place (with the focus and the caret) until CodeMirror has loaded;
  // then CodeMirror takes the caret where the field had it, if it had the focus.
  const request = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    import('./json-code-editor.tsx')
      .then(({ JsonCodeEditor }) => {
        const plain = field.current;
        const focused = plain !== null && document.activeElement === plain;
        setCode({
          Editor: JsonCodeEditor,
          focusAt: focused ? { anchor: plain.selectionStart, head: plain.selectionEnd } : undefined,
        });
      })
      .catch(() => {
        // Its chunk did not load: the plain field stays, and works.
      });
  }, []);
  // A prerendered page holds the plain field: hydration must find it, so CodeMirror comes after.
  // A visitor who focused or pointed at the field before hydration gave it its handlers gets
  // CodeMirror too (those events are gone by then).
  useEffect(() => {
    const plain = field.current;
    const touched = plain !== null && (document.activeElement === plain || plain.matches(':hover'));
    if (load === 'now' || touched) request();
  }, [load, request]);

  const plain = <PlainJsonEditor {...props} ref={field} onActivate={request} />;
  // One place in the tree for the plain field, so that it survives a CodeMirror that fails.
  return (
    <FallbackBoundary fallback={plain}>
      {code ? <code.Editor {...props} focusAt={code.focusAt} /> : plain}
    </FallbackBoundary>
  );
}
