import type { Collection } from '@mocksmith/core/collections';
import { defaultResponseOf, describeRule, type RouteRule } from '@mocksmith/core/projects';
import * as Dialog from '@radix-ui/react-dialog';
import { Eye } from 'lucide-react';
import { useState } from 'react';
import { parseJson } from '../../../components/template-editor/text/template-text.ts';
import { Button } from '../../../components/ui/button.tsx';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { DialogHeader } from '../../../components/ui/dialog-header.tsx';
import { SelectField } from '../../../components/ui/input.tsx';
import { MethodBadge } from '../../../components/ui/method-badge.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useFocusReturn } from '../../../hooks/use-focus-return.ts';
import { cn } from '../../../lib/cn.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { usePreviewRoute } from '../api/preview-route.ts';
import { projectTexts } from '../texts.ts';
import type { ProjectRoute } from '../types.ts';
import { routeLabel } from '../utils/routes.ts';
import { preferExample, queryRecord, samplePath } from '../utils/sample-request.ts';
import { CollectionTestPanel } from './collection-test-panel.tsx';
import {
  HeadersFieldset,
  PathField,
  QueryField,
  RequestForm,
  useTestRequest,
} from './request-form.tsx';

/** What the Test panel reads of the project: its id, base URL and, when known, its settings. */
type TestedProject = {
  id: string;
  baseUrl: string;
  settings?: { overrides: boolean; authToken?: string | null };
};

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
  route: ProjectRoute | null;
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

function RouteTestPanel({ project, route }: { project: TestedProject; route: ProjectRoute }) {
  const request = useTestRequest({
    method: route.method,
    baseUrl: project.baseUrl,
    initialPath: samplePath(route.path),
  });
  const [chosen, setChosen] = useState('');
  const [sendToken, setSendToken] = useState(route.authToken !== null);
  const preview = usePreviewRoute();
  const overridesOn = route.overrides && project.settings?.overrides !== false;

  /** The headers the panel adds to the typed ones: Prefer and the token. */
  function panelHeaders(): Record<string, string> {
    const added: Record<string, string> = {};
    if (chosen !== '') added.Prefer = preferExample(chosen);
    if (sendToken && route.authToken) added.Authorization = `Bearer ${route.authToken}`;
    return added;
  }

  function handlePreview() {
    const response =
      route.responses.find((item) => item.name === chosen) ?? defaultResponseOf(route);
    if (!response || preview.isPending) return;
    const parsedBody = parseJson(request.body);
    preview.mutate({
      projectId: project.id,
      input: {
        template: response.template,
        routePath: route.path,
        request: {
          method: route.method,
          path: request.path,
          query: queryRecord(request.query),
          headers: Object.fromEntries(
            Object.entries(request.requestHeaders(panelHeaders())).map(([name, value]) => [
              name.toLowerCase(),
              value,
            ]),
          ),
          body: request.withBody ? (parsedBody.ok ? parsedBody.value : request.body) : undefined,
        },
      },
    });
  }

  return (
    <>
      <RequestForm
        request={request}
        onSend={() => request.send(panelHeaders())}
        ruleCount={route.rules.length}
        actions={
          <Button
            variant="secondary"
            onClick={handlePreview}
            disabled={preview.isPending}
            aria-busy={preview.isPending}
          >
            <Eye className="size-4" aria-hidden="true" />
            {preview.isPending ? 'Generating...' : 'Preview'}
          </Button>
        }
      >
        <p className="font-mono text-sm break-all">{routeLabel(route)}</p>
        <div className="flex flex-wrap items-center gap-2">
          <MethodBadge method={route.method} />
          <code
            data-testid="test-url"
            className="min-w-0 flex-1 rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all dark:bg-slate-900"
          >
            {request.url}
          </code>
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <PathField request={request} />
          <QueryField request={request} placeholder="page=2&size=10" />
        </div>
        <HeadersFieldset request={request}>
          <SelectField
            label="Response"
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          >
            <option value="">
              {`The route’s choice (${route.rules.length > 0 ? 'rules, then ' : ''}${route.mode})`}
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
        </HeadersFieldset>
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
      </RequestForm>
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
