import { createCollectionInputSchema } from '@mocksmith/core/collections';
import {
  createProjectInputSchema,
  routeInputSchema,
  updateProjectInputSchema,
} from '@mocksmith/core/projects';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { backendExamples, type CurlExample } from './backend-examples.ts';

const origins = { app: 'https://app.example.com', mock: 'https://mocks.example.com' };
const examples = backendExamples(origins);
const all: CurlExample[] = Object.values(examples).flatMap((section) => Object.values(section));

/** The JSON a command sends (`-d '...'`), parsed. */
function bodyOf(example: CurlExample): unknown {
  const match = /-d '([^']*)'$/.exec(example.command);
  if (!match) throw new Error(`no body in ${example.label}`);
  return JSON.parse(match[1] as string);
}

describe('the documentation’s commands', () => {
  it('send bodies the management API takes', () => {
    const checks: [CurlExample, z.ZodType][] = [
      [examples.projects.create, createProjectInputSchema],
      [examples.projects.addRoute, routeInputSchema],
      [examples.collections.create, createCollectionInputSchema],
      [examples.rules.create, routeInputSchema],
      [examples.networkProfiles.set, updateProjectInputSchema],
      [examples.networkProfiles.off, updateProjectInputSchema],
    ];
    for (const [example, schema] of checks) {
      const parsed = schema.safeParse(bodyOf(example));
      expect(parsed.error?.issues ?? [], example.label).toEqual([]);
    }
  });

  it('name the site’s origin for the management API and the mock origin for the mocks', () => {
    for (const example of all) {
      const urls = example.command.match(/https?:\/\/[^\s"']+/g) ?? [];
      expect(urls.length, example.label).toBeGreaterThan(0);
      for (const url of urls) {
        const expected = new URL(url).pathname.startsWith('/backend/') ? origins.app : origins.mock;
        expect(new URL(url).origin, example.label).toBe(expected);
      }
    }
  });

  it('send the key to the management API and to nothing else', () => {
    for (const example of all) {
      const management = example.command.includes('/backend/');
      expect(example.command.includes('$MOCKSMITH_KEY'), example.label).toBe(management);
    }
  });
});
