import { usePrefersReducedMotion } from '../../../hooks/use-prefers-reduced-motion.ts';
import { TYPEWRITER_WORDS } from '../constants.ts';
import { useTypewriter } from '../hooks/use-typewriter.ts';

/**
 * Types and deletes the words one after another. Screen readers get the whole list once instead
 * of a word changing every few milliseconds; with reduced motion the first word stays put.
 */
export function Typewriter() {
  const reducedMotion = usePrefersReducedMotion();
  const text = useTypewriter(TYPEWRITER_WORDS, !reducedMotion);

  return (
    <>
      <span className="sr-only">{TYPEWRITER_WORDS.join(', ')}</span>
      <span
        aria-hidden="true"
        data-testid="typewriter"
        className="block text-indigo-600 sm:inline dark:text-indigo-400"
      >
        {reducedMotion ? TYPEWRITER_WORDS[0] : text}
        <span className="ml-1 inline-block h-[1em] w-0.5 translate-y-[0.15em] animate-[caret-blink_1s_steps(1)_infinite] bg-current" />
      </span>
    </>
  );
}
