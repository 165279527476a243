import type { SessionUser } from '@mocksmith/core/auth';

/** The stored user's fields and their types (core's `sessionUserSchema`; `?`: may be absent). */
const FIELDS: Record<keyof SessionUser, string> = {
  userId: 'string',
  email: 'string',
  username: 'string',
  isGoogle: 'boolean',
  isBanned: 'boolean',
  isAdmin: 'boolean?',
  firstSignIn: 'boolean?',
};

/**
 * Parses a stored value back into a user; anything malformed counts as nobody. A check of the
 * shape by hand rather than core's schema: it runs before a signed-in page's first render, and
 * the validation library would double the script that render waits for. The test holds it to the
 * schema's verdicts.
 */
export function parseStoredUser(value: string | null | undefined): SessionUser | null {
  if (!value) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const stored = parsed as Record<string, unknown>;
  const user: Record<string, unknown> = {};
  for (const [field, type] of Object.entries(FIELDS)) {
    const found = stored[field];
    if (found === undefined && type.endsWith('?')) continue;
    if (typeof found !== type.replace('?', '')) return null;
    user[field] = found;
  }
  return user as SessionUser;
}
