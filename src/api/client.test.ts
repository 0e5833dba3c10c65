/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anonymousClient, apiClient, clientOver, unwrap, writeBody } from './client';
import { ApiError } from './errors';
import { configureAuth, type ApiResponse, type RequestOptions, type request } from './http';

const fetchMock = vi.fn<typeof fetch>();

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  configureAuth({ getAccessToken: () => null, refreshAccessToken: async () => false });
});

function sent(): Request {
  const input = fetchMock.mock.calls[0]?.[0];
  if (!(input instanceof Request)) throw new Error('nothing sent');
  return input;
}

describe('typed clients', () => {
  it('call the API base plus the path; the anonymous one without token', async () => {
    vi.stubGlobal('fetch', fetchMock);
    configureAuth({ getAccessToken: () => 'tok', refreshAccessToken: async () => false });
    fetchMock.mockResolvedValueOnce(Response.json({ access: 'a', refresh: 'r' }));
    const tokens = await unwrap(
      anonymousClient.POST('/auth/jwt/create/', {
        body: writeBody({ email: 'a@b.test', password: 'x' }),
      }),
    );
    expect(tokens).toEqual({ access: 'a', refresh: 'r' });
    expect(sent().url).toBe(`${window.location.origin}/api/v1/auth/jwt/create/`);
    expect(sent().headers.has('Authorization')).toBe(false);
  });

  it('the user client sends the bearer token', async () => {
    vi.stubGlobal('fetch', fetchMock);
    configureAuth({ getAccessToken: () => 'tok', refreshAccessToken: async () => false });
    fetchMock.mockResolvedValueOnce(Response.json({ id: 1, email: 'a@b.test', privileges: [] }));
    await unwrap(apiClient.GET('/auth/me/'));
    expect(sent().url).toBe(`${window.location.origin}/api/v1/auth/me/`);
    expect(sent().headers.get('Authorization')).toBe('Bearer tok');
  });
});

describe('unwrap', () => {
  it.each<
    [
      string,
      { response: Response; status: number; detail: string | null; retryAfter: number | null },
    ]
  >([
    [
      '401 with detail',
      {
        response: Response.json(
          { detail: 'No active account found with the given credentials' },
          { status: 401 },
        ),
        status: 401,
        detail: 'No active account found with the given credentials',
        retryAfter: null,
      },
    ],
    [
      '429 with Retry-After',
      {
        response: Response.json(
          { detail: 'Slow down.' },
          { status: 429, headers: { 'Retry-After': '3' } },
        ),
        status: 429,
        detail: 'Slow down.',
        retryAfter: 3,
      },
    ],
    [
      '500 without body',
      {
        response: new Response(null, { status: 500 }),
        status: 500,
        detail: null,
        retryAfter: null,
      },
    ],
  ])('maps %s to ApiError', async (_name, { response, status, detail, retryAfter }) => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(response);
    const error = await unwrap(apiClient.GET('/auth/me/')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, detail, retryAfter });
  });
});

describe('clientOver: the typed client over the runtime’s request', () => {
  type Call = { method: string; path: string; options: RequestOptions };
  function recording(answer: (call: Call) => ApiResponse<unknown>) {
    const calls: Call[] = [];
    const call = (async (method: string, path: string, options: RequestOptions = {}) => {
      calls.push({ method, path, options });
      return answer({ method, path, options });
    }) as typeof request;
    return { api: clientOver(call), calls };
  }

  it('makes one call with the filled path, the query as given, the JSON body and If-Match', async () => {
    const { api, calls } = recording(() => ({ data: { created: 1 }, status: 200, etag: '"e1"' }));
    const controller = new AbortController();
    const reading = {
      ean: '859182400000000017',
      timestamp_received: '2025-01-03T06:00:00Z',
      obis_181: '1.5',
      obis_182: '2',
      obis_280: '0',
    };
    const { data, response } = await api.POST('/measurements/bulk/', {
      body: [reading],
      headers: { 'If-Match': '"e0"' },
      signal: controller.signal,
    });
    expect(data).toEqual({ created: 1 });
    expect(response.headers.get('ETag')).toBe('"e1"');
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/measurements/bulk/',
      options: { body: [reading], ifMatch: '"e0"' },
    });
    expect(calls[0]!.options.signal?.aborted).toBe(false);
    controller.abort();
    expect(calls[0]!.options.signal?.aborted).toBe(true);

    await api.GET('/invoices/{id}/lines/', { params: { path: { id: 7 } } });
    expect(calls[1]).toMatchObject({ method: 'GET', path: '/invoices/7/lines/' });

    await api.GET('/reports/points-without-reading/', { params: { query: { days: 30 } } });
    expect(calls[2]).toMatchObject({
      method: 'GET',
      path: '/reports/points-without-reading/',
      options: { query: { days: 30 }, body: undefined, ifMatch: null },
    });
  });

  it('answers nothing for a 204 and throws what the call throws', async () => {
    const { api } = recording(({ method }) => {
      if (method === 'DELETE') throw new ApiError(409, { detail: 'In use.' });
      return { data: null, status: 204, etag: null };
    });
    expect(
      (await api.POST('/billing-runs/{id}/cancel/', { params: { path: { id: 1 } } })).data,
    ).toBeUndefined();
    const error = await api
      .DELETE('/invoices/{id}/', { params: { path: { id: 1 } } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, detail: 'In use.' });
  });
});
