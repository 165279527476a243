import { STATUS_CODES, STATUS_TEXTS, type StatusCode } from '@mocksmith/core/http';
import { MAX_DELAY_MS } from '@mocksmith/core/limits';
import {
  apiMessages,
  MAX_DESCRIPTION_LENGTH,
  MAX_TAGS,
  TEMPLATE_CATEGORIES,
  type TemplateCategory,
} from '@mocksmith/core/schemas';
import { Plus, RefreshCw, Trash2, TriangleAlert, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { FieldError, inputClasses } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { cn } from '../../../lib/cn.ts';
import {
  type ApiOptions,
  addTag,
  isErrorStatus,
  type OptionField,
  withPublic,
} from '../utils/api-options.ts';
import { generateAuthToken } from '../utils/auth-token.ts';

function isStatusCode(value: number): value is StatusCode {
  return (STATUS_CODES as readonly number[]).includes(value);
}

function isCategory(value: string): value is TemplateCategory {
  return TEMPLATE_CATEGORIES.some((category) => category.value === value);
}

/**
 * The Options panel of an API: delay, status code (warning from 400), bearer-token
 * authentication, custom response headers, and public sharing with category, description and
 * tags. Controlled: every change goes through `onChange`.
 */
export function OptionsPanel({
  value,
  onChange,
  errors = {},
}: {
  value: ApiOptions;
  onChange: (next: ApiOptions) => void;
  errors?: Partial<Record<OptionField, string>>;
}) {
  const id = useId();
  const [tagInput, setTagInput] = useState('');
  const [tagError, setTagError] = useState<string | null>(null);
  const set = (patch: Partial<ApiOptions>) => onChange({ ...value, ...patch });

  function handleStatusChange(code: number) {
    if (!isStatusCode(code)) return;
    set({ httpCode: code });
    if (isErrorStatus(code)) toast.warning(apiMessages.errorStatusWarning(code));
  }

  function handleAuthChange(enabled: boolean) {
    // Spec: enabling generates a token if there is none; disabling sets it to null.
    set({ authToken: enabled ? (value.authToken ?? generateAuthToken()) : null });
  }

  function handleAddTag() {
    const result = addTag(value.tags, tagInput);
    if (!result.ok) {
      setTagError(result.message);
      return;
    }
    set({ tags: result.tags });
    setTagInput('');
    setTagError(null);
  }

  function handleTagKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      handleAddTag();
    }
  }

  function setHeader(index: number, patch: Partial<{ name: string; value: string }>) {
    set({
      customHeaders: value.customHeaders.map((header, i) =>
        i === index ? { ...header, ...patch } : header,
      ),
    });
  }

  const headingClasses = 'text-sm font-semibold text-slate-800 dark:text-slate-200';

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-5 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <h3 id={`${id}-title`} className="text-base font-semibold">
        Options
      </h3>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={`${id}-delay`} className="block text-sm font-medium">
            Response delay (ms)
          </label>
          <input
            id={`${id}-delay`}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_DELAY_MS}
            step={100}
            value={value.delay}
            onChange={(event) => set({ delay: event.target.value })}
            aria-invalid={errors.delay ? true : undefined}
            className={inputClasses}
          />
          {errors.delay ? <FieldError>{errors.delay}</FieldError> : null}
        </div>
        <div className="space-y-1">
          <label htmlFor={`${id}-status`} className="block text-sm font-medium">
            Response status code
          </label>
          <select
            id={`${id}-status`}
            value={value.httpCode}
            onChange={(event) => handleStatusChange(Number(event.target.value))}
            className={inputClasses}
          >
            {STATUS_CODES.map((code) => (
              <option key={code} value={code}>
                {code} {STATUS_TEXTS[code]}
              </option>
            ))}
          </select>
          {isErrorStatus(value.httpCode) ? (
            <p className="flex items-start gap-1.5 text-sm text-amber-800 dark:text-amber-300">
              <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              {apiMessages.errorStatusWarning(value.httpCode)}
            </p>
          ) : null}
        </div>
      </div>

      <div className="space-y-2">
        <Switch
          checked={value.authToken !== null}
          onChange={handleAuthChange}
          label="Require authentication"
          description="Callers must send Authorization: Bearer and this token."
        />
        {value.authToken !== null ? (
          <div className="flex flex-wrap items-center gap-2 pl-14">
            <code className="min-w-0 break-all rounded bg-slate-100 px-2 py-1 font-mono text-xs dark:bg-slate-900">
              {value.authToken}
            </code>
            <CopyButton text={value.authToken} label="Copy token" />
            <Button
              variant="ghost"
              size="sm"
              onClick={() => set({ authToken: generateAuthToken() })}
            >
              <RefreshCw className="size-4" aria-hidden="true" />
              New token
            </Button>
          </div>
        ) : null}
      </div>

      <fieldset className="mx-0 min-w-0 space-y-2 border-0 p-0">
        <legend className={headingClasses}>Custom response headers</legend>
        {value.customHeaders.map((header, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place.
          <div key={index} className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
            <input
              aria-label={`Header ${index + 1} name`}
              placeholder="X-Request-Id"
              value={header.name}
              onChange={(event) => setHeader(index, { name: event.target.value })}
              className={cn(inputClasses, 'sm:w-2/5')}
            />
            <input
              aria-label={`Header ${index + 1} value`}
              placeholder="value"
              value={header.value}
              onChange={(event) => setHeader(index, { value: event.target.value })}
              className={inputClasses}
            />
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Remove header ${index + 1}`}
              onClick={() =>
                set({ customHeaders: value.customHeaders.filter((_, i) => i !== index) })
              }
            >
              <Trash2 className="size-4" aria-hidden="true" />
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          size="sm"
          onClick={() => set({ customHeaders: [...value.customHeaders, { name: '', value: '' }] })}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add header
        </Button>
        {errors.customHeaders ? <FieldError>{errors.customHeaders}</FieldError> : null}
      </fieldset>

      <div className="space-y-3">
        <Switch
          checked={value.isPublic}
          onChange={(isPublic) => onChange(withPublic(value, isPublic))}
          label="Make Public"
          description="Share this API's template with the community in the Templates Gallery."
        />
        {value.isPublic ? (
          <div className="space-y-4 pl-14">
            <div className="space-y-1">
              <label htmlFor={`${id}-category`} className="block text-sm font-medium">
                Category
              </label>
              <select
                id={`${id}-category`}
                value={value.category}
                onChange={(event) =>
                  set({ category: isCategory(event.target.value) ? event.target.value : '' })
                }
                aria-invalid={errors.category ? true : undefined}
                className={inputClasses}
              >
                <option value="">Select a category</option>
                {TEMPLATE_CATEGORIES.map((category) => (
                  <option key={category.value} value={category.value}>
                    {category.label}
                  </option>
                ))}
              </select>
              {errors.category ? <FieldError>{errors.category}</FieldError> : null}
            </div>
            <div className="space-y-1">
              <div className="flex items-baseline justify-between">
                <label htmlFor={`${id}-description`} className="block text-sm font-medium">
                  Description
                </label>
                <span className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
                  {value.description.length}/{MAX_DESCRIPTION_LENGTH}
                </span>
              </div>
              <textarea
                id={`${id}-description`}
                value={value.description}
                maxLength={MAX_DESCRIPTION_LENGTH}
                rows={3}
                onChange={(event) => set({ description: event.target.value })}
                aria-invalid={errors.description ? true : undefined}
                className={cn(inputClasses, 'h-auto py-2')}
              />
              {errors.description ? <FieldError>{errors.description}</FieldError> : null}
            </div>
            <div className="space-y-2">
              <label htmlFor={`${id}-tag`} className="block text-sm font-medium">
                Tags ({value.tags.length}/{MAX_TAGS})
              </label>
              <div className="flex gap-2">
                <input
                  id={`${id}-tag`}
                  value={tagInput}
                  onChange={(event) => setTagInput(event.target.value)}
                  onKeyDown={handleTagKey}
                  placeholder="Type a tag and press Enter"
                  className={inputClasses}
                />
                <Button variant="secondary" onClick={handleAddTag}>
                  Add
                </Button>
              </div>
              {tagError ? <FieldError>{tagError}</FieldError> : null}
              {errors.tags ? <FieldError>{errors.tags}</FieldError> : null}
              {value.tags.length > 0 ? (
                <ul className="flex flex-wrap gap-2" aria-label="Tags">
                  {value.tags.map((tag) => (
                    <li
                      key={tag}
                      className="flex items-center gap-1 rounded-full bg-indigo-100 py-0.5 pr-1 pl-3 text-sm text-indigo-900 dark:bg-indigo-950 dark:text-indigo-200"
                    >
                      {tag}
                      <button
                        type="button"
                        aria-label={`Remove tag ${tag}`}
                        onClick={() => set({ tags: value.tags.filter((t) => t !== tag) })}
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
    </section>
  );
}
