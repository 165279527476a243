import type { Inferred } from '@mocksmith/core';
import * as Dialog from '@radix-ui/react-dialog';
import { Check, Wand2 } from 'lucide-react';
import { type RefObject, useId, useRef, useState } from 'react';
import { cn } from '../../../lib/cn.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { Button } from '../../ui/button.tsx';
import { CodeBlock } from '../../ui/code-block.tsx';
import { dialogContentClasses, overlayClasses } from '../../ui/dialog-classes.ts';
import { DialogHeader } from '../../ui/dialog-header.tsx';
import { useInferTemplate } from '../api/infer-template.ts';
import { usePreviewTemplate } from '../api/preview-template.ts';
import { JsonEditor } from '../json-editor/json-editor.tsx';
import { prettyJson } from '../text/template-text.ts';
import { editorTexts } from '../texts.ts';
import { chosenText, inferFailureMessage, readSample } from './sample.ts';
import { fromSampleTexts as texts } from './texts.ts';

/** A template made from the sample, with its text as the editor will hold it. */
interface Made {
  inferred: Inferred;
  text: string;
}

/**
 * The open 'From a sample' dialog: the sample pasted in a JSON editor, Make template (the
 * server's inference), then the template, a preview of what it generates and the report per
 * field; Use this template hands the template's text over and closes. A sample that is not JSON
 * is refused here, naming the parser's problem; the server's refusals (too large, too deep,
 * throttled) show in the same place. Opening focuses the sample; closing puts the focus back on
 * the button that opened it.
 */
export function FromSampleModal({
  onAccept,
  onClose,
  opener,
}: {
  onAccept: (templateText: string) => void;
  onClose: () => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const problemId = useId();
  const content = useRef<HTMLDivElement>(null);
  const [sample, setSample] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [made, setMade] = useState<Made | null>(null);
  const infer = useInferTemplate();
  const preview = usePreviewTemplate();
  /** Counts the samples: an answer for a sample edited since is dropped. */
  const version = useRef(0);

  function handleSampleChange(text: string) {
    // A result beside a changed sample would be of another sample: it goes with the edit.
    version.current += 1;
    setSample(text);
    setProblem(null);
    setMade(null);
    preview.reset();
  }

  async function handleMake() {
    if (infer.isPending) return;
    const read = readSample(sample);
    setMade(null);
    preview.reset();
    if (!read.ok) {
      setProblem(read.message);
      return;
    }
    setProblem(null);
    const asked = version.current;
    try {
      const inferred = await infer.mutateAsync(read.value);
      if (asked !== version.current) return;
      const text = prettyJson(inferred.template);
      setMade({ inferred, text });
      preview.mutate({ source: text, template: inferred.template });
    } catch (caught) {
      if (asked !== version.current) return;
      setProblem(inferFailureMessage(caught));
    }
  }

  function handleAccept() {
    if (!made) return;
    onAccept(made.text);
    toast.success(texts.accepted);
    onClose();
  }

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content
          ref={content}
          // The sample takes the focus rather than the close icon: pasting is the first step.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.querySelector<HTMLElement>('[aria-label="JSON sample"]')?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          className={cn(dialogContentClasses('wide'), 'flex flex-col gap-4')}
        >
          <DialogHeader title={texts.title} description={texts.description} />
          <JsonEditor
            value={sample}
            onChange={handleSampleChange}
            label={texts.sampleLabel}
            errorId={problem ? problemId : undefined}
            invalid={problem !== null}
          />
          {problem ? (
            <p
              id={problemId}
              role="alert"
              className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800 [overflow-wrap:anywhere] dark:border-red-800 dark:bg-red-950/50 dark:text-red-200"
            >
              {problem}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button
              variant="secondary"
              onClick={handleMake}
              disabled={infer.isPending}
              aria-busy={infer.isPending}
            >
              <Wand2 className="size-4" aria-hidden="true" />
              {infer.isPending ? texts.making : texts.make}
            </Button>
          </div>
          {made ? (
            <>
              <div className="grid gap-4 lg:grid-cols-2">
                <CodeBlock code={made.text} label={texts.templateLabel} wrap />
                <PreviewOf preview={preview} />
              </div>
              <Report inferred={made.inferred} />
            </>
          ) : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Dialog.Close asChild>
              <Button variant="secondary">{texts.cancel}</Button>
            </Dialog.Close>
            <Button onClick={handleAccept} disabled={!made}>
              <Check className="size-4" aria-hidden="true" />
              {texts.accept}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** The body the template generates, as the editors' preview makes it, or why there is none. */
function PreviewOf({ preview }: { preview: ReturnType<typeof usePreviewTemplate> }) {
  if (preview.data) return <CodeBlock code={preview.data.text} label={texts.previewLabel} wrap />;
  if (preview.error) {
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {toUserMessage(preview.error, editorTexts.previewFailed)}
      </p>
    );
  }
  return (
    <p
      aria-live="polite"
      className="flex items-center justify-center rounded-md border border-dashed border-slate-300 p-6 text-sm text-slate-600 dark:border-slate-600 dark:text-slate-300"
    >
      {texts.previewing}
    </p>
  );
}

/** The report: per field of the sample, the template value chosen and why. */
function Report({ inferred }: { inferred: Inferred }) {
  return (
    // No scrolling box of its own: the dialog scrolls, and keyboard users reach every row with it.
    <div className="rounded-md border border-slate-200 dark:border-slate-700">
      <table className="w-full text-left text-sm">
        <caption className="bg-slate-100 px-3 py-2 text-left font-semibold dark:bg-slate-900">
          {texts.reportTitle}
        </caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="px-3 py-2 font-medium">
              {texts.reportField}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {texts.reportChosen}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {texts.reportWhy}
            </th>
          </tr>
        </thead>
        <tbody>
          {inferred.report.map((note) => (
            <tr
              key={note.path}
              className="border-b border-slate-100 align-top last:border-0 dark:border-slate-800"
            >
              <th scope="row" className="px-3 py-2 font-mono font-normal break-all">
                {note.path}
              </th>
              <td className="px-3 py-2 font-mono break-all">{chosenText(note.chosen)}</td>
              <td className="px-3 py-2">
                {note.why}
                {note.literal ? (
                  <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
                    {texts.kept}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
