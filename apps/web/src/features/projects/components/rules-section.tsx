import {
  MAX_CONDITIONS_PER_RULE,
  MAX_RULES_PER_ROUTE,
  RULE_OPERATORS,
  RULE_SOURCES,
  type RuleOperator,
} from '@mocksmith/core/projects';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import {
  type FieldPath,
  useFieldArray,
  useFormContext,
  useFormState,
  useWatch,
} from 'react-hook-form';
import { Button } from '../../../components/ui/button.tsx';
import { Field, FieldError, SelectField } from '../../../components/ui/input.tsx';
import type { RouteDraft, RouteDraftInput } from '../utils/route-draft.ts';
import {
  newConditionDraft,
  newRuleDraft,
  OPERATOR_LABELS,
  SOURCE_LABELS,
  SOURCE_PLACEHOLDERS,
  takesValue,
  valuePlaceholder,
} from '../utils/rule-draft.ts';

/** The texts of the Rules section, in one place for the section and its tests. */
export const rulesTexts = {
  intro:
    'The first rule a request matches picks the response it answers; when none matches, the route answers as set above. The answer names them in its X-Mock-Response and X-Mock-Rule headers.',
  bodyHint: 'A JSON body field is named by a path such as $.user.plan or items[0].sku.',
  empty: 'No rules: every call gets the route’s choice.',
  inHint: 'Separate the values with commas.',
  notAResponse: (name: string) => `${name} (not a response of this route)`,
} as const;

/**
 * The problems of the fields under `prefix` (a rule's name, a condition), each shown once the
 * person has been at its field: a value typed, the field left, or the form submitted; an emptied
 * field says it is required once it is left. The form checks as it changes (`mode: 'onChange'`),
 * and adding a rule checks the whole list, where every field of the new rule counts as changed:
 * its empty fields would be red before anything was typed in them.
 */
function useShownProblems(prefix: FieldPath<RouteDraftInput>) {
  const { control, getFieldState, getValues } = useFormContext<
    RouteDraftInput,
    unknown,
    RouteDraft
  >();
  // The state of these fields alone: the form's own would render the whole editor again at
  // each field's first change and first visit.
  const formState = useFormState({ control, name: prefix });
  return (name: FieldPath<RouteDraftInput>): string | undefined => {
    const { error, isTouched, isDirty } = getFieldState(name, formState);
    // Read, not watched: a value that changes whether this shows changes the error too, which
    // renders the row again.
    const shown = formState.isSubmitted || isTouched || (isDirty && getValues(name) !== '');
    return shown ? error?.message : undefined;
  };
}

/**
 * A route's rules in the route editor: an ordered list, each with an optional name, AND or OR
 * across its conditions, a row per condition (source, name, operator, value) and the response
 * it picks. Core's `ruleProblems` checks them as they are typed (the form's resolver), each
 * problem beside its field; a rule whose response is renamed or removed says so at once.
 */
export function RulesSection() {
  const id = useId();
  const { control, getValues, trigger, formState } = useFormContext<
    RouteDraftInput,
    unknown,
    RouteDraft
  >();
  const rules = useFieldArray({ control, name: 'rules' });
  const responses = useWatch({ control, name: 'responses' }) ?? [];
  const names = responses.map((item) => item.name.trim());
  const rulesError = formState.errors.rules?.root?.message ?? formState.errors.rules?.message;

  // A response renamed or removed: the rules that pick it say so before saving.
  const namesKey = JSON.stringify(names);
  const shownNames = useRef(namesKey);
  useEffect(() => {
    if (shownNames.current === namesKey) return;
    shownNames.current = namesKey;
    const count = getValues('rules').length;
    if (count > 0) {
      void trigger(Array.from({ length: count }, (_, index) => `rules.${index}.response` as const));
    }
  }, [namesKey, getValues, trigger]);

  function handleAddRule() {
    const chosen = Number(getValues('defaultResponse'));
    rules.append(
      newRuleDraft(names.map((name, index) => ({ name, isDefault: index === chosen }))),
      { shouldFocus: false },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-4">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          Rules
        </h2>
        <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
          {rulesTexts.intro}
        </p>
        <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
          {rulesTexts.bodyHint}
        </p>
      </div>
      {rules.fields.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{rulesTexts.empty}</p>
      ) : null}
      {rules.fields.map((field, index) => (
        <RuleFields
          key={field.id}
          index={index}
          count={rules.fields.length}
          responseNames={names}
          onMove={(to) => rules.move(index, to)}
          onRemove={() => rules.remove(index)}
        />
      ))}
      {rulesError ? <FieldError>{rulesError}</FieldError> : null}
      <Button
        variant="secondary"
        className="w-fit"
        onClick={handleAddRule}
        disabled={rules.fields.length >= MAX_RULES_PER_ROUTE}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add rule
      </Button>
    </section>
  );
}

