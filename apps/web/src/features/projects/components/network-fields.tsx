import {
  FAULT_STATUS_TEXTS,
  FAULT_STATUSES,
  type FaultStatus,
  NETWORK_PRESETS,
} from '@mocksmith/core/network';
import { useId } from 'react';
import { Field, FieldError, SelectField } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { latencyOf } from '../utils/network-check.ts';
import {
  FAULT_KIND_LABELS,
  FAULT_KINDS,
  type FaultKind,
  LATENCY_KINDS,
  LATENCY_LABELS,
  type LatencyKind,
  type NetworkDraft,
  type NetworkField,
  type NetworkProblems,
  PRESET_CUSTOM,
  PRESET_NONE,
  withPreset,
} from '../utils/network-draft.ts';
import { LatencyChart } from './latency-chart.tsx';

/** The number fields of each latency kind: the draft's field and its label. */
const LATENCY_FIELDS: Readonly<Record<LatencyKind, readonly [NetworkField, string][]>> = {
  none: [],
  fixed: [['ms', 'Delay (ms)']],
  uniform: [
    ['min', 'Shortest (ms)'],
    ['max', 'Longest (ms)'],
  ],
  normal: [
    ['mean', 'Mean (ms)'],
    ['sd', 'Standard deviation (ms)'],
  ],
  lognormal: [
    ['p50', 'Median, p50 (ms)'],
    ['p95', '95th percentile, p95 (ms)'],
  ],
};

/** The texts of the network panel, in one place for the panel and its tests. */
export const networkTexts = {
  noneDescription: 'Calls answer at once: no delay, no faults, no limit.',
  customDescription: 'Your own latency, faults and limit.',
  faultDescription: 'A share of calls fail on purpose.',
  faultBodyHint: 'Left empty, the body is a JSON error naming the status.',
  rateLimitDescription: 'Keyed by bearer token, else X-Mock-Session, else address.',
  rateLimitHint: 'A call over the limit gets 429 with Retry-After.',
} as const;

/**
 * The fields of a network profile, for a route of its own or for a project: a preset (None,
 * the ready-made ones, Custom), the latency model with its fields and a chart of it, fault
 * injection (a share of calls answering a status, a connection reset or an empty answer) and a
 * per-consumer rate limit. Controlled: `value` is the draft, `problems` core's words beside
 * their fields. A change to any field makes the preset Custom.
 */
export function NetworkFields({
  value,
  onChange,
  problems,
}: {
  value: NetworkDraft;
  onChange: (next: NetworkDraft) => void;
  problems: NetworkProblems;
}) {
  const id = useId();
  const model = latencyOf(value);
  const preset = NETWORK_PRESETS.find((item) => item.name === value.preset);

  function set<K extends NetworkField>(field: K, next: NetworkDraft[K]) {
    onChange({ ...value, [field]: next, preset: PRESET_CUSTOM });
  }

  const numberField = (field: NetworkField, label: string, options: { step?: string } = {}) => (
    <Field
      key={field}
      label={label}
      type="number"
      inputMode={options.step === 'any' ? 'decimal' : 'numeric'}
      min={0}
      step={options.step ?? '1'}
      value={value[field] as string}
      onChange={(event) => set(field, event.target.value)}
      error={problems[field]}
    />
  );

  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <SelectField
          label="Preset"
          value={value.preset}
          onChange={(event) => onChange(withPreset(value, event.target.value))}
        >
          <option value={PRESET_NONE}>None</option>
          {NETWORK_PRESETS.map((item) => (
            <option key={item.name} value={item.name}>
              {item.name}
            </option>
          ))}
          <option value={PRESET_CUSTOM}>Custom</option>
        </SelectField>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {preset
            ? preset.description
            : value.preset === PRESET_NONE
              ? networkTexts.noneDescription
              : networkTexts.customDescription}
        </p>
      </div>

      <div className="space-y-3">
        <SelectField
          label="Latency"
          value={value.latency}
          onChange={(event) => set('latency', event.target.value as LatencyKind)}
          error={problems.latency}
        >
          {LATENCY_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {LATENCY_LABELS[kind]}
            </option>
          ))}
        </SelectField>
        {LATENCY_FIELDS[value.latency].length > 0 ? (
          <div className="grid gap-3 sm:grid-cols-2">
            {LATENCY_FIELDS[value.latency].map(([field, label]) => numberField(field, label))}
          </div>
        ) : null}
        {model && model.kind !== 'none' ? <LatencyChart model={model} /> : null}
      </div>

      <div className="space-y-3">
        <Switch
          checked={value.fault}
          onChange={(on) => set('fault', on)}
          label="Fault injection"
          description={networkTexts.faultDescription}
        />
        {problems.fault ? <FieldError>{problems.fault}</FieldError> : null}
        {value.fault ? (
          <div className="space-y-3 sm:pl-14">
            <div className="grid gap-3 sm:grid-cols-3">
              {numberField('percent', 'Share of calls (%)', { step: 'any' })}
              <SelectField
                label="Fault"
                value={value.faultKind}
                onChange={(event) => set('faultKind', event.target.value as FaultKind)}
                error={problems.faultKind}
              >
                {FAULT_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {FAULT_KIND_LABELS[kind]}
                  </option>
                ))}
              </SelectField>
              {value.faultKind === 'status' ? (
                <SelectField
                  label="Fault status"
                  value={value.status}
                  onChange={(event) => set('status', event.target.value)}
                  error={problems.status}
                >
                  {FAULT_STATUSES.map((status) => (
                    <option key={status} value={String(status)}>
                      {status} {FAULT_STATUS_TEXTS[status as FaultStatus]}
                    </option>
                  ))}
                </SelectField>
              ) : null}
            </div>
            {value.faultKind === 'status' ? (
              <div className="space-y-1">
                <label htmlFor={`${id}-body`} className="block text-sm font-medium">
                  Fault body (JSON, optional)
                </label>
                <textarea
                  id={`${id}-body`}
                  value={value.body}
                  onChange={(event) => set('body', event.target.value)}
                  spellCheck={false}
                  rows={3}
                  placeholder='{"error": "try again later"}'
                  aria-invalid={problems.body ? true : undefined}
                  aria-describedby={
                    problems.body ? `${id}-body-hint ${id}-body-error` : `${id}-body-hint`
                  }
                  className="block w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 placeholder:text-slate-500 focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:outline-none aria-[invalid=true]:border-red-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400"
                />
                <p id={`${id}-body-hint`} className="text-xs text-slate-600 dark:text-slate-400">
                  {networkTexts.faultBodyHint}
                </p>
                {problems.body ? (
                  <FieldError id={`${id}-body-error`}>{problems.body}</FieldError>
                ) : null}
              </div>
            ) : null}
          </div>
        ) : null}
      </div>

      <div className="space-y-3">
        <Switch
          checked={value.rateLimit}
          onChange={(on) => set('rateLimit', on)}
          label="Rate limit per consumer"
          description={networkTexts.rateLimitDescription}
        />
        {problems.rateLimit ? <FieldError>{problems.rateLimit}</FieldError> : null}
        {value.rateLimit ? (
          <div className="space-y-2 sm:pl-14">
            <div className="grid gap-3 sm:grid-cols-2">
              {numberField('limit', 'Calls')}
              <SelectField
                label="Per"
                value={value.per}
                onChange={(event) => set('per', event.target.value as 'second' | 'minute')}
                error={problems.per}
              >
                <option value="second">Second</option>
                <option value="minute">Minute</option>
              </SelectField>
            </div>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {networkTexts.rateLimitHint}
            </p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
