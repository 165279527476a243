import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PETS_YAML, TODOS_31_JSON, USERS_SWAGGER2_YAML } from '../../../test/openapi.ts';
import { checkAgainstOpenApiSchema } from './openapi.schema-check.ts';

/** What swagger-parser's own schema validation says of `document` (undefined: valid). */
async function swaggerParserSays(document: object): Promise<string | undefined> {
  try {
    await SwaggerParser.validate(
      structuredClone(document) as never,
      {
        validate: { spec: false },
      } as never,
    );
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function checkSays(document: object): string | undefined {
  try {
    checkAgainstOpenApiSchema(structuredClone(document));
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

const broken = {
  '3.0': parse(
    'openapi: 3.0.3\ninfo: { title: x }\npaths:\n  /a:\n    get:\n      responses: 12\n  b: {}\n',
  ),
  '3.1': {
    openapi: '3.1.0',
    info: { title: 'x', version: '1' },
    paths: { '/a': { get: { responses: { '200': { description: 3 } } } } },
    components: { schemas: { A: { type: 'object', properties: 'no' } } },
  },
  '2.0': parse(
    "swagger: '2.0'\ninfo: { title: x, version: '1' }\npaths:\n  /a:\n    get:\n      responses: { '200': {} }\n",
  ),
};

describe('the OpenAPI schema check, compiled once', () => {
  it.each([
    ['3.0', parse(PETS_YAML)],
    ['3.1', JSON.parse(TODOS_31_JSON)],
    ['2.0', parse(USERS_SWAGGER2_YAML)],
  ])('passes the valid %s test document, as swagger-parser does', async (_version, document) => {
    expect(await swaggerParserSays(document)).toBeUndefined();
    expect(checkSays(document)).toBeUndefined();
  });

  it.each(Object.entries(broken))(
    'refuses a broken %s document in swagger-parser’s own words',
    async (_version, document) => {
      const expected = await swaggerParserSays(document);
      expect(expected).toMatch(/^Swagger schema validation failed\.\n/);
      expect(checkSays(document)).toBe(expected);
      // Again, with the compiled check: same answer.
      expect(checkSays(document)).toBe(expected);
    },
  );
});
