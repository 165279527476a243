import type { SessionUser } from '@mocksmith/core/auth';
import { parseStoredUser } from './parse-stored-user.ts';

/** Local-storage key of the signed-in user (spec section 3). */
export const USER_STORAGE_KEY = 'user';

/** The stored text last checked, and the user it holds (null: nobody, or malformed). */
let checked: { text: string | null; user: SessionUser | null } = { text: null, user: null };

/** The stored text; private modes may throw on storage access, which counts as nothing stored. */
function storedText(): string | null {
  try {
    return window.localStorage.getItem(USER_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Reads and checks the user stored by the last sign-in (a check of its shape, without zod). */
export async function loadStoredUser(): Promise<SessionUser | null> {
  const text = storedText();
  if (text !== checked.text) {
    checked = { text, user: parseStoredUser(text) };
  }
  return checked.user;
}

/**
 * The stored user as `loadStoredUser` last checked it (main.tsx loads it before the first render),
 * or null when storage has changed since.
 */
export function readStoredUser(): SessionUser | null {
  return storedText() === checked.text ? checked.user : null;
}

/** Stores the signed-in user, or removes it when `user` is null. */
export function writeStoredUser(user: SessionUser | null): void {
  const text = user ? JSON.stringify(user) : null;
  checked = { text, user };
  try {
    if (text) window.localStorage.setItem(USER_STORAGE_KEY, text);
    else window.localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // Storage unavailable: the user stays signed in until the page is reloaded.
  }
}
