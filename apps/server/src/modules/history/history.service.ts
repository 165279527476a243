import type { HistoryList } from '@mocksmith/core';
import type { Executor } from '../../db/client.ts';
import { accessForbidden } from '../../lib/access.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { type Described, historyMessages } from './history.messages.ts';
import type { HistoryRepository, NewHistoryEntry } from './history.repository.ts';

/** The most entries the Recent Activity list shows. */
export const HISTORY_LIST_LIMIT = 50;

/** Status codes from this one up make a saved API's history carry a warning. */
const ERROR_STATUS = 400;

/** An API as its history entries describe it. */
export interface RecordedApi extends Described {
  id: string;
  ownerId: string;
  httpCode: number;
}

export interface HistoryServiceDeps {
  repository: HistoryRepository;
}

export function createHistoryService({ repository }: HistoryServiceDeps) {
  /** The WARN entry of an API saved to answer with an error status, if it is one. */
  const warnings = (api: RecordedApi): NewHistoryEntry[] =>
    api.httpCode < ERROR_STATUS
      ? []
      : [
          {
            ownerId: api.ownerId,
            apiId: api.id,
            typeMessage: 'WARN',
            message: historyMessages.errorStatus(api, api.httpCode),
          },
        ];

  return {
    /**
     * The signed-in user's latest history entries, newest first. `email` is the one in the
     * spec's path: it must be the user's own (compared case-insensitively), else 403.
     */
    async list(user: AuthUser, email: string): Promise<HistoryList> {
      if (email.trim().toLowerCase() !== user.email.toLowerCase()) {
        throw accessForbidden();
      }
      const rows = await repository.listByOwner(user.id, HISTORY_LIST_LIMIT);
      return {
        messageHistoryList: rows.map((row) => ({
          typeMessage: row.typeMessage,
          message: row.message,
          createdAt: row.createdAt.toISOString(),
        })),
      };
    },

    /** Writes a creation (and its warning) within `tx`, the transaction of the creation. */
    recordCreated(api: RecordedApi, tx: Executor): Promise<void> {
      return repository.insert(
        [
          {
            ownerId: api.ownerId,
            apiId: api.id,
            typeMessage: 'CREATE',
            message: historyMessages.created(api),
          },
          ...warnings(api),
        ],
        tx,
      );
    },

    /**
     * Writes the creation (and warning) of each of several APIs within `tx`, the transaction
     * that creates them all (an OpenAPI import).
     */
    recordCreatedMany(apis: readonly RecordedApi[], tx: Executor): Promise<void> {
      return repository.insertMany(
        apis.flatMap((api) => [
          {
            ownerId: api.ownerId,
            apiId: api.id,
            typeMessage: 'CREATE' as const,
            message: historyMessages.created(api),
          },
          ...warnings(api),
        ]),
        tx,
      );
    },

    /** Writes an update (and its warning) within `tx`, the transaction of the update. */
    recordUpdated(api: RecordedApi, previousName: string, tx: Executor): Promise<void> {
      return repository.insert(
        [
          {
            ownerId: api.ownerId,
            apiId: api.id,
            typeMessage: 'UPDATE',
            message: historyMessages.updated(api, previousName),
          },
          ...warnings(api),
        ],
        tx,
      );
    },

    /** Writes a deletion within `tx`, the transaction of the deletion. */
    recordDeleted(api: RecordedApi, tx: Executor): Promise<void> {
      return repository.insert(
        [
          {
            ownerId: api.ownerId,
            apiId: api.id,
            typeMessage: 'DELETE',
            message: historyMessages.deleted(api),
          },
        ],
        tx,
      );
    },
  };
}

export type HistoryService = ReturnType<typeof createHistoryService>;
