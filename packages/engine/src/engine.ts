/**
 * The engine as its host holds it: the steps, in their order, bound to the host's ports once
 * (DESIGN.md §4b). resolve → admit → choose → shape → answer → capture. The host calls them in
 * that order around what it still does itself (the server: its platform rate limit between admit
 * and choose, its one send between answer and capture); the steps keep no state of their own but
 * the rotation's turns (per node) and whatever the ports hold. `handler` binds the flow between
 * admit and capture (handle.ts) to a host's own ports, so that a host only builds the call and
 * sends its answer.
 */
import type { RawQuery } from '@mocksmith/core';
import type { RuleRequest } from '@mocksmith/core/projects';
import { admit } from './admit.ts';
import { renderResponse } from './answer.ts';
import type { Chosen, MockCall, Shape } from './call.ts';
import {
  type CallTiming,
  type CapturableCollection,
  type CapturableProject,
  type CapturableRoute,
  capture,
} from './capture.ts';
import { type ChoosableResponse, type ChoosableRoute, choose } from './choose.ts';
import {
  createHandle,
  type HandledCollection,
  type HandledProject,
  type HandledResponse,
  type HandledRoute,
} from './handle.ts';
import type { CallRecorder, CollectionAnswerer, ConsumerLimits, HostPorts } from './ports.ts';
import { resolve } from './resolve.ts';
import { type ShapeInput, shape } from './shape.ts';

/** What the engine needs of its host (ports.ts). */
export interface EnginePorts {
  /** The network profiles' per-consumer limits and replay counters. */
  limits: ConsumerLimits;
  /** The log sink; without it, no call is captured. */
  recorder?: CallRecorder;
  /** The collections' answer step; without it, collections answer 404. */
  collections?: CollectionAnswerer;
  /** The clock (ms since the epoch); Date.now by default. */
  now?: () => number;
}

/** The steps bound to their ports. */
export function createEngine(ports: EnginePorts) {
  // The next call number of each route with sequential rotation (per node).
  const turns = new Map<string, number>();
  const now = ports.now ?? Date.now;
  const { recorder } = ports;
  return {
    collections: ports.collections,
    resolve,
    admit,
    /** The response that answers (choose.ts), the rotation's turns kept here. */
    choose<R extends ChoosableResponse>(
      route: ChoosableRoute<R>,
      headers: Record<string, string | string[] | undefined>,
      query: RawQuery,
      overrides: boolean,
      rules: (() => RuleRequest) | null,
    ): Chosen<R> {
      return choose(route, headers, query, overrides, rules, turns);
    },
    /** The call's delay and fault (shape.ts), counted on the limits port. */
    shape(input: ShapeInput): Promise<Shape & { headers: Record<string, string> | null }> {
      return shape(ports.limits, input);
    },
    render: renderResponse,
    /**
     * The flow of a resolved call (handle.ts: choose → shape → answer) bound to a host's ports,
     * once per host: `handle(call, host)` gives the call's one Answer.
     */
    handler<
      A extends HandledRoute<R>,
      R extends HandledResponse,
      P extends HandledProject,
      C extends HandledCollection<P>,
      H,
    >(host: HostPorts<H, R>) {
      return createHandle<A, R, P, C, H>(
        { limits: ports.limits, collections: ports.collections, turns },
        host,
      );
    },
    /** Captures an answered call to the log sink, once (capture.ts); nothing without a sink. */
    capture<
      A extends CapturableRoute,
      R extends { name: string },
      P extends CapturableProject,
      C extends CapturableCollection<P>,
    >(
      call: MockCall<A, R, P, C>,
      status: number,
      timing: CallTiming,
      pathAt: (url: string) => number,
    ): void {
      if (!recorder) return;
      const captured = capture(call, status, timing, pathAt, now);
      if (captured !== null) recorder.record(captured);
    },
    /** Forgets the rotation's turns (every cached route was dropped). */
    forget(): void {
      turns.clear();
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
