import {
  type ProjectSession,
  SESSION_NAME_MESSAGE,
  SESSION_NAME_PATTERN,
} from '@mocksmith/core/collections';
import { useMutationState } from '@tanstack/react-query';
import { Plus, RefreshCw, RotateCcw, ShieldCheck, Trash2 } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { formatDate } from '../../../lib/dates.ts';
import { toast } from '../../../lib/toast.ts';
import { toUserMessage } from '../../../lib/user-message.ts';
import { useCreateSession } from '../api/create-session.ts';
import { useDeleteSession } from '../api/delete-session.ts';
import { sessionWritesKey, useSessions } from '../api/get-sessions.ts';
import { useResetSession } from '../api/reset-session.ts';
import { projectTexts } from '../texts.ts';
import { relativeTime } from '../utils/relative-time.ts';
import { ActionsCell, CardTable, Cell, CountCell, Row, RowAction } from './table-row.tsx';

/** A row's session: a named one, or the shared state (no name). */
type Target = { session?: string };

/** The key of a row whose call runs: a session's name, or '' for the shared state. */
const keyOf = ({ session }: Target) => session ?? '';

/** What a write of a session names: `session` (a reset, a deletion) or `name` (a keep). */
type SessionWrite = { projectId: string; session?: string; name?: string };

/**
 * The rows of the project whose reset, deletion or keep runs, from the mutations' own state: a
 * call started before the page was left and opened again still marks its row.
 */
function useBusyRows(projectId: string): ReadonlySet<string> {
  const running = useMutationState({
    filters: {
      mutationKey: sessionWritesKey,
      status: 'pending',
      predicate: (mutation) => (mutation.state.variables as SessionWrite).projectId === projectId,
    },
    select: (mutation) => {
      const write = mutation.state.variables as SessionWrite;
      return write.name ?? keyOf(write);
    },
  });
  return new Set(running);
}

/**
 * The Sessions section of a project's page: the shared state (calls without a session) and the
 * sessions, most recently used first, each with the records changed since the seeded state and
 * whether it is the owner's ('Yours'); Reset puts one back (toast: 'Session ci-1 reset'), Delete
 * drops a named one, Keep makes one a call started the owner's, Add session makes a new one of
 * the owner's, Refresh reloads the list. Lines say how a call picks a session and resets it, and
 * what the owner's sessions are spared.
 */
