/**
 * A file's text parsed with the positions of its values, so that a problem found in the value
 * (a zod issue, a template's issue, a clash between files) is told at the line of its key. YAML
 * and JSON are both read with the `yaml` package, which keeps the ranges JSON.parse drops; a
 * `.json` file must be JSON too, so it is also read by JSON.parse.
 */
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import type { FileProblem } from './bundle.ts';

/** A path into a file's value: keys and list indexes. */
export type ValuePath = readonly PropertyKey[];

/** A file read: its value, and the line of any path into it. */
export interface ParsedFile {
  value: unknown;
  lineOf(path: ValuePath): number;
}

export type ParseResult = { ok: true; file: ParsedFile } | { ok: false; problems: FileProblem[] };

/** Parses a file's text (YAML, or JSON for a `.json` file); never throws. */
export function parseFileText(file: string, text: string): ParseResult {
  const counter = new LineCounter();
  const document = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  const line = (offset: number) => counter.linePos(offset).line;
  if (document.errors.length > 0) {
    return {
      ok: false,
      problems: document.errors.map((error) => ({
        file,
        line: line(error.pos[0]),
        message: error.message,
      })),
    };
  }
  if (file.endsWith('.json')) {
    try {
      JSON.parse(text);
    } catch (error) {
      // V8 says where: "... at position 12" or "(line 3 column 5)".
      const said = error instanceof Error ? error.message : String(error);
      const at = /position (\d+)/.exec(said);
      const problem: FileProblem = { file, message: `This .json file is not JSON: ${said}` };
      const lineSaid = /line (\d+)/.exec(said);
      if (lineSaid) problem.line = Number(lineSaid[1]);
      else if (at) problem.line = line(Number(at[1]));
      return { ok: false, problems: [problem] };
    }
  }
  const contents = document.contents;
  if (contents === null || (isScalar(contents) && contents.value === null)) {
    return { ok: false, problems: [{ file, line: 1, message: 'The file is empty' }] };
  }
  // The yaml package's own guard against a billion laughs (aliases of aliases) stays on.
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, problems: [{ file, line: 1, message }] };
  }
  return { ok: true, file: { value, lineOf: (path) => lineOfPath(contents, path, line) } };
}

/**
 * The line of a path into a document: of the key that holds its value, or of the list item;
 * where the path leaves the document (a key that is missing), the line of the deepest part of
 * it that is there.
 */
function lineOfPath(root: Node, path: ValuePath, line: (offset: number) => number): number {
  let node: unknown = root;
  let at = line(root.range?.[0] ?? 0);
  for (const segment of path) {
    if (isMap(node)) {
      const pair = node.items.find((item) => {
        const key = isScalar(item.key) ? item.key.value : item.key;
        return String(key) === String(segment);
      });
      if (!pair) break;
      const keyRange = isScalar(pair.key) ? pair.key.range : undefined;
      if (keyRange) at = line(keyRange[0]);
      node = pair.value;
    } else if (isSeq(node)) {
      const item = node.items[Number(segment)];
      if (!item) break;
      const range = (item as Node).range;
      if (range) at = line(range[0]);
      node = item;
    } else break;
  }
  return at;
}

/**
 * The keys and indexes of a template's JSONPath (template/path.ts writes them: `$.orders[0]`,
 * `$["first name"]`), as far as it reads.
 */
export function segmentsOfJsonPath(path: string): PropertyKey[] {
  const segments: PropertyKey[] = [];
  const pattern = /\.([A-Za-z_$][A-Za-z0-9_$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/y;
  pattern.lastIndex = path.startsWith('$') ? 1 : 0;
  for (let match = pattern.exec(path); match; match = pattern.exec(path)) {
    if (match[1] !== undefined) segments.push(match[1]);
    else if (match[2] !== undefined) segments.push(Number(match[2]));
    else if (match[3] !== undefined) segments.push(JSON.parse(match[3]) as string);
  }
  return segments;
}

/** `responses[0].status`: a path as a problem names it. */
export function formatValuePath(path: ValuePath): string {
  let text = '';
  for (const segment of path) {
    if (typeof segment === 'number') text += `[${segment}]`;
    else text += text === '' ? String(segment) : `.${String(segment)}`;
  }
  return text;
}
