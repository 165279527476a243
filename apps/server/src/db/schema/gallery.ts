/**
 * The templates gallery's own tables: who likes which template, the reports of shared templates
 * and the moderation log. Likes and reports go with their template and their user (on delete
 * cascade); the log outlives both (it keeps names as text).
 */
import { sql } from 'drizzle-orm';
import {
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apis } from './apis.ts';
import { users } from './auth.ts';

/** One user's like of one template; `apis.likes_count` is the count of these rows. */
export const apiLikes = pgTable(
  'api_likes',
  {
    apiId: uuid()
      .notNull()
      .references(() => apis.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.apiId, table.userId] }), index().on(table.userId)],
);

export const REPORT_STATUSES = ['open', 'dismissed', 'actioned'] as const;

/**
 * A user's report of a shared API, open until an administrator closes it. The SQL table keeps
 * its first name, template_reports (no migration for a name).
 */
export const apiReports = pgTable(
  'template_reports',
  {
    id: uuid().primaryKey().defaultRandom(),
    apiId: uuid()
      .notNull()
      .references(() => apis.id, { onDelete: 'cascade' }),
    reporterId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of core's REPORT_REASONS values. */
    reason: text().notNull(),
    note: text(),
    status: text({ enum: REPORT_STATUSES }).notNull().default('open'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp({ withTimezone: true }),
    /** The administrator who closed it (null: the command line, or not closed). */
    resolvedBy: text().references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // One open report per reporter and template; closed ones do not count.
    uniqueIndex('template_reports_open_key')
      .on(table.apiId, table.reporterId)
      .where(sql`${table.status} = 'open'`),
    index('template_reports_open_queue').on(table.createdAt).where(sql`${table.status} = 'open'`),
  ],
);

/** What an administrator (or the command line: `adminId` null) did, and to what. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** One of core's MODERATION_ACTIONS. */
    action: text().notNull(),
    adminId: text().references(() => users.id, { onDelete: 'set null' }),
    /** The administrator's name at the time; null from the command line. */
    adminName: text(),
    /** What it was done to, as text (a template's name and id, an account's address). */
    target: text().notNull(),
    apiId: uuid(),
    userId: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.createdAt)],
);

export type ApiReportRow = typeof apiReports.$inferSelect;
export type ModerationActionRow = typeof moderationActions.$inferSelect;
