/** Rows for tests, stored through the repository as the app would store them. */
import type { Database } from '../src/db/client.ts';
import type { ApiRow, NewApiRow } from '../src/db/schema/apis.ts';
import { newRequestId } from '../src/lib/ids.ts';
import { createApisRepository } from '../src/modules/apis/apis.repository.ts';

/** Stores a mock API; `template` may be a value (stringified) or JSON text. */
export async function insertApi(
  db: Database,
  overrides: Partial<Omit<NewApiRow, 'template'>> & { template?: unknown } = {},
): Promise<ApiRow> {
  const { template = { id: 'uuid', name: 'string.name.fullname' }, ...rest } = overrides;
  return createApisRepository(db).insert({
    requestId: newRequestId(),
    name: 'Test API',
    method: 'GET',
    ...rest,
    template: typeof template === 'string' ? template : JSON.stringify(template),
  });
}
