import type { Ref } from 'react';
import type { TemplateEditorProps } from './editor-props.ts';

export interface PlainJsonEditorProps extends TemplateEditorProps {
  /** Called when the visitor points at the field or focuses it (the richer editor may follow). */
  onActivate?: () => void;
  ref?: Ref<HTMLTextAreaElement>;
}

/**
 * A plain textarea with the editor's look: shown until CodeMirror is loaded, and kept if its chunk
 * fails to load, so the template stays editable either way.
 */
export function PlainJsonEditor({
  value,
  onChange,
  label,
  errorId,
  invalid,
  onActivate,
  ref,
}: PlainJsonEditorProps) {
  return (
    <textarea
      // A name, as browsers ask of every form field (autofill, the Issues panel).
      name="template"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      ref={ref}
      onPointerEnter={onActivate}
      onFocus={onActivate}
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
