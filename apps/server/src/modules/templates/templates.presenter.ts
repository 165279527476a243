import type { TemplateCategory, UserTemplate } from '@mocksmith/core';
import type { TemplateRow } from '../../db/schema/templates.ts';
import { mockLink } from './links.ts';

/**
 * A signed-in user's API as the list and the update answer show it. `base` is the origin of
 * the links (MOCK_ORIGIN, else PUBLIC_URL, else the origin the request was addressed to).
 */
export function toUserTemplate(row: TemplateRow, base: string): UserTemplate {
  return {
    id: row.id,
    requestId: row.requestId,
    userId: row.ownerId ?? '',
    name: row.name,
    description: row.description,
    template: row.template,
    requestEnum: row.requestEnum,
    customEndpoint: row.customEndpoint,
    option: { delay: row.delay, authToken: row.authToken, httpCode: row.httpCode },
    customHeaders: row.customHeaders,
    isPublic: row.isPublic,
    // Only the categories of the schema are ever stored (the schemas validate them).
    category: row.category as TemplateCategory | null,
    tags: row.tags,
    createDate: row.createdAt.toISOString(),
    countUsed: row.countUsed,
    link: mockLink(base, row),
  };
}
