import { useEffect, useState } from 'react';
import { nextBannerIndex } from '../lib/banner.ts';

/** An index that moves to the next of `count` items every `intervalMs` unless paused. */
export function useRotatingIndex(count: number, intervalMs: number, paused: boolean): number {
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (paused || count <= 1) return;
    const timer = setInterval(() => setIndex((i) => nextBannerIndex(i, count)), intervalMs);
    return () => clearInterval(timer);
  }, [count, intervalMs, paused]);

  return index;
}
