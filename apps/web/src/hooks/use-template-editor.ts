import type { CreateApiResult, HttpMethod } from '@mocksmith/core/schemas';
import { useRef, useState } from 'react';
import { errorMessage, isTemplateRejection } from '../lib/template-text/error-message.ts';
import { previewTemplate } from '../lib/template-text/preview-template.ts';
import { saveJsonFile } from '../lib/template-text/save-json-file.ts';
import {
  type AddFieldResult,
  addNamedField,
  addTypedField,
  DEFAULT_TEMPLATE_TEXT,
  formatJsonText,
  parseJson,
  prettyJson,
} from '../lib/template-text/template-text.ts';

export const PREVIEW_FAILED = 'Failed to generate preview';
export const CREATE_FAILED = 'Failed to save template';
export const ADD_FIELD_FAILED = 'Failed to add field';
export const DOWNLOAD_FAILED = 'Failed to save result';

/** A generated preview and the template text it was generated from. */
export interface Preview {
  data: unknown;
  text: string;
  source: string;
}

/** The message shown under the editor; `invalid` when it is about the template itself. */
export interface EditorError {
  message: string;
  invalid: boolean;
}

export interface TemplateEditorOptions {
  /**
   * Creates the API from the editor's text and method; throws ApiError when refused (shown under
   * the editor), or answers null when the caller stopped it and showed why itself.
   */
  create: (template: string, method: HttpMethod) => Promise<CreateApiResult | null>;
  /** The text shown for text that is not JSON (the demo's and the API page's differ). */
  invalidJsonMessage: string;
  initialText?: string;
  initialMethod?: HttpMethod;
}

/**
 * The state and actions of a template editor (the landing page's demo, the API page's): the
 * template text, the method, the preview, the created API and the one error shown under the
 * editor.
 */
export function useTemplateEditor({
  create,
  invalidJsonMessage,
  initialText = DEFAULT_TEMPLATE_TEXT,
  initialMethod = 'GET',
}: TemplateEditorOptions) {
  const [method, setMethod] = useState<HttpMethod>(initialMethod);
  const [text, setText] = useState(initialText);
  const [error, setError] = useState<EditorError | null>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [created, setCreated] = useState<CreateApiResult | null>(null);
  const [isGenerating, setIsGenerating] = useState(false);
  const [isCreating, setIsCreating] = useState(false);
  /** A short message for screen readers after an action that changes something out of focus. */
  const [announcement, setAnnouncement] = useState('');

  // Only the newest preview request may write its answer; an older one finishing late is dropped.
  const previewRequest = useRef(0);
  // The Create API button stays enabled (spec), so repeated clicks while a call runs are ignored.
  const creating = useRef(false);
  // A second Download click while the first still generates would save the file twice.
  const downloading = useRef(false);

  async function generate(source: string, value: unknown): Promise<Preview> {
    const request = ++previewRequest.current;
    setIsGenerating(true);
    try {
      const data = await previewTemplate(value);
      const next: Preview = { data, text: prettyJson(data), source };
      if (request === previewRequest.current) setPreview(next);
      return next;
    } finally {
      if (request === previewRequest.current) setIsGenerating(false);
    }
  }

  function handleTextChange(next: string) {
    setText(next);
    setError(null);
  }

  function handleMethodChange(next: HttpMethod) {
    setMethod(next);
  }

  function handleFormat() {
    const formatted = formatJsonText(text);
    if (formatted === undefined) {
      setError({ message: invalidJsonMessage, invalid: true });
      return;
    }
    setText(formatted);
    setError(null);
  }

  function applyAddField(result: AddFieldResult) {
    if (!result.ok) {
      setError({ message: ADD_FIELD_FAILED, invalid: true });
      return;
    }
    setText(result.text);
    setError(null);
    setAnnouncement(`Field ${result.name} added`);
  }

  function handleAddTypedField(type: string) {
    applyAddField(addTypedField(text, type));
  }

  function handleAddNamedField(name: string, type: string) {
    applyAddField(addNamedField(text, name, type));
  }

  /**
   * The editor's text parsed, or undefined once 'Invalid JSON format' is shown. The demo's type
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

  async function handleGenerate() {
    const parsed = parsedTemplate();
    if (!parsed) return;
    try {
      await generate(text, parsed.value);
      setAnnouncement('Preview generated');
    } catch (caught) {
      setError({
        message: errorMessage(caught, PREVIEW_FAILED),
        invalid: isTemplateRejection(caught),
      });
    }
  }

  async function handleCreate() {
    if (creating.current || !parsedTemplate()) return;
    creating.current = true;
    setIsCreating(true);
    try {
      const result = await create(text, method);
      if (result) {
        setCreated(result);
        setAnnouncement('API created');
      }
    } catch (caught) {
      setError({
        message: errorMessage(caught, CREATE_FAILED),
        invalid: isTemplateRejection(caught),
      });
    } finally {
      creating.current = false;
      setIsCreating(false);
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
        const rejected = isTemplateRejection(caught);
        setError({
          message: rejected ? errorMessage(caught, DOWNLOAD_FAILED) : DOWNLOAD_FAILED,
          invalid: rejected,
        });
        return;
      }
    }
    try {
      saveJsonFile(data);
      setAnnouncement('Download started');
    } catch {
      setError({ message: DOWNLOAD_FAILED, invalid: false });
    }
  }

  return {
    method,
    text,
    error,
    preview,
    created,
    isGenerating,
    isCreating,
    announcement,
    setText,
    setCreated,
    handleTextChange,
    handleMethodChange,
    handleFormat,
    handleAddTypedField,
    handleAddNamedField,
    handleGenerate,
    handleCreate,
    handleDownload,
  };
}
