import { OPENAPI_EXTENSIONS } from '@mocksmith/core/texts';
import { FileUp, Loader2 } from 'lucide-react';
import { type DragEvent, type ReactNode, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';

/**
 * The one upload screen of an OpenAPI file, shared by the OpenAPI Import page (stand-alone APIs)
 * and a project's Import OpenAPI dialog: the drop zone (drop a .json, .yaml or .yml file, or
 * click to choose one), the hidden file input labelled "OpenAPI file", the status line the
 * screen fills (analysing, a countdown) and the problem under it. `onFile` gets the one file
 * dropped or picked, never while `disabled`; the input is emptied, so the same file can be
 * picked again. What the file is checked for and what is done with it is the screen's; the
 * extensions offered are an OpenAPI file's unless the screen takes others too (a project's
 * import also reads a .har file).
 */
export function OpenApiUpload({
  onFile,
  disabled,
  processing,
  status,
  error,
  compact = false,
  testId,
  onBlur,
  extensions = OPENAPI_EXTENSIONS,
}: {
  onFile: (file: File) => void;
  /** No file taken (an upload under way, a countdown). */
  disabled: boolean;
  /** A file is being analysed: the zone shows a spinner. */
  processing: boolean;
  /** The live status line's content (announced politely). */
  status: ReactNode;
  /** The problem with the last file, shown (and announced) under the status. */
  error: string | null;
  /** In a dialog: a lower zone, and the status and problem in small print. */
  compact?: boolean;
  /** The zone's test id, for the page's browser tests. */
  testId?: string;
  onBlur?: () => void;
  /** The extensions the picker offers and the zone lists; an OpenAPI file's by default. */
  extensions?: readonly string[];
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  function handleFile(file: File | undefined) {
    if (!file || disabled) return;
    if (input.current) input.current.value = '';
    onFile(file);
  }

  function handleDrop(event: DragEvent<HTMLElement>) {
    event.preventDefault();
    setDragging(false);
    handleFile(event.dataTransfer.files[0]);
  }

  return (
    <>
      <label
        htmlFor={inputId}
        data-testid={testId}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-6 text-center',
          compact ? 'py-8' : 'py-10',
          dragging
            ? 'border-indigo-500 bg-indigo-50 dark:bg-indigo-950'
            : 'border-slate-300 dark:border-slate-600',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        {processing ? (
          <Loader2 className="size-8 animate-spin" aria-hidden="true" />
        ) : (
          <FileUp className="size-8" aria-hidden="true" />
        )}
        <span className="font-medium">Drop an OpenAPI file here, or click to choose one</span>
        <span className="text-sm text-slate-600 dark:text-slate-300">{extensions.join(', ')}</span>
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        aria-label="OpenAPI file"
        accept={extensions.join(',')}
        disabled={disabled}
        className="sr-only"
        onBlur={onBlur}
        onChange={(event) => handleFile(event.target.files?.[0])}
      />
      <div role="status" aria-live="polite" className={cn('min-h-6', compact && 'text-sm')}>
        {status}
      </div>
      {error ? (
        <p
          role="alert"
          className={cn(
            'text-red-700 dark:text-red-400',
            compact && 'text-sm [overflow-wrap:anywhere]',
          )}
        >
          {error}
        </p>
      ) : null}
    </>
  );
}
