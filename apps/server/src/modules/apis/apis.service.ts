import { randomUUID } from 'node:crypto';
import {
  apiMessages,
  type CompiledTemplate,
  createDemoApiInputSchema,
  createUserApiInputSchema,
  DEMO_API_NAME,
  ErrorCode,
  formatIssue,
  MAX_TEMPLATE_DEPTH,
  messages,
  misfitHeaderIssue,
  prepareTemplate,
  type RouteMethod,
  type Sharing,
  sharingIssues,
  type TemplateCategory,
  type TemplateIssue,
  type TemplateMode,
} from '@mocksmith/core';
import { previewResponse, renderResponse } from '@mocksmith/engine';
import type { Executor, Transaction } from '../../db/client.ts';
import type { ApiDraft, ApiRow } from '../../db/schema/apis.ts';
import { type Access, accessForbidden, accessRefused } from '../../lib/access.ts';
import { AppError } from '../../lib/errors.ts';
import { newRequestId } from '../../lib/ids.ts';
import type { AuthUser } from '../../plugins/session.ts';
import { type ApiChanges, type ApisRepository, EndpointTakenError } from './apis.repository.ts';

export type { ApiDraft };

/** `value` with what lies deeper than `depth` levels as null: a walk no deeper than that. */
function cutDeeperThan(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth === 0) return null;
  if (Array.isArray(value)) return value.map((item) => cutDeeperThan(item, depth - 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, cutDeeperThan(item, depth - 1)]),
  );
}

/** A stand-alone preview's query and page URL: none, and its Link header is not sent. */
const NO_QUERY = Object.freeze({});
const noPage = () => '';

/**
 * A previewed template (a JSON value) as text. One nested thousands of levels deep (a JSON
 * parser takes it) overflows JSON.stringify's stack: it is cut below the depth limit instead, so
 * that the compile refuses it with the 400 that names the limit and where it is passed.
 */
function templateText(template: unknown): string {
  try {
    return JSON.stringify(template);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    return JSON.stringify(cutDeeperThan(template, MAX_TEMPLATE_DEPTH + 1));
  }
}

/**
 * An API an import asks for (an OpenAPI operation): the fields of the create call it fills, as
 * the create call's body has them. It goes through that call's schema and template checks.
 */
export interface ImportedApiRequest {
  name: string;
  /** The operation's summary (the import keeps it within the description limit). */
  description?: string | null;
  method: RouteMethod;
  /** The path, `{param}` segments kept. */
  customEndpoint: string;
  /** The template: JSON text. */
  template: string;
  httpCode: number;
}

/** The outcome of the checks of an imported API: its draft, or why the create call refuses it. */
export type VettedImport = { ok: true; draft: ApiDraft } | { ok: false; reason: string };

/** An anonymous API: the demo's few fields. */
export type DemoApiDraft = Pick<ApiDraft, 'template' | 'method' | 'customEndpoint'> & {
  name?: string;
};

/** An update: the draft's fields, those left out keeping their stored values. */
export type ApiUpdate = Pick<ApiDraft, 'name' | 'template' | 'method' | 'customEndpoint'> &
  Partial<Omit<ApiDraft, 'name' | 'template' | 'method' | 'customEndpoint'>> & {
    id: string;
    /** The client's request id, when it sent one: it must be the API's own. */
    requestId?: string;
    /** The client's user id, when it sent one: it must be the signed-in user's. */
    userId?: string;
  };

/** A deletion, with the ids the client sent alongside. */
export interface ApiDeletion {
  id: string;
  requestId?: string;
  userId?: string;
}

/**
 * Where the history of a change is written, inside the change's transaction (the history
 * module's service; this module never reaches its tables).
 */
export interface HistoryRecorder {
  recordCreated(api: ApiRow & { ownerId: string }, tx: Executor): Promise<void>;
  recordUpdated(
    api: ApiRow & { ownerId: string },
    previousName: string,
    tx: Executor,
  ): Promise<void>;
  recordDeleted(api: ApiRow & { ownerId: string }, tx: Executor): Promise<void>;
  recordCreatedMany(apis: readonly (ApiRow & { ownerId: string })[], tx: Executor): Promise<void>;
}

/**
 * Turns template problems into the 400 answer: the first problem's text (prefixed with its
 * JSONPath, except for the demo rule whose text the spec fixes) and every problem in details.
 * In full mode (an account's API page) invalid JSON gets the API page's text of the spec.
 */
