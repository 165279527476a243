import type { DataTypeInfo } from '@mocksmith/core/types-info';
import { Braces } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Button } from '../../ui/button.tsx';
import { JsonEditor, type JsonEditorProps } from '../json-editor/json-editor.tsx';
import type { EditorError, TemplateEditor } from '../state/use-template-editor.ts';
import { AddFieldDialog } from './add-field-dialog.tsx';
import { FieldTypeButtons } from './field-type-buttons.tsx';

/**
 * The editing surface and its tools, the same in the demo and on the API page: the JSON template
 * with the message under it, Format JSON, Add New Field and the type buttons. The API page adds
 * the catalogue's completion, hints and tools (`CatalogueEditorFields`).
 */
export function TemplateEditorFields({
  editor,
  error,
  completions,
  hints,
  tools,
  load,
}: {
  editor: TemplateEditor;
  /** The message under the editor: the editor's own, or the form's about the template. */
  error: EditorError | null;
  /** Type names offered as completions inside string values. */
  completions?: readonly DataTypeInfo[];
  /** Shown under the message: "did you mean" hints. */
  hints?: ReactNode;
  /** More buttons beside Format JSON and Add New Field. */
  tools?: ReactNode;
  /** When the code editor is loaded (see `JsonEditor`). */
  load?: JsonEditorProps['load'];
}) {
  const errorId = useId();
  return (
    <>
      <JsonEditor
        value={editor.text}
        onChange={editor.handleTextChange}
        label="JSON template"
        errorId={error ? errorId : undefined}
        invalid={error?.invalid}
        completions={completions}
        load={load}
      />
      {error ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
        >
          {error.message}
        </p>
      ) : null}
      {hints}
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={editor.handleFormat}>
          <Braces className="size-4" aria-hidden="true" />
          Format JSON
        </Button>
        <AddFieldDialog onAdd={editor.handleAddNamedField} />
        {tools}
      </div>
      <FieldTypeButtons onAdd={editor.handleAddTypedField} />
    </>
  );
}
