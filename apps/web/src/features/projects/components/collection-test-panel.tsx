import {
  type Collection,
  SESSION_NAME_MESSAGE,
  SESSION_NAME_PATTERN,
} from '@mocksmith/core/collections';
import { useState } from 'react';
import { SelectField } from '../../../components/ui/input.tsx';
import { Switch } from '../../../components/ui/switch.tsx';
import { useReloadSessions } from '../api/get-sessions.ts';
import {
  CodeField,
  HeadersFieldset,
  PathField,
  QueryField,
  RequestForm,
  useTestRequest,
} from './request-form.tsx';

/** The methods a collection answers: list and add at its path, read, replace, change, delete one. */
const COLLECTION_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The header that picks a session. */
export const SESSION_HEADER = 'X-Mock-Session';

/**
 * The Test panel of a collection: a request to its live URLs (a method; the list's path, or a
 * record's once an id is added; a json-server query; a session sent as `X-Mock-Session`; headers;
 * a JSON body for POST, PUT and PATCH; the bearer token when the collection or the project has
 * one), sent as any client would, and the answer. A call may start a session or change records,
 * so the sessions reload after it.
 */
export function CollectionTestPanel({
  project,
  collection,
}: {
  project: { id: string; baseUrl: string; settings?: { authToken?: string | null } };
  collection: Collection;
}) {
  // The collection's own token, else the project's: either admits the call, as the owner's.
  const token = collection.authToken ?? project.settings?.authToken ?? null;
  const [sendToken, setSendToken] = useState(token !== null);
  const [method, setMethod] = useState<(typeof COLLECTION_METHODS)[number]>('GET');
  const request = useTestRequest({
    method,
    baseUrl: project.baseUrl,
    initialPath: collection.path,
  });
  const [session, setSession] = useState('');
  const reloadSessions = useReloadSessions();
  const sessionName = session.trim();
  const sessionProblem =
    sessionName !== '' && !SESSION_NAME_PATTERN.test(sessionName) ? SESSION_NAME_MESSAGE : null;

  function handleSend() {
    if (sessionProblem) return;
    const added: Record<string, string> = {};
    if (sessionName !== '') added[SESSION_HEADER] = sessionName;
    if (sendToken && token !== null) added.Authorization = `Bearer ${token}`;
    request.send(added, { onSettled: () => reloadSessions(project.id) });
  }

  return (
    <RequestForm request={request} onSend={handleSend}>
      <p className="font-mono text-sm break-all">
        {collection.name}: {collection.path}
      </p>
      <code
        data-testid="test-url"
        className="block rounded bg-slate-100 px-2 py-1 font-mono text-sm break-all dark:bg-slate-900"
      >
        {method} {request.url}
      </code>
      <div className="grid gap-3 sm:grid-cols-[auto_1fr]">
        <SelectField
          label="Method"
          value={method}
          onChange={(event) => setMethod(event.target.value as (typeof COLLECTION_METHODS)[number])}
        >
          {COLLECTION_METHODS.map((item) => (
            <option key={item} value={item}>
              {item}
            </option>
          ))}
        </SelectField>
        <PathField request={request} />
      </div>
      <p className="text-xs text-slate-600 [overflow-wrap:anywhere] dark:text-slate-400">
        The list is at <code className="font-mono">{collection.path}</code>, one record at{' '}
        <code className="font-mono">
          {collection.path}/{'{id}'}
        </code>
        .
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <QueryField request={request} placeholder="_sort=name&_page=1&_limit=10" />
        <CodeField
          label="Session"
          placeholder="ci-1"
          value={session}
          onChange={(event) => setSession(event.target.value)}
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
      <HeadersFieldset request={request}>
        {token !== null ? (
          <Switch
            checked={sendToken}
            onChange={setSendToken}
            label="Send the bearer token"
            description={`Authorization: Bearer and the ${collection.authToken ? 'collection’s' : 'project’s'} token.`}
          />
        ) : null}
      </HeadersFieldset>
    </RequestForm>
  );
}