export function templateError(issues: TemplateIssue[], mode: TemplateMode = 'demo'): AppError {
  const [first] = issues;
  if (!first) return new AppError(ErrorCode.INVALID_JSON, 'Invalid template');
  const message =
    first.code === ErrorCode.DEMO_TYPE_NOT_ALLOWED
      ? first.message
      : first.code === ErrorCode.INVALID_JSON && mode === 'full'
        ? messages.invalidJsonApiPage
        : formatIssue(first);
  return new AppError(first.code, message, { details: { issues } });
}

const apiNotFound = (id: string) => accessRefused({ kind: 'api', id });
const endpointTaken = () =>
  new AppError(ErrorCode.CUSTOM_ENDPOINT_TAKEN, apiMessages.endpointTaken);

/** 409 for a repeated create; details name the API the first submit created. */
const justCreated = (row: ApiRow) =>
  new AppError(ErrorCode.API_JUST_CREATED, apiMessages.justCreated, {
    details: { id: row.id, requestId: row.requestId },
  });

/** Throws 403 when a client names a user (in a path or body) other than the signed-in one. */
function assertSelf(user: AuthUser, userId: string | undefined): void {
  if (userId !== undefined && userId !== user.id) throw accessForbidden();
}

/** A row known to have an owner (the signed-in user's). */
function owned(row: ApiRow): ApiRow & { ownerId: string } {
  return row as ApiRow & { ownerId: string };
}

export interface ApisServiceDeps {
  repository: ApisRepository;
  /** Whose APIs are whose (lib/access.ts). */
  access: Access<{ id: string }, ApiRow>;
  history: HistoryRecorder;
  /**
   * Tells every node's cache that this request id changed (created, updated or deleted); settles
   * once this node serves the change.
   */
  invalidate(requestId: string): Promise<void>;
  /** The largest answer a template may give (MOCK_MAX_RESPONSE_BYTES); core's default if unset. */
  maxResponseBytes?: number;
  /** The most APIs one account may have (MAX_APIS_PER_ACCOUNT); unlimited if unset. */
  maxApisPerAccount?: number;
  /**
   * Seconds within which a create of the same API (name, template, method, endpoint) by the
   * same user is the same form sent twice (a double click, a retry of a call that went
   * through), and is refused (REPEAT_CREATE_WINDOW_S); 0 or unset: never.
   */
  repeatCreateWindowS?: number;
}

