import { describeProfile, type NetworkProfile } from '@mocksmith/core/network';
import { lazy, Suspense, useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { NETWORK_FIELDS, type NetworkField, type NetworkProblems } from '../utils/network-draft.ts';
import type { RouteDraft, RouteDraftInput } from '../utils/route-draft.ts';

/**
 * The fields of a route's own profile, loaded when it has one: they check as they change, with
 * core's schema, which a route on its project's profile never needs.
 */
const NetworkFields = lazy(() =>
  import('./network-fields.tsx').then((module) => ({ default: module.NetworkFields })),
);

/** The project's profile in words, for the choice that uses it. */
export function projectProfileText(profile: NetworkProfile | null): string {
  return profile === null
    ? 'The project has none: calls answer at once, with no faults and no limit.'
    : `The project’s: ${describeProfile(profile)}.`;
}

/**
 * The Network section of the route editor: the project's profile, or one of the route's own
 * (its fields checked with core's schema as they change, each problem beside its field).
 */
export function RouteNetworkSection({ projectNetwork }: { projectNetwork: NetworkProfile | null }) {
  const id = useId();
  const {
    control,
    register,
    setValue,
    trigger,
    formState: { errors },
  } = useFormContext<RouteDraftInput, unknown, RouteDraft>();
  const mode = useWatch({ control, name: 'networkMode' });
  const network = useWatch({ control, name: 'network' });
  // Checked field by field: react-hook-form keeps a nested error only at a field's own name.
  const fieldNames = NETWORK_FIELDS.map((field) => `network.${field}` as const);
  const problems: NetworkProblems = {};
  for (const [field, error] of Object.entries(errors.network ?? {})) {
    const message = (error as { message?: unknown } | undefined)?.message;
    if (typeof message === 'string') problems[field as NetworkField] = message;
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          Network
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          How slow and unreliable this route answers: latency, faults and a rate limit.
        </p>
      </div>
      <fieldset className="mx-0 min-w-0 space-y-2 border-0 p-0">
        <legend className="text-sm font-medium">Network profile</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <label className="flex items-start gap-2 rounded-md border border-slate-200 p-3 text-sm has-[:checked]:border-indigo-500 dark:border-slate-700">
            <input
              type="radio"
              value="project"
              className="mt-0.5 size-4 accent-indigo-600"
              {...register('networkMode', { deps: fieldNames })}
            />
            <span>
              <span className="block font-medium">Use the project’s profile</span>
              <span className="block text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
                {projectProfileText(projectNetwork)}
              </span>
            </span>
          </label>
          <label className="flex items-start gap-2 rounded-md border border-slate-200 p-3 text-sm has-[:checked]:border-indigo-500 dark:border-slate-700">
            <input
              type="radio"
              value="own"
              className="mt-0.5 size-4 accent-indigo-600"
              {...register('networkMode', { deps: fieldNames })}
            />
            <span>
              <span className="block font-medium">Its own profile</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">
                Set below, for this route alone.
              </span>
            </span>
          </label>
        </div>
      </fieldset>
      {mode === 'own' && network ? (
        <div className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
          <Suspense
            fallback={<p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>}
          >
            <NetworkFields
              value={network as RouteDraft['network']}
              onChange={(next) => {
                setValue('network', next, { shouldDirty: true });
                void trigger(fieldNames);
              }}
              problems={problems}
            />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}
