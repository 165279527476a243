/**
 * Where a directory pulled from a hosted project came from (issue 38): `.mocksmith/hosted.json`,
 * beside the JSON Schemas, holding the project's id, its slug and the version the files were
 * pulled at. `push` sends that version, and the server refuses files pulled before a later edit
 * unless forced. It is no file of the project (the reader leaves `.mocksmith/` alone), so that
 * exporting an unchanged project still gives the same project files.
 */
import { z } from '../schemas/zod.ts';
import { SCHEMA_FOLDER } from './write.ts';

/** The file's path in the directory. */
export const HOSTED_FILE = `${SCHEMA_FOLDER}/hosted.json`;

export const hostedOriginSchema = z.strictObject({
  project: z.string().min(1).max(64),
  slug: z.string().min(1).max(63),
  version: z.number().int().min(1),
});
export type HostedOrigin = z.infer<typeof hostedOriginSchema>;

export function hostedFileText(origin: HostedOrigin): string {
  const { project, slug, version } = origin;
  return `${JSON.stringify({ project, slug, version }, null, 2)}\n`;
}

/** The origin a `hosted.json` holds, or why it holds none. */
export function parseHostedFile(
  text: string,
): { ok: true; value: HostedOrigin } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, message: `${HOSTED_FILE} is not JSON` };
  }
  const parsed = hostedOriginSchema.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      message: `${HOSTED_FILE} must hold the project's id, slug and version: ${parsed.error.issues[0]?.message ?? ''}`,
    };
  }
  return { ok: true, value: parsed.data };
}
