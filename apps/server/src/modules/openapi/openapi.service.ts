/**
 * The rules of an OpenAPI import: which uploads are accepted, what becomes an API and what is
 * skipped (and why), and one transaction for all. The analysis runs in a worker (see
 * openapi.analysis.ts); the APIs are created through the APIs module's own checks, which this
 * module reaches through the small port below.
 */
import {
  ErrorCode,
  type ImportReport,
  isOpenApiUpload,
  isProjectImportUpload,
  MAX_NAME_LENGTH,
  normalizeCustomEndpoint,
  openApiMessages,
  type RouteMethod,
  type SkippedOperation,
  STATUS_CODES,
} from '@mocksmith/core';
import { type PlannedOperation, toDemoOperation } from '@mocksmith/core/openapi';
import { type ProjectImportPlan, specFileNameOf } from '@mocksmith/core/projects';
import { AppError } from '../../lib/errors.ts';
import type { AuthUser } from '../../plugins/session.ts';
import {
  type Analyser,
  AnalysisFailedError,
  type AnalysisOutcome,
  AnalysisTimeoutError,
} from './openapi.analysis.ts';

/** An API of an import, as the APIs module takes it. */
export interface ImportRequest {
  name: string;
  /** The operation's summary, within the description limit; null when it has none. */
  description: string | null;
  method: RouteMethod;
  customEndpoint: string;
  template: string;
  httpCode: number;
}

/** A created API, as the answer names it. */
export interface CreatedApi {
  id: string;
  requestId: string;
  name: string;
  method: RouteMethod;
  customEndpoint: string | null;
  httpCode: number;
}

/** What the import needs of the APIs module (its create call's checks and writes). */
export interface ApiCreator<Draft> {
  /** The draft the create call would store for this API, or the reason it refuses it. */
  vetImport(
    user: AuthUser | null,
    request: ImportRequest,
  ): { ok: true; draft: Draft } | { ok: false; reason: string };
  /** The user's `METHOD /endpoint` pairs in use. */
  endpointsInUse(user: AuthUser): Promise<Set<string>>;
  /** Creates every draft in one transaction, or none. */
  createImported(user: AuthUser | null, drafts: readonly Draft[]): Promise<CreatedApi[]>;
}

/** An uploaded file, held in memory (bounded by the route). */
export interface UploadedFile {
  fileName: string;
  contentType: string;
  bytes: Uint8Array;
}

/** The outcome of an import: the APIs created with their reports, and what was skipped. */
export interface ImportOutcome {
  created: (CreatedApi & { report: ImportReport })[];
  skipped: SkippedOperation[];
}

/**
 * How many more anonymous APIs a visitor may create now (the demo's creation limit), asked for
 * `wanted`; unlimited when not given.
 */
export type AnonymousAllowance = (wanted: number) => Promise<number>;

/** Operations checked between two turns of the event loop. */
const YIELD_EVERY = 50;

/** A refused file: the spec's text, then the reason in words (also in `details.reason`). */
const invalidFile = (reason: string) =>
  new AppError(ErrorCode.INVALID_BODY, openApiMessages.invalidFileBecause(reason), {
    details: { reason },
  });

/** How an import is run: who waits in which queue, and what happens once it was analysed. */
export interface ImportOptions {
  /** How many anonymous APIs a visitor may still create (the demo's limit); unlimited when not given. */
  allowance?: AnonymousAllowance;
  /** Whose turn the analysis waits for (one queue per user or visitor, served in turn). */
  owner?: string;
  /** Called once the file was analysed, accepted or not: the work that costs was done. */
  onAnalysed?: () => Promise<void> | void;
}

/** A name the create call accepts: trimmed, at most MAX_NAME_LENGTH characters. */
function nameOf(operation: PlannedOperation): string {
  // Control characters (a NUL cannot even be stored) have no place in a name.
  const name =
    operation.name.replace(/\p{Cc}+/gu, ' ').trim() || `${operation.method} ${operation.path}`;
  return name.length <= MAX_NAME_LENGTH ? name : `${name.slice(0, MAX_NAME_LENGTH - 1)}…`;
}

