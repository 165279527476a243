import type { DataTypeInfo } from '@mocksmith/core/types-info';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { type Preview, usePreviewTemplate } from '../api/preview-template.ts';
import { saveJsonFile } from '../text/save-json-file.ts';
import {
  type AddFieldResult,
  addNamedField,
  addTypedField,
  formatJsonText,
  parseJson,
} from '../text/template-text.ts';
import type { TypeHint } from '../text/type-hints.ts';
import { editorTexts } from '../texts.ts';

/** The message shown under the editor; `invalid` when it is about the template itself. */
export interface EditorError {
  message: string;
  invalid: boolean;
}

/** Whether the server refused the template itself (400), as opposed to failing or throttling. */
export function isTemplateRejection(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

export interface TemplateEditorOptions {
  /** The template text; the caller holds it (in its state, or as a form field). */
  text: string;
  /** Sets the text: every edit and every tool goes through it. */
  onTextChange: (text: string) => void;
  /** The text shown for text that is not JSON (the demo's and the API page's differ). */
  invalidJsonMessage: string;
}

/**
 * The state and actions of a template editor (the landing page's demo, the API page's form): the
 * tools that rewrite the text, the preview and its download, the message under the editor and a
 * short announcement for screen readers. Creating the API is the caller's.
 */
export function useTemplateEditor({
  text,
  onTextChange,
  invalidJsonMessage,
}: TemplateEditorOptions) {
  const [error, setError] = useState<EditorError | null>(null);
  // The last preview stays shown while a newer one is generated.
  const [preview, setPreview] = useState<Preview | null>(null);
  /** A short message for screen readers after an action that changes something out of focus. */
  const [announcement, setAnnouncement] = useState('');
  const previewMutation = usePreviewTemplate();
  // A second Download click while the first still generates would save the file twice.
  const downloading = useRef(false);

  function generate(source: string, template: unknown): Promise<Preview> {
    // Per-call callbacks run for the newest call only: an older preview finishing late is dropped.
    return previewMutation.mutateAsync({ source, template }, { onSuccess: setPreview });
  }

  function handleTextChange(next: string) {
    onTextChange(next);
    setError(null);
  }

  function handleFormat() {
    const formatted = formatJsonText(text);
    if (formatted === undefined) {
      setError({ message: invalidJsonMessage, invalid: true });
      return;
    }
    handleTextChange(formatted);
  }

  function applyAddField(result: AddFieldResult) {
    if (!result.ok) {
      setError({ message: editorTexts.addFieldFailed, invalid: true });
      return;
    }
    handleTextChange(result.text);
    setAnnouncement(`Field ${result.name} added`);
  }

  function handleAddTypedField(type: string) {
    applyAddField(addTypedField(text, type));
  }

  function handleAddNamedField(name: string, type: string) {
    applyAddField(addNamedField(text, name, type));
  }

  /** A type picked in More Types: a field named after its last segment (`price`, then `price1`). */
  function handleAddType(type: DataTypeInfo) {
    const stem = type.name.split('.').at(-1) ?? type.name;
    applyAddField(addNamedField(text, stem, type.name));
  }

  /** A "did you mean" hint taken: the misspelt value becomes the type it meant, everywhere. */
  function handleApplyHint(hint: TypeHint) {
    handleTextChange(text.replaceAll(`"${hint.value}"`, `"${hint.suggestion}"`));
  }

  /**
   * The editor's text parsed, or undefined once the invalid-JSON text is shown. The demo's type
   * rule is left to the server: its 400 carries the spec's text, shown as any other refusal.
   */
  function parsedTemplate(): { value: unknown } | undefined {
    const parsed = parseJson(text);
    if (!parsed.ok) {
      setError({ message: invalidJsonMessage, invalid: true });
      return undefined;
    }
    setError(null);
    return parsed;
  }

  /** Shows why a call about the template failed: the server's message, else `fallback`. */
  function showFailure(caught: unknown, fallback: string) {
    setError({ message: toUserMessage(caught, fallback), invalid: isTemplateRejection(caught) });
  }

  async function handleGenerate() {
    const parsed = parsedTemplate();
    if (!parsed) return;
    try {
      await generate(text, parsed.value);
      setAnnouncement('Preview generated');
    } catch (caught) {
      showFailure(caught, editorTexts.previewFailed);
    }
  }

  async function handleDownload() {
    if (downloading.current) return;
    downloading.current = true;
    try {
      await download();
    } finally {
      downloading.current = false;
    }
  }

  async function download() {
    let data: unknown;
    if (preview && preview.source === text) {
      data = preview.data;
    } else {
      // No preview yet, or the template changed since: generate one for the current text.
      const parsed = parsedTemplate();
      if (!parsed) return;
      try {
        data = (await generate(text, parsed.value)).data;
      } catch (caught) {
        // A refused template shows why (the demo text, say); anything else, the spec's text.
        if (isTemplateRejection(caught)) showFailure(caught, editorTexts.downloadFailed);
        else setError({ message: editorTexts.downloadFailed, invalid: false });
        return;
      }
    }
    try {
      saveJsonFile(data);
      setAnnouncement('Download started');
    } catch {
      setError({ message: editorTexts.downloadFailed, invalid: false });
    }
  }

  return {
    text,
    error,
    preview,
    isGenerating: previewMutation.isPending,
    announcement,
    announce: setAnnouncement,
    parsedTemplate,
    showFailure,
    handleTextChange,
    handleFormat,
    handleAddTypedField,
    handleAddNamedField,
    handleAddType,
    handleApplyHint,
    handleGenerate,
    handleDownload,
  };
}

/** A template editor's state and actions, as `useTemplateEditor` gives them. */
export type TemplateEditor = ReturnType<typeof useTemplateEditor>;
