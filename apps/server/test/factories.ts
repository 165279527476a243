/** Rows for tests, stored through the repository as the app would store them. */
import type { Database } from '../src/db/client.ts';
import type { NewTemplateRow, TemplateRow } from '../src/db/schema/templates.ts';
import { newRequestId } from '../src/lib/ids.ts';
import { createTemplatesRepository } from '../src/modules/templates/templates.repository.ts';

/** Stores a mock API; `template` may be a value (stringified) or JSON text. */
export async function insertTemplate(
  db: Database,
  overrides: Partial<Omit<NewTemplateRow, 'template'>> & { template?: unknown } = {},
): Promise<TemplateRow> {
  const { template = { id: 'uuid', name: 'string.name.fullname' }, ...rest } = overrides;
  return createTemplatesRepository(db).insert({
    requestId: newRequestId(),
    name: 'Test API',
    requestEnum: 'GET',
    ...rest,
    template: typeof template === 'string' ? template : JSON.stringify(template),
  });
}