/**
 * Where an import into a project goes (the projects module): the owner's check before the
 * analysis, then the plan stored. The answer is the target's.
 */
export interface ProjectImportTarget<Result> {
  assertOwned(user: AuthUser, projectId: string): Promise<void>;
  apply(user: AuthUser, projectId: string, plan: ProjectImportPlan): Promise<Result>;
}

export interface OpenApiServiceDeps<Draft> {
  analyser: Analyser;
  apis: ApiCreator<Draft>;
}

/**
 * The plan of an analysis, or the 400 in words of a file that is no spec (or too slow to read);
 * `onAnalysed` runs either way, once the work that costs was done.
 */
async function analysed<Plan>(
  analyse: () => Promise<AnalysisOutcome<Plan>>,
  onAnalysed: ImportOptions['onAnalysed'],
): Promise<Plan> {
  let outcome: AnalysisOutcome<Plan>;
  try {
    outcome = await analyse();
  } catch (error) {
    await onAnalysed?.();
    if (error instanceof AnalysisTimeoutError) {
      throw invalidFile(openApiMessages.tooSlow(error.seconds));
    }
    if (error instanceof AnalysisFailedError) throw invalidFile(error.message);
    throw error;
  }
  await onAnalysed?.();
  if (!outcome.ok) throw invalidFile(outcome.reason);
  return outcome.plan;
}

/** Refuses, before any analysis, a file that is neither JSON nor YAML by its name and type. */
function assertOpenApiUpload(file: UploadedFile): void {
  if (!isOpenApiUpload(file.fileName, file.contentType)) {
    throw invalidFile(
      `The file "${file.fileName}" (${file.contentType || 'no type'}) is neither JSON nor YAML: send a .json, .yaml or .yml file`,
    );
  }
}

/** As assertOpenApiUpload, for an import into a project, which also reads a HAR file. */
function assertProjectImportUpload(file: UploadedFile): void {
  if (!isProjectImportUpload(file.fileName, file.contentType)) {
    throw invalidFile(
      `The file "${file.fileName}" (${file.contentType || 'no type'}) is neither JSON, YAML nor HAR: send a .json, .yaml, .yml or .har file`,
    );
  }
}

