import { useEffect, useState } from 'react';

/** True from mount until `durationMs` later, then false for good. */
export function useVisibleFor(durationMs: number): boolean {
  const [visible, setVisible] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => setVisible(false), durationMs);
    return () => clearTimeout(timer);
  }, [durationMs]);

  return visible;
}
