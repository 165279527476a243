import { FlaskConical, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import type { Api } from '../types.ts';
import type { ApiActions } from './api-modals.tsx';

/** Test, Edit and Delete for one API. */
export function ApiActionButtons({ api, actions }: { api: Api; actions: ApiActions }) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => actions.test(api)}>
        <FlaskConical className="size-4" aria-hidden="true" />
        Test
      </Button>
      <Button variant="secondary" size="sm" onClick={() => actions.edit(api)}>
        <Pencil className="size-4" aria-hidden="true" />
        Edit
      </Button>
      <Button variant="secondary" size="sm" onClick={() => actions.remove(api)}>
        <Trash2 className="size-4 text-red-600 dark:text-red-400" aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}
