import { tagsSchema } from '@mocksmith/core/schemas';

/**
 * Adds a typed tag (trimmed) to `tags` with core's tag rules, or says why not: empty (no
 * message), longer than 20 characters, a repeat (ignoring case), or one more than 10.
 */
export function addTag(
  tags: readonly string[],
  typed: string,
): { ok: true; tags: string[] } | { ok: false; message: string | null } {
  const tag = typed.trim();
  if (tag === '') return { ok: false, message: null };
  const parsed = tagsSchema.safeParse([...tags, tag]);
  if (parsed.success) return { ok: true, tags: parsed.data };
  return { ok: false, message: parsed.error.issues[0]?.message ?? null };
}
