import { type SessionUser, sessionUserSchema } from '@mocksmith/core/auth';

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
