import {
  type Collection,
  SESSION_NAME_MESSAGE,
  SESSION_NAME_PATTERN,
} from '@mocksmith/core/collections';
import { Send } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field, SelectField } from '../../../components/ui/input.tsx';
import { useCallRoute } from '../api/call-route.ts';
import { useReloadSessions } from '../api/get-sessions.ts';
import { projectTexts } from '../texts.ts';
import { hasBody, liveUrl } from '../utils/sample-request.ts';
import { AnswerView } from './live-answer.tsx';
import {
  BodyField,
  type HeaderRow,
  hasHeader,
  RequestHeaderRows,
  typedHeaders,
} from './request-fields.tsx';

/** The methods a collection answers: list and add at its path, read, replace, change, delete one. */
const COLLECTION_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The header that picks a session. */
export const SESSION_HEADER = 'X-Mock-Session';

/**
 * The Test panel of a collection: a request to its live URLs (a method; the list's path, or a
 * record's once an id is added; a json-server query; a session sent as `X-Mock-Session`; headers;
 * a JSON body for POST, PUT and PATCH), sent as any client would, and the answer. A call may
 * start a session or change records, so the sessions reload after it.
 */
export function CollectionTestPanel({
  project,
  collection,
}: {
  project: { id: string; baseUrl: string };
  collection: Collection;
}) {
  const [method, setMethod] = useState<(typeof COLLECTION_METHODS)[number]>('GET');
  const [path, setPath] = useState(collection.path);
  const [query, setQuery] = useState('');
  const [session, setSession] = useState('');
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const [body, setBody] = useState('{}');
  const call = useCallRoute();
  const reloadSessions = useReloadSessions();
  const withBody = hasBody(method);
  const url = liveUrl(project.baseUrl, path, query);
  const sessionName = session.trim();
  const sessionProblem =
    sessionName !== '' && !SESSION_NAME_PATTERN.test(sessionName) ? SESSION_NAME_MESSAGE : null;

  /** The request's headers as sent: the rows typed, then the session and the body's type. */
  function requestHeaders(): Record<string, string> {
    const sent = typedHeaders(headers);
    if (sessionName !== '') sent[SESSION_HEADER] = sessionName;
    if (withBody && body.trim() !== '' && !hasHeader(sent, 'content-type')) {
      sent['Content-Type'] = 'application/json';
    }
    return sent;
  }

  function handleSend(event: FormEvent) {
    event.preventDefault();
    if (call.isPending || sessionProblem) return;
    call.mutate(
      {
        method,
        url,
        headers: requestHeaders(),
        body: withBody && body.trim() !== '' ? body : undefined,
      },
      { onSettled: () => reloadSessions(project.id) },
    );
  }

  return (
    <>
      <form onSubmit={handleSend} className="space-y-4" aria-label="Request">
        <p className="font-mono text-sm break-all">
          {collection.name}: {collection.path}
        </p>
        <code
          data-testid="test-url"
          className="block rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all dark:bg-slate-900"
        >
          {method} {url}
        </code>
        <div className="grid gap-3 sm:grid-cols-[auto_1fr]">
          <SelectField
            label="Method"
            value={method}
            onChange={(event) =>
              setMethod(event.target.value as (typeof COLLECTION_METHODS)[number])
            }
          >
            {COLLECTION_METHODS.map((item) => (
              <option key={item} value={item}>
                {item}
              </option>
            ))}
          </SelectField>
          <Field
            label="Path"
            value={path}
            onChange={(event) => setPath(event.target.value)}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            className="[&_input]:font-mono"
          />
        </div>
        <p className="text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
          The list is at <code className="font-mono">{collection.path}</code>, one record at{' '}
          <code className="font-mono">
            {collection.path}/{'{id}'}
          </code>
          .
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Query"
            placeholder="_sort=name&_page=1&_limit=10"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            className="[&_input]:font-mono"
          />
          <Field
            label="Session"
            placeholder="ci-1"
            value={session}
            onChange={(event) => setSession(event.target.value)}
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            className="[&_input]:font-mono"
            error={sessionProblem}
          />
        </div>
        <p className="text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
          {sessionName === '' ? (
            'Without a session the call reads and writes the shared state.'
          ) : (
            <>
              Sends{' '}
              <code className="font-mono">
                {SESSION_HEADER}: {sessionName}
              </code>
            </>
          )}
        </p>
        <fieldset className="mx-0 min-w-0 space-y-2 border-0 p-0">
          <legend className="text-sm font-semibold">Headers</legend>
          <RequestHeaderRows rows={headers} onChange={setHeaders} />
        </fieldset>
        {withBody ? <BodyField value={body} onChange={setBody} /> : null}
        <Button type="submit" disabled={call.isPending} aria-busy={call.isPending}>
          <Send className="size-4" aria-hidden="true" />
          {call.isPending ? 'Sending...' : 'Send'}
        </Button>
      </form>
      {call.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {projectTexts.testFailed} {call.error.message}
        </p>
      ) : null}
      {call.data ? <AnswerView answer={call.data} /> : null}
    </>
  );
}
