import { TriangleAlert } from 'lucide-react';
import type { TypeHint } from '../text/type-hints.ts';
import { typeWarningTexts } from '../texts.ts';

/**
 * Warnings under the editor for values that look like misspelt type names (they would be returned
 * as text), each with a button per type it may mean. Announced politely as they change; the
 * editor underlines the same values.
 */
export function TypeHintsList({
  hints,
  onApply,
}: {
  hints: readonly TypeHint[];
  /** Replaces `value` with the type `name` in the template. */
  onApply: (value: string, name: string) => void;
}) {
  return (
    <div aria-live="polite">
      {hints.length === 0 ? null : (
        <ul aria-label={typeWarningTexts.listLabel} className="space-y-1">
          {hints.map((hint) => (
            <li
              key={hint.value}
              className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 [overflow-wrap:anywhere] dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
            >
              <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
              <span>
                <code className="font-mono">{hint.value}</code> ({hint.path}){' '}
                {typeWarningTexts.notAType} {typeWarningTexts.didYouMean(
                  hint.suggestions.length,
                )}{' '}
              </span>
              {hint.suggestions.map((name) => (
                <button
                  key={name}
                  type="button"
                  onClick={() => onApply(hint.value, name)}
                  className="rounded-sm font-mono font-medium underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                  aria-label={typeWarningTexts.buttonLabel(name, hint.value)}
                >
                  {name}
                </button>
              ))}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