export function createOpenApiService<Draft>({ analyser, apis }: OpenApiServiceDeps<Draft>) {
  return {
    /**
     * Imports an OpenAPI file: one API per GET, POST, PUT and DELETE operation, owned by `user`
     * (anonymous when null, within `allowance`). Throws 400 with the spec's text and the reason
     * (also in `details.reason`) for a file of another type or one that does not parse or
     * validate, and 400 when no operation can become an API (`details.skipped` says why). All
     * APIs are created in one transaction: when that fails, none is.
     */
    async importFile(
      user: AuthUser | null,
      file: UploadedFile,
      { allowance, owner, onAnalysed }: ImportOptions = {},
    ): Promise<ImportOutcome> {
      assertOpenApiUpload(file);
      const plan = await analysed(() => analyser.analyse(file.bytes, owner), onAnalysed);

      const skipped: SkippedOperation[] = [...plan.skipped];
      const inUse = user ? await apis.endpointsInUse(user) : new Set<string>();
      const accepted: { draft: Draft; operation: PlannedOperation; report: ImportReport }[] = [];
      for (const [index, planned] of plan.operations.entries()) {
        // Checking a template is synchronous work: let the mock calls in between every few.
        if (index % YIELD_EVERY === YIELD_EVERY - 1) await new Promise(setImmediate);
        // A visitor's APIs hold the demo's basic types only.
        const operation = user ? planned : toDemoOperation(planned);
        const skip = (reason: string) =>
          skipped.push({ method: operation.method, path: operation.path, reason });
        const report: ImportReport = {
          ...operation.report,
          ignored: [...operation.report.ignored],
        };
        let httpCode = operation.httpCode;
        if (!(STATUS_CODES as readonly number[]).includes(httpCode)) {
          report.ignored.push({
            pointer: `#/paths/${operation.path.replace(/~/g, '~0').replace(/\//g, '~1')}/${operation.method.toLowerCase()}/responses/${httpCode}`,
            keyword: 'responses',
            reason: `${httpCode} is not one of the status codes a mock API answers (${STATUS_CODES.join(', ')}); it answers 200`,
          });
          httpCode = 200;
        }
        const endpoint = normalizeCustomEndpoint(operation.customEndpoint);
        if (endpoint && inUse.has(`${operation.method} ${endpoint}`)) {
          skip(`You have a ${operation.method} API at ${endpoint} already`);
          continue;
        }
        const vetted = apis.vetImport(user, {
          name: nameOf(operation),
          description: operation.description,
          method: operation.method,
          customEndpoint: operation.customEndpoint,
          template: JSON.stringify(operation.template),
          httpCode,
        });
        if (!vetted.ok) {
          skip(vetted.reason);
          continue;
        }
        if (endpoint) inUse.add(`${operation.method} ${endpoint}`);
        accepted.push({ draft: vetted.draft, operation, report });
      }

      if (!user && allowance && accepted.length > 0) {
        const allowed = await allowance(accepted.length);
        for (const { operation } of accepted.splice(allowed)) {
          skipped.push({
            method: operation.method,
            path: operation.path,
            reason:
              'Visitors share the demo’s limit of anonymous APIs; sign in to import every operation',
          });
        }
      }
      if (accepted.length === 0) {
        throw new AppError(ErrorCode.VALIDATION_FAILED, openApiMessages.noOperations, {
          details: { skipped },
        });
      }

      const created = await apis.createImported(
        user,
        accepted.map((entry) => entry.draft),
      );
      if (created.length !== accepted.length) {
        throw new AppError(ErrorCode.INTERNAL_ERROR, 'The import stored a different count');
      }
      return {
        created: created.map((api, index) => ({ ...api, report: accepted[index]!.report })),
        skipped,
      };
    },

    /**
     * Plans an OpenAPI text as an import into a project (the worker, in the owner's queue): the
     * spec a project's files name. Throws 400 as `importFile` does for a text that is no spec.
     */
    planForProject(text: string, owner: string): Promise<ProjectImportPlan> {
      const bytes = new TextEncoder().encode(text);
      return analysed(() => analyser.analyseForProject(bytes, owner), undefined);
    },

    /**
     * Imports an OpenAPI file into one of the user's projects: every operation a route at its
     * path (core's planProjectImport, in the worker, the same queue as the other imports), the
     * routes an earlier import of it made updated, and the spec's text kept with the plan (the
     * project's files name it); or a HAR file (a .har, or JSON with `log.entries`), its recorded
     * JSON answers routes by method and path (core's planHarImport). Throws 404 before the
     * analysis when the project is not the user's, and 400 as `importFile` does for a file that
     * is no spec.
     */
    async importIntoProject<Result>(
      user: AuthUser,
      projectId: string,
      file: UploadedFile,
      target: ProjectImportTarget<Result>,
      { owner, onAnalysed }: ImportOptions = {},
    ): Promise<Result> {
      await target.assertOwned(user, projectId);
      assertProjectImportUpload(file);
      const plan = await analysed(() => analyser.analyseForProject(file.bytes, owner), onAnalysed);
      if (plan.responses === undefined) return target.apply(user, projectId, plan);
      const text = new TextDecoder().decode(file.bytes);
      return target.apply(user, projectId, { ...plan, spec: { file: specFileNameOf(text), text } });
    },
  };
}

export type OpenApiService = ReturnType<typeof createOpenApiService>;
