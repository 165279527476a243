/**
 * The templates gallery and its moderation over HTTP, on a real PostgreSQL: listing (filters,
 * sorts, search, cursors), like, use, report, and the admin routes.
 */
import { authMessages, type UserApi } from '@mocksmith/core';
import { type GalleryPage, galleryMessages } from '@mocksmith/core/gallery';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSteps } from '../../../test/accounts.ts';
import { insertApi } from '../../../test/factories.ts';
import { buildTestApp, pathOf, type TestApp } from '../../../test/helper.ts';
import { type SmtpSink, startSmtpSink } from '../../../test/smtp-sink.ts';
import { apiCalls, updateBody } from '../../../test/user-apis.ts';
import { apis } from '../../db/schema/apis.ts';
import { users } from '../../db/schema/auth.ts';
import { apiLikes } from '../../db/schema/gallery.ts';

let t: TestApp;
let sink: SmtpSink;
let steps: ReturnType<typeof accountSteps>;
let counter = 0;
const address = (label: string) => `${label}-${++counter}@example.test`;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await buildTestApp({ SMTP_URL: sink.url, REPORT_RATE_LIMIT: '3' });
  steps = accountSteps(t.app, sink);
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const inject = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as never }),
  });

const gallery = async (query: string, cookie?: string) => {
  const res = await inject('GET', `/backend/templates-gallery?${query}`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as GalleryPage;
};

/** Every page of a query, following the cursors. */
async function allPages(query: string, cookie?: string) {
  const pages: GalleryPage[] = [];
  let cursor: string | null = null;
  do {
    const page = await gallery(
      `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      cookie,
    );
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor && pages.length < 100);
  return pages;
}

/** A public template of `ownerId` (null: anonymous row). */
const share = (ownerId: string | null, fields: Partial<Parameters<typeof insertApi>[1]> = {}) =>
  insertApi(t.database.db, {
    ownerId,
    isPublic: true,
    category: 'other',
    description: 'A template shared with the community',
    tags: [],
    ...fields,
  });

async function signUpAdmin() {
  const email = address('admin');
  const account = await steps.signUp(email, undefined, 'Ada Admin');
  await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, email));
  return account;
}

describe('the gallery listing', () => {
  let author: { cookie: string; user: { userId: string } };
  beforeAll(async () => {
    author = await steps.signUp(address('author'), undefined, 'Sam Sharer');
    await share(author.user.userId, {
      name: 'Pizzeria menu',
      category: 'ecommerce',
      description: 'Dishes and prices of an Italian restaurant',
      tags: ['food', 'restaurant'],
      likesCount: 7,
    });
    await share(author.user.userId, {
      name: 'Weather stations',
      description: 'Readings of zeppelin-mounted barometers',
      tags: ['meteorology'],
      likesCount: 3,
    });
    await share(author.user.userId, {
      name: 'Quokka sightings',
      description: 'Where the happiest animals were seen',
      tags: ['wildlife', 'marsupials'],
    });
  });

  it('lists official and shared templates to a visitor, filtered by category', async () => {
    const page = await gallery('category=ecommerce&limit=50');
    expect(page.templates.length).toBeGreaterThanOrEqual(3);
    expect(page.templates.every((item) => item.category === 'ecommerce')).toBe(true);
    const pizza = page.templates.find((item) => item.name === 'Pizzeria menu');
    expect(pizza).toMatchObject({
      author: { username: 'Sam Sharer' },
      userHasLiked: false,
      isOfficial: false,
    });
    expect(pizza?._id).toBe(pizza?.id);
    const official = page.templates.filter((item) => item.isOfficial);
    expect(official.length).toBeGreaterThanOrEqual(2);
    expect(official.every((item) => item.author.username === 'Mocksmith')).toBe(true);
    for (const category of ['blog', 'ecommerce', 'social', 'analytics', 'auth', 'other']) {
      const list = await gallery(`category=${category}&sort=official&limit=50`);
      expect(list.templates.filter((item) => item.isOfficial).length).toBeGreaterThanOrEqual(2);
    }
    // The showcase samples are official gallery templates too.
    const names = (await allPages('limit=50')).flatMap((p) => p.templates.map((item) => item.name));
    expect(names).toEqual(
      expect.arrayContaining([
        'Weather Sample',
        'Banking Sample',
        'Analytics Sample',
        'Social Media Sample',
      ]),
    );
  });

  it('sorts by likes, by date, and official first, with the id as tie-break', async () => {
    const popular = (await allPages('sort=popular&limit=50')).flatMap((p) => p.templates);
    for (let i = 1; i < popular.length; i++) {
      const [a, b] = [popular[i - 1]!, popular[i]!];
      expect(a.likesCount > b.likesCount || (a.likesCount === b.likesCount && a.id > b.id)).toBe(
        true,
      );
    }
    const recent = (await allPages('sort=recent&limit=50')).flatMap((p) => p.templates);
    for (let i = 1; i < recent.length; i++) {
      expect(recent[i - 1]!.createdAt >= recent[i]!.createdAt).toBe(true);
    }
    expect(recent[0]?.name).toBe('Quokka sightings');
    const official = (await allPages('sort=official&limit=50')).flatMap((p) => p.templates);
    const firstShared = official.findIndex((item) => !item.isOfficial);
    expect(firstShared).toBeGreaterThan(0);
    expect(official.slice(firstShared).every((item) => !item.isOfficial)).toBe(true);
  });

  it('searches names, descriptions and tags, the last word as a prefix', async () => {
    const names = async (search: string) =>
      (await gallery(`search=${encodeURIComponent(search)}&limit=50`)).templates.map((i) => i.name);
    expect(await names('pizzeria')).toEqual(['Pizzeria menu']);
    expect(await names('zeppelin')).toEqual(['Weather stations']);
    expect(await names('marsupials')).toEqual(['Quokka sightings']);
    expect(await names('quok')).toEqual(['Quokka sightings']);
    expect(await names('italian restaur')).toEqual(['Pizzeria menu']);
    expect(await names('nothing-like-this-anywhere')).toEqual([]);
  });

  it('answers 200 to searches full of SQL and tsquery metacharacters, 400 to a NUL', async () => {
    for (const search of [
      "'",
      "pizza' OR 1=1 --",
      'a & b',
      '|',
      '!!',
      ':*',
      '\\',
      "'&|!:*\\()<->",
    ]) {
      const res = await inject(
        'GET',
        `/backend/templates-gallery?search=${encodeURIComponent(search)}`,
      );
      expect(res.statusCode, search).toBe(200);
    }
    const nul = await inject('GET', '/backend/templates-gallery?search=a%00b');
    expect(nul.statusCode).toBe(400);
  });

  it('pages with an opaque cursor, without duplicates or gaps, and refuses a bad one', async () => {
    for (const sort of ['popular', 'recent', 'official']) {
      const whole = (await gallery(`sort=${sort}&limit=50`)).templates.map((i) => i.id);
      const pages = await allPages(`sort=${sort}&limit=4`);
      expect(pages.slice(0, -1).every((p) => p.templates.length === 4)).toBe(true);
      const paged = pages.flatMap((p) => p.templates.map((i) => i.id));
      expect(paged).toEqual(whole);
      expect(new Set(paged).size).toBe(paged.length);
      expect(pages.at(-1)?.nextCursor).toBeNull();
    }
    const bad = await inject('GET', '/backend/templates-gallery?cursor=not%20a%20cursor');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/cursor/);
    const garbage = await inject(
      'GET',
      `/backend/templates-gallery?cursor=${Buffer.from('{"x":1}').toString('base64url')}`,
    );
    expect(garbage.statusCode).toBe(400);
    const first = await gallery('sort=recent&limit=2');
    const other = await inject(
      'GET',
      `/backend/templates-gallery?sort=popular&cursor=${first.nextCursor}`,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toContain('sort=recent');
    expect((await inject('GET', '/backend/templates-gallery?limit=51')).statusCode).toBe(400);
    expect((await inject('GET', '/backend/templates-gallery?sort=best')).statusCode).toBe(400);
  });

  it("never lists another user's private API", async () => {
    const secret = await insertApi(t.database.db, {
      ownerId: author.user.userId,
      name: 'Private secret thing',
      description: 'Not shared with anyone at all',
      category: 'other',
      isPublic: false,
    });
    const ids = (await allPages('limit=50')).flatMap((p) => p.templates.map((i) => i.id));
    expect(ids).not.toContain(secret.id);
    expect((await gallery('search=secret')).templates).toEqual([]);
  });
});

describe('likes', () => {
  it('asks visitors to sign in, toggles, and stays exact under 20 concurrent toggles', async () => {
    const template = await share(null, { name: 'Likeable' });
    const visitor = await inject('POST', `/backend/templates-gallery/${template.id}/like`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().message).toBe(galleryMessages.loginToLike);

    const { cookie } = await steps.signUp(address('liker'));
    const liked = await inject('POST', `/backend/templates-gallery/${template.id}/like`, cookie);
    expect(liked.json()).toEqual({ newLikesCount: 1, action: 'liked' });
    const page = await gallery('search=likeable', cookie);
    expect(page.templates[0]).toMatchObject({ userHasLiked: true, likesCount: 1 });
    const unliked = await inject('POST', `/backend/templates-gallery/${template.id}/like`, cookie);
    expect(unliked.json()).toEqual({ newLikesCount: 0, action: 'unliked' });

    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        inject('POST', `/backend/templates-gallery/${template.id}/like`, cookie),
      ),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const counts = answers.map((res) => res.json().newLikesCount).sort();
    expect(counts.filter((count) => count === 1)).toHaveLength(10);
    const [row] = await t.database.db.select().from(apis).where(eq(apis.id, template.id));
    const [likes] = await t.database.db
      .select({ count: sql<number>`count(*)::int` })
      .from(apiLikes)
      .where(eq(apiLikes.apiId, template.id));
    expect(row?.likesCount).toBe(likes?.count);
    expect(row?.likesCount).toBe(0);

    const unknown = await inject('POST', '/backend/templates-gallery/nope/like', cookie);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('use', () => {
  it('copies a template into a new private API that answers at once', async () => {
    const template = await share(null, {
      name: 'Usable',
      template: { id: 'uuid', title: 'string' },
      customEndpoint: '/items',
      delay: 0,
      httpCode: 201,
      customHeaders: [{ name: 'X-Copied', value: 'yes' }],
      authToken: 'mck_secret',
    });
    const signedOut = await inject('POST', `/backend/templates-gallery/${template.id}/use`);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().message).toBe(galleryMessages.loginToUse);

    const { cookie, user } = await steps.signUp(address('user'));
    const res = await inject('POST', `/backend/templates-gallery/${template.id}/use`, cookie);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ name: 'Usable', message: galleryMessages.used('Usable') });
    expect(body.requestId).not.toBe(template.requestId);
    const [copy] = await t.database.db.select().from(apis).where(eq(apis.id, body.id));
    expect(copy).toMatchObject({
      ownerId: user.userId,
      isPublic: false,
      authToken: null,
      customEndpoint: '/items',
      httpCode: 201,
      customHeaders: [{ name: 'X-Copied', value: 'yes' }],
    });
    const mock = await t.app.inject({ method: 'GET', url: pathOf(body.link) });
    expect(mock.statusCode).toBe(201);
    expect(mock.headers['x-copied']).toBe('yes');
    expect(mock.json()).toMatchObject({ id: expect.any(String), title: expect.any(String) });

    // A second copy drops the endpoint the user has already.
    const again = await inject('POST', `/backend/templates-gallery/${template.id}/use`, cookie);
    expect(again.statusCode).toBe(201);
    const [second] = await t.database.db.select().from(apis).where(eq(apis.id, again.json().id));
    expect(second?.customEndpoint).toBeNull();

    const missing = await inject(
      'POST',
      '/backend/templates-gallery/00000000-0000-4000-8000-000000000000/use',
      cookie,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(galleryMessages.notFound);
    const notPublic = await inject('POST', `/backend/templates-gallery/${copy!.id}/use`, cookie);
    expect(notPublic.statusCode).toBe(403);
    expect(notPublic.json().message).toBe(galleryMessages.notPublic);
  });
});

describe('reports and moderation', () => {
  it("refuses a report of one's own template and of an official one, and says which is one's own", async () => {
    const author = await steps.signUp(address('self-reporter'), undefined, 'Selma Self');
    const other = await steps.signUp(address('onlooker'));
    const tag = `selfreport${Date.now().toString(36)}`;
    const mine = await share(author.user.userId, { name: 'My own widget', tags: [tag] });
    const report = (id: string, cookie: string) =>
      inject('POST', `/backend/templates-gallery/${id}/report`, cookie, { reason: 'other' });

    const own = await report(mine.id, author.cookie);
    expect(own.statusCode).toBe(400);
    expect(own.json().message).toBe(galleryMessages.cannotReportOwn);
    const official = await report('0fc1a100-0000-4000-8000-000000000001', other.cookie);
    expect(official.statusCode).toBe(409);
    expect(official.json().message).toBe(galleryMessages.officialNotReported);
    // Neither counted against the hourly limit of 3, nor filed.
    const queue = await signUpAdmin();
    const open = (await inject('GET', '/backend/admin/reports', queue.cookie)).json().reports;
    expect(open.some((item: { template: { id: string } }) => item.template.id === mine.id)).toBe(
      false,
    );

    // The listing tells the author which templates are theirs, and nobody else.
    const seenBy = async (cookie?: string) =>
      (await gallery(`search=${tag}`, cookie)).templates.map((item) => item.userIsAuthor);
    expect(await seenBy(author.cookie)).toEqual([true]);
    expect(await seenBy(other.cookie)).toEqual([false]);
    expect(await seenBy()).toEqual([false]);
  });

  it('takes one open report per user, rate-limits reports, and shows them to admins only', async () => {
    const reporter = await steps.signUp(address('reporter'), undefined, 'Rita Reporter');
    const owner = await steps.signUp(address('owner'), undefined, 'Olly Owner');
    const bad = await share(owner.user.userId, { name: 'Dubious', category: 'social' });
    const report = (id: string, cookie?: string) =>
      inject('POST', `/backend/templates-gallery/${id}/report`, cookie, {
        reason: 'hateful',
        note: '<b>look</b>',
      });

    expect((await report(bad.id)).json().message).toBe(galleryMessages.loginToReport);
    const first = await report(bad.id, reporter.cookie);
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(galleryMessages.reported);
    const second = await report(bad.id, reporter.cookie);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(galleryMessages.alreadyReported);
    const badReason = await inject(
      'POST',
      `/backend/templates-gallery/${bad.id}/report`,
      reporter.cookie,
      { reason: 'boring' },
    );
    expect(badReason.statusCode).toBe(400);
    // The limit is 3 per hour in this file's app (a body refused by validation is not counted):
    // after the 201 and the 409, a third report passes and a fourth is refused.
    const other = await share(owner.user.userId, { name: 'Another' });
    expect((await report(other.id, reporter.cookie)).statusCode).toBe(201);
    const limited = await report(other.id, reporter.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();

    // Every admin route is a plain 404 to a visitor and to a signed-in non-admin.
    const routes: ['GET' | 'POST', string][] = [
      ['GET', '/backend/admin/reports'],
      ['POST', '/backend/admin/reports/x/dismiss'],
      ['POST', `/backend/admin/templates/${bad.id}/unpublish`],
      ['POST', `/backend/admin/apis/${bad.id}/disable`],
      ['POST', `/backend/admin/apis/${bad.id}/enable`],
      ['GET', '/backend/admin/users?search=a'],
      ['POST', `/backend/admin/users/${owner.user.userId}/ban`],
      ['POST', `/backend/admin/users/${owner.user.userId}/unban`],
    ];
    for (const [method, url] of routes) {
      for (const cookie of [undefined, reporter.cookie]) {
        const res = await inject(method, url, cookie);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    }

    const admin = await signUpAdmin();
    const me = await steps.me(admin.cookie);
    expect(me.json().isAdmin).toBe(true);
    const queue = await inject('GET', '/backend/admin/reports', admin.cookie);
    expect(queue.statusCode).toBe(200);
    const open = queue.json().reports;
    // Oldest first.
    expect(open.map((item: { template: { name: string } }) => item.template.name)).toEqual([
      'Dubious',
      'Another',
    ]);
    expect(open[0]).toMatchObject({
      reason: 'hateful',
      note: '<b>look</b>',
      reporter: { username: 'Rita Reporter' },
      template: { id: bad.id, name: 'Dubious', author: { username: 'Olly Owner', banned: false } },
    });

    // Dismiss closes it; a second dismiss is a 404.
    const dismissed = await inject(
      'POST',
      `/backend/admin/reports/${open[0].id}/dismiss`,
      admin.cookie,
    );
    expect(dismissed.json().message).toBe(galleryMessages.dismissed);
    expect(
      (await inject('POST', `/backend/admin/reports/${open[0].id}/dismiss`, admin.cookie))
        .statusCode,
    ).toBe(404);

    // Unpublish takes it out of the gallery and closes its open reports; official is refused.
    const third = await steps.signUp(address('third'));
    expect((await report(bad.id, third.cookie)).statusCode).toBe(201);
    const unpublished = await inject(
      'POST',
      `/backend/admin/templates/${bad.id}/unpublish`,
      admin.cookie,
    );
    expect(unpublished.json().message).toBe(galleryMessages.unpublished);
    expect((await gallery('search=dubious')).templates).toEqual([]);
    const after = (await inject('GET', '/backend/admin/reports', admin.cookie)).json();
    expect(after.reports.map((item: { template: { name: string } }) => item.template.name)).toEqual(
      ['Another'],
    );
    expect(after.history.map((entry: { action: string }) => entry.action).slice(0, 2)).toEqual([
      'unpublish',
      'dismiss',
    ]);
    expect(after.history[0].admin).toBe('Ada Admin');
    const official = await inject(
      'POST',
      '/backend/admin/templates/0fc1a100-0000-4000-8000-000000000001/unpublish',
      admin.cookie,
    );
    expect(official.statusCode).toBe(409);
    expect(official.json().message).toBe(galleryMessages.officialNotUnpublished);
  });

  it('disables a reported API and enables it again, each logged; an unknown id is a 404', async () => {
    const admin = await signUpAdmin();
    const owner = await steps.signUp(address('disabled-owner'), undefined, 'Dora Disabled');
    const reporter = await steps.signUp(address('disable-reporter'));
    const api = await share(owner.user.userId, { name: 'Spammy feed' });
    expect(
      (
        await inject('POST', `/backend/templates-gallery/${api.id}/report`, reporter.cookie, {
          reason: 'malware',
        })
      ).statusCode,
    ).toBe(201);
    const reportOf = async () =>
      (await inject('GET', '/backend/admin/reports', admin.cookie))
        .json()
        .reports.find((item: { template: { id: string } }) => item.template.id === api.id);
    expect((await reportOf()).template.disabled).toBe(false);

    const disabled = await inject('POST', `/backend/admin/apis/${api.id}/disable`, admin.cookie);
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json().message).toBe(galleryMessages.disabled);
    expect((await reportOf()).template.disabled).toBe(true);
    const enabled = await inject('POST', `/backend/admin/apis/${api.id}/enable`, admin.cookie);
    expect(enabled.json().message).toBe(galleryMessages.enabled);
    expect((await reportOf()).template.disabled).toBe(false);
    const history = (await inject('GET', '/backend/admin/reports', admin.cookie)).json().history;
    expect(history.slice(0, 2).map((entry: { action: string }) => entry.action)).toEqual([
      'enable-api',
      'disable-api',
    ]);
    const unknown = await inject(
      'POST',
      '/backend/admin/apis/00000000-0000-4000-8000-000000000000/disable',
      admin.cookie,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('bans an author: their templates leave the gallery and their session gets the suspended text', async () => {
    const admin = await signUpAdmin();
    const email = address('troll');
    const troll = await steps.signUp(email, undefined, 'Trevor Troll');
    const template = await share(troll.user.userId, { name: 'Trollish widget' });
    expect((await gallery('search=trollish')).templates).toHaveLength(1);

    const found = await inject('GET', '/backend/admin/users?search=TREVOR', admin.cookie);
    expect(found.json().users).toEqual([
      expect.objectContaining({ id: troll.user.userId, email, banned: false, isAdmin: false }),
    ]);
    const self = await inject(
      'POST',
      `/backend/admin/users/${admin.user.userId}/ban`,
      admin.cookie,
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe(galleryMessages.cannotBanSelf);

    const ban = await inject('POST', `/backend/admin/users/${troll.user.userId}/ban`, admin.cookie);
    expect(ban.json().message).toBe(galleryMessages.banned);
    expect((await gallery('search=trollish')).templates).toEqual([]);
    const liker = await steps.signUp(address('fan'));
    expect(
      (await inject('POST', `/backend/templates-gallery/${template.id}/like`, liker.cookie))
        .statusCode,
    ).toBe(404);
    expect(
      (await inject('POST', `/backend/templates-gallery/${template.id}/use`, liker.cookie))
        .statusCode,
    ).toBe(404);
    const next = await inject('GET', `/backend/crud/getall/${troll.user.userId}`, troll.cookie);
    expect(next.statusCode).toBe(403);
    expect(next.json()).toMatchObject({ code: 'ACCOUNT_BANNED', message: authMessages.suspended });
    expect((await steps.login(email)).json().message).toBe(authMessages.banned);

    expect(
      (await inject('POST', `/backend/admin/users/${troll.user.userId}/unban`, admin.cookie)).json()
        .message,
    ).toBe(galleryMessages.unbanned);
    expect((await gallery('search=trollish')).templates).toHaveLength(1);
    expect(
      (await inject('GET', `/backend/crud/getall/${troll.user.userId}`, troll.cookie)).statusCode,
    ).toBe(200);
    const history = (await inject('GET', '/backend/admin/reports', admin.cookie)).json().history;
    expect(
      history
        .slice(0, 2)
        .map((entry: { action: string; target: string }) => [entry.action, entry.target]),
    ).toEqual([
      ['unban', email],
      ['ban', email],
    ]);
  });
});

describe('leaving the gallery', () => {
  it('at once when Make Public is turned off or the API is deleted; copies others made stay', async () => {
    const calls = apiCalls(t.app);
    const author = await steps.signUp(address('leaver'), undefined, 'Lee Leaver');
    const user = await steps.signUp(address('keeper'), undefined, 'Kim Keeper');
    const tag = `leaving${Date.now().toString(36)}`;
    const listedIds = async () =>
      (await gallery(`search=${tag}`)).templates.map((template) => template.id);

    const created = await calls.create(author.cookie, {
      name: 'Fleeting orders',
      isPublic: true,
      category: 'ecommerce',
      description: 'Orders of a shop, shared for a while',
      tags: [tag],
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    expect(await listedIds()).toEqual([id]);

    // Another account copies it first.
    expect(
      (await inject('POST', `/backend/templates-gallery/${id}/use`, user.cookie)).statusCode,
    ).toBe(201);

    // Make Public off: gone from the next listing, and Use answers 403.
    const mine = async () =>
      ((await calls.list(author.cookie, author.user.userId)).json() as UserApi[]).find(
        (api) => api.id === id,
      ) as UserApi;
    const off = await calls.update(author.cookie, updateBody(await mine(), { isPublic: false }));
    expect(off.statusCode, off.body).toBe(200);
    expect(await listedIds()).toEqual([]);
    const refused = await inject('POST', `/backend/templates-gallery/${id}/use`, user.cookie);
    expect(refused.statusCode).toBe(403);

    // Shared again, then deleted: gone, and Use answers 404.
    const on = await calls.update(
      author.cookie,
      updateBody(await mine(), {
        isPublic: true,
        category: 'ecommerce',
        description: 'Orders of a shop, shared again',
        tags: [tag],
      }),
    );
    expect(on.statusCode, on.body).toBe(200);
    expect(await listedIds()).toEqual([id]);
    const removed = await calls.remove(author.cookie, { idTemplate: id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await listedIds()).toEqual([]);
    expect(
      (await inject('POST', `/backend/templates-gallery/${id}/use`, user.cookie)).statusCode,
    ).toBe(404);

    // The copy is still the other account's, and still answers.
    const copies = ((await calls.list(user.cookie, user.user.userId)).json() as UserApi[]).filter(
      (api) => api.name === 'Fleeting orders',
    );
    expect(copies).toHaveLength(1);
    expect((await calls.callLink(copies[0] as UserApi)).statusCode).toBe(200);
  });
});
