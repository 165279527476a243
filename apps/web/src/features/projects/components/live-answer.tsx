import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { cn } from '../../../lib/cn.ts';
import type { LiveAnswer } from '../api/call-route.ts';

/** The value of one of the answer's headers (names in lower case), or undefined. */
function headerOf(answer: LiveAnswer, name: string): string | undefined {
  return answer.headers.find(([key]) => key === name)?.[1];
}

/** A name as a header carries it: ASCII as it is, anything else percent-encoded. */
function headerName(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Which response answered and which rule picked it, from the answer's X-Mock-Response and
 * X-Mock-Rule headers: `Answered by response ok · rule 2`, or `· rule “Gold plan”` for a rule
 * with a name (the header names a named rule, numbers the others). With `ruleCount` (the
 * route's rules), an answer no rule picked says so.
 */
export function answeredByText(answer: LiveAnswer, ruleCount = 0): string | undefined {
  const response = headerOf(answer, 'x-mock-response');
  if (response === undefined) return undefined;
  const rule = headerOf(answer, 'x-mock-rule');
  const named = rule === undefined || /^\d+$/.test(rule) ? rule : `“${headerName(rule)}”`;
  const how = named !== undefined ? ` · rule ${named}` : ruleCount > 0 ? ' · no rule matched' : '';
  return `Answered by response ${headerName(response)}${how}`;
}

/**
 * The answer of a test call: status and text, time, which response answered (and which rule
 * picked it), headers and body. `ruleCount` is the route's number of rules.
 */
export function AnswerView({ answer, ruleCount = 0 }: { answer: LiveAnswer; ruleCount?: number }) {
  const ok = answer.status < 400;
  const answeredBy = answeredByText(answer, ruleCount);
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
      {answeredBy ? (
        <p
          data-testid="test-answered-by"
          className="w-fit rounded bg-indigo-50 px-2 py-1 text-sm font-medium text-indigo-900 [overflow-wrap:anywhere] dark:bg-indigo-950 dark:text-indigo-100"
        >
          {answeredBy}
        </p>
      ) : null}
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
