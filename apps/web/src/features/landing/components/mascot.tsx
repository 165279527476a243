import { MASCOT_VISIBLE_MS } from '../constants.ts';
import { useVisibleFor } from '../hooks/use-visible-for.ts';

/**
 * A small decorative smith (braces for eyes, a hammer in hand) that waves for 10 s, then leaves.
 * It belongs in the hero (a positioned box): it stands in the hero's bottom left corner, over its
 * 4rem of bottom padding from 640 px and in the margin beside the centred text from 1024 px, so
 * it covers no text, and scrolls away with the hero. Fixed to the screen instead, it covered the
 * text that scrolled under it.
 */
export function Mascot() {
  const visible = useVisibleFor(MASCOT_VISIBLE_MS);
  if (!visible) return null;

  return (
    <div
      aria-hidden="true"
      data-testid="mascot"
      className="pointer-events-none absolute bottom-2 left-4 hidden animate-[mascot-bob_2s_ease-in-out_infinite] sm:block"
    >
      <svg
        viewBox="0 0 96 96"
        width="80"
        height="80"
        className="size-14 drop-shadow-lg lg:size-20"
        focusable="false"
        aria-hidden="true"
      >
        <ellipse cx="48" cy="90" rx="22" ry="4" className="fill-slate-900/10 dark:fill-black/30" />
        <rect x="20" y="26" width="48" height="52" rx="16" className="fill-indigo-500" />
        <rect
          x="26"
          y="34"
          width="36"
          height="24"
          rx="8"
          className="fill-white dark:fill-slate-100"
        />
        <path
          d="M36 40l-4 6 4 6M52 40l4 6-4 6"
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="stroke-indigo-700"
        />
        <path
          d="M38 66q6 5 12 0"
          fill="none"
          strokeWidth="3"
          strokeLinecap="round"
          className="stroke-white"
        />
        <circle cx="44" cy="20" r="4" className="fill-amber-400" />
        <path d="M44 24v4" strokeWidth="3" className="stroke-indigo-500" />
        <path d="M68 54l10-10" strokeWidth="4" strokeLinecap="round" className="stroke-amber-700" />
        <rect
          x="72"
          y="30"
          width="16"
          height="10"
          rx="2"
          transform="rotate(45 80 35)"
          className="fill-slate-500"
        />
      </svg>
    </div>
  );
}
