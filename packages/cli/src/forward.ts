/**
 * The runner's forward port (issue 40): a call no route of the project answers, sent to the
 * upstream `--proxy` names (or the project file's `settings.proxy`). It runs on the developer's
 * own machine, for them alone, so any upstream is allowed, their own localhost first of all; no
 * redirect is followed (a 3xx goes back as it came, as on the service).
 */
import { AppError, ErrorCode } from '@mocksmith/core';
import type { ForwardPort, ForwardRequest, UpstreamAnswer } from '@mocksmith/engine';
import { Agent, request } from 'undici';

/** The longest the runner waits for an upstream's connection, and for its answer's headers. */
const CONNECT_TIMEOUT_MS = 10_000;
const HEADERS_TIMEOUT_MS = 60_000;

/** The runner's forward port, with its connection pool; `close` when the runner stops. */
export function createRunnerForward(): ForwardPort<unknown> & { close(): Promise<void> } {
  const dispatcher = new Agent({
    connect: { timeout: CONNECT_TIMEOUT_MS },
    headersTimeout: HEADERS_TIMEOUT_MS,
  });
  return {
    async forward(call: ForwardRequest): Promise<UpstreamAnswer> {
      const started = performance.now();
      try {
        const answered = await request(call.url, {
          dispatcher,
          method: call.method as 'GET',
          headers: call.headers,
          body: call.body ?? undefined,
        });
        const ms = Math.round((performance.now() - started) * 100) / 100;
        return { status: answered.statusCode, headers: answered.headers, body: answered.body, ms };
      } catch (error) {
        const code = (error as { code?: string }).code ?? (error as Error).name;
        throw new AppError(
          ErrorCode.UPSTREAM_FAILED,
          `The proxy could not reach ${new URL(call.url).host} (${code})`,
        );
      }
    },
    close: () => dispatcher.close(),
  };
}
