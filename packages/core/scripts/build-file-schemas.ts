/**
 * Writes the JSON Schemas of a project directory's files (project-files/json-schema.ts) into
 * packages/core/schemas/, where editors and the documentation find them. Run after a change to
 * the format: a test fails while the committed files differ from what this writes.
 */
// biome-ignore lint/correctness/noNodejsModules: a maintenance script run by tsx, never bundled.
import { writeFileSync } from 'node:fs';
// biome-ignore lint/correctness/noNodejsModules: a maintenance script run by tsx, never bundled.
import { fileURLToPath } from 'node:url';
import {
  FILE_KINDS,
  fileJsonSchemaText,
  schemaFileName,
} from '../src/project-files/json-schema.ts';

for (const kind of FILE_KINDS) {
  const target = fileURLToPath(new URL(`../schemas/${schemaFileName(kind)}`, import.meta.url));
  writeFileSync(target, fileJsonSchemaText(kind));
  console.log(`wrote ${target}`);
}
