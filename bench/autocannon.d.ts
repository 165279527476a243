/** The part of autocannon's programmatic API that the benchmarks use: the package ships no types. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  export interface Options {
    url: string;
    connections: number;
    /** Seconds. */
    duration: number;
    /** A run whose results are thrown away, before the measured one. */
    warmup?: { connections: number; duration: number };
    /** Requests per second over all connections, at most. */
    overallRate?: number;
  }

  export interface Stats {
    average: number;
    total: number;
  }

  export interface Result {
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    /** Requests per second, sampled each second. */
    requests: Stats;
    /** Bytes read per second, sampled each second. */
    throughput: Stats;
    /** Milliseconds. */
    latency: { p50: number; p99: number; max: number };
    statusCodeStats: Record<string, { count: number }>;
  }

  /** Emits `response` (client, statusCode, bytes, responseTime in ms) for each answer. */
  export interface Instance extends EventEmitter, PromiseLike<Result> {}

  export default function autocannon(options: Options): Instance;
}
