import { usePrefersReducedMotion } from '../../../hooks/use-prefers-reduced-motion.ts';
import { TYPEWRITER_WORDS } from '../constants.ts';
import { useTypewriter } from '../hooks/use-typewriter.ts';

const caretClasses = 'ml-1 inline-block h-[1em] w-0.5 translate-y-[0.15em] bg-current';

/**
 * Types and deletes the words one after another. Screen readers get the whole list once instead
 * of a word changing every few milliseconds; with reduced motion the first word stays put.
 *
 * The words are typed from the left of a box as wide as the longest one (every word stacked,
 * invisible, in one grid cell), so the centred line around them never moves as letters come
 * and go.
 */
export function Typewriter() {
  const reducedMotion = usePrefersReducedMotion();
  const text = useTypewriter(TYPEWRITER_WORDS, !reducedMotion);

  return (
    <>
      <span className="sr-only">{TYPEWRITER_WORDS.join(', ')}</span>
      <span aria-hidden="true" className="block text-indigo-600 sm:inline dark:text-indigo-400">
        <span className="inline-grid justify-items-start">
          {TYPEWRITER_WORDS.map((word) => (
            <span key={word} className="invisible col-start-1 row-start-1">
              {word}
              <span className={caretClasses} />
            </span>
          ))}
          <span data-testid="typewriter" className="col-start-1 row-start-1">
            {reducedMotion ? TYPEWRITER_WORDS[0] : text}
            <span className={`${caretClasses} animate-[caret-blink_1s_steps(1)_infinite]`} />
          </span>
        </span>
      </span>
    </>
  );
}
