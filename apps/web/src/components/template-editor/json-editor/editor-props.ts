import type { DataTypeInfo } from '@mocksmith/core/types-info';

/** What both template editors (CodeMirror and its plain fallback) take. */
export interface TemplateEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the editing surface. */
  label: string;
  /** The id of the error shown under the editor, when there is one. */
  errorId?: string;
  /** Whether that error is about the template text (sets aria-invalid). */
  invalid?: boolean;
  /** Type names offered as completions inside string values (the plain fallback ignores them). */
  completions?: readonly DataTypeInfo[];
  /** Where the caret goes once the editor is shown, focused (it takes over a focused field). */
  focusAt?: { anchor: number; head: number };
}
