import type { UserApi } from '@mocksmith/core/schemas';
import { FlaskConical, Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import type { TemplateActions } from './template-modals.tsx';

/** Test, Edit and Delete for one API. */
export function TemplateActionButtons({
  template,
  actions,
}: {
  template: UserApi;
  actions: TemplateActions;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" size="sm" onClick={() => actions.test(template)}>
        <FlaskConical className="size-4" aria-hidden="true" />
        Test
      </Button>
      <Button variant="secondary" size="sm" onClick={() => actions.edit(template)}>
        <Pencil className="size-4" aria-hidden="true" />
        Edit
      </Button>
      <Button variant="secondary" size="sm" onClick={() => actions.remove(template)}>
        <Trash2 className="size-4 text-red-600 dark:text-red-400" aria-hidden="true" />
        Delete
      </Button>
    </div>
  );
}
