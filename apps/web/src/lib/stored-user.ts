import { type SessionUser, sessionUserSchema } from '@mocksmith/core/auth';

/** Local-storage key of the signed-in user (spec section 3). */
export const USER_STORAGE_KEY = 'user';

/** Parses a stored value back into a user; anything malformed counts as nobody. */
export function parseStoredUser(value: string | null | undefined): SessionUser | null {
  if (!value) return null;
  try {
    const parsed = sessionUserSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The user stored by the last sign-in, or null; private modes may throw on storage access. */
export function readStoredUser(): SessionUser | null {
  try {
    return parseStoredUser(window.localStorage.getItem(USER_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Stores the signed-in user, or removes it when `user` is null. */
export function writeStoredUser(user: SessionUser | null): void {
  try {
    if (user) window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else window.localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    // Storage unavailable: the user stays signed in until the page is reloaded.
  }
}
