/** The access port's decisions over lookups in memory: who gets what, and each refusal's words. */
import { apiMessages, ErrorCode } from '@mocksmith/core';
import { apiKeyMessages } from '@mocksmith/core/keys';
import { describe, expect, it } from 'vitest';
import { accessRefused, createAccess } from './access.ts';

const PROJECT = '3f1c2b8e-9a4d-4c6f-8b2e-1d7a5e9c0f3b';
const API = '4a1c2b8e-9a4d-4c6f-8b2e-1d7a5e9c0f3b';
const ROUTE = '5b1c2b8e-9a4d-4c6f-8b2e-1d7a5e9c0f3b';
const ann = { id: 'user-ann' };
const bob = { id: 'user-bob' };

function accessWithLookups() {
  const asked: string[] = [];
  const access = createAccess({
    findOwnedProject: async (id, ownerId) => {
      asked.push(`project ${id}`);
      return id === PROJECT && ownerId === ann.id ? { id, slug: 'shop' } : null;
    },
    findApi: async (id) => {
      asked.push(`api ${id}`);
      if (id === API) return { id, requestId: 'r1', ownerId: ann.id, projectId: null };
      if (id === ROUTE) return { id, requestId: 'r2', ownerId: ann.id, projectId: PROJECT };
      return null;
    },
  });
  return { access, asked };
}

describe('requireAccess', () => {
  it("gives the user's project, and 404 PROJECT_NOT_FOUND for another's or none", async () => {
    const { access } = accessWithLookups();
    await expect(access.requireAccess(ann, { kind: 'project', id: PROJECT })).resolves.toEqual({
      id: PROJECT,
      slug: 'shop',
    });
    for (const id of [PROJECT, API]) {
      await expect(access.requireAccess(bob, { kind: 'project', id })).rejects.toMatchObject({
        statusCode: 404,
        code: ErrorCode.PROJECT_NOT_FOUND,
        message: `You have no project with the id "${id}"`,
      });
    }
  });

  it("gives the user's stand-alone API; a route, another's or none is 404 API_NOT_FOUND", async () => {
    const { access } = accessWithLookups();
    await expect(
      access.requireAccess(ann, { kind: 'stand-alone-api', id: API }),
    ).resolves.toMatchObject({ id: API });
    for (const [user, id] of [
      [ann, ROUTE],
      [bob, API],
      [ann, PROJECT],
    ] as const) {
      await expect(
        access.requireAccess(user, { kind: 'stand-alone-api', id }),
      ).rejects.toMatchObject({
        statusCode: 404,
        code: ErrorCode.API_NOT_FOUND,
        message: `You have no API with the id "${id}"`,
      });
    }
  });

  it("manages an API as the original product: 404 for none or another request id, 403 for another's", async () => {
    const { access } = accessWithLookups();
    await expect(
      access.requireAccess(ann, { kind: 'api', id: API, requestId: 'r1' }),
    ).resolves.toMatchObject({ id: API });
    const notFound = {
      statusCode: 404,
      code: ErrorCode.TEMPLATE_NOT_FOUND,
      message: apiMessages.notFound,
    };
    await expect(access.requireAccess(ann, { kind: 'api', id: PROJECT })).rejects.toMatchObject(
      notFound,
    );
    await expect(
      access.requireAccess(ann, { kind: 'api', id: API, requestId: 'r2' }),
    ).rejects.toMatchObject(notFound);
    await expect(access.requireAccess(bob, { kind: 'api', id: API })).rejects.toMatchObject({
      statusCode: 403,
      code: ErrorCode.FORBIDDEN,
      message: apiMessages.forbidden,
    });
  });

  it('asks nothing for an id that is not a UUID', async () => {
    const { access, asked } = accessWithLookups();
    await expect(access.requireAccess(ann, { kind: 'project', id: 'nope' })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(access.requireAccess(ann, { kind: 'api', id: 'nope' })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(asked).toEqual([]);
  });

  it("words a key's refusal as the keys service answers it", () => {
    expect(accessRefused({ kind: 'api-key', id: 'k' })).toMatchObject({
      statusCode: 404,
      code: ErrorCode.NOT_FOUND,
      message: apiKeyMessages.notFound,
    });
  });
});
