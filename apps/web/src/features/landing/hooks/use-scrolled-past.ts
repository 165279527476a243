import { useEffect, useState } from 'react';

/** True once window.scrollY is at least `threshold` pixels, following the scroll. */
export function useScrolledPast(threshold: number): boolean {
  // False until mounted (as the prerendered page is), then read from the page.
  const [past, setPast] = useState(false);

  useEffect(() => {
    const handleScroll = () => setPast(window.scrollY >= threshold);
    handleScroll();
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, [threshold]);

  return past;
}
