import { randomUUID } from 'node:crypto';
import {
  type CompiledTemplate,
  type CreateTemplateInput,
  type CreateUserTemplateInput,
  type DeleteTemplateInput,
  ErrorCode,
  formatIssue,
  messages,
  prepareTemplate,
  type Sharing,
  sharingIssues,
  type TemplateCategory,
  TemplateErrorCode,
  type TemplateIssue,
  type TemplateMode,
  type UpdateTemplateInput,
} from '@mocksmith/core';
import type { TemplateRow } from '../../db/schema/templates.ts';
import { AppError } from '../../lib/errors.ts';
import { newRequestId } from '../../lib/ids.ts';
import type { AuthUser } from '../auth/auth.service.ts';
import { historyMessages } from '../history/history.messages.ts';
import { endpointTaken, notYours, templateNotFound } from './templates.errors.ts';
import {
  ENDPOINT_TAKEN,
  type HistoryEntryRow,
  type TemplateChanges,
  type TemplatesRepository,
} from './templates.repository.ts';

/** The name of an anonymous API created without one. */
export const DEFAULT_DEMO_NAME = 'Demo API';

/** Status codes from this one up make a saved API's history carry a warning. */
const ERROR_STATUS = 400;

/**
 * Turns template problems into the 400 answer: the first problem's text (prefixed with its
 * JSONPath, except for the demo rule whose text the spec fixes) and every problem in details.
 * In full mode (an account's API page) invalid JSON gets the API page's text of the spec.
 */
export function templateError(issues: TemplateIssue[], mode: TemplateMode = 'demo'): AppError {
  const [first] = issues;
  if (!first) return new AppError(400, ErrorCode.INVALID_JSON, 'Invalid template');
  const message =
    first.code === ErrorCode.DEMO_TYPE_NOT_ALLOWED
      ? first.message
      : first.code === ErrorCode.INVALID_JSON && mode === 'full'
        ? messages.invalidJsonApiPage
        : formatIssue(first);
  return new AppError(400, first.code, message, { issues });
}

/**
 * Validates and compiles template text, or throws the 400 that names the problem, such as a
 * worst-case answer over `maxResponseBytes`.
 */
export function compileOrThrow(
  text: string,
  mode: TemplateMode,
  maxResponseBytes?: number,
): CompiledTemplate {
  const result = prepareTemplate(text, { mode, maxResponseBytes });
  if (!result.ok) throw templateError(result.errors, mode);
  return result.value;
}

/** Throws 403 when a client names a user (in a path or body) other than the signed-in one. */
function assertSelf(user: AuthUser, userId: string | undefined): void {
  if (userId !== undefined && userId !== user.id) throw notYours();
}

/**
 * The user's template with this id: 404 when there is none or when the client's request id (if
 * it sent one) is not its own, 403 when it is someone else's.
 */
function ownedOrThrow(
  user: AuthUser,
  row: TemplateRow | null,
  requestId: string | undefined,
): TemplateRow {
  if (!row) throw templateNotFound();
  if (row.ownerId !== user.id) throw notYours();
  if (requestId !== undefined && requestId !== row.requestId) throw templateNotFound();
  return row;
}

/** The warning entry of an API saved to answer with an error status, if it is one. */
function warnings(
  ownerId: string,
  templateId: string,
  api: Pick<TemplateRow, 'name' | 'requestEnum' | 'customEndpoint' | 'httpCode'>,
): HistoryEntryRow[] {
  if (api.httpCode < ERROR_STATUS) return [];
  return [
    {
      ownerId,
      templateId,
      typeMessage: 'WARN',
      message: historyMessages.errorStatus(api, api.httpCode),
    },
  ];
}

export interface TemplatesServiceDeps {
  repository: TemplatesRepository;
  /** Tells every node's cache that this request id changed (created, updated or deleted). */
  invalidate(requestId: string): void;
  /** The largest answer a template may give (MOCK_MAX_RESPONSE_BYTES); core's default if unset. */
  maxResponseBytes?: number;
}

