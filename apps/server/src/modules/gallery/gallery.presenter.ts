/**
 * The gallery's rows as the wire shows them (spec sections 3 and 7): a listed template with its
 * author's name (the service's own name for an official one), the like toggle's result in the
 * spec's words, and the caller's copy made by Use Template.
 */
import { type HttpMethod, mockUrl, type TemplateCategory } from '@mocksmith/core';
import {
  type GalleryPage,
  type GalleryTemplate,
  galleryMessages,
  type LikeResult,
  OFFICIAL_AUTHOR,
  type UseResult,
} from '@mocksmith/core/gallery';
import type { ApiRow } from '../../db/schema/apis.ts';
import type { GalleryRow } from './gallery.repository.ts';

/** A template of the gallery, as `viewerId` (null: a visitor) sees it. */
export function toGalleryTemplate(row: GalleryRow, viewerId: string | null): GalleryTemplate {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    description: row.description ?? '',
    // The gallery lists only rows with a category, and only the schema's are ever stored.
    category: row.category as TemplateCategory,
    requestEnum: row.method as HttpMethod,
    tags: row.tags,
    likesCount: row.likesCount,
    userHasLiked: row.userHasLiked,
    userIsAuthor: viewerId !== null && row.ownerId === viewerId,
    isOfficial: row.isOfficial,
    author: { username: row.authorName ?? OFFICIAL_AUTHOR },
    template: row.template,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A page of the gallery: its rows and the cursor of the next page (null: the last). */
export function toGalleryPage(
  page: { rows: GalleryRow[]; nextCursor: string | null },
  viewerId: string | null,
): GalleryPage {
  return {
    templates: page.rows.map((row) => toGalleryTemplate(row, viewerId)),
    nextCursor: page.nextCursor,
  };
}

/** The like toggle's answer: the new count, and whether the caller likes it now. */
export function likeResult(toggle: { likesCount: number; liked: boolean }): LikeResult {
  return { newLikesCount: toggle.likesCount, action: toggle.liked ? 'liked' : 'unliked' };
}

/** Use Template's answer: the caller's new API and its URL on the mocks' origin. */
export function usedResult(row: ApiRow, mockOrigin: string): UseResult {
  return {
    message: galleryMessages.used(row.name),
    id: row.id,
    requestId: row.requestId,
    name: row.name,
    link: mockUrl(mockOrigin, row),
  };
}
