import { type RefObject, useEffect, useRef } from 'react';

/**
 * Calls `onVisible` whenever the element of `ref` scrolls into view (an IntersectionObserver,
 * where the browser has one; elsewhere nothing happens and a button does the same).
 */
export function useOnVisible(ref: RefObject<Element | null>, onVisible: () => void, on = true) {
  const latest = useRef(onVisible);
  latest.current = onVisible;
  useEffect(() => {
    const element = ref.current;
    if (!on || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, on]);
}
