/**
 * The key of a limit's counter: its name and what it counts. @fastify/rate-limit keys its
 * counters by the key alone, so two limits keyed by the client address would share a counter
 * unless their keys are told apart. The budgets themselves are in rate-limits.ts.
 */
export const limitKey = (name: string, value: string) => `${name}:${value}`;
