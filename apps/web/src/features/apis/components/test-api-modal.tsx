import { apiMessages } from '@mocksmith/core/texts';
import * as Dialog from '@radix-ui/react-dialog';
import { Send } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { MethodBadge } from '../../../components/ui/method-badge.tsx';
import { cn } from '../../../lib/cn.ts';
import { useTestApi } from '../api/test-api.ts';
import type { Api } from '../types.ts';
import { fetchSnippet } from '../utils/fetch-snippet.ts';

/**
 * The Test API modal: the URL, Send Request, then the answer's status code and text and its
 * body, and the same request as fetch code.
 */
export function TestApiModal({ api, onClose }: { api: Api | null; onClose: () => void }) {
  const testApi = useTestApi();
  const busy = testApi.isPending;
  const result = testApi.data ?? null;
  const error = testApi.error ? testApi.error.message || apiMessages.testFailed : null;

  function handleSend() {
    if (!api || busy) return;
    testApi.mutate(api);
  }

  function handleOpenChange(open: boolean) {
    if (open) return;
    testApi.reset();
    onClose();
  }

  const ok = result !== null && result.status < 400;
  return (
    <Dialog.Root open={api !== null} onOpenChange={handleOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses('wide'), 'space-y-4')}>
          <DialogHeader
            title="Test API"
            description={`${api?.name ?? ''}: calls the live URL as any client would.`}
          />
          {api ? (
            <>
              <div className="flex flex-wrap items-center gap-2">
                <MethodBadge method={api.method} />
                <code className="min-w-0 flex-1 break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm dark:bg-slate-900">
                  {api.url}
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
                <CodeBlock code={fetchSnippet(api)} label="fetch snippet" />
              </div>
            </>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
