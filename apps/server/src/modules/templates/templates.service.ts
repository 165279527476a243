import {
  type CompiledTemplate,
  type CreateTemplateInput,
  ErrorCode,
  formatIssue,
  prepareTemplate,
  type TemplateIssue,
  type TemplateMode,
} from '@mocksmith/core';
import type { TemplateRow } from '../../db/schema/templates.ts';
import { AppError } from '../../lib/errors.ts';
import { newRequestId } from '../../lib/ids.ts';
import type { TemplatesRepository } from './templates.repository.ts';

/** The name of an anonymous API created without one. */
export const DEFAULT_DEMO_NAME = 'Demo API';

/**
 * Turns template problems into the 400 answer: the first problem's text (prefixed with its
 * JSONPath, except for the demo rule whose text the spec fixes) and every problem in details.
 */
export function templateError(issues: TemplateIssue[]): AppError {
  const [first] = issues;
  if (!first) return new AppError(400, ErrorCode.INVALID_JSON, 'Invalid template');
  const message =
    first.code === ErrorCode.DEMO_TYPE_NOT_ALLOWED ? first.message : formatIssue(first);
  return new AppError(400, first.code, message, { issues });
}

/** Validates and compiles template text, or throws the 400 that names the problem. */
export function compileOrThrow(text: string, mode: TemplateMode): CompiledTemplate {
  const result = prepareTemplate(text, { mode });
  if (!result.ok) throw templateError(result.errors);
  return result.value;
}

export interface TemplatesServiceDeps {
  repository: TemplatesRepository;
  /** Tells every node's cache that this request id changed (created, updated or deleted). */
  invalidate(requestId: string): void;
}

export function createTemplatesService({ repository, invalidate }: TemplatesServiceDeps) {
  return {
    /**
     * Generates one body from a template value (the preview). Anonymous previews are in demo
     * mode: basic types only. Throws a 400 AppError naming the first problem.
     */
    preview(template: unknown, mode: TemplateMode): unknown {
      // Through the text, so the size limit applies to the preview as to a save.
      return compileOrThrow(JSON.stringify(template), mode).generate();
    },

    /**
     * Creates an anonymous mock API (demo mode). Account-only options are ignored: an
     * anonymous API answers at once, with 200, to anyone.
     */
    async createAnonymous(input: CreateTemplateInput): Promise<TemplateRow> {
      compileOrThrow(input.template, 'demo');
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
  };
}

export type TemplatesService = ReturnType<typeof createTemplatesService>;
