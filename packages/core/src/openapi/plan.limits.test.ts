/**
 * The work an import may do: a small document whose schemas expand exponentially is refused by
 * counting, in a fraction of a second, with a message that says why; ordinary documents are not.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { schemaBomb } from '../testing/schema-bomb.ts';
import { planImport } from './plan.ts';
import { SchemaNodesLimitError } from './schema.ts';

async function dereferenced(document: unknown): Promise<unknown> {
  return SwaggerParser.dereference(JSON.parse(JSON.stringify(document)) as never);
}

describe('the work bound of an import', () => {
  it('refuses a 3.8 KB schema bomb within a second, naming the cause', async () => {
    const document = await dereferenced(schemaBomb());
    expect(JSON.stringify(schemaBomb()).length).toBeLessThan(4000);
    const started = Date.now();
    let caught: unknown;
    try {
      planImport(document);
    } catch (error) {
      caught = error;
    }
    const elapsed = Date.now() - started;
    expect(caught).toBeInstanceOf(SchemaNodesLimitError);
    expect((caught as Error).message).toBe(
      'The specification expands to more than 500,000 schema nodes (the answer of GET /bomb: schema S30 references others that reference others, each more than once); simplify it or split it.',
    );
    expect(elapsed).toBeLessThan(1000);
  });

  it('counts the schema an example is checked against, too', async () => {
    const document = await dereferenced(schemaBomb(30, { a: {}, b: {} }));
    expect(() => planImport(document)).toThrow(/expands to more than 500,000 schema nodes/);
  });

  it('plans a document that stays within the bound', async () => {
    const plan = planImport(await dereferenced(schemaBomb(8)));
    expect(plan.operations).toHaveLength(1);
    expect(plan.operations[0]!.report.source).toBe('schema');
  });

  it('takes the bound as an option', async () => {
    expect(() => planImport(schemaBomb(8), { maxSchemaNodes: 10 })).not.toThrow();
    const document = await dereferenced(schemaBomb(8));
    expect(() => planImport(document, { maxSchemaNodes: 100 })).toThrow(SchemaNodesLimitError);
  });
});
