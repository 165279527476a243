import { MAX_DESCRIPTION_LENGTH, MAX_TAGS, TEMPLATE_CATEGORIES } from '@mocksmith/core/texts';
import { X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, inputClasses, SelectField } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { cn } from '../../../lib/cn.ts';
import type { ApiDraft, ApiDraftInput } from '../api/api-draft.ts';
import { addTag } from '../utils/api-options.ts';

/**
 * Make Public and, when on, the category, the description (with its counter) and the tags
 * (added by Enter or Add). Turning it off clears the three (spec section 4).
 */
export function SharingFields() {
  const id = useId();
  const {
    control,
    register,
    setValue,
    clearErrors,
    formState: { errors, isSubmitted },
  } = useFormContext<ApiDraftInput, unknown, ApiDraft>();
  const isPublic = useWatch({ control, name: 'isPublic' });
  const description = useWatch({ control, name: 'description' }) ?? '';
  const tags = useWatch({ control, name: 'tags' }) ?? [];
  const [tagInput, setTagInput] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  const descriptionErrorId = `${id}-description-error`;
  const tagErrorId = `${id}-tag-error`;
  const tagProblem = tagError ?? errors.tags?.message;

  function handlePublicChange(next: boolean) {
    // After a submit the sharing rules are checked again at once, as any field is.
    const options = { shouldDirty: true, shouldValidate: isSubmitted };
    setValue('isPublic', next, options);
    if (next) return;
    setValue('category', '', options);
    setValue('description', '', options);
    setValue('tags', [], options);
    setTagError(null);
    clearErrors(['category', 'description', 'tags']);
  }

  function handleAddTag() {
    const result = addTag(tags, tagInput);
    if (!result.ok) {
      setTagError(result.message);
      return;
    }
    setValue('tags', result.tags, { shouldDirty: true });
    setTagInput('');
    setTagError(null);
  }

  function handleTagKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Enter adds the tag rather than submitting the form.
      event.preventDefault();
      handleAddTag();
    }
  }

  return (
    <div className="space-y-3">
      <Switch
        checked={isPublic}
        onChange={handlePublicChange}
        label="Make Public"
        description="Share this API's template with the community in the Templates Gallery."
      />
      {isPublic ? (
        <div className="space-y-4 pl-14">
          <SelectField label="Category" error={errors.category?.message} {...register('category')}>
            <option value="">Select a category</option>
            {TEMPLATE_CATEGORIES.map((category) => (
              <option key={category.value} value={category.value}>
                {category.label}
              </option>
            ))}
          </SelectField>
          <div className="space-y-1">
            <div className="flex items-baseline justify-between">
              <label htmlFor={`${id}-description`} className="block text-sm font-medium">
                Description
              </label>
              <span className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
                {description.length}/{MAX_DESCRIPTION_LENGTH}
              </span>
            </div>
            <textarea
              id={`${id}-description`}
              maxLength={MAX_DESCRIPTION_LENGTH}
              rows={3}
              aria-invalid={errors.description ? true : undefined}
              aria-describedby={errors.description ? descriptionErrorId : undefined}
              className={cn(inputClasses, 'h-auto py-2')}
              {...register('description')}
            />
            {errors.description?.message ? (
              <FieldError id={descriptionErrorId}>{errors.description.message}</FieldError>
            ) : null}
          </div>
          <div className="space-y-2">
            <label htmlFor={`${id}-tag`} className="block text-sm font-medium">
              Tags ({tags.length}/{MAX_TAGS})
            </label>
            <div className="flex gap-2">
              <input
                id={`${id}-tag`}
                value={tagInput}
                onChange={(event) => setTagInput(event.target.value)}
                onKeyDown={handleTagKey}
                placeholder="Type a tag and press Enter"
                aria-invalid={tagProblem ? true : undefined}
                aria-describedby={tagProblem ? tagErrorId : undefined}
                className={inputClasses}
              />
              <Button variant="secondary" onClick={handleAddTag}>
                Add
              </Button>
            </div>
            {tagProblem ? <FieldError id={tagErrorId}>{tagProblem}</FieldError> : null}
            {tags.length > 0 ? (
              <ul className="flex flex-wrap gap-2" aria-label="Tags">
                {tags.map((tag) => (
                  <li
                    key={tag}
                    className="flex items-center gap-1 rounded-full bg-indigo-100 py-0.5 pr-1 pl-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200"
                  >
                    {tag}
                    <button
                      type="button"
                      aria-label={`Remove tag ${tag}`}
                      onClick={() =>
                        setValue(
                          'tags',
                          tags.filter((t) => t !== tag),
                          { shouldDirty: true },
                        )
                      }
                      className="rounded-full p-0.5 hover:bg-indigo-200 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:hover:bg-indigo-900"
                    >
                      <X className="size-3.5" aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      ) : null}
    </div>
  );
}
