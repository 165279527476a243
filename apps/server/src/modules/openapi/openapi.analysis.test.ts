import { afterEach, describe, expect, it } from 'vitest';
import {
  largeSpecification,
  PETS_YAML,
  schemaBomb,
  TODOS_31_JSON,
  USERS_SWAGGER2_YAML,
} from '../../../test/openapi.ts';
import {
  type Analyser,
  AnalysisFailedError,
  AnalysisTimeoutError,
  createAnalyser,
} from './openapi.analysis.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** The names of the APIs an outcome plans, or the reason it refused the file. */
async function planned(analyser: Analyser, text: string): Promise<string[] | string> {
  const outcome = await analyser.analyse(bytes(text));
  return outcome.ok ? outcome.plan.operations.map((operation) => operation.name) : outcome.reason;
}

/**
 * Ann sends `heavy` three times, then Bob a small file, all at once; resolves to the order in
 * which they finished ('ann 1', 'ann 2', 'ann 3', 'bob').
 */
async function annThriceThenBob(analyser: Analyser, heavy: string): Promise<string[]> {
  const finished: string[] = [];
  const send = (owner: string, label: string, text: string) =>
    analyser.analyse(bytes(text), owner).then(() => finished.push(label));
  await Promise.all([
    send('ann', 'ann 1', heavy),
    send('ann', 'ann 2', heavy),
    send('ann', 'ann 3', heavy),
    send('bob', 'bob', PETS_YAML),
  ]);
  return finished;
}

describe('the OpenAPI analyser', () => {
  let analyser: Analyser | undefined;
  afterEach(() => analyser?.close());

  it('makes one analysis after another in the same worker', async () => {
    analyser = createAnalyser();
    const first = await planned(analyser, PETS_YAML);
    expect(first).toEqual(expect.arrayContaining(['listPets']));
    expect(await planned(analyser, TODOS_31_JSON)).toEqual(expect.any(Array));
    expect(await planned(analyser, USERS_SWAGGER2_YAML)).toEqual(expect.any(Array));
    expect(await planned(analyser, PETS_YAML)).toEqual(first);
    expect(analyser.stats()).toEqual({ workers: 1, idle: 1, started: 1 });
  });

  it('refuses a document that breaks its schema, and the worker serves the next one', async () => {
    analyser = createAnalyser();
    const broken =
      'openapi: 3.0.0\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get:\n      responses: 12\n';
    expect(await planned(analyser, broken)).toBe(
      'The document breaks the rules of its OpenAPI version: at paths › /a › get › responses: must be object',
    );
    expect(await planned(analyser, PETS_YAML)).toEqual(expect.arrayContaining(['listPets']));
    expect(analyser.stats().started).toBe(1);
  });

  it('runs two at once in two workers (two owners), and keeps both for later', async () => {
    analyser = createAnalyser({ concurrency: 2 });
    await Promise.all([
      analyser.analyse(bytes(PETS_YAML), 'ann'),
      analyser.analyse(bytes(TODOS_31_JSON), 'bob'),
    ]);
    expect(analyser.stats()).toEqual({ workers: 2, idle: 2, started: 2 });
  });

  it('replaces a worker after its number of analyses', async () => {
    analyser = createAnalyser({ maxUses: 2 });
    for (let n = 0; n < 3; n++) await planned(analyser, PETS_YAML);
    expect(analyser.stats()).toEqual({ workers: 1, idle: 1, started: 2 });
  });

  it('stops a worker left unused', async () => {
    analyser = createAnalyser({ idleMs: 50 });
    await planned(analyser, PETS_YAML);
    await expect.poll(() => analyser?.stats().workers).toBe(0);
    expect(await planned(analyser, PETS_YAML)).toEqual(expect.arrayContaining(['listPets']));
    expect(analyser.stats().started).toBe(2);
  });

  it('serves owners in turn: one who sent three files delays another by one analysis', async () => {
    analyser = createAnalyser({ concurrency: 1 });
    expect(await annThriceThenBob(analyser, largeSpecification(3000))).toEqual([
      'ann 1',
      'bob',
      'ann 2',
      'ann 3',
    ]);
  });

  it('runs one analysis of an owner at a time, leaving the other place to another owner', async () => {
    analyser = createAnalyser({ concurrency: 2 });
    expect(await annThriceThenBob(analyser, largeSpecification(6000))).toEqual([
      'bob',
      'ann 1',
      'ann 2',
      'ann 3',
    ]);
    // Ann's analyses ran one after another, in one worker; Bob's had the other.
    expect(analyser.stats().started).toBe(2);
  });

  it('refuses a schema bomb in its worker, which serves the next file', async () => {
    analyser = createAnalyser();
    const started = performance.now();
    expect(await planned(analyser, JSON.stringify(schemaBomb()))).toMatch(
      /^The specification expands to more than 500,000 schema nodes/,
    );
    expect(performance.now() - started).toBeLessThan(3000);
    expect(await planned(analyser, PETS_YAML)).toEqual(expect.arrayContaining(['listPets']));
    expect(analyser.stats().started).toBe(1);
  });

  it('stops the worker of an analysis past its time limit', async () => {
    analyser = createAnalyser({ timeoutMs: 1 });
    await expect(analyser.analyse(bytes(PETS_YAML))).rejects.toBeInstanceOf(AnalysisTimeoutError);
    expect(analyser.stats().workers).toBe(0);
  });

  it('stops the worker of an analysis out of its heap', async () => {
    analyser = createAnalyser({ maxHeapMb: 2 });
    const error = await analyser.analyse(bytes(PETS_YAML)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AnalysisFailedError);
    expect(analyser.stats().workers).toBe(0);
  });
});
