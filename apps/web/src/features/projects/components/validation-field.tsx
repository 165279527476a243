import { VALIDATION_MODES, type ValidationMode } from '@mocksmith/core/projects';
import { useId } from 'react';

/** The words of each validation mode, for the field and its tests. */
export const VALIDATION_TEXTS: Record<ValidationMode, { label: string; description: string }> = {
  off: { label: 'Off', description: 'Calls are answered whatever they send.' },
  report: {
    label: 'Report',
    description:
      'Calls are answered as usual; the answer counts the violations in X-Mock-Violations, the inspector lists them.',
  },
  enforce: {
    label: 'Enforce',
    description:
      'Calls that break the spec are refused: 400, 401 for a missing credential, 422 for a body that breaks its schema.',
  },
};

/**
 * Whether calls of the routes imported from an OpenAPI spec are checked against it (issue 40):
 * off, report or enforce, one radio each with what it does.
 */
export function ValidationField({
  value,
  onChange,
}: {
  value: ValidationMode;
  onChange: (next: ValidationMode) => void;
}) {
  const id = useId();
  return (
    <fieldset className="mx-0 min-w-0 space-y-2 border-0 p-0">
      <legend className="font-semibold">Check calls against the OpenAPI spec</legend>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        For the routes imported from a spec: parameters, credentials and bodies.
      </p>
      <div className="grid gap-2 sm:grid-cols-3">
        {VALIDATION_MODES.map((mode) => (
          <label
            key={mode}
            className="flex items-start gap-2 rounded-md border border-slate-200 p-3 text-sm has-[:checked]:border-indigo-500 dark:border-slate-700"
          >
            <input
              type="radio"
              name={`${id}-validation`}
              value={mode}
              checked={value === mode}
              onChange={() => onChange(mode)}
              className="mt-0.5 size-4 accent-indigo-600"
              aria-describedby={`${id}-${mode}`}
            />
            <span>
              <span className="block font-medium">{VALIDATION_TEXTS[mode].label}</span>
              <span
                id={`${id}-${mode}`}
                className="block text-xs text-slate-600 dark:text-slate-400"
              >
                {VALIDATION_TEXTS[mode].description}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
