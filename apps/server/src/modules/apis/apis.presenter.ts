/**
 * Where the spec's wire names (`requestEnum`, `countUsed`, `option`, `idTemplate`...) meet the
 * domain's (`method`, `callCount`, flat options): requests in, rows out. Nothing past this file
 * speaks the wire's words.
 */
import {
  type CreateApiResult,
  type CreateDemoApiInput,
  type CreateUserApiInput,
  type DeleteApiInput,
  type HttpMethod,
  mockUrl,
  type TemplateCategory,
  type UpdateApiInput,
  type UserApi,
} from '@mocksmith/core';
import type { ApiRow } from '../../db/schema/apis.ts';
import type { ApiDeletion, ApiDraft, ApiUpdate, DemoApiDraft } from './apis.service.ts';

/** The demo's create call, in the domain's words. */
export function demoDraftOf(input: CreateDemoApiInput): DemoApiDraft {
  return {
    template: input.template,
    method: input.requestEnum,
    customEndpoint: input.customEndpoint,
    ...(input.name ? { name: input.name } : {}),
  };
}

/** The signed-in create call, in the domain's words. */
export function draftOf(input: CreateUserApiInput): ApiDraft {
  return {
    name: input.name,
    description: input.description,
    template: input.template,
    method: input.requestEnum,
    customEndpoint: input.customEndpoint,
    ...input.option,
    customHeaders: input.customHeaders,
    isPublic: input.isPublic,
    category: input.category,
    tags: input.tags,
  };
}

/** The update call, in the domain's words: an absent `option` keeps the stored options. */
export function updateOf(input: UpdateApiInput): ApiUpdate {
  return {
    id: input.id,
    requestId: input.requestId,
    userId: input.userId,
    name: input.name,
    template: input.template,
    method: input.requestEnum,
    customEndpoint: input.customEndpoint,
    ...(input.option ?? {}),
    customHeaders: input.customHeaders,
    isPublic: input.isPublic,
    category: input.category,
    description: input.description,
    tags: input.tags,
  };
}

/** The delete call, in the domain's words. */
export function deletionOf(input: DeleteApiInput): ApiDeletion {
  return { id: input.idTemplate, requestId: input.idRequest, userId: input.userId };
}

/** The answer of a creation: where the new API lives, on the mocks' origin. */
export function createdResult(row: ApiRow, mockOrigin: string): CreateApiResult {
  return { id: row.id, requestId: row.requestId, link: mockUrl(mockOrigin, row) };
}

/**
 * A signed-in user's API as the list and the update answer show it. `mockOrigin` is the origin
 * of the links (MOCK_ORIGIN, else PUBLIC_URL, else the origin the request was addressed to).
 */
export function toUserApi(row: ApiRow, mockOrigin: string): UserApi {
  return {
    id: row.id,
    requestId: row.requestId,
    userId: row.ownerId ?? '',
    name: row.name,
    description: row.description,
    template: row.template,
    // Listed APIs stand alone, and a stand-alone API answers one of the original product's four methods: a
    // PATCH route cannot leave its project (projects.service.ts).
    requestEnum: row.method as HttpMethod,
    customEndpoint: row.customEndpoint,
    option: { delay: row.delay, authToken: row.authToken, httpCode: row.httpCode },
    customHeaders: row.customHeaders,
    isPublic: row.isPublic,
    // Only the categories of the schema are ever stored (the schemas validate them).
    category: row.category as TemplateCategory | null,
    tags: row.tags,
    createDate: row.createdAt.toISOString(),
    countUsed: row.callCount,
    link: mockUrl(mockOrigin, row),
  };
}
