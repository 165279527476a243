import { useEffect, useState } from 'react';

/** True once window.scrollY is at least `threshold` pixels, following the scroll. */
export function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(() => window.scrollY >= threshold);

  useEffect(() => {
    const handleScroll = () => setPast(window.scrollY >= threshold);
    handleScroll();
    window.addEventListener('scroll', handleScroll, { passive: true });
    return () => window.removeEventListener('scroll', handleScroll);
  }, [threshold]);

  return past;
}
