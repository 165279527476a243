/** `.env.example` documents every variable the server reads, with its default. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { serverRoot } from './paths.ts';

it('lists every configuration variable with the default the server uses', () => {
  const example = readFileSync(join(serverRoot, '..', '..', '.env.example'), 'utf8');
  const documented = new Map(
    [...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=(.*)$/gm)].map((match) => [match[1], match[2]]),
  );
  const defaults = loadConfig({}) as unknown as Record<string, unknown>;
  const names = Object.keys(defaults).filter((name) => /^[A-Z][A-Z0-9_]+$/.test(name));
  expect(names.filter((name) => !documented.has(name))).toEqual([]);
  for (const name of names) {
    const value = defaults[name];
    if (typeof value !== 'number') continue;
    expect(Number(documented.get(name)), name).toBe(value);
  }
});
