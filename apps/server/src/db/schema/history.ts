import { HISTORY_TYPES } from '@mocksmith/core/schemas';
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

/** What happened to a user's APIs, newest first on the dashboard. */
export const history = pgTable(
  'history',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The API the entry is about; kept after the API is deleted. */
    apiId: uuid(),
    typeMessage: text({ enum: HISTORY_TYPES }).notNull(),
    message: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index().on(table.ownerId, table.createdAt)],
);

export type HistoryRow = typeof history.$inferSelect;
export type NewHistoryRow = typeof history.$inferInsert;