export function createApisService({
  repository,
  access,
  history,
  invalidate,
  maxResponseBytes,
  maxApisPerAccount = Number.POSITIVE_INFINITY,
  repeatCreateWindowS = 0,
}: ApisServiceDeps) {
  /** Throws 403 when `adding` more APIs would take the user past the limit (in the transaction). */
  const assertRoom = async (ownerId: string, adding: number, tx: Transaction) => {
    const owned = await repository.countOwnedLocked(ownerId, tx);
    if (owned + adding <= maxApisPerAccount) return;
    throw new AppError(
      ErrorCode.API_LIMIT_REACHED,
      `An account may have at most ${maxApisPerAccount} APIs; this one has ${owned}${adding > 1 ? ` and the import would add ${adding}` : ''}. Delete some to make room`,
    );
  };

  /** Validates and compiles template text, or throws the 400 that names the problem. */
  const compile = (text: string, mode: TemplateMode): CompiledTemplate => {
    const result = prepareTemplate(text, { mode, maxResponseBytes });
    if (!result.ok) throw templateError(result.errors, mode);
    return result.value;
  };

  /**
   * Throws 409 when the API is a route of a project: the original product's calls would break its named
   * responses (its default one mirrored in the API's fields), so it changes on its project's page.
   */
  const assertStandAlone = async (row: ApiRow) => {
    if (row.projectId === null) return;
    const project = (await repository.projectName(row.projectId)) ?? 'a project';
    throw new AppError(
      ErrorCode.API_IS_ROUTE,
      `This API is a route of the project "${project}": change it on the project's page`,
    );
  };

  /** Runs a change's writes in one transaction; a clash of endpoints is the spec's 409. */
  const inTransaction = async <T>(work: Parameters<ApisRepository['transaction']>[0]) => {
    try {
      return (await repository.transaction(work)) as T;
    } catch (error) {
      if (error instanceof EndpointTakenError) throw endpointTaken();
      throw error;
    }
  };

  return {
    /**
     * Generates one body from a template value (the preview), as JSON text. Anonymous previews
     * are in demo mode: basic types only. Throws a 400 AppError naming the first problem, such as an answer
     * that could pass the size limit.
     */
    preview(template: unknown, mode: TemplateMode): string {
      // Through the text, so the size limit applies to the preview as to a save.
      const compiled = compile(templateText(template), mode);
      // The one renderer of the live answer (engine answer.ts), for a call with no query.
      return renderResponse(previewResponse(compiled), NO_QUERY, noPage).payload ?? '';
    },

    /**
     * Validates and compiles a signed-in user's template (JSON text, or a JSON value as a
     * preview sends it) with the checks of the create call: the full catalogue and the answer
     * size limit. Throws the 400 AppError naming the first problem. The projects' routes and
     * previews are checked through it.
     */
    compileForUser(template: unknown): CompiledTemplate {
      return compile(typeof template === 'string' ? template : templateText(template), 'full');
    },

    /**
     * Creates an anonymous mock API (demo mode: basic types only). It answers at once, with
     * 200, to anyone.
     */
    async createAnonymous(draft: DemoApiDraft): Promise<ApiRow> {
      compile(draft.template, 'demo');
      const row = await repository.insert({
        requestId: newRequestId(),
        ownerId: null,
        name: draft.name || DEMO_API_NAME,
        template: draft.template,
        method: draft.method,
        customEndpoint: draft.customEndpoint,
      });
      await invalidate(row.requestId);
      return row;
    },

    /**
     * Creates a signed-in user's API (full catalogue) and, in the same transaction, its history.
     * Throws 403 for another user's `userId`, 400 for a bad template, 409 when the user has an
     * API of that method at that custom endpoint already, and 409 `API_JUST_CREATED` when the
     * user created this same API (name, template, method, endpoint) within the last
     * `repeatCreateWindowS` seconds. The new request id is invalidated after the commit.
     */
    async createForUser(
      user: AuthUser,
      draft: ApiDraft,
      userId: string | undefined,
    ): Promise<ApiRow> {
      assertSelf(user, userId);
      compile(draft.template, 'full');
      const stored = await inTransaction<ApiRow>(async (tx) => {
        // After assertRoom, which holds the user's row: a twin sent at once waits for this one.
        await assertRoom(user.id, 1, tx);
        if (repeatCreateWindowS > 0) {
          const twin = await repository.findRecentTwin(user.id, draft, repeatCreateWindowS, tx);
          if (twin) throw justCreated(twin);
        }
        const row = await repository.insert(
          { ...draft, id: randomUUID(), requestId: newRequestId(), ownerId: user.id },
          tx,
        );
        await history.recordCreated(owned(row), tx);
        return row;
      });
      await invalidate(stored.requestId);
      return stored;
    },

    /**
     * Checks an imported API as the create call checks its body: the signed-in create's schema
     * and the full catalogue for a user, the demo's schema and basic types for a visitor (null).
     * Returns the draft to create, or the reason the call would refuse it.
     */
    vetImport(user: AuthUser | null, request: ImportedApiRequest): VettedImport {
      const body = {
        name: request.name,
        template: request.template,
        requestEnum: request.method,
        customEndpoint: request.customEndpoint,
        option: { delay: 0, authToken: null, httpCode: request.httpCode },
      };
      const parsed = (user ? createUserApiInputSchema : createDemoApiInputSchema).safeParse(body);
      if (!parsed.success) {
        const [issue] = parsed.error.issues;
        return { ok: false, reason: issue ? issue.message : 'The API is not valid' };
      }
      const mode: TemplateMode = user ? 'full' : 'demo';
      const prepared = prepareTemplate(request.template, { mode, maxResponseBytes });
      if (!prepared.ok) return { ok: false, reason: templateError(prepared.errors, mode).message };
      const input = parsed.data;
      return {
        ok: true,
        draft: {
          name: input.name || DEMO_API_NAME,
          description: request.description ?? null,
          template: input.template,
          method: input.requestEnum,
          customEndpoint: input.customEndpoint,
          delay: 0,
          authToken: null,
          httpCode: input.option?.httpCode ?? 200,
          customHeaders: [],
          isPublic: false,
          category: null,
          tags: [],
        },
      };
    },

    /** The method and endpoint pairs (`GET /pets/{id}`) of the user's APIs. */
    async endpointsInUse(user: AuthUser): Promise<Set<string>> {
      const rows = await repository.endpointsOf(user.id);
      return new Set(rows.map((row) => `${row.method} ${row.customEndpoint}`));
    },

    /**
     * Creates the drafts of an import (checked by `vetImport`) in one transaction, with their
     * history for a user: all of them or, when one write fails, none. A visitor's (null) are
     * anonymous. Throws 409 when an endpoint was taken meanwhile. Invalidates after the commit.
     */
    async createImported(user: AuthUser | null, drafts: readonly ApiDraft[]): Promise<ApiRow[]> {
      const rows = drafts.map((draft) => ({
        ...draft,
        id: randomUUID(),
        requestId: newRequestId(),
        ownerId: user?.id ?? null,
      }));
      const stored = await inTransaction<ApiRow[]>(async (tx) => {
        if (user) await assertRoom(user.id, rows.length, tx);
        const byRequestId = new Map(
          (await repository.insertMany(rows, tx)).map((row) => [row.requestId, row]),
        );
        // In the drafts' order, whatever order the database returned them in.
        const inserted = rows.map((row) => byRequestId.get(row.requestId)!);
        if (user) await history.recordCreatedMany(inserted.map(owned), tx);
        return inserted;
      });
      await Promise.all(stored.map((row) => invalidate(row.requestId)));
      return stored;
    },

    /**
     * The APIs of the signed-in user, newest first. `userId` is the one in the spec's path: it
     * must be the user's own, else 403.
     */
    async listForUser(user: AuthUser, userId: string): Promise<ApiRow[]> {
      assertSelf(user, userId);
      return repository.listByOwner(user.id);
    },

    /**
     * Updates one of the signed-in user's APIs. Fields the update leaves out (the options, the
     * headers, the sharing fields) keep their stored values, and the sharing rules apply to the
     * result. Everything is checked before anything is written, so a refused update leaves the
     * previous version stored and served. Writes the history in the same transaction and
     * invalidates the API's cache entry after the commit. Throws 403 (another user's API or
     * `userId`), 404 (no such API, or a request id that is not its own), 400 (a bad template or
     * sharing) or 409 (endpoint clash, or a route of a project).
     */
    async update(user: AuthUser, update: ApiUpdate): Promise<ApiRow> {
      assertSelf(user, update.userId);
      const current = await access.requireAccess(user, {
        kind: 'api',
        id: update.id,
        requestId: update.requestId,
      });
      await assertStandAlone(current);
      const sharing: Sharing = {
        isPublic: update.isPublic ?? current.isPublic,
        category:
          update.category === undefined
            ? (current.category as TemplateCategory | null)
            : update.category,
        description: update.description === undefined ? current.description : update.description,
        tags: update.tags ?? current.tags,
      };
      const [issue, ...rest] = sharingIssues(sharing);
      if (issue) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, issue.message, {
          details: { issues: [issue, ...rest] },
        });
      }
      compile(update.template, 'full');

      const changes: ApiChanges = {
        name: update.name,
        template: update.template,
        method: update.method,
        customEndpoint: update.customEndpoint,
        delay: update.delay ?? current.delay,
        authToken: update.authToken === undefined ? current.authToken : update.authToken,
        httpCode: update.httpCode ?? current.httpCode,
        customHeaders: update.customHeaders ?? current.customHeaders,
        ...sharing,
      };
      // The headers and the status as they will be stored (either may be the stored one).
      const misfit = misfitHeaderIssue(changes.customHeaders ?? [], changes.httpCode ?? 200);
      if (misfit) throw new AppError(ErrorCode.VALIDATION_FAILED, misfit.message);
      const stored = await inTransaction<ApiRow | null>(async (tx) => {
        const row = await repository.update(current.id, user.id, changes, tx);
        if (row) await history.recordUpdated(owned(row), current.name, tx);
        return row;
      });
      if (!stored) throw apiNotFound(current.id);
      await invalidate(stored.requestId);
      return stored;
    },

    /**
     * Deletes one of the signed-in user's APIs with its history entry in one transaction; its
     * URLs answer 404 from then on, on every node. Throws 403 (another user's API or `userId`),
     * 404 (no such API, or a request id that is not its own) or 409 (a route of a project).
     */
    async remove(user: AuthUser, deletion: ApiDeletion): Promise<void> {
      assertSelf(user, deletion.userId);
      const current = await access.requireAccess(user, {
        kind: 'api',
        id: deletion.id,
        requestId: deletion.requestId,
      });
      await assertStandAlone(current);
      const deleted = await inTransaction<ApiRow | null>(async (tx) => {
        const row = await repository.delete(current.id, user.id, tx);
        if (row) await history.recordDeleted(owned(row), tx);
        return row;
      });
      if (!deleted) throw apiNotFound(current.id);
      await invalidate(deleted.requestId);
    },
  };
}

export type ApisService = ReturnType<typeof createApisService>;
