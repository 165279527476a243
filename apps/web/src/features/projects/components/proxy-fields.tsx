import {
  type ProxySettings,
  proxySettingsInputSchema,
  type UpdateProjectInput,
} from '@mocksmith/core/projects';
import { Field } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';

/** The texts of the proxy's fields, for the fields and their tests. */
export const proxyTexts = {
  title: 'Real API (partial mocking)',
  line: 'Calls no route or collection answers go to this API, with the same path, query, method, body and headers; its answers carry X-Mock-Proxied: true. Routes always answer first.',
  urlLabel: 'Real API base URL',
  urlPlaceholder: 'https://api.example.com/v1',
  recordLabel: 'Record forwarded answers as routes',
  recordDescription: (limit: number) =>
    `Each forwarded JSON answer becomes a route with a typed template; recording stops after ${limit} new routes.`,
} as const;

/** The proxy as the form holds it: the URL as typed (empty: none) and recording. */
export interface ProxyDraft {
  url: string;
  record: boolean;
}

/** A project's proxy as the form starts with it. */
export function proxyDraftOf(proxy: ProxySettings | null | undefined): ProxyDraft {
  return { url: proxy?.url ?? '', record: proxy?.record ?? false };
}

/**
 * The proxy a draft saves (null for none), or the problem with its URL, checked with core's
 * schema as the server checks it.
 */
export function checkProxyDraft(
  draft: ProxyDraft,
  previous: ProxySettings | null | undefined,
):
  | { ok: true; proxy: NonNullable<UpdateProjectInput['settings']>['proxy'] }
  | { ok: false; problem: string } {
  if (draft.url.trim() === '') return { ok: true, proxy: null };
  const checked = proxySettingsInputSchema.safeParse({
    url: draft.url,
    record: draft.record,
    recordLimit: previous?.recordLimit,
  });
  if (!checked.success) {
    return { ok: false, problem: checked.error.issues[0]?.message ?? 'Not a URL' };
  }
  return { ok: true, proxy: checked.data };
}

/** The proxy's URL and its recording switch, the URL's problem under it. */
export function ProxyFields({
  value,
  onChange,
  problem,
  recordLimit,
}: {
  value: ProxyDraft;
  onChange: (next: ProxyDraft) => void;
  problem: string | null;
  recordLimit: number;
}) {
  return (
    <section aria-labelledby="project-proxy-title" className="space-y-3">
      <div>
        <h3 id="project-proxy-title" className="font-semibold">
          {proxyTexts.title}
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-300">{proxyTexts.line}</p>
      </div>
      <Field
        label={proxyTexts.urlLabel}
        type="url"
        inputMode="url"
        placeholder={proxyTexts.urlPlaceholder}
        value={value.url}
        onChange={(event) => onChange({ ...value, url: event.target.value })}
        error={problem}
      />
      {value.url.trim() !== '' ? (
        <Switch
          checked={value.record}
          onChange={(record) => onChange({ ...value, record })}
          label={proxyTexts.recordLabel}
          description={proxyTexts.recordDescription(recordLimit)}
        />
      ) : null}
    </section>
  );
}
