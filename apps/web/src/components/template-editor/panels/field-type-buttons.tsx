import { Plus } from 'lucide-react';
import { Button } from '../../ui/button.tsx';
import { TYPE_BUTTON_FIELD_TYPES } from '../text/field-types.ts';

/** One button per basic type; each adds a field of that type named new{Type}{n}. */
export function FieldTypeButtons({ onAdd }: { onAdd: (type: string) => void }) {
  return (
    <fieldset className="m-0 flex min-w-0 flex-wrap items-center gap-2 border-0 p-0">
      <legend className="mb-2 text-xs font-medium text-slate-700 dark:text-slate-300">
        Add a field by type
      </legend>
      {TYPE_BUTTON_FIELD_TYPES.map((type) => (
        <Button
          key={type}
          variant="secondary"
          size="sm"
          aria-label={`Add ${type} field`}
          onClick={() => onAdd(type)}
        >
          <Plus className="size-3.5" aria-hidden="true" />
          {type}
        </Button>
      ))}
    </fieldset>
  );
}
