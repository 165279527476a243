import { Send } from 'lucide-react';
import { type ComponentProps, type FormEvent, type ReactNode, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { useCallRoute } from '../api/call-route.ts';
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

/** What `send` may be told besides the request: what to do once the call ended. */
type SendOptions = Parameters<ReturnType<typeof useCallRoute>['mutate']>[1];

/**
 * The request a Test panel (a route's or a collection's) makes of a live URL: its path, query,
 * typed headers and body as they are edited, the URL they make, and the call. The panel adds the
 * headers of its own (Prefer, a token, a session) to `requestHeaders` and `send`.
 */
export function useTestRequest({
  method,
  baseUrl,
  initialPath,
}: {
  method: string;
  baseUrl: string;
  initialPath: string;
}) {
  const [path, setPath] = useState(initialPath);
  const [query, setQuery] = useState('');
  const [headers, setHeaders] = useState<HeaderRow[]>([]);
  const [body, setBody] = useState('{}');
  const call = useCallRoute();
  const withBody = hasBody(method);
  const url = liveUrl(baseUrl, path, query);

  /** The request's headers as sent: the rows typed, then `added`, then the body's type. */
  function requestHeaders(added: Record<string, string> = {}): Record<string, string> {
    const sent = Object.assign(typedHeaders(headers), added);
    if (withBody && body.trim() !== '' && !hasHeader(sent, 'content-type')) {
      sent['Content-Type'] = 'application/json';
    }
    return sent;
  }

  /** Calls the live URL, unless a call still runs; the body only for a method that has one. */
  function send(added: Record<string, string> = {}, options?: SendOptions) {
    if (call.isPending) return;
    call.mutate(
      {
        method,
        url,
        headers: requestHeaders(added),
        body: withBody && body.trim() !== '' ? body : undefined,
      },
      options,
    );
  }

  return {
    path,
    setPath,
    query,
    setQuery,
    headers,
    setHeaders,
    body,
    setBody,
    withBody,
    url,
    call,
    requestHeaders,
    send,
  };
}

/** The request of a Test panel, as `useTestRequest` gives it. */
export type TestRequest = ReturnType<typeof useTestRequest>;

/** A field for code-like text (a path, a query, a name): monospaced, never corrected. */
export function CodeField(props: ComponentProps<typeof Field>) {
  return (
    <Field
      {...props}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      className="[&_input]:font-mono"
    />
  );
}

/** The Path field of a Test panel. */
export function PathField({ request }: { request: TestRequest }) {
  return (
    <CodeField
      label="Path"
      value={request.path}
      onChange={(event) => request.setPath(event.target.value)}
    />
  );
}

/** The Query field of a Test panel, with an example of the queries its target reads. */
export function QueryField({
  request,
  placeholder,
}: {
  request: TestRequest;
  placeholder: string;
}) {
  return (
    <CodeField
      label="Query"
      placeholder={placeholder}
      value={request.query}
      onChange={(event) => request.setQuery(event.target.value)}
    />
  );
}

/** The Headers group of a Test panel: the panel's own controls (`children`), then the typed rows. */
export function HeadersFieldset({
  request,
  children,
}: {
  request: TestRequest;
  children?: ReactNode;
}) {
  return (
    <fieldset className="mx-0 min-w-0 space-y-2 border-0 p-0">
      <legend className="text-sm font-semibold">Headers</legend>
      {children}
      <RequestHeaderRows rows={request.headers} onChange={request.setHeaders} />
    </fieldset>
  );
}

/**
 * The form of a Test panel: the panel's fields (`children`), the JSON body when the method has
 * one, Send (with `actions` beside it), then the call's error or its answer. `ruleCount` is the
 * route's number of rules, for the answer's "no rule matched".
 */
export function RequestForm({
  request,
  onSend,
  actions,
  ruleCount,
  children,
}: {
  request: TestRequest;
  onSend: () => void;
  actions?: ReactNode;
  ruleCount?: number;
  children: ReactNode;
}) {
  const { call } = request;

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    onSend();
  }

  const sendButton = (
    <Button type="submit" disabled={call.isPending} aria-busy={call.isPending}>
      <Send className="size-4" aria-hidden="true" />
      {call.isPending ? 'Sending...' : 'Send'}
    </Button>
  );
  return (
    <>
      <form onSubmit={handleSubmit} className="space-y-4" aria-label="Request">
        {children}
        {request.withBody ? <BodyField value={request.body} onChange={request.setBody} /> : null}
        {actions ? (
          <div className="flex flex-wrap gap-2">
            {sendButton}
            {actions}
          </div>
        ) : (
          sendButton
        )}
      </form>
      {call.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {projectTexts.testFailed} {call.error.message}
        </p>
      ) : null}
      {call.data ? <AnswerView answer={call.data} ruleCount={ruleCount} /> : null}
    </>
  );
}