/** One rule: its name, how its conditions combine, the conditions, and the response it picks. */
function RuleFields({
  index,
  count,
  responseNames,
  onMove,
  onRemove,
}: {
  index: number;
  count: number;
  responseNames: readonly string[];
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<RouteDraftInput, unknown, RouteDraft>();
  const conditions = useFieldArray({ control, name: `rules.${index}.conditions` });
  const picked = useWatch({ control, name: `rules.${index}.response` }) ?? '';
  const ruleErrors = errors.rules?.[index];
  const conditionsError = ruleErrors?.conditions?.root?.message ?? ruleErrors?.conditions?.message;
  const problemOf = useShownProblems(`rules.${index}.name`);
  const number = index + 1;

  return (
    <fieldset
      aria-labelledby={`${id}-legend`}
      className="mx-0 min-w-0 space-y-4 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-legend`} className="font-semibold">
          Rule {number}
        </h3>
        <div className="flex flex-wrap gap-1">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onMove(index - 1)}
            disabled={index === 0}
            aria-label={`Move rule ${number} up`}
            title="Move up"
          >
            <ArrowUp className="size-4" aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onMove(index + 1)}
            disabled={index === count - 1}
            aria-label={`Move rule ${number} down`}
            title="Move down"
          >
            <ArrowDown className="size-4" aria-hidden="true" />
          </Button>
          <Button variant="ghost" size="sm" onClick={onRemove} aria-label={`Delete rule ${number}`}>
            <Trash2 className="size-4" aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Rule name (optional)"
          placeholder="Gold plan"
          autoComplete="off"
          error={problemOf(`rules.${index}.name`)}
          {...register(`rules.${index}.name`)}
        />
        <SelectField label="Match" {...register(`rules.${index}.combine`)}>
          <option value="all">All of these conditions (AND)</option>
          <option value="any">Any of these conditions (OR)</option>
        </SelectField>
      </div>
      <div className="space-y-3">
        {conditions.fields.map((condition, row) => (
          <ConditionRow
            key={condition.id}
            rule={index}
            row={row}
            canRemove={conditions.fields.length > 1}
            onRemove={() => conditions.remove(row)}
          />
        ))}
        {conditionsError ? <FieldError>{conditionsError}</FieldError> : null}
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Add condition to rule ${number}`}
          onClick={() => conditions.append(newConditionDraft(), { shouldFocus: false })}
          disabled={conditions.fields.length >= MAX_CONDITIONS_PER_RULE}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add condition
        </Button>
      </div>
      <SelectField
        label="Then answer"
        className="sm:max-w-sm"
        error={ruleErrors?.response?.message}
        {...register(`rules.${index}.response`)}
        // Controlled: the options change as responses are renamed, and the choice must stay.
        value={picked}
      >
        {responseNames.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
        {picked !== '' && !responseNames.includes(picked) ? (
          <option value={picked}>{rulesTexts.notAResponse(picked)}</option>
        ) : null}
      </SelectField>
    </fieldset>
  );
}

/** One condition: where it reads the request, what, how it compares, and with what. */
function ConditionRow({
  rule,
  row,
  canRemove,
  onRemove,
}: {
  rule: number;
  row: number;
  canRemove: boolean;
  onRemove: () => void;
}) {
  const id = useId();
  const { control, register } = useFormContext<RouteDraftInput, unknown, RouteDraft>();
  const at = `rules.${rule}.conditions.${row}` as const;
  const source = useWatch({ control, name: `${at}.source` }) ?? 'header';
  const operator = (useWatch({ control, name: `${at}.operator` }) ?? 'equals') as RuleOperator;
  const problemOf = useShownProblems(at);
  const number = row + 1;

  return (
    <fieldset
      aria-labelledby={`${id}-label`}
      className="mx-0 min-w-0 space-y-2 rounded-md border-0 bg-slate-50 p-3 dark:bg-slate-950"
    >
      <div className="flex items-center justify-between gap-2">
        <span id={`${id}-label`} className="text-sm font-medium">
          Condition {number}
        </span>
        <Button
          variant="ghost"
          size="sm"
          onClick={onRemove}
          disabled={!canRemove}
          aria-label={`Remove condition ${number} of rule ${rule + 1}`}
          title={canRemove ? undefined : 'A rule needs at least one condition'}
        >
          <Trash2 className="size-4" aria-hidden="true" />
        </Button>
      </div>
      <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-[minmax(0,10rem)_minmax(0,1fr)_minmax(0,10rem)_minmax(0,1fr)]">
        <SelectField
          label="Source"
          error={problemOf(`${at}.source`)}
          {...register(`${at}.source`, { deps: [`${at}.name`] })}
        >
          {RULE_SOURCES.map((item) => (
            <option key={item} value={item}>
              {SOURCE_LABELS[item]}
            </option>
          ))}
        </SelectField>
        <Field
          label="Name"
          placeholder={SOURCE_PLACEHOLDERS[source]}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          className="[&_input]:font-mono"
          error={problemOf(`${at}.name`)}
          {...register(`${at}.name`)}
        />
        <SelectField
          label="Operator"
          error={problemOf(`${at}.operator`)}
          {...register(`${at}.operator`, { deps: [`${at}.value`] })}
        >
          {RULE_OPERATORS.map((item) => (
            <option key={item} value={item}>
              {OPERATOR_LABELS[item]}
            </option>
          ))}
        </SelectField>
        {takesValue(operator) ? (
          <div className="space-y-1">
            <Field
              label="Value"
              placeholder={valuePlaceholder(operator)}
              spellCheck={false}
              autoCapitalize="off"
              autoComplete="off"
              className="[&_input]:font-mono"
              error={problemOf(`${at}.value`)}
              {...register(`${at}.value`)}
            />
            {operator === 'in' ? (
              <p className="text-xs text-slate-600 dark:text-slate-400">{rulesTexts.inHint}</p>
            ) : null}
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}
