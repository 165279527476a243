/**
 * The templates gallery (spec sections 3 and 7) and its moderation: the queries, bodies and
 * answers of `/backend/templates-gallery` and `/backend/admin`, shared by the server (which
 * validates and documents its routes with them) and the web (which reads the answers with them).
 */
import { HTTP_METHODS } from '../http.ts';
import { TEMPLATE_CATEGORIES, type TemplateCategory } from './api.ts';
import {
  GALLERY_PAGE_SIZE,
  GALLERY_SORTS,
  type GallerySort,
  MAX_GALLERY_PAGE_SIZE,
  MAX_GALLERY_SEARCH_LENGTH,
  MAX_REPORT_NOTE_LENGTH,
  MODERATION_ACTIONS,
  REPORT_REASONS,
  type ReportReason,
} from './gallery-texts.ts';
import { z } from './zod.ts';

export * from './gallery-texts.ts';

const CATEGORY_VALUES = TEMPLATE_CATEGORIES.map((category) => category.value) as [
  TemplateCategory,
  ...TemplateCategory[],
];
const SORT_VALUES = GALLERY_SORTS.map((sort) => sort.value) as [GallerySort, ...GallerySort[]];
const REASON_VALUES = REPORT_REASONS.map((reason) => reason.value) as [
  ReportReason,
  ...ReportReason[],
];

/**
 * `GET /backend/templates-gallery`: `category` (empty or absent: all), `sort` (popular by
 * default), `search` (trimmed; empty means none; matched over name, description and tags),
 * `limit` (20 by default) and `cursor` (the `nextCursor` of the page before, opaque).
 */
