/**
 * Projects and their routes in PostgreSQL (Drizzle). A route is a row of `apis` with a
 * `projectId`, a `routePath` and its `responses`; a project's `version` grows with every change
 * of it or of its routes.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type ApiRow, apis, type ProjectRow, projects } from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';

/** A project as the mock URLs need it: its routes in full, and whether its owner is banned. */
export interface MockProjectRow {
  project: ProjectRow;
  ownerBanned: boolean;
  routes: ApiRow[];
}

export function createProjectsRepository(db: Database) {
  return {
    /** The project with this slug and all its routes (two queries), or null. */
    async findMockProject(slug: string): Promise<MockProjectRow | null> {
      const [found] = await db
        .select({ project: projects, banned: users.banned })
        .from(projects)
        .innerJoin(users, eq(users.id, projects.ownerId))
        .where(eq(projects.slug, slug))
        .limit(1);
      if (!found) return null;
      const routes = await db
        .select()
        .from(apis)
        .where(eq(apis.projectId, found.project.id))
        .orderBy(asc(apis.routePath), asc(apis.method));
      return { project: found.project, ownerBanned: found.banned === true, routes };
    },
  };
}

export type ProjectsRepository = ReturnType<typeof createProjectsRepository>;
