import type { UserApi } from '@mocksmith/core/schemas';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { userApi } from './data.ts';
import { backend, errorAnswer, handlers } from './handlers.ts';

/** The MSW server of the component tests (started by `setup.ts`). */
export const server = setupServer(...handlers);

/** One call the server received: its method, path and JSON body. */
export interface ReceivedCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Answers `method` calls of `url` with `answer`, recording each (its JSON body) in the list
 * returned.
 */
export function recordCalls(
  method: 'post' | 'put' | 'delete',
  url: string,
  answer: () => Response | Promise<Response>,
): ReceivedCall[] {
  const calls: ReceivedCall[] = [];
  server.use(
    http[method](url, async ({ request }) => {
      calls.push({
        method: request.method,
        path: new URL(request.url).pathname,
        body: await request.json(),
      });
      return answer();
    }),
  );
  return calls;
}

/**
 * Serves the signed-in user's APIs from a list the test can read: the list, creation, update
 * and deletion, each recorded in `calls`. A test answers a call otherwise with `server.use`.
 */
export function serveApis(initial: UserApi[] = []) {
  const apis = [...initial];
  const calls: ReceivedCall[] = [];
  async function record(request: Request): Promise<Record<string, unknown>> {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  }
  server.use(
    http.get(backend('/crud/getall/:userId'), () => HttpResponse.json(apis)),
    http.post(backend('/crud/user'), async ({ request }) => {
      const body = (await record(request)) as Partial<UserApi>;
      const created = userApi({
        name: body.name,
        template: body.template,
        requestEnum: body.requestEnum,
        customEndpoint: body.customEndpoint,
      });
      apis.unshift(created);
      return HttpResponse.json(
        { id: created.id, requestId: created.requestId, link: created.link },
        { status: 201 },
      );
    }),
    http.put(backend('/template'), async ({ request }) => {
      const body = (await record(request)) as Partial<UserApi> & { id: string };
      const index = apis.findIndex((api) => api.id === body.id);
      const current = apis[index];
      if (!current) return errorAnswer(404, 'TEMPLATE_NOT_FOUND', 'No such API');
      const updated: UserApi = {
        ...current,
        name: body.name ?? current.name,
        template: body.template ?? current.template,
        requestEnum: body.requestEnum ?? current.requestEnum,
        option: body.option ?? current.option,
      };
      apis[index] = updated;
      return HttpResponse.json(updated);
    }),
    http.delete(backend('/template'), async ({ request }) => {
      const body = (await record(request)) as { idTemplate: string };
      apis.splice(
        apis.findIndex((api) => api.id === body.idTemplate),
        1,
      );
      return HttpResponse.json({ message: 'Template deleted successfully' });
    }),
  );
  return { apis, calls };
}