export const galleryQuerySchema = z.object({
  category: z
    .preprocess(
      (value) => (value === '' ? undefined : value),
      z.enum(CATEGORY_VALUES, { error: `category must be one of ${CATEGORY_VALUES.join(', ')}` }),
    )
    .optional(),
  sort: z
    .enum(SORT_VALUES, { error: `sort must be one of ${SORT_VALUES.join(', ')}` })
    .default('popular'),
  search: z
    .string()
    .trim()
    .max(MAX_GALLERY_SEARCH_LENGTH, {
      error: `search must be at most ${MAX_GALLERY_SEARCH_LENGTH} characters`,
    })
    .optional()
    .transform((value) => (value ? value : undefined)),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_GALLERY_PAGE_SIZE}` })
    .int({ error: `limit must be a whole number from 1 to ${MAX_GALLERY_PAGE_SIZE}` })
    .min(1, { error: `limit must be a whole number from 1 to ${MAX_GALLERY_PAGE_SIZE}` })
    .max(MAX_GALLERY_PAGE_SIZE, {
      error: `limit must be a whole number from 1 to ${MAX_GALLERY_PAGE_SIZE}`,
    })
    .default(GALLERY_PAGE_SIZE),
  cursor: z.string().max(500).optional(),
});
export type GalleryQuery = z.infer<typeof galleryQuerySchema>;
export type GalleryQueryInput = z.input<typeof galleryQuerySchema>;

/** A template of the gallery (spec section 3). `id` and `_id` are the same. */
export const galleryTemplateSchema = z
  .object({
    id: z.string(),
    _id: z.string(),
    name: z.string(),
    description: z.string(),
    category: z.enum(CATEGORY_VALUES),
    requestEnum: z.enum(HTTP_METHODS),
    tags: z.array(z.string()),
    likesCount: z.number().int(),
    /** Whether the caller likes it (false for a visitor). */
    userHasLiked: z.boolean(),
    /** Whether the caller shared it (false for a visitor): one does not report one's own. */
    userIsAuthor: z.boolean(),
    isOfficial: z.boolean(),
    author: z.object({ username: z.string() }),
    /** The JSON template as text, as its author wrote it. */
    template: z.string(),
    /** ISO 8601: when it was shared. */
    createdAt: z.string(),
  })
  .meta({ id: 'GalleryTemplate' });
export type GalleryTemplate = z.infer<typeof galleryTemplateSchema>;

/** A page of the gallery: the spec's `{templates}`, and the cursor of the next page or null. */
export const galleryPageSchema = z
  .object({ templates: z.array(galleryTemplateSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'GalleryPage' });
export type GalleryPage = z.infer<typeof galleryPageSchema>;

/** A path that names a gallery template (its id). */
export const galleryTemplateParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** `POST /backend/templates-gallery/{id}/like`: the toggle's result. */
export const likeResultSchema = z
  .object({ newLikesCount: z.number().int(), action: z.enum(['liked', 'unliked']) })
  .meta({ id: 'LikeResult' });
export type LikeResult = z.infer<typeof likeResultSchema>;

/** `POST /backend/templates-gallery/{id}/use`: the caller's new API (the web reads none of it). */
export const useResultSchema = z
  .object({
    message: z.string(),
    id: z.string(),
    requestId: z.string(),
    name: z.string(),
    /** The full public URL of the copy. */
    link: z.string(),
  })
  .meta({ id: 'UseResult' });
export type UseResult = z.infer<typeof useResultSchema>;

/** `POST /backend/templates-gallery/{id}/report`: why, and an optional note. */
export const reportInputSchema = z.object({
  reason: z.enum(REASON_VALUES, { error: `reason must be one of ${REASON_VALUES.join(', ')}` }),
  note: z
    .string()
    .trim()
    .max(MAX_REPORT_NOTE_LENGTH, {
      error: `note must be at most ${MAX_REPORT_NOTE_LENGTH} characters`,
    })
    .optional()
    .transform((value) => (value ? value : null)),
});
export type ReportInput = z.input<typeof reportInputSchema>;

/* ------------------------------------------------------------------------------------------ */
/* Moderation (/backend/admin, administrators only; anyone else gets 404).                    */
/* ------------------------------------------------------------------------------------------ */

/** An account as the moderation screen shows it. */
export const adminUserSchema = z
  .object({
    id: z.string(),
    username: z.string(),
    email: z.string(),
    banned: z.boolean(),
    isAdmin: z.boolean(),
    /** ISO 8601. */
    createdAt: z.string(),
  })
  .meta({ id: 'AdminUser' });
export type AdminUser = z.infer<typeof adminUserSchema>;

/** An open report, with the reported template as it is now (text only, never rendered). */
export const adminReportSchema = z
  .object({
    id: z.string(),
    reason: z.enum(REASON_VALUES),
    note: z.string().nullable(),
    /** ISO 8601. */
    createdAt: z.string(),
    reporter: z.object({ username: z.string() }),
    template: z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      category: z.string().nullable(),
      tags: z.array(z.string()),
      template: z.string(),
      isPublic: z.boolean(),
      isOfficial: z.boolean(),
      /** Disabled by a moderator: its mock URLs answer 403 until it is enabled again. */
      disabled: z.boolean(),
      /** Null for an official template. */
      author: adminUserSchema.nullable(),
    }),
  })
  .meta({ id: 'AdminReport' });
export type AdminReport = z.infer<typeof adminReportSchema>;

/** One recorded moderation action: who, when, what. */
export const moderationEntrySchema = z
  .object({
    id: z.string(),
    action: z.enum(MODERATION_ACTIONS),
    /** The administrator's name, or null when done from the command line. */
    admin: z.string().nullable(),
    /** What it was done to, as text: the template's name and id, or the account's address. */
    target: z.string(),
    /** ISO 8601. */
    createdAt: z.string(),
  })
  .meta({ id: 'ModerationEntry' });
export type ModerationEntry = z.infer<typeof moderationEntrySchema>;

/** `GET /backend/admin/reports`: the open reports, oldest first, and the latest actions. */
export const moderationQueueSchema = z
  .object({ reports: z.array(adminReportSchema), history: z.array(moderationEntrySchema) })
  .meta({ id: 'ModerationQueue' });
export type ModerationQueue = z.infer<typeof moderationQueueSchema>;

/** `GET /backend/admin/users?search=`: accounts whose name or address contains the text. */
export const adminUserQuerySchema = z.object({
  search: z.string().trim().max(MAX_GALLERY_SEARCH_LENGTH).optional(),
});
export const adminUsersSchema = z
  .object({ users: z.array(adminUserSchema) })
  .meta({ id: 'AdminUsers' });
export type AdminUsers = z.infer<typeof adminUsersSchema>;
