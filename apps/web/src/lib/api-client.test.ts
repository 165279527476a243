import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiDelete, apiGet, apiPost, apiPut, onSessionExpired } from './api-client.ts';

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiPost', () => {
  it('sends JSON with credentials and returns the parsed answer', async () => {
    const fetchMock = stubFetch(
      new Response(JSON.stringify({ link: '/backend/apitemplate/get/abc' }), { status: 201 }),
    );
    await expect(apiPost('/backend/crud', { name: 'x' })).resolves.toEqual({
      link: '/backend/apitemplate/get/abc',
    });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/backend/crud');
    expect(init).toMatchObject({
      method: 'POST',
      credentials: 'include',
      body: '{"name":"x"}',
      headers: { 'Content-Type': 'application/json' },
    });
  });

  it('answers undefined for 204 No Content', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiPost('/x', {})).resolves.toBeUndefined();
  });

  it("throws ApiError with the server's status, code and message", async () => {
    stubFetch(
      new Response(
        JSON.stringify({
          statusCode: 409,
          code: 'CUSTOM_ENDPOINT_TAKEN',
          message: 'This custom endpoint is already in use. Please choose a different endpoint.',
        }),
        { status: 409, statusText: 'Conflict' },
      ),
    );
    const error = await apiPost('/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'CUSTOM_ENDPOINT_TAKEN',
      message: 'This custom endpoint is already in use. Please choose a different endpoint.',
    });
  });

  it('falls back to the status text when the body is not JSON or has no message', async () => {
    stubFetch(new Response('<html>oops</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(apiPost('/x', {})).rejects.toMatchObject({
      status: 502,
      code: 'HTTP_ERROR',
      message: 'Bad Gateway',
    });
    stubFetch(new Response('{}', { status: 500, statusText: 'Internal Server Error' }));
    await expect(apiPost('/x', {})).rejects.toMatchObject({ message: 'Internal Server Error' });
  });
});

describe('calls that need the session', () => {
  it('run the session-expired handler on 401 and 403, and still throw', async () => {
    const expired = vi.fn();
    const remove = onSessionExpired(expired);
    try {
      for (const status of [401, 403]) {
        stubFetch(
          new Response(JSON.stringify({ code: 'UNAUTHENTICATED', message: 'no' }), { status }),
        );
        await expect(apiGet('/backend/user/me', { auth: true })).rejects.toMatchObject({ status });
      }
      expect(expired).toHaveBeenCalledTimes(2);
      expect(expired.mock.calls[1]![0]).toBeInstanceOf(ApiError);
    } finally {
      remove();
    }
  });

  it('leave the handler alone for other failures and for calls without auth', async () => {
    const expired = vi.fn();
    const remove = onSessionExpired(expired);
    try {
      stubFetch(new Response('{}', { status: 400 }));
      await expect(apiPut('/backend/user/password', {}, { auth: true })).rejects.toBeInstanceOf(
        ApiError,
      );
      stubFetch(new Response('{}', { status: 401 }));
      await expect(apiPost('/backend/user/login', {})).rejects.toMatchObject({ status: 401 });
      expect(expired).not.toHaveBeenCalled();
    } finally {
      remove();
    }
  });

  it('send DELETE with its JSON body', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await apiDelete('/backend/template', { idTemplate: 1 }, { auth: true });
    expect(fetchMock.mock.calls[0]![1]).toMatchObject({
      method: 'DELETE',
      body: '{"idTemplate":1}',
    });
  });
});
