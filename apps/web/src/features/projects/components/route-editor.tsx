import { ErrorCode } from '@mocksmith/core/errors';
import {
  MAX_RESPONSES_PER_ROUTE,
  parsePathTemplate,
  RESPONSE_MODES,
  type ResponseMode,
  ROUTE_METHODS,
  type RouteMethod,
  type RuleSource,
} from '@mocksmith/core/projects';
import { Plus } from 'lucide-react';
import { type ReactNode, useDeferredValue, useId } from 'react';
import {
  type FieldErrors,
  type FieldPath,
  FormProvider,
  type UseFormSetError,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { Link as RouterLink, useNavigate } from 'react-router';
import { TokenField } from '../../../components/token-field.tsx';
import { Button, buttonClasses } from '../../../components/ui/button.tsx';
import { Field, FieldError, SelectField } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { textLinkClasses } from '../../../components/ui/text-link.ts';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { firstErrorMessage, setServerErrors, validationIssues } from '../../../lib/form-errors.ts';
import { lazyResolver } from '../../../lib/lazy-resolver.ts';
import { shellProjectName } from '../../../lib/shell-facts.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useProject } from '../api/get-project.ts';
import { useSaveRoute } from '../api/save-route.ts';
import { projectTexts } from '../texts.ts';
import type { ProjectRoute, ProjectWithRoutes } from '../types.ts';
import { networkFieldOf } from '../utils/network-draft.ts';
import {
  draftOf,
  newResponseDraft,
  newRouteDraft,
  ROUTE_DRAFT_FIELDS,
  type RouteDraft,
  type RouteDraftInput,
} from '../utils/route-draft.ts';
import { routeLabel } from '../utils/routes.ts';
import { newRuleDraft, ruleFieldOf } from '../utils/rule-draft.ts';
import { projectPath } from './projects-list.tsx';
import { ResponseFields } from './response-fields.tsx';
import { RouteNetworkSection } from './route-network-section.tsx';
import { RulesSection } from './rules-section.tsx';

/** The texts of the route editor's own switches. */
export const routeEditorTexts = {
  overrides: 'Callers may override the answer with ?__status, ?__delay and Prefer.',
  overridesOffInProject: 'The project’s settings turn overrides off for all its routes.',
} as const;

/** The route form's rules (zod, core's schemas), loaded on its first check or a focused field. */
const loadRouteRules = () => import('../utils/route-draft-schema.ts');
const routeDraftResolver = lazyResolver<RouteDraftInput, unknown, RouteDraft>(() =>
  loadRouteRules().then((rules) => rules.routeDraftResolver),
);

/** What each rotation means, beside its choice. */
const MODE_TEXTS: Record<ResponseMode, { label: string; description: string }> = {
  default: { label: 'Default', description: 'The default response answers every call.' },
  sequential: {
    label: 'Sequential',
    description: 'Each call gets the next response, in order, then the first again.',
  },
  random: { label: 'Random', description: 'Each call gets one of the responses at random.' },
};

/**
 * What the editor opens filled with, from elsewhere (the request inspector's Make a route and
 * Make a rule): a new route's method, path and first response's template, or a rule added after
 * a route's rules (each condition: this query parameter or header equals this value).
 */
export interface RouteEditorPrefill {
  method?: RouteMethod;
  path?: string;
  template?: string;
  rule?: { conditions: readonly { source: RuleSource; name: string; value: string }[] };
}

/** The form's first values: the route as stored (or a new one), with the prefill applied. */
function prefilledDraft(
  draft: RouteDraftInput,
  isNew: boolean,
  prefill: RouteEditorPrefill | undefined,
): RouteDraftInput {
  if (!prefill) return draft;
  const filled = { ...draft };
  if (isNew) {
    if (prefill.method) filled.method = prefill.method;
    if (prefill.path !== undefined) filled.path = prefill.path;
    const [first, ...rest] = draft.responses;
    if (prefill.template !== undefined && first) {
      filled.responses = [{ ...first, template: prefill.template }, ...rest];
    }
  } else if (prefill.rule) {
    const chosen = Number(draft.defaultResponse);
    const rule = newRuleDraft(
      draft.responses.map((item, index) => ({ name: item.name, isDefault: index === chosen })),
    );
    rule.conditions = prefill.rule.conditions.map((condition) => ({
      ...condition,
      operator: 'equals',
    }));
    filled.rules = [...draft.rules, rule];
  }
  return filled;
}

/**
 * The route editor's page: a new route of the project (no `routeId`) or one of its routes. The
 * project is read for its base URL and the route; the form comes once they are there. A
 * `prefill` fills the form when it opens.
 */
export function RouteEditor({
  projectId,
  routeId,
  prefill,
}: {
  projectId: string;
  routeId?: string;
  prefill?: RouteEditorPrefill;
}) {
  const project = useProject(projectId);
  // The form renders in the background, in slices, rather than in the task the answer came in.
  const data = useDeferredValue(project.data);
  const route =
    routeId === undefined ? undefined : data?.routes.find((item) => item.id === routeId);

  // The name the server sent with the page, where it did: what the shell of a new route painted.
  const name = project.data?.name ?? shellProjectName(projectId);
  let body: ReactNode;
  if (project.isPending || (project.isSuccess && data === undefined)) {
    body = (
      <>
        {routeId === undefined && name !== undefined ? (
          <RouteIntro title="New route" projectName={name} />
        ) : null}
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading the route...</p>
      </>
    );
  } else if (project.isError || (routeId !== undefined && route === undefined)) {
    body = (
      <>
        <h1 className="text-3xl font-bold tracking-tight">Route</h1>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {project.isError && !(project.error instanceof ApiError && project.error.status === 404)
            ? `The project could not be loaded: ${project.error.message}`
            : 'This route does not exist, or it is not yours.'}
        </p>
      </>
    );
  } else {
    // Keyed: each route (or a new one) starts from what is stored.
    body = <RouteForm key={routeId ?? 'new'} project={data!} route={route} prefill={prefill} />;
  }

  return (
    <div className={routeEditorClasses}>
      <BackToProject projectId={projectId} name={name} />
      {body}
    </div>
  );
}

/** The frame of the route editor's page (and of its shell's intro, entry-server.tsx). */
export const routeEditorClasses = 'mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8';

/** The way back to the project, by its name (to the list while the name is unknown). */
export function BackToProject({ projectId, name }: { projectId: string; name?: string }) {
  return (
    <RouterLink
      to={name === undefined ? paths.dashboardProjects : projectPath(projectId)}
      className={`${textLinkClasses} w-fit text-sm [overflow-wrap:anywhere]`}
    >
      ← {name ?? 'Projects'}
    </RouterLink>
  );
}

/**
 * The route's title and what a route is: the form's head, and for a new route the shell's largest
 * text before the form is there (the server fills the project's name in).
 */
export function RouteIntro({
  title,
  projectName,
  titleId,
}: {
  title: string;
  projectName: string;
  titleId?: string;
}) {
  return (
    <div>
      <h1 id={titleId} className="text-3xl font-bold tracking-tight [overflow-wrap:anywhere]">
        {title}
      </h1>
      <p className="mt-1 text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
        A method and a path under {projectName}’s base URL, and the responses it answers.
      </p>
    </div>
  );
}

/** Whether the server refused the method and path as another route's. */
function isRouteTaken(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === ErrorCode.ROUTE_TAKEN || error.status === 409)
  );
}

