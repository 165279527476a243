import { ArrowDown } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { usePrefersReducedMotion } from '../../../hooks/use-prefers-reduced-motion.ts';
import { TRY_IT_OUT_HIDE_SCROLL_Y } from '../constants.ts';
import { useScrolledPast } from '../hooks/use-scrolled-past.ts';

/**
 * The floating 'Try it out' button: scrolls smoothly to the element with id `targetId` and moves
 * focus there. It leaves the page once it is scrolled 100 px or more.
 */
export function TryItOutButton({ targetId }: { targetId: string }) {
  const scrolledPast = useScrolledPast(TRY_IT_OUT_HIDE_SCROLL_Y);
  const reducedMotion = usePrefersReducedMotion();

  if (scrolledPast) return null;

  function handleClick() {
    const target = document.getElementById(targetId);
    if (!target) return;
    target.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  }

  return (
    <div className="fixed right-4 bottom-4 z-30 sm:right-6 sm:bottom-6">
      <Button onClick={handleClick} className="rounded-full shadow-lg shadow-indigo-600/30">
        <ArrowDown className="size-4" aria-hidden="true" />
        Try it out
      </Button>
    </div>
  );
}
