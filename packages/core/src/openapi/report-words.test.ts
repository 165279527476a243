/**
 * What a person reads of an import: the report in words (no JSON pointers), the summary kept as
 * the description, references to other files listed rather than guessed at.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { importReportLines, placeInWords } from '../schemas/openapi-import-texts.ts';
import { planImport } from './plan.ts';

const VISITS = {
  openapi: '3.0.3',
  info: { title: 'clinic', version: '1' },
  paths: {
    '/visits': {
      post: {
        operationId: 'createVisit',
        summary: 'Book a visit',
        responses: {
          '201': {
            description: 'booked',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['vet'],
                  properties: {
                    vet: {
                      oneOf: [
                        { $ref: '#/components/schemas/Owner' },
                        { $ref: '#/components/schemas/Vet' },
                      ],
                    },
                    clinic: { $ref: 'https://example.test/clinic.yaml#/Clinic' },
                    notes: { $ref: 'notes.yaml' },
                  },
                },
              },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Owner: { type: 'object', properties: { name: { type: 'string' } } },
      Vet: { type: 'object', properties: { licence: { type: 'string' } } },
    },
  },
};

async function plan(document: unknown) {
  const dereferenced = await SwaggerParser.dereference(
    JSON.parse(JSON.stringify(document)) as never,
    {
      resolve: { external: false, file: false, http: false },
    } as never,
  );
  return planImport(dereferenced);
}

describe('the import report in words', () => {
  it('says where and what in words a user reads, with no JSON pointer', async () => {
    const [operation] = (await plan(VISITS)).operations;
    const lines = importReportLines(operation!.report);
    expect(lines).toContain(
      'POST /visits, field vet: the spec allows several shapes and names no discriminator; the first shape, Owner, is used.',
    );
    for (const line of lines) expect(line).not.toMatch(/#\/paths|~1|\/oneOf/);
  });

  it('lists references to other files and URLs instead of generating text for them', async () => {
    const [operation] = (await plan(VISITS)).operations;
    const lines = importReportLines(operation!.report);
    expect(lines).toContain(
      'POST /visits, field clinic: refers to "https://example.test/clinic.yaml#/Clinic", in another file or at a URL, which an import never fetches: nothing is generated for it.',
    );
    expect(lines).toContain(
      'POST /visits, field notes: refers to "notes.yaml", in another file or at a URL, which an import never fetches: nothing is generated for it.',
    );
    expect(operation!.template).not.toHaveProperty('clinic');
    expect(operation!.template).not.toHaveProperty('notes');
  });

  it('keeps the summary as the description, cut cleanly at the limit', async () => {
    expect((await plan(VISITS)).operations[0]!.description).toBe('Book a visit');
    const long = JSON.parse(JSON.stringify(VISITS)) as typeof VISITS;
    long.paths['/visits'].post.summary = `${'word '.repeat(150)}end`;
    const description = (await plan(long)).operations[0]!.description!;
    expect(description.length).toBeLessThanOrEqual(500);
    expect(description).toMatch(/^(word )+word…$/);
  });

  it('names places of arrays, nested fields and the answer itself', () => {
    expect(
      placeInWords(
        '#/paths/~1pets~1{id}/get/responses/200/content/application~1json/schema/items/properties/owner/properties/email',
      ),
    ).toBe('GET /pets/{id}, each item, field owner.email');
    expect(placeInWords('#/paths/~1pets/get/responses/201')).toBe('GET /pets, the answer (201)');
    expect(placeInWords('template:/tags/0/label')).toBe('field tags[].label');
  });
});
