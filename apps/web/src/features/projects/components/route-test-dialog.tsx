import type { Collection } from '@mocksmith/core/collections';
import { describeRule, type Route, type RouteRule } from '@mocksmith/core/projects';
import * as Dialog from '@radix-ui/react-dialog';
import { Eye, Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { parseJson } from '../../../components/template-editor/text/template-text.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { Field, SelectField } from '../../../components/ui/input.tsx';
import { MethodBadge } from '../../../components/ui/method-badge.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useFocusReturn } from '../../../hooks/use-focus-return.ts';
import { cn } from '../../../lib/cn.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useCallRoute } from '../api/call-route.ts';
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
import { CollectionTestPanel } from './collection-test-panel.tsx';
import { AnswerView } from './live-answer.tsx';
import {
  BodyField,
  type HeaderRow,
  hasHeader,
  RequestHeaderRows,
  typedHeaders,
} from './request-fields.tsx';

/** What the Test panel reads of the project: its id, base URL and, when known, its settings. */
type TestedProject = { id: string; baseUrl: string; settings?: { overrides: boolean } };

/** The texts of the Test panel of a route. */
export const routeTestTexts = {
  rules: 'This route’s rules, in order: the first the request matches picks the response.',
  overridesOff: 'Overrides are off for this route: the live URL ignores Prefer.',
} as const;

/**
 * The Test panel of a route: a request to its live URL (the route's method; a path filled with
 * sample values; a query; headers, with a Response select that asks for one of the route's
 * responses by name through `Prefer: example=NAME`; a JSON body for POST, PUT and PATCH; the
 * route's rules listed, so a request can be made to meet one), sent as any client would, and the
 * answer: status, time, which response answered and which rule picked it (X-Mock-Response,
 * X-Mock-Rule), headers and the body. Preview shows what
 * the chosen response generates for the same request, without calling the route. Given a
 * `collection` instead, the panel is the collection's (CollectionTestPanel).
 */
export function RouteTestDialog({
  project,
  route,
  collection = null,
  onClose,
}: {
  project: TestedProject;
  route: Route | null;
  collection?: Collection | null;
  onClose: () => void;
}) {
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root
      open={route !== null || collection !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses('wide'), 'space-y-4')} {...focusReturn}>
          {route || !collection ? (
            <DialogHeader
              title="Test route"
              description="Calls the route’s live URL as any client would."
            />
          ) : (
            <DialogHeader
              title="Test collection"
              description="Calls the collection’s live URLs as any client would: list, add, change and delete its records."
            />
          )}
          {route ? <RouteTestPanel key={route.id} project={project} route={route} /> : null}
          {!route && collection ? (
            <CollectionTestPanel key={collection.id} project={project} collection={collection} />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function RouteTestPanel({ project, route }: { project: TestedProject; route: Route }) {
  const [path, setPath] = useState(() => samplePath(route.path));
  const [query, setQuery] = useState('');
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const [chosen, setChosen] = useState('');
  const [sendToken, setSendToken] = useState(route.authToken !== null);
  const [body, setBody] = useState('{}');
  const call = useCallRoute();
  const preview = usePreviewRoute();
  const withBody = hasBody(route.method);
  const overridesOn = route.overrides && project.settings?.overrides !== false;
  const url = liveUrl(project.baseUrl, path, query);

  /** The request's headers as sent: the rows typed, then Prefer, the token and the body's type. */
  function requestHeaders(): Record<string, string> {
    const sent = typedHeaders(headers);
    if (chosen !== '') sent.Prefer = preferExample(chosen);
    if (sendToken && route.authToken) sent.Authorization = `Bearer ${route.authToken}`;
    if (withBody && body.trim() !== '' && !hasHeader(sent, 'content-type')) {
      sent['Content-Type'] = 'application/json';
    }
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
            <option value="">
              {`The route’s choice (${route.rules.length > 0 ? 'rules, then ' : ''}${route.responseMode})`}
            </option>
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
          {chosen !== '' && !overridesOn ? (
            <p className="text-xs text-amber-800 dark:text-amber-300">
              {routeTestTexts.overridesOff}
            </p>
          ) : null}
          <RequestHeaderRows rows={headers} onChange={setHeaders} />
        </fieldset>
        {route.rules.length > 0 ? (
          <div className="rounded-md bg-slate-50 p-3 text-xs dark:bg-slate-900">
            <p className="font-medium">{routeTestTexts.rules}</p>
            <ol className="mt-1 list-decimal space-y-0.5 pl-5 font-mono [overflow-wrap:anywhere]">
              {route.rules.map((rule, index) => (
                // Rules have no id; their place is what X-Mock-Rule names.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={index}>
                  {rule.name ? `${rule.name}: ` : ''}
                  {describeRule(rule as RouteRule)}
                </li>
              ))}
            </ol>
          </div>
        ) : null}
        {withBody ? <BodyField value={body} onChange={setBody} /> : null}
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
      {call.data ? <AnswerView answer={call.data} ruleCount={route.rules.length} /> : null}
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
