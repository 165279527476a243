import { tagIssues, trimTags } from '@mocksmith/core/texts';

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
  const next = trimTags([...tags, tag]);
  const [problem] = tagIssues(next);
  return problem === undefined ? { ok: true, tags: next } : { ok: false, message: problem };
}
