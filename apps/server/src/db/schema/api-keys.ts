/**
 * Personal API keys: a user's named keys for the management API (CI, scripts). Only a key's
 * SHA-256 is stored, with its first characters to tell keys apart; a revoked key keeps its row
 * (revokedAt set) so that its hash is never matched again. Keys go with their user.
 */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.ts';

export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 1 to 60 characters, as the owner named it. */
    name: text().notNull(),
    /** The key's first 12 characters (`mks_ab12cd34`), shown in the list. */
    prefix: text().notNull(),
    /** SHA-256 of the whole key, base64url: keys are 32 random bytes, so a fast hash is enough. */
    hash: text().notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Written at most once a minute per key and node. */
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index().on(table.userId)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKeyRow = typeof apiKeys.$inferInsert;
