import type { LoggedCallView } from '@mocksmith/core/inspector';
import type { ProjectDetail } from '@mocksmith/core/projects';
import { HttpResponse, http } from 'msw';
import { backend, errorAnswer } from '../../../testing/handlers.ts';
import { server } from '../../../testing/server.ts';

/**
 * The inspector's calls to the management API as its tests see them: the log of one project
 * (newest first, the filters the contract names applied as the server applies them; `dropped`
 * the calls it says it misses), its clearing, and PATCH of the project's settings. Each list's query is recorded in `queries`,
 * each PATCH body in `patches`.
 */
export function serveLog(project: ProjectDetail, initial: LoggedCallView[] = []) {
  const patches: unknown[] = [];
  let settings = { ...project.settings };
  server.use(
    http.patch(backend(`/projects/${project.id}`), async ({ request }) => {
      const body = (await request.json()) as { settings?: typeof settings };
      patches.push(body);
      if (!body.settings) return errorAnswer(400, 'VALIDATION_FAILED', 'settings is required');
      settings = body.settings;
      const { routes, ...rest } = project;
      return HttpResponse.json({ ...rest, routeCount: routes.length, settings });
    }),
  );
  return { ...serveLogAt(`/projects/${project.id}`, initial), patches };
}

/** The log of one stand-alone API, served as a project's is (see `serveLog`). */
export function serveApiLog(apiId: string, initial: LoggedCallView[] = []) {
  return serveLogAt(`/apis/${apiId}`, initial);
}

/** The list and the clearing of the log under `base` (`/projects/{id}`, `/apis/{id}`). */
function serveLogAt(base: string, initial: LoggedCallView[]) {
  const log = { calls: [...initial], dropped: 0 };
  const queries: URLSearchParams[] = [];
  server.use(
    http.get(backend(`${base}/requests`), ({ request }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const status = query.get('status');
      const path = query.get('path');
      const text = query.get('q')?.toLowerCase();
      const found = log.calls
        .filter((call) => !query.get('method') || call.method === query.get('method'))
        .filter((call) => status === null || call.status === Number(status))
        .filter(
          (call) =>
            path === null ||
            (path.endsWith('*') ? call.path.startsWith(path.slice(0, -1)) : call.path === path),
        )
        .filter(
          (call) =>
            text === undefined ||
            `${call.method} ${call.path}?${call.query} ${call.body ?? ''} ${call.response ?? ''}`
              .toLowerCase()
              .includes(text),
        )
        .sort((a, b) => b.id - a.id)
        .slice(0, Number(query.get('limit') ?? 100));
      return HttpResponse.json({
        requests: found,
        complete: log.dropped === 0,
        dropped: log.dropped,
      });
    }),
    http.delete(backend(`${base}/requests`), () => {
      log.calls = [];
      log.dropped = 0;
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { log, queries };
}
