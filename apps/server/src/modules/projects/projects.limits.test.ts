/**
 * The projects' limits (projects per account, routes per project) at their real values, also
 * under calls sent at once; the stand-alone APIs' limit, which routes leave alone; and every
 * change reaching another node through Redis: the project's base URL and its routes' stand-alone URLs.
 */
import { ErrorCode, type UserApi } from '@mocksmith/core';
import {
  MAX_PROJECTS_PER_USER,
  MAX_ROUTES_PER_PROJECT,
  type Project,
} from '@mocksmith/core/projects';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import {
  insertProjects,
  insertRoutes,
  projectCalls,
  responseBody,
  routeBody,
} from '../../../test/projects.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { apiCalls } from '../../../test/user-apis.ts';
import { apis, projects } from '../../db/schema/apis.ts';
import { connectRedis, databaseIdentity } from '../../lib/redis.ts';

/** Low, so that the test reaches it with a few calls. */
const MAX_APIS = 2;

let t: TestApp;
let sink: SmtpSink;
let calls: ReturnType<typeof projectCalls>;
let standAloneCalls: ReturnType<typeof apiCalls>;
let signUp: (email: string) => Promise<{ cookie: string; userId: string }>;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url, MAX_APIS_PER_ACCOUNT: String(MAX_APIS) });
  calls = projectCalls(t.app);
  standAloneCalls = apiCalls(t.app);
  const steps = accountSteps(t.app, sink);
  signUp = async (email) => {
    const { cookie, user } = await steps.signUp(email);
    return { cookie, userId: user.userId };
  };
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const projectCount = async (ownerId: string) =>
  (await t.database.db.select().from(projects).where(eq(projects.ownerId, ownerId))).length;
const routeCount = async (projectId: string) =>
  (await t.database.db.select().from(apis).where(eq(apis.projectId, projectId))).length;

describe('projects per account', () => {
  it(`creates the ${MAX_PROJECTS_PER_USER}th project and refuses the next, naming the limit`, async () => {
    const { cookie, userId } = await signUp('many-projects@example.test');
    await insertProjects(t.database.db, userId, MAX_PROJECTS_PER_USER - 1);
    const last = await calls.create(cookie, { name: 'The last one' });
    expect(last.statusCode, last.body).toBe(201);
    const refused = await calls.create(cookie, { name: 'One too many' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: ErrorCode.PROJECT_LIMIT_REACHED,
      message: `An account may have at most ${MAX_PROJECTS_PER_USER} projects; this one has ${MAX_PROJECTS_PER_USER}. Delete one to make room`,
    });
    expect(await projectCount(userId)).toBe(MAX_PROJECTS_PER_USER);
  });

  it('lets only as many of the creates sent at once through as there is room for', async () => {
    const { cookie, userId } = await signUp('racing-projects@example.test');
    await insertProjects(t.database.db, userId, MAX_PROJECTS_PER_USER - 2);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => calls.create(cookie, { name: 'Racing' })),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 403, 403, 403, 403]);
    expect(await projectCount(userId)).toBe(MAX_PROJECTS_PER_USER);
    // The two that won took the suggested slug and the next one.
    const slugs = answers.filter((res) => res.statusCode === 201).map((res) => res.json().slug);
    expect(slugs.sort()).toEqual(['racing', 'racing-2']);
  });
});

describe('routes per project', () => {
  let cookie: string;
  beforeAll(async () => {
    ({ cookie } = await signUp('many-routes@example.test'));
  });

  /** A project holding `stored` routes put there through the repository. */
  async function projectWith(stored: number): Promise<Project> {
    const res = await calls.create(cookie, { name: 'Full house' });
    expect(res.statusCode).toBe(201);
    const project: Project = res.json();
    const [row] = await t.database.db.select().from(projects).where(eq(projects.id, project.id));
    await insertRoutes(t.database.db, row!, stored);
    return project;
  }

  it(`adds the ${MAX_ROUTES_PER_PROJECT}th route and refuses the next, and a move in`, async () => {
    const project = await projectWith(MAX_ROUTES_PER_PROJECT - 1);
    const last = await calls.createRoute(cookie, project.id, routeBody('/last'));
    expect(last.statusCode, last.body).toBe(201);
    const message = `A project may have at most ${MAX_ROUTES_PER_PROJECT} routes; "Full house" has ${MAX_ROUTES_PER_PROJECT}. Delete some to make room`;
    const refused = await calls.createRoute(cookie, project.id, routeBody('/over'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: ErrorCode.ROUTE_LIMIT_REACHED, message });

    const api = await standAloneCalls.create(cookie, { customEndpoint: '/waiting' });
    const moved = await calls.moveIn(cookie, project.id, { apiId: api.json().id, path: '/in' });
    expect(moved.statusCode).toBe(403);
    expect(moved.json().message).toBe(message);
    expect(await routeCount(project.id)).toBe(MAX_ROUTES_PER_PROJECT);
    // The full project still answers its page, every route listed.
    const detail = await calls.get(cookie, project.id);
    expect(detail.json().routes).toHaveLength(MAX_ROUTES_PER_PROJECT);
  });

  it('lets only as many of the routes sent at once through as there is room for', async () => {
    const project = await projectWith(MAX_ROUTES_PER_PROJECT - 2);
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        calls.createRoute(cookie, project.id, routeBody(`/r${i}`)),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 201, 403, 403, 403, 403]);
    expect(await routeCount(project.id)).toBe(MAX_ROUTES_PER_PROJECT);
  });

  it('gives one of two routes of the same method and path sent at once a 409', async () => {
    const project = await projectWith(0);
    const answers = await Promise.all(
      ['/same/{a}', '/same/{b}'].map((path) =>
        calls.createRoute(cookie, project.id, routeBody(path)),
      ),
    );
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.statusCode === 409)!;
    expect(refused.json().message).toMatch(
      /^GET \/same\/\{[ab]\} already exists in this project \("GET \/same\/\{[ab]\}"\)$/,
    );
  });
});

