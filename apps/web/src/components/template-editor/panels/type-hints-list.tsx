import { Lightbulb } from 'lucide-react';
import type { TypeHint } from '../text/type-hints.ts';

/** "Did you mean" notes under the editor for values that look like misspelt type names. */
export function TypeHintsList({
  hints,
  onApply,
}: {
  hints: readonly TypeHint[];
  onApply: (hint: TypeHint) => void;
}) {
  if (hints.length === 0) return null;
  return (
    <ul aria-label="Type hints" className="space-y-1">
      {hints.map((hint) => (
        <li
          key={hint.value}
          className="flex flex-wrap items-center gap-x-2 gap-y-1 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <Lightbulb className="size-4 shrink-0" aria-hidden="true" />
          <span>
            <code className="font-mono">{hint.value}</code> is not a data type and will be returned
            as text. Did you mean <code className="font-mono">{hint.suggestion}</code>?
          </span>
          <button
            type="button"
            onClick={() => onApply(hint)}
            className="rounded-sm font-medium underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            Use {hint.suggestion}
          </button>
        </li>
      ))}
    </ul>
  );
}
