/** The subset of a keyboard event the key buffer looks at. */
export type KeyInput = {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
};

/** The subset of an event target that tells whether the visitor is typing into a field. */
export type KeyTarget = {
  tagName?: string;
  isContentEditable?: boolean;
} | null;

const LETTER = /^[a-z]$/i;

/** True when the key was typed into an input, a textarea, a select or an editable element. */
export function isTypingTarget(target: KeyTarget): boolean {
  if (!target) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName?.toUpperCase();
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT';
}

/**
 * Adds one keystroke to the buffer and keeps its last `length` letters. Only single letters count
 * (lower-cased); shortcuts with Ctrl, Meta or Alt and every other key leave the buffer unchanged.
 */
export function pushKey(buffer: string, input: KeyInput, length: number): string {
  if (input.ctrlKey || input.metaKey || input.altKey) return buffer;
  if (!LETTER.test(input.key)) return buffer;
  return (buffer + input.key.toLowerCase()).slice(-length);
}

/** True when the buffer's letters are exactly the secret word (case-insensitive). */
export function matchesSecret(buffer: string, secret: string): boolean {
  return secret.length > 0 && buffer === secret.toLowerCase();
}
