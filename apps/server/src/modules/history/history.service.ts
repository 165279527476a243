import type { HistoryList } from '@mocksmith/core';
import type { AuthUser } from '../auth/auth.service.ts';
import { notYours } from '../templates/templates.errors.ts';
import type { HistoryRepository } from './history.repository.ts';

/** The most entries the Recent Activity list shows. */
export const HISTORY_LIST_LIMIT = 50;

export interface HistoryServiceDeps {
  repository: HistoryRepository;
}

export function createHistoryService({ repository }: HistoryServiceDeps) {
  return {
    /**
     * The signed-in user's latest history entries, newest first. `email` is the one in the
     * spec's path: it must be the user's own (compared case-insensitively), else 403.
     */
    async list(user: AuthUser, email: string): Promise<HistoryList> {
      if (email.trim().toLowerCase() !== user.email.toLowerCase()) throw notYours();
      const rows = await repository.listByOwner(user.id, HISTORY_LIST_LIMIT);
      return {
        messageHistoryList: rows.map((row) => ({
          typeMessage: row.typeMessage,
          message: row.message,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
