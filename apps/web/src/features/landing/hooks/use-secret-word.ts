import { useEffect, useRef } from 'react';
import { isTypingTarget, matchesSecret, pushKey } from '../lib/easter-egg.ts';

/**
 * Calls `onMatch` when the last letters typed on the page (outside fields and editors) spell
 * `secret`. The buffer starts over after a match.
 */
export function useSecretWord(secret: string, onMatch: () => void): void {
  const onMatchRef = useRef(onMatch);

  useEffect(() => {
    onMatchRef.current = onMatch;
  });

  useEffect(() => {
    let buffer = '';
    const handleKeyDown = (event: KeyboardEvent) => {
      if (isTypingTarget(event.target as HTMLElement | null)) return;
      buffer = pushKey(buffer, event, secret.length);
      if (matchesSecret(buffer, secret)) {
        buffer = '';
        onMatchRef.current();
      }
    };
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, [secret]);
}
