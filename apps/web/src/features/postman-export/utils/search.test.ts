import { describe, expect, it } from 'vitest';
import type { ExportableApi } from '../types.ts';
import { searchExportableApis } from './search.ts';

function api(overrides: Partial<ExportableApi>): ExportableApi {
  return {
    id: overrides.requestId ?? 'id',
    requestId: 'req0000000000000',
    name: 'API',
    description: null,
    template: '{}',
    method: 'GET',
    customEndpoint: null,
    status: 200,
    authToken: null,
    callCount: 0,
    url: 'http://localhost/backend/apitemplate/get/req0000000000000',
    ...overrides,
  };
}

const apis = [
  api({ requestId: 'aaaa000000000001', name: 'Shop Orders', method: 'GET' }),
  api({
    requestId: 'bbbb000000000002',
    name: 'Users',
    method: 'POST',
    customEndpoint: '/people/list',
  }),
  api({ requestId: 'cccc000000000003', name: 'Refunds', method: 'DELETE', description: 'users' }),
];

const names = (found: ExportableApi[]) => found.map((entry) => entry.name);

describe('searchExportableApis', () => {
  it('keeps every API for a blank search', () => {
    expect(names(searchExportableApis(apis, '  '))).toEqual(['Shop Orders', 'Users', 'Refunds']);
  });

  it('matches the name, the method, the request id and the custom endpoint, ignoring case', () => {
    expect(names(searchExportableApis(apis, 'ORDERS'))).toEqual(['Shop Orders']);
    expect(names(searchExportableApis(apis, 'post'))).toEqual(['Users']);
    expect(names(searchExportableApis(apis, 'delete'))).toEqual(['Refunds']);
    expect(names(searchExportableApis(apis, 'CCCC0000'))).toEqual(['Refunds']);
    expect(names(searchExportableApis(apis, '/people'))).toEqual(['Users']);
  });

  it('does not match the description', () => {
    expect(names(searchExportableApis(apis, 'users'))).toEqual(['Users']);
  });
});