export function createTemplatesService({
  repository,
  invalidate,
  maxResponseBytes,
}: TemplatesServiceDeps) {
  const compile = (text: string, mode: TemplateMode) =>
    compileOrThrow(text, mode, maxResponseBytes);
  return {
    /**
     * Generates one body from a template value (the preview). Anonymous previews are in demo
     * mode: basic types only. Throws a 400 AppError naming the first problem, such as an answer
     * that could pass the size limit.
     */
    preview(template: unknown, mode: TemplateMode): unknown {
      // Through the text, so the size limit applies to the preview as to a save.
      return compile(JSON.stringify(template), mode).generate();
    },

    /**
     * Creates an anonymous mock API (demo mode). Account-only options are ignored: an
     * anonymous API answers at once, with 200, to anyone.
     */
    async createAnonymous(input: CreateTemplateInput): Promise<TemplateRow> {
      compile(input.template, 'demo');
      const row = await repository.insert({
        requestId: newRequestId(),
        ownerId: null,
        name: input.name || DEFAULT_DEMO_NAME,
        template: input.template,
        requestEnum: input.requestEnum,
        customEndpoint: input.customEndpoint,
      });
      invalidate(row.requestId);
      return row;
    },

    /**
     * Creates a signed-in user's API (full catalogue) and, in the same transaction, its CREATE
     * history entry and a WARN entry when it answers an error status. Throws 403 for another
     * user's `userId`, 400 for a bad template, 409 when the user has an API of that method at
     * that custom endpoint already. The new request id is invalidated after the commit.
     */
    async createForUser(user: AuthUser, input: CreateUserTemplateInput): Promise<TemplateRow> {
      assertSelf(user, input.userId);
      compile(input.template, 'full');
      const row = {
        id: randomUUID(),
        requestId: newRequestId(),
        ownerId: user.id,
        name: input.name,
        description: input.description,
        template: input.template,
        requestEnum: input.requestEnum,
        customEndpoint: input.customEndpoint,
        ...input.option,
        customHeaders: input.customHeaders,
        isPublic: input.isPublic,
        category: input.category,
        tags: input.tags,
      };
      const stored = await repository.insertWithHistory(row, [
        {
          ownerId: user.id,
          templateId: row.id,
          typeMessage: 'CREATE',
          message: historyMessages.created(row),
        },
        ...warnings(user.id, row.id, row),
      ]);
      if (stored === ENDPOINT_TAKEN) throw endpointTaken();
      invalidate(stored.requestId);
      return stored;
    },

    /**
     * The APIs of the signed-in user, newest first. `userId` is the one in the spec's path:
     * it must be the user's own, else 403.
     */
    async listForUser(user: AuthUser, userId: string): Promise<TemplateRow[]> {
      assertSelf(user, userId);
      return repository.listByOwner(user.id);
    },

    /**
     * Updates one of the signed-in user's APIs. Fields the body leaves out (`option`, the
     * headers, the sharing fields) keep their stored values, and the sharing rules apply to
     * the result. Everything is checked before anything is written, so a refused update
     * leaves the previous version stored and served. Writes the UPDATE (and WARN) history in
     * the same transaction and invalidates the API's cache entry after the commit. Throws 403
     * (another user's API or `userId`), 404 (no such API, or a `requestId` that is not its
     * own), 400 (a bad template or sharing) or 409 (endpoint clash).
     */
    async update(user: AuthUser, input: UpdateTemplateInput): Promise<TemplateRow> {
      assertSelf(user, input.userId);
      const current = ownedOrThrow(user, await repository.findById(input.id), input.requestId);
      const sharing: Sharing = {
        isPublic: input.isPublic ?? current.isPublic,
        category:
          input.category === undefined
            ? (current.category as TemplateCategory | null)
            : input.category,
        description: input.description === undefined ? current.description : input.description,
        tags: input.tags ?? current.tags,
      };
      const issues = sharingIssues(sharing);
      const [issue] = issues;
      if (issue) {
        throw new AppError(400, TemplateErrorCode.VALIDATION_FAILED, issue.message, { issues });
      }
      compile(input.template, 'full');

      const option = input.option ?? {
        delay: current.delay,
        authToken: current.authToken,
        httpCode: current.httpCode,
      };
      const changes = {
        name: input.name,
        template: input.template,
        requestEnum: input.requestEnum,
        customEndpoint: input.customEndpoint,
        ...option,
        customHeaders: input.customHeaders ?? current.customHeaders,
        ...sharing,
      } satisfies TemplateChanges;
      const stored = await repository.updateWithHistory(current.id, user.id, changes, [
        {
          ownerId: user.id,
          templateId: current.id,
          typeMessage: 'UPDATE',
          message: historyMessages.updated(changes, current.name),
        },
        ...warnings(user.id, current.id, changes),
      ]);
      if (stored === ENDPOINT_TAKEN) throw endpointTaken();
      if (!stored) throw templateNotFound();
      invalidate(stored.requestId);
      return stored;
    },

    /**
     * Deletes one of the signed-in user's APIs with its DELETE history entry in one
     * transaction; its URLs answer 404 from then on, on every node. Throws 403 (another
     * user's API or `userId`) or 404 (no such API, or an `idRequest` that is not its own).
     */
    async remove(user: AuthUser, input: DeleteTemplateInput): Promise<void> {
      assertSelf(user, input.userId);
      const current = ownedOrThrow(
        user,
        await repository.findById(input.idTemplate),
        input.idRequest,
      );
      const deleted = await repository.deleteWithHistory(current.id, user.id, [
        {
          ownerId: user.id,
          templateId: current.id,
          typeMessage: 'DELETE',
          message: historyMessages.deleted(current),
        },
      ]);
      if (!deleted) throw templateNotFound();
      invalidate(deleted.requestId);
    },
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
