import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { cn } from '../../../lib/cn.ts';
import type { LiveAnswer } from '../api/call-route.ts';

/** The answer of a test call: status and text, time, headers and body. */
export function AnswerView({ answer }: { answer: LiveAnswer }) {
  const ok = answer.status < 400;
  return (
    <section aria-label="Response" className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Status:</span>
        <span
          data-testid="test-status"
          className={cn(
            'rounded px-2 py-0.5 font-mono font-semibold',
            ok
              ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
              : 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
          )}
        >
          {answer.status} {answer.statusText}
        </span>
        <span className="text-slate-600 dark:text-slate-400">in {answer.durationMs} ms</span>
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">
          Response headers ({answer.headers.length})
        </summary>
        <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 font-mono text-xs [overflow-wrap:anywhere]">
          {answer.headers.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-slate-600 dark:text-slate-400">{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <CodeBlock code={answer.body || '(empty body)'} label="Response body" wrap />
    </section>
  );
}
