import { describe, expect, it } from 'vitest';
import { importTexts } from '../errors.ts';
import type { Planner } from './openapi-import-document.ts';
import { documentOperations, openDocument } from './openapi-import-document.ts';
import { type AnswerStyle, PROJECT_ANSWERS, successEntry } from './openapi-import-responses.ts';
import { STAND_ALONE_BODILESS } from './stand-alone.ts';

const API_STYLE: AnswerStyle = { bodiless: STAND_ALONE_BODILESS, examples: 'one' };
const schema = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };

/** The success entry of the document's one operation in a style, with the planner it used. */
function entryOf(responses: object, style: AnswerStyle) {
  const document = { openapi: '3.0.3', info: {}, paths: { '/a': { get: { responses } } } };
  const opened = openDocument(document, 10_000);
  if (!opened.ok) throw new Error(opened.reason);
  const planner: Planner = { context: opened.context, warnings: [], skipped: [], prefix: '' };
  const [operation] = [...documentOperations(opened.context.document)];
  return { entry: successEntry(operation!, planner, style), planner };
}

describe('successEntry', () => {
  it('is undefined for an operation without a 2xx, 2XX or default answer', () => {
    expect(entryOf({ '404': { description: 'no' } }, API_STYLE).entry).toBeUndefined();
  });

  it('serves the media type example before the named ones in the one-example style', () => {
    const media = { schema, example: { id: 1 }, examples: { two: { value: { id: 2 } } } };
    const responses = { '200': { content: { 'application/json': media } } };
    const one = entryOf(responses, API_STYLE).entry;
    expect(one?.body).toEqual({ id: 1 });
    expect(one?.report?.source).toBe('example');
    const each = entryOf(responses, PROJECT_ANSWERS).entry;
    expect(each?.body).toEqual({ id: 2 });
    expect(each?.name).toBe('two');
  });

  it('keeps a contradicting example in the report, and falls back to the schema', () => {
    const media = { schema, example: { id: 'x' } };
    const { entry, planner } = entryOf(
      { '201': { content: { 'application/json': media } } },
      API_STYLE,
    );
    expect(entry?.status).toBe(201);
    expect(entry?.report?.source).toBe('schema');
    expect(entry?.report?.contradictingExamples).toHaveLength(1);
    expect(planner.warnings).toEqual([]);
  });

  it('reads a 205 answer in the one-example style, a project leaving its body out', () => {
    const media = { example: { id: 5 } };
    const responses = { '205': { content: { 'application/json': media } } };
    expect(entryOf(responses, API_STYLE).entry?.body).toEqual({ id: 5 });
    const project = entryOf(responses, PROJECT_ANSWERS).entry;
    expect(project?.body).toEqual({});
    expect(project?.report?.ignored).toEqual([
      expect.objectContaining({ keyword: 'content', reason: importTexts.noJsonAnswer }),
    ]);
  });
});
