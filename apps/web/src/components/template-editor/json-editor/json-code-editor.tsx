import { autocompletion } from '@codemirror/autocomplete';
import { json } from '@codemirror/lang-json';
import CodeMirror, { EditorView, Prec } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import { useTheme } from '../../../lib/theme-provider.tsx';
import type { TemplateEditorProps } from './editor-props.ts';
import { typeCompletionSource, typeCompletions } from './type-completions.ts';
import { typeLinter } from './type-lint.ts';

/**
 * The CodeMirror JSON editor. Loaded lazily by `JsonEditor`: CodeMirror roughly doubles the
 * bundle, so it must stay out of the main chunk. With `completions` it offers type names inside
 * string values as they are typed (Ctrl-Space asks at any place) and underlines the values that
 * look like misspelt type names.
 */
export function JsonCodeEditor({
  value,
  onChange,
  label,
  errorId,
  invalid,
  completions,
  focusAt,
}: TemplateEditorProps) {
  const { theme } = useTheme();
  // One Dark's colours on a darker ground: its coral keys fail WCAG contrast on its own #282c34.
  const darkGround = useMemo(
    () =>
      theme === 'dark'
        ? [
            // Above the theme prop's own extension, which sets the #282c34 ground.
            Prec.highest(
              EditorView.theme(
                {
                  '&': { backgroundColor: '#0f172a' },
                  '.cm-gutters': { backgroundColor: '#0f172a', color: '#94a3b8' },
                },
                { dark: true },
              ),
            ),
          ]
        : [],
    [theme],
  );
  const completion = useMemo(
    () =>
      completions && completions.length > 0
        ? [
            autocompletion({ override: [typeCompletionSource(typeCompletions(completions))] }),
            typeLinter(new Set(completions.map((type) => type.name))),
          ]
        : [],
    [completions],
  );
  const extensions = useMemo(
    () => [
      json(),
      EditorView.lineWrapping,
      // The editable element is the contentDOM (role textbox): it carries the name and the error.
      EditorView.contentAttributes.of({
        'aria-label': label,
        ...(errorId ? { 'aria-describedby': errorId } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
      }),
      ...completion,
      ...darkGround,
    ],
    [label, errorId, invalid, completion, darkGround],
  );

  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      extensions={extensions}
      theme={theme}
      // Tab moves focus instead of indenting, so keyboard users are never trapped in the editor.
      indentWithTab={false}
      basicSetup={{ foldGutter: false, highlightActiveLine: false, autocompletion: false }}
      onCreateEditor={(view) => {
        if (!focusAt) return;
        view.dispatch({ selection: focusAt });
        view.focus();
      }}
      minHeight="18rem"
      maxHeight="32rem"
      className="overflow-hidden rounded-md border border-slate-300 text-sm focus-within:ring-2 focus-within:ring-indigo-500 dark:border-slate-600"
    />
  );
}
