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
import { applyTypeHint } from '../text/type-hints.ts';
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
  // The last preview stays shown while a newer one is generated, and goes when Generate fails.
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewFailed, setPreviewFailed] = useState(false);
  /** Counts preview calls: only the newest may show its answer. */
  const previewCall = useRef(0);
  /**
   * The newest text, ahead of the render: two inserts in one task (clicks replayed after
   * hydration, or two quick clicks before React re-renders) must build on each other, not both
   * on the text of the last render, where the second would overwrite the first.
   */
  const latestText = useRef(text);
  const renderedText = useRef(text);
  if (renderedText.current !== text) {
    // The caller's text changed (an edit rendered, or a reset of the form): it is the newest.
    renderedText.current = text;
    latestText.current = text;
  }
  /** A short message for screen readers after an action that changes something out of focus. */
  const [announcement, setAnnouncement] = useState('');
  const previewMutation = usePreviewTemplate();
  // A second Download click while the first still generates would save the file twice.
  const downloading = useRef(false);

  function generate(source: string, template: unknown): Promise<Preview> {
    // Only the newest call shows its answer: an older preview finishing late is dropped.
    previewCall.current += 1;
    const call = previewCall.current;
    return previewMutation.mutateAsync({ source, template }).then((result) => {
      if (call === previewCall.current) {
        setPreview(result);
        setPreviewFailed(false);
      }
      return result;
    });
  }

  /** Generate failed: the preview of an older text must not stand beside the error. */
  function dropPreview() {
    previewCall.current += 1;
    setPreview(null);
    setPreviewFailed(true);
  }

  /** Forgets the preview (and any message): the template was replaced by a fresh one. */
  function clearPreview() {
    previewCall.current += 1;
    setPreview(null);
    setPreviewFailed(false);
    setError(null);
  }

  function handleTextChange(next: string) {
    latestText.current = next;
    onTextChange(next);
    setError(null);
  }

  function handleFormat() {
    const formatted = formatJsonText(latestText.current);
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
    applyAddField(addTypedField(latestText.current, type));
  }

  function handleAddNamedField(name: string, type: string) {
    applyAddField(addNamedField(latestText.current, name, type));
  }

  /** A type picked in More Types: a field named after its last segment (`price`, then `price1`). */
  function handleAddType(type: DataTypeInfo) {
    const stem = type.name.split('.').at(-1) ?? type.name;
    applyAddField(addNamedField(latestText.current, stem, type.name));
  }

  /** A "did you mean" hint taken: the misspelt value becomes the type it meant, everywhere. */
  /** Replaces a misspelt type `value` with the type `name` chosen in its warning. */
  function handleApplyHint(value: string, name: string) {
    handleTextChange(applyTypeHint(latestText.current, value, name));
  }

  /**
   * The editor's text parsed, or undefined once the invalid-JSON text is shown. The demo's type
   * rule is left to the server: its 400 carries the spec's text, shown as any other refusal.
   */
  function parsedTemplate(): { value: unknown } | undefined {
    const parsed = parseJson(latestText.current);
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
    const source = latestText.current;
    const parsed = parsedTemplate();
    if (!parsed) {
      dropPreview();
      return;
    }
    const call = previewCall.current + 1;
    try {
      await generate(source, parsed.value);
      setAnnouncement('Preview generated');
    } catch (caught) {
      // A newer Generate has taken over: its outcome is the one to show.
      if (call !== previewCall.current) return;
      dropPreview();
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
    const source = latestText.current;
    if (preview && preview.source === source) {
      data = preview.data;
    } else {
      // No preview yet, or the template changed since: generate one for the current text.
      const parsed = parsedTemplate();
      if (!parsed) return;
      try {
        data = (await generate(source, parsed.value)).data;
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
    previewFailed,
    isGenerating: previewMutation.isPending,
    announcement,
    announce: setAnnouncement,
    clearPreview,
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
