/**
 * Projects of the browser tests, made as the page's own screens make them: through the
 * management API (`/backend/projects...`), with the signed-in page's session.
 */
import { randomBytes } from 'node:crypto';
import { type routeInputSchema, suggestSlug } from '@mocksmith/core/projects';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { z } from 'zod';

/** A route as the management API takes it (defaults left out). */
export type RouteSeed = z.input<typeof routeInputSchema>;

export interface CreatedProject {
  id: string;
  slug: string;
  baseUrl: string;
}

/**
 * A slug suggested from `name` with a suffix of its own: slugs are unique across every user of
 * the server, which the test files share.
 */
export function uniqueSlug(name: string): string {
  return `${suggestSlug(name).slice(0, 50).replace(/-+$/, '')}-${randomBytes(4).toString('hex')}`;
}

/** Creates a project with these routes; its id, slug and base URL. */
export async function createProject(
  page: Page,
  name: string,
  routes: readonly RouteSeed[],
): Promise<CreatedProject> {
  const answer = await page.evaluate(
    async ({ name, slug, routes }) => {
      const send = async (url: string, body: unknown) => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify(body),
        });
        return { status: res.status, body: await res.json() };
      };
      const project = await send('/backend/projects', { name, slug });
      const statuses: number[] = [];
      for (const route of routes) {
        statuses.push((await send(`/backend/projects/${project.body.id}/routes`, route)).status);
      }
      return { project, statuses };
    },
    { name, slug: uniqueSlug(name), routes },
  );
  expect(answer.project.status, JSON.stringify(answer.project.body)).toBe(201);
  expect(answer.statuses).toEqual(routes.map(() => 201));
  return answer.project.body as CreatedProject;
}