/** The response a refusal names ("the template of response "ok" ..."), by its index. */
function responseNamedIn(message: string, names: readonly string[]): number {
  return names.findIndex(
    (name) => name !== '' && new RegExp(`["“']${escapeRegExp(name)}["”']`).test(message),
  );
}

/**
 * Places a refusal's problems of the rules (`$.rules[0].conditions[1].value`, which the server
 * lists in `details`) and of the route's own profile (`$.network.latency.ms`, in
 * `details.issues`) beside their fields. Returns whether any was placed.
 */
function placeRuleAndNetworkIssues(
  error: unknown,
  setError: UseFormSetError<RouteDraftInput>,
): boolean {
  const listed =
    error instanceof ApiError && error.code === ErrorCode.VALIDATION_FAILED
      ? Array.isArray(error.details)
        ? (error.details as unknown[])
        : []
      : [];
  const issues = [
    ...validationIssues(error),
    ...listed.filter(
      (item): item is { path: string; message: string } =>
        typeof (item as { path?: unknown })?.path === 'string' &&
        typeof (item as { message?: unknown })?.message === 'string',
    ),
  ];
  let placed = 0;
  for (const issue of issues) {
    const field = issue.path.startsWith('$.network.')
      ? networkFieldOf(issue.path.slice('$.network.'.length).split('.'))
      : undefined;
    const at = field ? `network.${field}` : ruleFieldOf(issue.path);
    if (at === undefined) continue;
    setError(at as FieldPath<RouteDraftInput>, { type: 'server', message: issue.message });
    placed += 1;
  }
  return placed > 0;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The form of a route: method, path (checked as typed, with the parser's words, and the URL it
 * gives), name, rotation, bearer token, and the named responses with their templates. Saving
 * creates or replaces the route; every refusal shows where it belongs (a clash on the path, a
 * refused field beside it, a refused template under its response).
 */
function RouteForm({
  project,
  route,
  prefill,
}: {
  project: ProjectWithRoutes;
  route?: ProjectRoute;
  prefill?: RouteEditorPrefill;
}) {
  const id = useId();
  const navigate = useNavigate();
  const saveRoute = useSaveRoute();
  const form = useForm<RouteDraftInput, unknown, RouteDraft>({
    resolver: routeDraftResolver,
    mode: 'onChange',
    defaultValues: prefilledDraft(
      route ? draftOf(route, project.settings.network) : newRouteDraft(project.settings.network),
      route === undefined,
      prefill,
    ),
  });
  const { control, register, setValue, getValues, formState } = form;
  const { errors } = formState;
  const responses = useFieldArray({ control, name: 'responses' });
  const path = useWatch({ control, name: 'path' }) ?? '';
  const authToken = useWatch({ control, name: 'authToken' }) ?? null;
  const overrides = useWatch({ control, name: 'overrides' }) ?? true;
  const parsedPath = parsePathTemplate(path);
  const busy = saveRoute.isPending;

  function setToken(next: string | null) {
    setValue('authToken', next, { shouldDirty: true });
  }

  function handleAddResponse() {
    const taken = getValues('responses').map((item) => item.name);
    responses.append(newResponseDraft(taken));
  }

  /** Removes a response; the default radio follows the response it was on (or the first). */
  function handleRemoveResponse(index: number) {
    const chosen = Number(getValues('defaultResponse'));
    responses.remove(index);
    if (index < chosen) setValue('defaultResponse', String(chosen - 1));
    else if (index === chosen) setValue('defaultResponse', '0');
  }

  async function handleValid(draft: RouteDraft) {
    // Loaded already: the draft was checked with the same module's rules.
    const { toRouteInput } = await loadRouteRules();
    const input = toRouteInput(draft);
    const label = routeLabel(input);
    try {
      await saveRoute.mutateAsync({ projectId: project.id, routeId: route?.id, input });
      toast.success(route ? projectTexts.routeSaved(label) : projectTexts.routeCreated(label));
      navigate(projectPath(project.id));
    } catch (error) {
      handleRefusal(error);
    }
  }

  function handleRefusal(error: unknown) {
    const message = toUserMessage(error, projectTexts.routeSaveFailed);
    const names = getValues('responses').map((item) => item.name.trim());
    const named = responseNamedIn(message, names);
    if (isRouteTaken(error)) {
      form.setError('path', { type: 'server', message }, { shouldFocus: true });
    } else if (placeRuleAndNetworkIssues(error, form.setError)) {
      // The rules' and the profile's problems beside their fields.
    } else if (setServerErrors(error, form.setError, ROUTE_DRAFT_FIELDS)) {
      // Placed beside their fields.
    } else if (error instanceof ApiError && error.status === 400 && named !== -1) {
      form.setError(`responses.${named}.template`, { type: 'server', message });
    } else {
      form.setError('root.server', { type: 'server', message });
    }
    toast.error(projectTexts.routeSaveFailed, { description: message });
  }

  function handleInvalid(invalid: FieldErrors<RouteDraftInput>) {
    const message = firstErrorMessage(invalid);
    if (message) toast.error(message);
  }

  return (
    <FormProvider {...form}>
      <form
        onSubmit={form.handleSubmit(handleValid, handleInvalid)}
        onFocus={routeDraftResolver.preload}
        noValidate
        aria-labelledby={`${id}-title`}
        className="flex flex-col gap-6"
      >
        <RouteIntro
          title={route ? `Edit ${routeLabel(route)}` : 'New route'}
          projectName={project.name}
          titleId={`${id}-title`}
        />

        <section
          aria-label="Route"
          className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900"
        >
          <div className="grid gap-3 sm:grid-cols-[auto_1fr]">
            <SelectField label="Method" error={errors.method?.message} {...register('method')}>
              {ROUTE_METHODS.map((method) => (
                <option key={method} value={method}>
                  {method}
                </option>
              ))}
            </SelectField>
            <Field
              label="Path"
              placeholder="/users/{id}"
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              className="[&_input]:font-mono"
              error={errors.path?.message}
              {...register('path')}
            />
          </div>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {projectTexts.pathHint}
            {parsedPath.ok ? (
              <>
                {' '}
                URL:{' '}
                <code className="font-mono break-all" data-testid="route-url">
                  {project.baseUrl}
                  {parsedPath.value.path === '/' ? '' : parsedPath.value.path}
                </code>
              </>
            ) : null}
          </p>
          <Field
            label="Name (optional)"
            placeholder="List users"
            autoComplete="off"
            error={errors.name?.message}
            {...register('name')}
          />
          <fieldset className="mx-0 min-w-0 space-y-2 border-0 p-0">
            <legend className="text-sm font-medium">When the call names no response</legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {RESPONSE_MODES.map((mode) => (
                <label
                  key={mode}
                  className="flex items-start gap-2 rounded-md border border-slate-200 p-3 text-sm has-[:checked]:border-indigo-500 dark:border-slate-700"
                >
                  <input
                    type="radio"
                    value={mode}
                    className="mt-0.5 size-4 accent-indigo-600"
                    {...register('responseMode')}
                  />
                  <span>
                    <span className="block font-medium">{MODE_TEXTS[mode].label}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {MODE_TEXTS[mode].description}
                    </span>
                  </span>
                </label>
              ))}
            </div>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              With overrides on, a caller can ask for one by name with{' '}
              <code className="font-mono">Prefer: example=NAME</code>.
            </p>
          </fieldset>
          <div className="space-y-1">
            <Switch
              checked={overrides}
              onChange={(enabled) => setValue('overrides', enabled, { shouldDirty: true })}
              label="Overrides"
              description={routeEditorTexts.overrides}
            />
            {!project.settings.overrides ? (
              <p className="text-xs text-amber-800 sm:pl-14 dark:text-amber-300">
                {routeEditorTexts.overridesOffInProject}
              </p>
            ) : null}
          </div>
          <TokenField
            value={authToken}
            onChange={setToken}
            label="Require authentication"
            description="Callers must send Authorization: Bearer and this token."
            error={errors.authToken?.message}
          />
        </section>

        <section aria-labelledby={`${id}-responses`} className="flex flex-col gap-4">
          <div>
            <h2 id={`${id}-responses`} className="text-xl font-semibold">
              Responses
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-300 [overflow-wrap:anywhere]">
              {projectTexts.requestReferences}
            </p>
          </div>
          {responses.fields.map((field, index) => (
            <ResponseFields
              key={field.id}
              index={index}
              projectId={project.id}
              radioGroup={`${id}-default`}
              canRemove={responses.fields.length > 1}
              onRemove={() => handleRemoveResponse(index)}
            />
          ))}
          {errors.responses?.root?.message || errors.responses?.message ? (
            <FieldError>{errors.responses?.root?.message ?? errors.responses?.message}</FieldError>
          ) : null}
          <Button
            variant="secondary"
            className="w-fit"
            onClick={handleAddResponse}
            disabled={responses.fields.length >= MAX_RESPONSES_PER_ROUTE}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add response
          </Button>
        </section>

        <RulesSection />
        <RouteNetworkSection projectNetwork={project.settings.network} />

        {errors.root?.server?.message ? (
          <FieldError>{errors.root.server.message}</FieldError>
        ) : null}
        <div className="flex flex-wrap justify-end gap-2">
          <RouterLink to={projectPath(project.id)} className={buttonClasses('secondary')}>
            Cancel
          </RouterLink>
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? 'Saving...' : route ? 'Save route' : 'Create route'}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