describe('the stand-alone APIs’ limit', () => {
  it('leaves routes out of the APIs an account may have, and counts one moving out', async () => {
    const { cookie, userId } = await signUp('api-limit@example.test');
    const project: Project = (await calls.create(cookie, { name: 'Holder' })).json();
    const first = await standAloneCalls.create(cookie, { customEndpoint: '/one' });
    await standAloneCalls.create(cookie, { customEndpoint: '/two' });
    expect((await standAloneCalls.create(cookie, { customEndpoint: '/three' })).statusCode).toBe(
      403,
    );

    // Moved into the project, it leaves room for another API.
    const moved = await calls.moveIn(cookie, project.id, { apiId: first.json().id, path: '/one' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await standAloneCalls.create(cookie, { customEndpoint: '/three' })).statusCode).toBe(
      201,
    );
    // Routes added by hand take no room either.
    await calls.createRoute(cookie, project.id, routeBody('/many'));
    const listed: UserApi[] = (await standAloneCalls.list(cookie, userId)).json();
    expect(listed.map((api) => api.customEndpoint).sort()).toEqual(['/three', '/two']);

    // Moving it out would pass the limit.
    const out = await calls.moveOut(cookie, project.id, first.json().id);
    expect(out.statusCode).toBe(403);
    expect(out.json()).toMatchObject({
      code: ErrorCode.API_LIMIT_REACHED,
      message: `An account may have at most ${MAX_APIS} APIs; this one has ${MAX_APIS}. Delete some to make room`,
    });
    expect(await routeCount(project.id)).toBe(2);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('two nodes sharing Redis', () => {
  it('shows every change of a project and its routes on the other node', async () => {
    const a = await buildTestApp({ SMTP_URL: sink.url }, { database: t.database, redis: true });
    const b = await buildTestApp({}, { database: t.database, redis: true });
    // What every node hears (lib/invalidation.ts's channel), to check the keys themselves too;
    // it confirms each change as a node does, or every change would wait for it.
    const listener = connectRedis(process.env.TEST_REDIS_URL!);
    const confirmer = connectRedis(process.env.TEST_REDIS_URL!);
    const channel = `mocksmith:template-changed:${databaseIdentity(t.database.db)}`;
    const heard: string[] = [];
    listener.on('message', (_channel: string, text: string) => {
      const { node, id, key } = JSON.parse(text) as { node: string; id: number; key: string };
      heard.push(key);
      void confirmer.publish(`${channel}:confirmed:${node}`, `${id} listener`);
    });
    await listener.subscribe(channel);
    try {
      const { cookie } = await accountSteps(a.app, sink).signUp('two-nodes@example.test');
      const onA = projectCalls(a.app);
      const atB = async (url: string) => {
        const res = await b.app.inject(url);
        return [res.statusCode, res.statusCode === 200 ? res.json() : null];
      };

      // Called on B before it exists: B must not keep its 404.
      expect((await atB('/p/node-shop/users'))[0]).toBe(404);
      const project: Project = (await onA.create(cookie, { name: 'Node shop' })).json();
      expect(project.slug).toBe('node-shop');
      // The project, still without routes, compiled on B.
      await expect.poll(async () => (await atB('/p/node-shop/users'))[0]).toBe(404);
      const body = (path: string, n: number) => ({
        ...routeBody(path),
        responses: [responseBody({ template: JSON.stringify({ n }) })],
      });
      const route = (await onA.createRoute(cookie, project.id, body('/users', 1))).json();
      await expect.poll(() => atB('/p/node-shop/users')).toEqual([200, { n: 1 }]);
      expect(await atB(`/api/${route.requestId}`)).toEqual([200, { n: 1 }]);

      // A route moved to another path and answering another body: all its URLs on B.
      await onA.updateRoute(cookie, project.id, route.id, body('/people', 2));
      await expect.poll(() => atB('/p/node-shop/people')).toEqual([200, { n: 2 }]);
      expect((await atB('/p/node-shop/users'))[0]).toBe(404);
      await expect.poll(() => atB(`/api/${route.requestId}`)).toEqual([200, { n: 2 }]);

      // A new slug: the old base URL goes, the new one answers.
      await onA.update(cookie, project.id, { slug: 'node-shop-moved' });
      await expect.poll(async () => (await atB('/p/node-shop/people'))[0]).toBe(404);
      await expect.poll(() => atB('/p/node-shop-moved/people')).toEqual([200, { n: 2 }]);

      // A deleted project: its base URL and its routes' stand-alone URLs.
      await onA.remove(cookie, project.id);
      await expect.poll(async () => (await atB('/p/node-shop-moved/people'))[0]).toBe(404);
      await expect.poll(async () => (await atB(`/api/${route.requestId}`))[0]).toBe(404);

      // Each change named the route table and the route it touched.
      await expect
        .poll(() => heard.filter((key) => key.includes('node-shop') || key === route.requestId))
        .toEqual([
          'p:node-shop',
          'p:node-shop',
          route.requestId,
          'p:node-shop',
          route.requestId,
          'p:node-shop',
          'p:node-shop-moved',
          // A new slug announces the routes too: their own URLs find their project by it.
          route.requestId,
          'p:node-shop-moved',
          route.requestId,
        ]);
    } finally {
      listener.disconnect();
      confirmer.disconnect();
      await a.close();
      await b.close();
    }
  });
});
