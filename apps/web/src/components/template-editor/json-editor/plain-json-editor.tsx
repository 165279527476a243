import type { TemplateEditorProps } from './editor-props.ts';

/**
 * A plain textarea with the editor's look: shown while CodeMirror loads, and kept if its chunk
 * fails to load, so the template stays editable either way.
 */
export function PlainJsonEditor({ value, onChange, label, errorId, invalid }: TemplateEditorProps) {
  return (
    <textarea
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-label={label}
      aria-describedby={errorId}
      aria-invalid={invalid ? true : undefined}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      autoCorrect="off"
      className="block min-h-72 w-full resize-y rounded-md border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
    />
  );
}