export function SessionsSection({ project }: { project: { id: string; baseUrl: string } }) {
  const sessions = useSessions(project.id);
  const reset = useResetSession();
  const remove = useDeleteSession();
  const keep = useCreateSession();
  const [newName, setNewName] = useState('');
  const [newProblem, setNewProblem] = useState<string | null>(null);
  // The rows whose call runs: their buttons say so and ignore clicks until it ends.
  const busy = useBusyRows(project.id);
  const heading = useRef<HTMLHeadingElement>(null);

  function handleReset(target: Target) {
    const { session } = target;
    if (busy.has(keyOf(target))) return;
    const failure =
      session === undefined ? projectTexts.sharedResetFailed : projectTexts.sessionResetFailed;
    reset.mutate(
      { projectId: project.id, session },
      {
        onSuccess: () =>
          toast.success(
            session === undefined ? projectTexts.sharedReset : projectTexts.sessionReset(session),
          ),
        onError: (error) => toast.error(failure, { description: toUserMessage(error, failure) }),
      },
    );
  }

  function handleDelete(session: string) {
    if (busy.has(session)) return;
    remove.mutate(
      { projectId: project.id, session },
      {
        onSuccess: () => {
          toast.success(projectTexts.sessionDeleted(session));
          // Its row, which held the focus, is gone: the focus goes to the section's heading.
          heading.current?.focus();
        },
        onError: (error) =>
          toast.error(projectTexts.sessionDeleteFailed, {
            description: toUserMessage(error, projectTexts.sessionDeleteFailed),
          }),
      },
    );
  }

  /** Makes a session the owner's: a new one (the form), or one a call started (its row). */
  function handleKeep(session: string, onKept?: () => void) {
    if (busy.has(session)) return;
    keep.mutate(
      { projectId: project.id, name: session },
      {
        onSuccess: () => {
          toast.success(projectTexts.sessionKept(session));
          onKept?.();
        },
        onError: (error) => {
          const message = toUserMessage(error, projectTexts.sessionKeepFailed);
          if (onKept) setNewProblem(message);
          toast.error(projectTexts.sessionKeepFailed, { description: message });
        },
      },
    );
  }

  function handleAdd(event: FormEvent) {
    event.preventDefault();
    const name = newName.trim();
    if (!SESSION_NAME_PATTERN.test(name)) {
      setNewProblem(SESSION_NAME_MESSAGE);
      return;
    }
    setNewProblem(null);
    handleKeep(name, () => setNewName(''));
  }

  return (
    <section aria-labelledby="sessions-title" className="flex min-w-0 flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2
          id="sessions-title"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold focus:outline-none"
        >
          Sessions
        </h2>
        <Button
          variant="secondary"
          size="sm"
          // Not disabled while it runs: a disabled button would drop the focus.
          onClick={() => !sessions.isFetching && sessions.refetch()}
          aria-disabled={sessions.isFetching || undefined}
          aria-busy={sessions.isFetching || undefined}
        >
          <RefreshCw className="size-4" aria-hidden="true" />
          {sessions.isFetching && !sessions.isPending ? 'Refreshing...' : 'Refresh'}
        </Button>
      </div>
      <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
        A call picks a session with <code className="font-mono">X-Mock-Session: NAME</code>;{' '}
        <code className="font-mono break-all">POST {project.baseUrl}/__reset</code> resets it.
      </p>
      <p className="text-sm text-slate-600 [overflow-wrap:anywhere] dark:text-slate-300">
        {projectTexts.sessionsOwnLine}
      </p>
      <form
        onSubmit={handleAdd}
        noValidate
        aria-label="Add a session"
        className="flex flex-wrap items-start gap-2"
      >
        <Field
          label="Session name"
          placeholder="ci-main"
          value={newName}
          onChange={(event) => {
            setNewName(event.target.value);
            setNewProblem(null);
          }}
          error={newProblem ?? undefined}
          spellCheck={false}
          autoCapitalize="off"
          autoComplete="off"
          className="min-w-0 flex-1 sm:max-w-xs [&_input]:font-mono"
        />
        <Button
          type="submit"
          variant="secondary"
          size="sm"
          className="sm:mt-6"
          aria-busy={busy.has(newName.trim()) || undefined}
        >
          <Plus className="size-4" aria-hidden="true" />
          Add session
        </Button>
      </form>
      {sessions.isPending ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading the sessions...</p>
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {projectTexts.sessionsLoadFailed(sessions.error.message)}
        </p>
      ) : (
        <>
          <CardTable
            caption="Sessions"
            columns={[
              { label: 'Session' },
              { label: 'Last used' },
              { label: 'Records changed', numeric: true },
            ]}
          >
            <SessionRow
              label={projectTexts.sharedState}
              changed={sessions.data.sharedChanged}
              busy={busy.has('')}
              onReset={() => handleReset({})}
            />
            {sessions.data.sessions.map((session) => (
              <SessionRow
                key={session.name}
                session={session}
                label={session.name}
                changed={session.changed}
                busy={busy.has(session.name)}
                onReset={() => handleReset({ session: session.name })}
                onDelete={() => handleDelete(session.name)}
                onKeep={session.owner ? undefined : () => handleKeep(session.name)}
              />
            ))}
          </CardTable>
          {sessions.data.sessions.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-300">
              {projectTexts.sessionsEmpty}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** One row: the shared state (no `session`, no Delete) or a named session. */
function SessionRow({
  session,
  label,
  changed,
  busy,
  onReset,
  onDelete,
  onKeep,
}: {
  session?: ProjectSession;
  label: string;
  changed: number;
  busy: boolean;
  onReset: () => void;
  onDelete?: () => void;
  /** Makes a session a call started the owner's; none for the owner's own. */
  onKeep?: () => void;
}) {
  const named = session !== undefined;
  const target = named ? `session ${label}` : 'shared state';
  return (
    <Row aria-label={label}>
      <Cell
        className={cn(
          'max-lg:w-full [overflow-wrap:anywhere]',
          named ? 'font-mono font-semibold' : 'font-medium',
        )}
      >
        {label}
        {session?.owner ? (
          <span className="ml-2 rounded bg-indigo-100 px-1.5 py-0.5 font-sans text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200">
            {projectTexts.sessionYours}
          </span>
        ) : null}
      </Cell>
      <Cell className="text-slate-700 dark:text-slate-300">
        {session ? (
          <>
            <span className="lg:hidden">Last used </span>
            <time
              dateTime={session.lastUsedAt}
              title={formatDate(session.lastUsedAt, { time: true })}
            >
              {relativeTime(session.lastUsedAt)}
            </time>
          </>
        ) : (
          <span className="max-lg:hidden" aria-hidden="true">
            —
          </span>
        )}
      </Cell>
      <CountCell count={changed} noun="record" suffix=" changed" />
      <ActionsCell>
        {onKeep ? (
          <RowAction
            action="Keep"
            target={target}
            icon={<ShieldCheck className="size-4" aria-hidden="true" />}
            busy={busy}
            onClick={onKeep}
          />
        ) : null}
        <RowAction
          action="Reset"
          target={target}
          icon={<RotateCcw className="size-4" aria-hidden="true" />}
          busy={busy}
          onClick={onReset}
        />
        {onDelete ? (
          <RowAction
            action="Delete"
            target={target}
            icon={<Trash2 className="size-4 text-red-600 dark:text-red-400" aria-hidden="true" />}
            busy={busy}
            onClick={onDelete}
          />
        ) : null}
      </ActionsCell>
    </Row>
  );
}
