import { useMemo } from 'react';
import { FromSampleButton } from '../from-sample/from-sample-button.tsx';
import { useCatalogue } from '../state/use-catalogue.ts';
import type { EditorError, TemplateEditor } from '../state/use-template-editor.ts';
import { templateTypeHints } from '../text/type-hints.ts';
import { MoreTypesPicker } from './more-types-picker.tsx';
import { TemplateEditorFields } from './template-editor-fields.tsx';
import { TypeHintsList } from './type-hints-list.tsx';

/**
 * The editing surface with the whole catalogue (signed in): completion inside string values,
 * "did you mean" hints for misspelt type names, the More Types picker and From a sample (whose
 * template replaces the text, with any preview of the old one gone). Its own module, so the
 * landing page's demo loads neither.
 */
export function CatalogueEditorFields({
  editor,
  error,
}: {
  editor: TemplateEditor;
  error: EditorError | null;
}) {
  const { types, names } = useCatalogue();
  const hints = useMemo(() => templateTypeHints(editor.text, names), [editor.text, names]);
  return (
    <TemplateEditorFields
      editor={editor}
      error={error}
      // CodeMirror loads when the field is pointed at or focused: the API page's first load
      // would otherwise double.
      load="on-interaction"
      completions={types}
      hints={<TypeHintsList hints={hints} onApply={editor.handleApplyHint} />}
      tools={
        <>
          <MoreTypesPicker types={types} onPick={editor.handleAddType} />
          <FromSampleButton
            onAccept={(text) => {
              editor.clearPreview();
              editor.handleTextChange(text);
            }}
          />
        </>
      }
    />
  );
}
