import { describe, expect, it } from 'vitest';
import { checkResponse, responseContractOf } from './check-response.ts';

const operation = responseContractOf('3.0', {
  responses: {
    '200': {
      description: 'a pet',
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['id'],
            properties: { id: { type: 'integer' }, name: { type: 'string', writeOnly: false } },
          },
        },
      },
    },
    '4XX': {
      description: 'an error',
      content: { 'application/json': { schema: { type: 'object', required: ['message'] } } },
    },
  },
});

const words = (status: number, body: unknown) =>
  checkResponse(operation, status, body).map((v) => v.text);

describe('checkResponse', () => {
  it('finds nothing in an answer that agrees with its status’s schema', () => {
    expect(words(200, { id: 1, name: 'Rex' })).toEqual([]);
  });

  it('names each field where the real API disagrees with its spec', () => {
    expect(words(200, { id: '1', name: 2 })).toEqual([
      'body.id: must be an integer, got "1"',
      'body.name: must be a string, got 2',
    ]);
  });

  it('reads a range of statuses (4XX), and says when a status is not declared at all', () => {
    expect(words(404, {})).toEqual(['body.message: is required']);
    expect(words(503, {})).toEqual([
      'status: 503 is not declared (the operation declares 200, 4XX)',
    ]);
  });
});
