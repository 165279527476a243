import type { Route } from '@mocksmith/core/projects';
import * as Dialog from '@radix-ui/react-dialog';
import { Eye, Plus, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { parseJson } from '../../../components/template-editor/text/template-text.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { Field, inputClasses, SelectField } from '../../../components/ui/input.tsx';
import { MethodBadge } from '../../../components/ui/method-badge.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { cn } from '../../../lib/cn.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { type LiveAnswer, useCallRoute } from '../api/call-route.ts';
import { usePreviewRoute } from '../api/preview-route.ts';
import { projectTexts } from '../texts.ts';
import { defaultResponse, routeLabel } from '../utils/routes.ts';
import {
  hasBody,
  liveUrl,
  preferExample,
  queryRecord,
  samplePath,
} from '../utils/sample-request.ts';

interface HeaderRow {
  key: number;
  name: string;
  value: string;
}

/**
 * The Test panel of a route: a request to its live URL (the route's method; a path filled with
 * sample values; a query; headers, with a Response select that asks for one of the route's
 * responses by name through `Prefer: example=NAME`; a JSON body for POST, PUT and PATCH), sent
 * as any client would, and the answer: status, time, headers and the body. Preview shows what
 * the chosen response generates for the same request, without calling the route.
 */
export function RouteTestDialog({
  project,
  route,
  onClose,
}: {
  project: { id: string; baseUrl: string };
  route: Route | null;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={route !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses('wide'), 'space-y-4')}>
          <DialogHeader
            title="Test route"
            description="Calls the route’s live URL as any client would."
          />
          {route ? <RouteTestPanel key={route.id} project={project} route={route} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RouteTestPanel({
  project,
  route,
}: {
  project: { id: string; baseUrl: string };
  route: Route;
}) {
  const id = useId();
  const [path, setPath] = useState(() => samplePath(route.path));
  const [query, setQuery] = useState('');
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const [nextKey, setNextKey] = useState(1);
  const [chosen, setChosen] = useState('');
  const [sendToken, setSendToken] = useState(route.authToken !== null);
  const [body, setBody] = useState('{}');
  const call = useCallRoute();
  const preview = usePreviewRoute();
  const withBody = hasBody(route.method);
  const url = liveUrl(project.baseUrl, path, query);

  /** The request's headers as sent: the rows typed, then Prefer, the token and the body's type. */
  function requestHeaders(): Record<string, string> {
    const sent: Record<string, string> = {};
    for (const row of headers) {
      if (row.name.trim() !== '') sent[row.name.trim()] = row.value;
    }
    if (chosen !== '') sent.Prefer = preferExample(chosen);
    if (sendToken && route.authToken) sent.Authorization = `Bearer ${route.authToken}`;
    const typed = Object.keys(sent).some((name) => name.toLowerCase() === 'content-type');
    if (withBody && body.trim() !== '' && !typed) sent['Content-Type'] = 'application/json';
    return sent;
  }

  function handleSend(event: FormEvent) {
    event.preventDefault();
    if (call.isPending) return;
    call.mutate({
      method: route.method,
      url,
      headers: requestHeaders(),
      body: withBody && body.trim() !== '' ? body : undefined,
    });
  }

  function handlePreview() {
    const response =
      route.responses.find((item) => item.name === chosen) ?? defaultResponse(route.responses);
    if (!response || preview.isPending) return;
    const parsedBody = parseJson(body);
    preview.mutate({
      projectId: project.id,
      input: {
        template: response.template,
        routePath: route.path,
        request: {
          method: route.method,
          path,
          query: queryRecord(query),
          headers: Object.fromEntries(
            Object.entries(requestHeaders()).map(([name, value]) => [name.toLowerCase(), value]),
          ),
          body: withBody ? (parsedBody.ok ? parsedBody.value : body) : undefined,
        },
      },
    });
  }

  function updateHeader(key: number, change: Partial<HeaderRow>) {
    setHeaders((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  }

  return (
    <>
      <form onSubmit={handleSend} className="space-y-4" aria-label="Request">
        <p className="font-mono text-sm break-all">{routeLabel(route)}</p>
        <div className="flex flex-wrap items-center gap-2">
          <MethodBadge method={route.method} />
          <code
            data-testid="test-url"
            className="min-w-0 flex-1 rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all dark:bg-slate-900"
          >
            {url}
          </code>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Path"
            value={path}
            onChange={(event) => setPath(event.target.value)}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            className="[&_input]:font-mono"
          />
          <Field
            label="Query"
            placeholder="page=2&size=10"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            className="[&_input]:font-mono"
          />
        </div>
        <fieldset className="mx-0 min-w-0 space-y-2 border-0 p-0">
          <legend className="text-sm font-semibold">Headers</legend>
          <SelectField
            label="Response"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">The route’s choice ({route.responseMode})</option>
            {route.responses.map((response) => (
              <option key={response.name} value={response.name}>
                {response.name} ({response.status})
              </option>
            ))}
          </SelectField>
          {chosen !== '' ? (
            <p className="text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
              Sends <code className="font-mono">Prefer: {preferExample(chosen)}</code>
            </p>
          ) : null}
          {route.authToken ? (
            <Switch
              checked={sendToken}
              onChange={setSendToken}
              label="Send the bearer token"
              description="Authorization: Bearer and the route’s token."
            />
          ) : null}
          {headers.map((row, index) => (
            <div key={row.key} className="flex flex-wrap items-center gap-2 sm:flex-nowrap">
              <input
                aria-label={`Request header ${index + 1} name`}
                placeholder="X-Tenant"
                value={row.name}
                onChange={(event) => updateHeader(row.key, { name: event.target.value })}
                className={cn(inputClasses, 'sm:w-2/5')}
              />
              <input
                aria-label={`Request header ${index + 1} value`}
                placeholder="value"
                value={row.value}
                onChange={(event) => updateHeader(row.key, { value: event.target.value })}
                className={inputClasses}
              />
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove request header ${index + 1}`}
                onClick={() => setHeaders((rows) => rows.filter((item) => item.key !== row.key))}
              >
                <Trash2 className="size-4" aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              setHeaders((rows) => [...rows, { key: nextKey, name: '', value: '' }]);
              setNextKey((key) => key + 1);
            }}
          >
            <Plus className="size-4" aria-hidden="true" />
            Add header
          </Button>
        </fieldset>
        {withBody ? (
          <div className="space-y-1">
            <label htmlFor={`${id}-body`} className="block text-sm font-medium">
              Body (JSON)
            </label>
            <textarea
              id={`${id}-body`}
              value={body}
              onChange={(event) => setBody(event.target.value)}
              spellCheck={false}
              rows={5}
              className="block w-full rounded-md border border-slate-300 bg-white p-3 font-mono text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            />
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={call.isPending} aria-busy={call.isPending}>
            <Send className="size-4" aria-hidden="true" />
            {call.isPending ? 'Sending...' : 'Send'}
          </Button>
          <Button
            variant="secondary"
            onClick={handlePreview}
            disabled={preview.isPending}
            aria-busy={preview.isPending}
          >
            <Eye className="size-4" aria-hidden="true" />
            {preview.isPending ? 'Generating...' : 'Preview'}
          </Button>
        </div>
      </form>
      {call.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {projectTexts.testFailed} {call.error.message}
        </p>
      ) : null}
      {call.data ? <AnswerView answer={call.data} /> : null}
      {preview.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {toUserMessage(preview.error, projectTexts.previewFailed)}
        </p>
      ) : null}
      {preview.data !== undefined ? (
        <section aria-label="Preview" className="space-y-1">
          <CodeBlock code={preview.data} label="Generated body (preview)" wrap />
        </section>
      ) : null}
    </>
  );
}

/** The answer of a test call: status and text, time, headers and body. */
function AnswerView({ answer }: { answer: LiveAnswer }) {
  const ok = answer.status < 400;
  return (
    <section aria-label="Response" className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Status:</span>
        <span
          data-testid="test-status"
          className={cn(
            'rounded px-2 py-0.5 font-mono font-semibold',
            ok
              ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300'
              : 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-300',
          )}
        >
          {answer.status} {answer.statusText}
        </span>
        <span className="text-slate-600 dark:text-slate-400">in {answer.durationMs} ms</span>
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium">
          Response headers ({answer.headers.length})
        </summary>
        <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1 font-mono text-xs [overflow-wrap:anywhere]">
          {answer.headers.map(([name, value]) => (
            <div key={name} className="contents">
              <dt className="text-slate-600 dark:text-slate-400">{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </details>
      <CodeBlock code={answer.body || '(empty body)'} label="Response body" wrap />
    </section>
  );
}
