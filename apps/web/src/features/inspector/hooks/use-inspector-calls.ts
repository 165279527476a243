import type { LoggedCallView } from '@mocksmith/core/inspector';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type LogBase, useRequests } from '../api/get-requests.ts';
import {
  LIVE_CLOSED,
  type LiveSource,
  type LiveSourceFactory,
  liveRequestsUrl,
  loadCallReader,
  loadedCallReader,
  skippedOfEvent,
} from '../api/live-requests.ts';
import { inspectorTexts } from '../texts.ts';
import { MAX_CALLS, mergeCalls, prependCalls } from '../utils/calls.ts';
import {
  type InspectorFilters,
  inStatusClass,
  matchesFilters,
  statusFilterOf,
} from '../utils/filters.ts';
import { callLabel, statusText } from '../utils/format.ts';

/** The calls the list asks for at first, and again at each Show older calls. */
export const PAGE_SIZE = 200;
/** How long a closed feed waits before it connects again. */
const RETRY_MS = 5000;
/** The shortest time between two announcements of new calls. */
const ANNOUNCE_GAP_MS = 2000;

/** The live feed: connecting, open, or lost and trying again. */
export type LiveState = 'connecting' | 'open' | 'reconnecting';

/**
 * The calls the inspector shows: the logged ones matching the filters (from the server), with
 * the ones the live feed brings put on top as they come, at most 1,000. Paused, new calls wait
 * (counted) and come on top at Resume. A feed that was lost reloads the list when it is back, for
 * the calls made meanwhile, and so does one whose server skipped calls (`skipped` counts them).
 * `announcement` says new calls politely, at most every 2 s.
 */
export function useInspectorCalls({
  base,
  filters,
  openSource,
}: {
  /** The log's place: a project's or a stand-alone API's (see api/get-requests.ts). */
  base: LogBase;
  filters: InspectorFilters;
  openSource: LiveSourceFactory;
}) {
  const [limit, setLimit] = useState(PAGE_SIZE);
  const list = useRequests(base, filters, limit);
  const [live, setLive] = useState<LoggedCallView[]>([]);
  // The calls that came while paused, newest first; their count is state, for the page.
  const heldRef = useRef<LoggedCallView[]>([]);
  const [held, setHeld] = useState(0);
  const [paused, setPaused] = useState(false);
  const [state, setState] = useState<LiveState>('connecting');
  const [announcement, setAnnouncement] = useState('');
  const [skipped, setSkipped] = useState(0);

  const pausedRef = useRef(false);
  const filtersRef = useRef(filters);
  filtersRef.current = filters;
  const refetchRef = useRef(list.refetch);
  refetchRef.current = list.refetch;

  const pending = useRef<LoggedCallView[]>([]);
  const announceTimer = useRef<number | undefined>(undefined);
  const lastAnnounced = useRef(0);

  const announce = useCallback((calls: readonly LoggedCallView[]) => {
    const shown = calls.filter((call) => matchesFilters(call, filtersRef.current));
    if (shown.length === 0) return;
    pending.current.push(...shown);
    if (announceTimer.current !== undefined) return;
    const wait = Math.max(0, lastAnnounced.current + ANNOUNCE_GAP_MS - Date.now());
    announceTimer.current = window.setTimeout(() => {
      announceTimer.current = undefined;
      lastAnnounced.current = Date.now();
      const said = pending.current;
      pending.current = [];
      const first = said[said.length - 1] as LoggedCallView;
      setAnnouncement(
        inspectorTexts.announced(said.length, `${callLabel(first)}, ${statusText(first)}`),
      );
    }, wait);
  }, []);

  useEffect(() => () => window.clearTimeout(announceTimer.current), []);

  useEffect(() => {
    let source: LiveSource | null = null;
    let retry: number | undefined;
    let lost = false;
    setState('connecting');

    /** The calls that came before the reader of their events had loaded. */
    const waiting: Event[] = [];
    const take = (call: LoggedCallView | null) => {
      if (call === null) return;
      if (pausedRef.current) {
        heldRef.current = prependCalls(heldRef.current, [call]);
        setHeld(heldRef.current.length);
      } else {
        setLive((calls) => prependCalls(calls, [call]));
        announce([call]);
      }
    };
    const connect = () => {
      const opened = openSource(liveRequestsUrl(base));
      source = opened;
      opened.addEventListener('open', () => {
        setState('open');
        if (lost) {
          lost = false;
          void refetchRef.current();
        }
      });
      opened.addEventListener('error', () => {
        lost = true;
        setState('reconnecting');
        // EventSource retries a dropped connection itself, but not a refused one.
        if (opened.readyState === LIVE_CLOSED) {
          opened.close();
          retry = window.setTimeout(connect, RETRY_MS);
        }
      });
      // Calls the server did not send (this page fell behind, or a flood): they are in the log.
      opened.addEventListener('skipped', (event) => {
        const count = skippedOfEvent(event);
        if (count === 0) return;
        setSkipped((total) => total + count);
        void refetchRef.current();
      });
      opened.addEventListener('request', (event) => {
        // Read at once once the reader is there; before, in order, when it comes.
        const read = loadedCallReader();
        if (read !== undefined && waiting.length === 0) {
          take(read(event));
          return;
        }
        waiting.push(event);
        void loadCallReader().then(
          (loaded) => {
            for (const early of waiting.splice(0)) take(loaded(early));
          },
          () => {
            // The schema did not load: these calls are in the log, which a reload shows.
            waiting.length = 0;
          },
        );
      });
    };
    connect();
    return () => {
      window.clearTimeout(retry);
      source?.close();
    };
  }, [base, openSource, announce]);

  const pause = useCallback(() => {
    pausedRef.current = true;
    setPaused(true);
  }, []);
  const resume = useCallback(() => {
    pausedRef.current = false;
    setPaused(false);
    const waiting = [...heldRef.current].reverse();
    heldRef.current = [];
    setHeld(0);
    if (waiting.length === 0) return;
    setLive((calls) => prependCalls(calls, waiting));
    announce(waiting);
  }, [announce]);

  /** Forgets the calls shown and waiting: the log was cleared. */
  const forget = useCallback(() => {
    heldRef.current = [];
    setHeld(0);
    setLive([]);
    setSkipped(0);
  }, []);

  const fetched = list.data?.requests;
  const calls = useMemo(() => {
    const status = statusFilterOf(filters);
    return mergeCalls(
      live.filter((call) => matchesFilters(call, filters)),
      (fetched ?? []).filter((call) => inStatusClass(call, status)),
    );
  }, [live, fetched, filters]);

  return {
    calls,
    list,
    state,
    paused,
    held,
    /** Calls the live feed did not bring since the page opened (the list was reloaded for them). */
    skipped,
    /** Calls answered that the log could not keep (its answer says so); 0 when it is complete. */
    dropped: list.data?.dropped ?? 0,
    announcement,
    pause,
    resume,
    forget,
    /** More calls are logged than the list asked for (and fewer than the log keeps). */
    hasOlder: fetched !== undefined && fetched.length >= limit && limit < MAX_CALLS,
    showOlder: () => setLimit((current) => Math.min(MAX_CALLS, current + PAGE_SIZE)),
  };
}
