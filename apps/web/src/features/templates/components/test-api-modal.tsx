import { apiMessages, type UserApi } from '@mocksmith/core/schemas';
import * as Dialog from '@radix-ui/react-dialog';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { MethodBadge } from '../../../components/ui/method-badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { type TestResult, testApi } from '../api/test-api.ts';
import { fetchSnippet } from '../utils/fetch-snippet.ts';

/**
 * The Test API modal: the URL, Send Request, then the answer's status code and text and its
 * body, and the same request as fetch code.
 */
export function TestApiModal({
  template,
  onClose,
}: {
  template: UserApi | null;
  onClose: () => void;
}) {
  const [result, setResult] = useState<TestResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function handleSend() {
    if (!template || busy) return;
    setBusy(true);
    setError(null);
    try {
      setResult(await testApi(template.link, template.requestEnum, template.option.authToken));
    } catch (caught) {
      setResult(null);
      setError(caught instanceof Error && caught.message ? caught.message : apiMessages.testFailed);
    } finally {
      setBusy(false);
    }
  }

  function handleOpenChange(open: boolean) {
    if (open) return;
    setResult(null);
    setError(null);
    onClose();
  }

  const ok = result !== null && result.status < 400;
  return (
    <Dialog.Root open={template !== null} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses('wide'), 'space-y-4')}>
          <DialogHeader
            title="Test API"
            description={`${template?.name ?? ''}: calls the live URL as any client would.`}
          />
          {template ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <MethodBadge method={template.requestEnum} />
                <code className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm dark:bg-slate-900">
                  {template.link}
                </code>
                <Button onClick={handleSend} disabled={busy} aria-busy={busy}>
                  <Send className="size-4" aria-hidden="true" />
                  {busy ? 'Sending...' : 'Send Request'}
                </Button>
              </div>
              {error ? (
                <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                  {error}
                </p>
              ) : null}
              {result ? (
                <section aria-label="Response" className="space-y-2">
                  <p className="flex flex-wrap items-center gap-2 text-sm">
                    <span className="font-medium">Status:</span>
                    <span
                      className={cn(
                        'rounded px-2 py-0.5 font-mono font-semibold',
                        ok
                          ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
                          : 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
                      )}
                    >
                      {result.status} {result.statusText}
                    </span>
                    <span className="text-slate-600 dark:text-slate-400">
                      in {result.durationMs} ms
                    </span>
                  </p>
                  <CodeBlock code={result.body || '(empty body)'} label="Response body" />
                </section>
              ) : null}
              <div className="space-y-1">
                <p className="text-sm font-medium">The same request with fetch</p>
                <CodeBlock
                  code={fetchSnippet(
                    template.link,
                    template.requestEnum,
                    template.option.authToken,
                  )}
                  label="fetch snippet"
                />
              </div>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
