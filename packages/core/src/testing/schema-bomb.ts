/**
 * A 3.8 KB OpenAPI 3.0 document whose 31 schemas each hold the previous one twice: expanded, its
 * one answer is 2^31 nodes. `example`, when given, is the answer's example. Tests only.
 */
export function schemaBomb(levels = 30, example?: unknown): Record<string, unknown> {
  const schemas: Record<string, unknown> = {
    S0: { type: 'object', properties: { id: { type: 'string' } } },
  };
  for (let i = 1; i <= levels; i++) {
    const previous = { $ref: `#/components/schemas/S${i - 1}` };
    schemas[`S${i}`] = { type: 'object', properties: { a: previous, b: { ...previous } } };
  }
  const media: Record<string, unknown> = { schema: { $ref: `#/components/schemas/S${levels}` } };
  if (example !== undefined) media.example = example;
  return {
    openapi: '3.0.3',
    info: { title: 'bomb', version: '1' },
    paths: {
      '/bomb': {
        get: {
          responses: { '200': { description: 'ok', content: { 'application/json': media } } },
        },
      },
    },
    components: { schemas },
  };
}
