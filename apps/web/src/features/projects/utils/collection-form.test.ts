import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api-client.ts';
import { placeRefusal } from './collection-form.ts';

const refusal = (status: number, code: string, message: string, details?: unknown) => ({
  error: new ApiError(status, code, message, details),
  message,
});

function place(
  { error, message }: ReturnType<typeof refusal>,
  options = { path: '/users', editing: false },
) {
  return placeRefusal(error, message, options);
}

describe('placeRefusal', () => {
  it('puts each issue of a refused body beside its field', () => {
    const refused = refusal(400, 'VALIDATION_FAILED', 'name: bad; count: bad', {
      issues: [
        { path: '$.name', message: 'name is bad' },
        { path: '$.count', message: 'count is bad' },
        { path: '$.other', message: 'not a field of the form' },
      ],
    });
    expect(place(refused)).toEqual([
      { field: 'name', message: 'name is bad' },
      { field: 'count', message: 'count is bad' },
    ]);
  });

  it('puts a clash on the path when it names the path, else on the name; always the path when editing', () => {
    const route = refusal(
      409,
      'COLLECTION_TAKEN',
      'GET /users/{id} is a route of this project (""): a collection at /users answers it; move or delete the route first',
    );
    const named = refusal(
      409,
      'COLLECTION_TAKEN',
      'This project already has a collection named "users"',
    );
    expect(place(route)[0]?.field).toBe('path');
    expect(place(named)[0]?.field).toBe('name');
    expect(place(named, { path: '/users', editing: true })[0]?.field).toBe('path');
  });

  it('puts another 400 on the field its message names first, a template problem on the template', () => {
    const template = refusal(
      400,
      'VALIDATION_FAILED',
      'The record template has a problem: $.owner: ref:accounts.id names no collection',
      [{ path: '$.owner', message: 'ref:accounts.id names no collection' }],
    );
    const name = refusal(
      400,
      'BAD_REQUEST',
      'name must be 1 to 40 characters (it is what ref:NAME.id reads)',
    );
    const directive = refusal(400, 'MULTIPLY_FORMAT', '$.tags: __multiply takes "N" or "N-M"');
    expect(place(template)).toEqual([{ field: 'template', message: template.message }]);
    expect(place(name)[0]?.field).toBe('name');
    expect(place(directive)[0]?.field).toBe('template');
  });

  it('leaves the rest to the dialog', () => {
    const limit = refusal(
      403,
      'COLLECTION_LIMIT_REACHED',
      'A project holds at most 50 collections',
    );
    expect(place(limit)).toEqual([{ field: 'root', message: limit.message }]);
    expect(
      placeRefusal(new TypeError('offline'), 'Failed', { path: '/users', editing: false }),
    ).toEqual([{ field: 'root', message: 'Failed' }]);
  });
});
