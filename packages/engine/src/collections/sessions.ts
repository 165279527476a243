/**
 * The sessions of a project's collections, as calls use them: each call marks its session used
 * (at most once a minute per node and maker); a session unused past its hours is emptied before
 * the call reads it; a new one pushes out the least recently used of its maker past the cap; an
 * anonymous caller's new session is counted against the caller's budget first.
 */
import type { CollectionCaller, CollectionProject } from '@mocksmith/core/collections';
import type { CollectionStore, SessionMaker } from './store.ts';

/** What the sessions of a project need of it. */
export type SessionProject = Pick<CollectionProject, 'id' | 'ownerId'>;

/** A call that says nothing of its caller: anyone's, from no address in particular. */
export const ANYONE: CollectionCaller = { owner: false, address: '' };
/** The owner's call (the dashboard's). */
const OWNER: CollectionCaller = { owner: true, address: '' };

/** Who a caller's new sessions belong to. */
export const makerOf = (caller: CollectionCaller): SessionMaker =>
  caller.owner ? 'owner' : 'anonymous';

/** A session is marked used at most this often per node and maker. */
const SESSION_TOUCH_MS = 60_000;
/** The sessions whose last touch a node remembers, past which it forgets them all. */
const MAX_TOUCHED = 50_000;

export interface SessionsOptions {
  store: Pick<
    CollectionStore,
    'touchSession' | 'useSession' | 'clearSessionState' | 'trimSessions' | 'releaseUsage'
  >;
  /** Told when the state may have changed (sessions emptied or pushed out). */
  forgetVersions: () => void;
  /**
   * Counts a session an anonymous caller is about to start, throwing (429) past the caller's
   * budget; none: no budget.
   */
  admitNewSession?: (projectId: string, address: string) => Promise<void>;
  /** The most live sessions of a project of each maker (the least recently used go first). */
  maxSessions?: number;
  /** A session unused this long is emptied (hours). */
  sessionTtlHours?: number;
  /** The clock (ms). */
  now?: () => number;
}

export function createSessions({
  store,
  forgetVersions,
  admitNewSession,
  maxSessions = 1_000,
  sessionTtlHours = 24,
  now = Date.now,
}: SessionsOptions) {
  // When each session was last touched on this node, and the touch (calls meanwhile wait for it).
  const touched = new Map<string, { at: number; done: Promise<void> }>();

  /**
   * Keeps the project's most recently used sessions of one maker, freeing the others' bytes: an
   * anonymous session pushes out anonymous ones only, never the owner's.
   */
  const trim = async (project: SessionProject, madeBy: SessionMaker) => {
    const freed = await store.trimSessions(project.id, maxSessions, madeBy);
    forgetVersions();
    await store.releaseUsage(project.ownerId, freed);
  };

  /**
   * Marks a session used, emptying it when it expired and trimming the project's sessions. A
   * session an anonymous caller starts is counted against the caller's budget first (429 past
   * it); the owner's call makes the session the owner's.
   */
  const touch = (
    project: SessionProject,
    session: string,
    caller: CollectionCaller,
  ): Promise<void> => {
    const madeBy = makerOf(caller);
    // By maker too: an anonymous call's touch must not spare the owner's its naming.
    const key = `${project.id}|${session}|${madeBy}`;
    const at = now();
    const last = touched.get(key);
    if (last !== undefined && at - last.at < SESSION_TOUCH_MS) return last.done;
    if (touched.size > MAX_TOUCHED) touched.clear();
    const done = (async () => {
      let prior: Date | null;
      if (session !== '' && madeBy === 'anonymous' && admitNewSession) {
        prior = await store.useSession(project.id, session, madeBy);
        if (prior === null) {
          await admitNewSession(project.id, caller.address);
          prior = await store.touchSession(project.id, session, madeBy);
        }
      } else {
        prior = await store.touchSession(project.id, session, madeBy);
      }
      if (session === '') return;
      if (prior === null) {
        // New, or back after the maintenance deleted it (its state with it); and trimming
        // deletes other sessions' states.
        forgetVersions();
        await trim(project, madeBy);
      } else if (at - prior.getTime() > sessionTtlHours * 3_600_000) {
        // Expired: emptied before this call (and any sent with it) reads or writes.
        const freed = await store.clearSessionState(project.id, session);
        forgetVersions();
        await store.releaseUsage(project.ownerId, freed);
      }
    })();
    const entry = { at, done };
    touched.set(key, entry);
    // A failed touch is tried again by the next call.
    done.catch(() => {
      if (touched.get(key) === entry) touched.delete(key);
    });
    return done;
  };

  return {
    touch,
    trim,
    /**
     * Makes a session the owner's, now (the dashboard): a new one (pushing out the least
     * recently used of the owner's own past the cap), or one a call started.
     */
    claim(project: SessionProject, session: string): Promise<void> {
      touched.delete(`${project.id}|${session}|${makerOf(OWNER)}`);
      return touch(project, session, OWNER);
    },
    /** Forgets when each session was last touched (the next call of each touches it again). */
    clear() {
      touched.clear();
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
