import { zodResolver } from '@hookform/resolvers/zod';
import { z } from '@mocksmith/core/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../ui/button.tsx';
import { Field, SelectField } from '../../ui/input.tsx';
import {
  DEFAULT_DIALOG_FIELD_TYPE,
  DIALOG_FIELD_TYPES,
  type DialogFieldType,
} from '../text/field-types.ts';

/** The dialog's fields (spec section 3, "Field definition"): a name and one of six types. */
export const fieldDefinitionSchema = z.object({
  name: z.string().trim().min(1, { error: 'Field name is required' }),
  type: z.enum(DIALOG_FIELD_TYPES),
});
export type FieldDefinition = z.infer<typeof fieldDefinitionSchema>;

/**
 * The form of the 'Add New Field' dialog: it submits only when the trimmed name is not empty,
 * then hands over name and type (`onAdd`). It starts on the name field.
 */
export function AddFieldForm({ onAdd }: { onAdd: (name: string, type: DialogFieldType) => void }) {
  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isValid },
  } = useForm<FieldDefinition>({
    resolver: zodResolver(fieldDefinitionSchema),
    mode: 'onChange',
    defaultValues: { name: '', type: DEFAULT_DIALOG_FIELD_TYPE },
  });

  useEffect(() => setFocus('name'), [setFocus]);

  function handleFormSubmit(event: FormEvent<HTMLFormElement>) {
    // The dialog is portalled, but React events still bubble to the form the editor sits in.
    event.stopPropagation();
    void handleSubmit(({ name, type }) => onAdd(name, type))(event);
  }

  return (
    <form onSubmit={handleFormSubmit} noValidate className="mt-4 space-y-4">
      <Field
        label="Field name"
        type="text"
        autoComplete="off"
        spellCheck={false}
        error={errors.name?.message}
        {...register('name')}
      />
      <SelectField label="Field type" {...register('type')}>
        {DIALOG_FIELD_TYPES.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </SelectField>
      <div className="flex flex-wrap justify-end gap-2">
        <Dialog.Close asChild>
          <Button variant="secondary">Cancel</Button>
        </Dialog.Close>
        <Button type="submit" disabled={!isValid}>
          Add Field
        </Button>
      </div>
    </form>
  );
}
