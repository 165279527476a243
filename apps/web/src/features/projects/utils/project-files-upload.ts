/**
 * The files of an upload (a zip of a project's directory, the files of a folder picked, or loose
 * files) as the directory's files by path, as `POST /backend/projects/import/files` takes them:
 * `mocksmith.yaml` at the root, route files under `routes/`, collection files under
 * `collections/`, and the OpenAPI file the project file names (`spec:`) where it names it. Pure,
 * so that it is tested without a browser.
 */
import { strFromU8, unzipSync } from 'fflate';

/**
 * The most bytes of a project's own files the server takes (its limit of 8 MB, less the JSON
 * around the texts).
 */
export const MAX_UPLOAD_BYTES = 7 * 1024 * 1024;
/** The most bytes of the spec a project file names: an OpenAPI file's most. */
export const MAX_SPEC_BYTES = 10 * 1024 * 1024;
/** The most bytes an upload's files may hold in all. */
export const MAX_UPLOAD_TOTAL_BYTES = MAX_UPLOAD_BYTES + MAX_SPEC_BYTES;

const MIB = 1024 * 1024;
const encoder = new TextEncoder();
const bytesOf = (text: string) => encoder.encode(text).length;

const READ_EXTENSION = /\.(?:ya?ml|json)$/i;
const PROJECT_FILE = /^mocksmith\.(?:ya?ml|json)$/i;

/** A file of the upload: its path as the browser gives it (a folder's relative path, or its name). */
export interface UploadedText {
  path: string;
  text: string;
}

export type UploadFiles =
  | { ok: true; files: Record<string, string> }
  | { ok: false; message: string };

/**
 * The OpenAPI file a project file names (`spec: openapi.yaml`, or `"spec": ...` in JSON),
 * relative to its directory, or null.
 */
export function specNamedBy(projectFile: string): string | null {
  try {
    const value = (JSON.parse(projectFile) as { spec?: unknown }).spec;
    return typeof value === 'string' ? value.trim().replace(/^\.\//, '') : null;
  } catch {
    const line = /^spec:[ \t]*(.*?)[ \t]*(?:[ \t]#.*)?$/m.exec(projectFile)?.[1];
    if (!line) return null;
    const unquoted = /^(["'])(.*)\1$/.exec(line)?.[2] ?? line;
    return unquoted.replace(/^\.\//, '');
  }
}

/**
 * The project's files of an upload. A folder or zip holding the directory one folder down
 * (`mocks/mocksmith.yaml`) is read from that folder; loose files are placed by what they hold:
 * the project file at the root, a file with a `method` under `routes/`, any other under
 * `collections/`, but the spec the project file names, which stays where it names it. Files the
 * reader would not read (`.mocksmith/`, a README) are left out.
 */
export function projectFilesOf(uploaded: readonly UploadedText[]): UploadFiles {
  const paths = uploaded.map(({ path }) => path.replaceAll('\\', '/').replace(/^\/+/, ''));
  const root = paths.find((path) => PROJECT_FILE.test(path.slice(path.lastIndexOf('/') + 1)));
  if (root === undefined) {
    return {
      ok: false,
      message: 'No project file: the upload needs mocksmith.yaml (or mocksmith.json)',
    };
  }
  const prefix = root.slice(0, root.lastIndexOf('/') + 1);
  const spec = specNamedBy(uploaded[paths.indexOf(root)]?.text ?? '');
  const files: Record<string, string> = {};
  let own = 0;
  for (const [index, { text }] of uploaded.entries()) {
    const path = paths[index] as string;
    if (!path.startsWith(prefix)) continue;
    const inside = path.slice(prefix.length);
    if (inside === spec) {
      if (bytesOf(text) > MAX_SPEC_BYTES) {
        return { ok: false, message: `${spec} holds more than ${MAX_SPEC_BYTES / MIB} MB` };
      }
      files[inside] = text;
      continue;
    }
    if (!READ_EXTENSION.test(path)) continue;
    if (inside.startsWith('.mocksmith/') || inside.includes('/.')) continue;
    own += bytesOf(text);
    if (
      PROJECT_FILE.test(inside) ||
      inside.startsWith('routes/') ||
      inside.startsWith('collections/')
    ) {
      files[inside] = text;
    } else if (!inside.includes('/')) {
      // A loose file: a route says its method.
      const folder = /^\s*"?method"?\s*:/m.test(text) ? 'routes' : 'collections';
      files[`${folder}/${inside}`] = text;
    }
  }
  if (own > MAX_UPLOAD_BYTES) {
    return {
      ok: false,
      message: `The project file, routes and collections hold more than ${MAX_UPLOAD_BYTES / MIB} MB`,
    };
  }
  return { ok: true, files };
}

/** The texts of a zip's files, or why it cannot be read. */
export function textsOfZip(bytes: Uint8Array): UploadedText[] | string {
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(bytes, {
      // Only what the project may hold is unpacked: a zip of other things costs nothing.
      filter: (file) => READ_EXTENSION.test(file.name) && file.originalSize <= MAX_SPEC_BYTES,
    });
  } catch {
    return 'The zip could not be read: is it a zip file?';
  }
  let total = 0;
  const texts: UploadedText[] = [];
  for (const [path, data] of Object.entries(entries)) {
    total += data.length;
    if (total > MAX_UPLOAD_TOTAL_BYTES) {
      return `The zip holds more than ${MAX_UPLOAD_TOTAL_BYTES / MIB} MB of project files`;
    }
    texts.push({ path, text: strFromU8(data) });
  }
  return texts;
}
