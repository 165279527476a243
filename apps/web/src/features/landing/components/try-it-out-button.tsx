import { ArrowDown } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { usePrefersReducedMotion } from '../../../hooks/use-prefers-reduced-motion.ts';
import { cn } from '../../../lib/cn.ts';
import { TRY_IT_OUT_HIDE_SCROLL_Y } from '../constants.ts';
import { useScrolledPast } from '../hooks/use-scrolled-past.ts';

/**
 * The 'Try it out' button: scrolls smoothly to the element with id `targetId` and moves focus
 * there. It hides once the page is scrolled 100 px or more.
 *
 * It belongs in the hero (a positioned box with 4rem of bottom padding). On a phone it is one of
 * the hero's buttons; from 640 px it floats in the hero's bottom right corner, over its padding.
 * Pinned to the screen instead, it covered whatever the first screen held there (the pills on a
 * phone, the demo's buttons on a laptop). Hidden, it keeps its room, so nothing moves.
 */
export function TryItOutButton({ targetId }: { targetId: string }) {
  const scrolledPast = useScrolledPast(TRY_IT_OUT_HIDE_SCROLL_Y);
  const reducedMotion = usePrefersReducedMotion();

  function handleClick() {
    const target = document.getElementById(targetId);
    if (!target) return;
    target.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }

  return (
    <div className={cn('sm:absolute sm:right-4 sm:bottom-3', scrolledPast && 'invisible')}>
      <Button onClick={handleClick} className="rounded-full shadow-lg shadow-indigo-600/30">
        <ArrowDown className="size-4" aria-hidden="true" />
        Try it out
      </Button>
    </div>
  );
}
