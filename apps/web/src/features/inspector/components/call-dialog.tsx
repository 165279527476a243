import type { LoggedCallView } from '@mocksmith/core/inspector';
import type { ProjectDetail } from '@mocksmith/core/projects';
import * as Dialog from '@radix-ui/react-dialog';
import { FilePlus2, ListPlus, RotateCw, X } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { generatePath, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { CodeBlock } from '../../../components/ui/code-block.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { dialogContentClasses, overlayClasses } from '../../../components/ui/dialog-classes.ts';
import { MethodBadge } from '../../../components/ui/method-badge.tsx';
import { paths } from '../../../config/paths.ts';
import { useFocusReturn } from '../../../hooks/use-focus-return.ts';
import { cn } from '../../../lib/cn.ts';
import { type ReplayAnswer, useCallAgain } from '../api/call-again.ts';
import { inspectorTexts } from '../texts.ts';
import { callUrl, curlCommand, replayHeaders } from '../utils/curl.ts';
import { callMoment, isMasked, latencyText, pathWithQuery, upstreamText } from '../utils/format.ts';
import {
  type InspectedRoute,
  newRoutePrefill,
  type RuleChoice,
  routeOfCall,
  routeRefusal,
  ruleChoicesOf,
  rulePrefill,
} from '../utils/prefill.ts';
import { CallDrift, CallViolations } from './call-violations.tsx';
import { StatusBadge } from './status-badge.tsx';

type InspectedProject = Pick<ProjectDetail, 'id'> & { routes: readonly InspectedRoute[] };

/**
 * One call opened: when, what answered (status, response, rule, latency with the injected delay
 * apart, fault, session, client), its query, headers and body (a cut one said so), the call as
 * curl with Copy as curl, Call again (sent to the live URL, its answer shown), and, for a
 * project's call, Make a route or Make a rule from it (a stand-alone API has no routes). The
 * focus goes back to the row's button when it closes.
 */
export function CallDialog({
  call,
  project,
  baseUrl,
  onClose,
}: {
  call: LoggedCallView | null;
  /** The project the call was made to; none for a stand-alone API's. */
  project?: InspectedProject;
  /** What the call's path follows: the project's base URL, or the mock origin for an API's. */
  baseUrl: string;
  onClose: () => void;
}) {
  const focusReturn = useFocusReturn();
  return (
    <Dialog.Root open={call !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content className={cn(dialogContentClasses('wide'), 'space-y-5')} {...focusReturn}>
          {call ? (
            <CallDetail key={call.id} call={call} project={project} baseUrl={baseUrl} />
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CallDetail({
  call,
  project,
  baseUrl,
}: {
  call: LoggedCallView;
  project: InspectedProject | undefined;
  baseUrl: string;
}) {
  const navigate = useNavigate();
  const [makingRule, setMakingRule] = useState(false);
  const curl = curlCommand(call, baseUrl);
  // Routes and rules are a project's: an API's call makes neither, nor a collection's.
  const collection = call.collection;
  const route = project && collection === null ? routeOfCall(project.routes, call) : undefined;
  const refusal = routeRefusal(call);

  function handleMakeRoute() {
    if (!project) return;
    navigate(generatePath(paths.dashboardProjectNewRoute, { projectId: project.id }), {
      state: newRoutePrefill(call),
    });
  }

  return (
    <>
      <div className="flex items-start justify-between gap-4">
        <div className="min-w-0 space-y-1">
          <Dialog.Title className="flex flex-wrap items-center gap-2 text-lg font-semibold">
            <MethodBadge method={call.method} />
            <span className="min-w-0 font-mono break-all">{pathWithQuery(call)}</span>
          </Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600 dark:text-slate-300">
            Called {callMoment(call.at)}.
          </Dialog.Description>
        </div>
        <Dialog.Close asChild>
          <Button variant="ghost" size="sm" aria-label="Close">
            <X className="size-4" aria-hidden="true" />
          </Button>
        </Dialog.Close>
      </div>

      <dl className="grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <Term label="Status">
          <StatusBadge call={call} />
        </Term>
        <Term label="Response">
          {call.upstream
            ? upstreamText(call.upstream)
            : (call.response ?? (collection === null ? 'None' : `Collection ${collection}`))}
        </Term>
        <Term label="Rule">{call.rule === null ? 'None' : `Rule ${call.rule}`}</Term>
        <Term label="Latency">{latencyText(call)}</Term>
        {call.fault !== null ? <Term label="Fault">{call.fault}</Term> : null}
        <Term label="Session">{call.session ?? 'None'}</Term>
        <Term label="Client">
          <span className="font-mono">{call.client}</span>{' '}
          <span className="text-slate-600 dark:text-slate-400">(a salted hash of its address)</span>
        </Term>
      </dl>

      <CallViolations violations={call.violations} />
      <CallDrift drift={call.drift} />

      <div className="flex flex-wrap gap-2">
        <CopyButton text={curl} label="Copy as curl" showLabel />
        {project && collection === null && refusal === undefined && route === undefined ? (
          <Button variant="secondary" size="sm" onClick={handleMakeRoute}>
            <FilePlus2 className="size-4" aria-hidden="true" />
            Make a route from this request
          </Button>
        ) : null}
        {route ? (
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={makingRule}
            onClick={() => setMakingRule((open) => !open)}
          >
            <ListPlus className="size-4" aria-hidden="true" />
            Make a rule from this request
          </Button>
        ) : null}
      </div>
      {project ? (
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
          {collection !== null
            ? inspectorTexts.collectionAnswers(
                call.route ?? `${call.method} ${call.path}`,
                collection,
              )
            : refusal?.kind === 'method'
              ? inspectorTexts.notARouteMethod(call.method)
              : refusal?.kind === 'path'
                ? inspectorTexts.notARoutePath(call.path)
                : route
                  ? inspectorTexts.routeAnswers(`${route.method} ${route.path}`)
                  : inspectorTexts.noRouteAnswers(`${call.method} ${call.path}`)}
        </p>
      ) : null}
      {project && route && makingRule ? (
        <RuleFromCall
          choices={ruleChoicesOf(call)}
          onOpen={(choices) =>
            navigate(
              generatePath(paths.dashboardProjectRoute, {
                projectId: project.id,
                routeId: route.id,
              }),
              { state: rulePrefill(choices) },
            )
          }
        />
      ) : null}

      <Query query={call.query} />
      <Headers headers={call.headers} />
      <Body call={call} />
      <section aria-labelledby={`curl-${call.id}`} className="space-y-2">
        <h3 id={`curl-${call.id}`} className="font-semibold">
          As curl
        </h3>
        <pre
          // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must be able to scroll it
          tabIndex={0}
          data-testid="curl-command"
          className="overflow-x-auto rounded-lg bg-slate-950 p-4 font-mono text-xs leading-relaxed text-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400"
        >
          {curl}
        </pre>
      </section>
      <CallAgain call={call} baseUrl={baseUrl} />
    </>
  );
}

function Term({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere]">{children}</dd>
    </>
  );
}

/** A table of names and values under its heading (the query's parameters, the headers). */
function PairsTable({
  title,
  pairs,
  empty,
}: {
  title: string;
  pairs: readonly (readonly [string, string])[];
  empty: string;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {pairs.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <table aria-labelledby={id} className="w-full table-fixed text-left font-mono text-xs">
          <thead className="sr-only">
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {pairs.map(([name, value], index) => (
              <tr
                // Names repeat (a query parameter given twice): the place tells them apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes order
                key={index}
                className="border-b border-slate-200 align-top dark:border-slate-700"
              >
                <th
                  scope="row"
                  className="w-1/3 py-1 pr-3 font-normal text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400"
                >
                  {name}
                </th>
                <td className="py-1 [overflow-wrap:anywhere]">
                  {isMasked(value) ? (
                    <>
                      {value}{' '}
                      <span className="font-sans text-slate-600 dark:text-slate-400">(masked)</span>
                    </>
                  ) : (
                    value
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Query({ query }: { query: string }) {
  if (query === '') return null;
  return (
    <PairsTable
      title="Query parameters"
      pairs={[...new URLSearchParams(query)]}
      empty="No query parameters."
    />
  );
}

function Headers({ headers }: { headers: Readonly<Record<string, string>> }) {
  return (
    <PairsTable title="Headers" pairs={Object.entries(headers)} empty={inspectorTexts.noHeaders} />
  );
}

function Body({ call }: { call: LoggedCallView }) {
  const id = useId();
  let shown = call.body ?? '';
  if (!call.bodyTruncated) {
    try {
      shown = JSON.stringify(JSON.parse(shown), null, 2);
    } catch {
      // Not JSON: shown as logged.
    }
  }
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="font-semibold">
        Body
      </h3>
      {call.body === null || call.body === '' ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{inspectorTexts.noBody}</p>
      ) : (
        <>
          {call.bodyTruncated ? (
            <p className="text-sm font-medium text-amber-800 dark:text-amber-300">
              {inspectorTexts.bodyCut}
            </p>
          ) : null}
          <CodeBlock code={shown} label="Request body" copyLabel="Copy the body" wrap />
        </>
      )}
    </section>
  );
}

/** The choices of a rule made from the call, and the button that opens the route's editor. */
function RuleFromCall({
  choices: offered,
  onOpen,
}: {
  choices: readonly RuleChoice[];
  onOpen: (choices: readonly RuleChoice[]) => void;
}) {
  const id = useId();
  const [choices, setChoices] = useState(() => offered.map((choice) => ({ ...choice })));
  const [tried, setTried] = useState(false);
  const none = !choices.some((choice) => choice.ticked);

  function handleOpen() {
    setTried(true);
    if (!none) onOpen(choices);
  }

  return (
    <fieldset
      aria-labelledby={`${id}-legend`}
      className="mx-0 min-w-0 space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700"
    >
      <legend id={`${id}-legend`} className="px-1 font-semibold">
        Conditions of the new rule
      </legend>
      <p className="text-sm text-slate-600 dark:text-slate-300">{inspectorTexts.ruleIntro}</p>
      <ul className="space-y-1">
        {choices.map((choice, index) => (
          <li key={`${choice.source}:${choice.name}`}>
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-indigo-600"
                checked={choice.ticked}
                onChange={(event) =>
                  setChoices((all) =>
                    all.map((item, at) =>
                      at === index ? { ...item, ticked: event.target.checked } : item,
                    ),
                  )
                }
              />
              <span className="min-w-0 [overflow-wrap:anywhere]">
                {choice.source === 'query' ? 'Query parameter' : 'Header'}{' '}
                <code className="font-mono">{choice.name}</code> equals{' '}
                <code className="font-mono">{choice.value}</code>
              </span>
            </label>
          </li>
        ))}
      </ul>
      {tried && none ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {inspectorTexts.ruleNoChoice}
        </p>
      ) : null}
      <Button size="sm" onClick={handleOpen}>
        Open the route editor with this rule
      </Button>
    </fieldset>
  );
}

/** Call again: the call sent to the live URL (masked headers left out), and its answer. */
function CallAgain({ call, baseUrl }: { call: LoggedCallView; baseUrl: string }) {
  const id = useId();
  const send = useCallAgain();
  const { sent, masked } = replayHeaders(call.headers);

  function handleSend() {
    if (send.isPending) return;
    send.mutate({
      method: call.method,
      url: callUrl(baseUrl, call),
      headers: sent,
      body: call.body ?? undefined,
    });
  }

  return (
    <section aria-labelledby={id} className="space-y-2">
      <h3 id={id} className="font-semibold">
        Its answer
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        The log keeps the status, the response and the rule of an answer, not its body. Call again
        sends the same call to the live URL and shows what it answers now.
      </p>
      {masked.length > 0 ? (
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
          {inspectorTexts.maskedLeftOut(masked)}
        </p>
      ) : null}
      <Button
        variant="secondary"
        size="sm"
        onClick={handleSend}
        aria-disabled={send.isPending || undefined}
        aria-busy={send.isPending || undefined}
      >
        <RotateCw className="size-4" aria-hidden="true" />
        {send.isPending ? 'Calling...' : 'Call again'}
      </Button>
      {send.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {inspectorTexts.callAgainFailed}
        </p>
      ) : null}
      {send.data ? <ReplayView answer={send.data} /> : null}
    </section>
  );
}

function ReplayView({ answer }: { answer: ReplayAnswer }) {
  return (
    <section aria-label="Answer now" className="space-y-2">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Status:</span>
        <span data-testid="replay-status" className="font-mono font-semibold">
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
