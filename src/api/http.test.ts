/** @vitest-environment jsdom */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from './errors';
import {
  anonymousFetch,
  apiUrl,
  authFetch,
  configureAuth,
  request,
  setApiLanguage,
  toApiError,
} from './http';

const fetchMock = vi.fn<typeof fetch>();

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function sentRequest(call: number): Request {
  const input = fetchMock.mock.calls[call]?.[0];
  if (!(input instanceof Request)) throw new Error(`call ${call} did not send a Request`);
  return input;
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setApiLanguage('cs');
});

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  configureAuth({ getAccessToken: () => null, refreshAccessToken: async () => false });
});

describe('apiUrl', () => {
  it.each([
    ['/users/', '/api/v1/users/'],
    ['users/', '/api/v1/users/'],
    ['http://example.test/api/v1/users/?page=2', 'http://example.test/api/v1/users/?page=2'],
  ])('%s → %s', (given, want) => {
    expect(apiUrl(given)).toBe(want);
  });
});

describe('toApiError', () => {
  it.each<
    [
      string,
      { response: Response; status: number; detail: string | null; retryAfter: number | null },
    ]
  >([
    [
      'JSON detail',
      { response: json(403, { detail: 'No.' }), status: 403, detail: 'No.', retryAfter: null },
    ],
    [
      '429 with Retry-After',
      {
        response: json(429, { detail: 'Slow down.' }, { 'Retry-After': '7' }),
        status: 429,
        detail: 'Slow down.',
        retryAfter: 7,
      },
    ],
    [
      'non-JSON body',
      {
        response: new Response('<html>oops</html>', { status: 502 }),
        status: 502,
        detail: null,
        retryAfter: null,
      },
    ],
    [
      'empty body',
      {
        response: new Response(null, { status: 500 }),
        status: 500,
        detail: null,
        retryAfter: null,
      },
    ],
  ])('%s', async (_name, { response, status, detail, retryAfter }) => {
    const error = await toApiError(response);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(status);
    expect(error.detail).toBe(detail);
    expect(error.retryAfter).toBe(retryAfter);
  });
});

describe('authFetch', () => {
  it('adds language and bearer token', async () => {
    setApiLanguage('en');
    configureAuth({ getAccessToken: () => 'tok', refreshAccessToken: async () => false });
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await authFetch('http://localhost/api/v1/users/');
    const sent = sentRequest(0);
    expect(sent.headers.get('Accept-Language')).toBe('en');
    expect(sent.headers.get('Authorization')).toBe('Bearer tok');
    expect(sent.credentials).toBe('include');
  });

  it('sends no Authorization header when signed out', async () => {
    fetchMock.mockResolvedValueOnce(json(200, {}));
    await authFetch('http://localhost/api/v1/schema/');
    expect(sentRequest(0).headers.has('Authorization')).toBe(false);
  });

  it('renews the token once after a 401 and retries with the new token', async () => {
    let token = 'old';
    const refreshAccessToken = vi.fn(async () => {
      token = 'new';
      return true;
    });
    configureAuth({ getAccessToken: () => token, refreshAccessToken });
    fetchMock
      .mockResolvedValueOnce(json(401, { detail: 'expired' }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    const response = await authFetch('http://localhost/api/v1/users/', {
      method: 'POST',
      body: '{"a":1}',
    });
    expect(response.status).toBe(200);
    expect(refreshAccessToken).toHaveBeenCalledTimes(1);
    expect(sentRequest(1).headers.get('Authorization')).toBe('Bearer new');
    expect(await sentRequest(1).text()).toBe('{"a":1}');
  });

  it.each<[string, { token: string | null; renewed: boolean; calls: number; refreshes: number }]>([
    ['no token: the 401 is returned as is', { token: null, renewed: true, calls: 1, refreshes: 0 }],
    [
      'renewal failed: the 401 is returned',
      { token: 'old', renewed: false, calls: 1, refreshes: 1 },
    ],
  ])('%s', async (_name, { token, renewed, calls, refreshes }) => {
    const refreshAccessToken = vi.fn(async () => renewed);
    configureAuth({ getAccessToken: () => token, refreshAccessToken });
    fetchMock.mockResolvedValue(json(401, { detail: 'expired' }));
    const response = await authFetch('http://localhost/api/v1/users/');
    expect(response.status).toBe(401);
    expect(fetchMock).toHaveBeenCalledTimes(calls);
    expect(refreshAccessToken).toHaveBeenCalledTimes(refreshes);
  });

  it('maps a failed fetch to NetworkError', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(authFetch('http://localhost/api/v1/users/')).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('anonymousFetch', () => {
  it('sends the language but never the token, and does not retry a 401', async () => {
    const refreshAccessToken = vi.fn(async () => true);
    configureAuth({ getAccessToken: () => 'tok', refreshAccessToken });
    fetchMock.mockResolvedValueOnce(json(401, { detail: 'bad' }));
    const response = await anonymousFetch('http://localhost/api/v1/auth/jwt/refresh/', {
      method: 'POST',
    });
    expect(response.status).toBe(401);
    expect(sentRequest(0).headers.has('Authorization')).toBe(false);
    expect(sentRequest(0).headers.get('Accept-Language')).toBe('cs');
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });
});

describe('request', () => {
  it('builds the query, skips empty values, sends JSON and If-Match, reads ETag', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { id: 1 }, { ETag: '"v2"' }));
    const answer = await request<{ id: number }>('PATCH', '/users/1/', {
      query: { page: 2, search: '', sort: undefined, filter: null, is_active: true },
      body: { email: 'a@b.test' },
      ifMatch: '"v1"',
    });
    const sent = sentRequest(0);
    expect(new URL(sent.url).pathname).toBe('/api/v1/users/1/');
    expect(new URL(sent.url).search).toBe('?page=2&is_active=true');
    expect(sent.method).toBe('PATCH');
    expect(sent.headers.get('Content-Type')).toBe('application/json');
    expect(sent.headers.get('If-Match')).toBe('"v1"');
    expect(await sent.json()).toEqual({ email: 'a@b.test' });
    expect(answer).toEqual({ data: { id: 1 }, status: 200, etag: '"v2"' });
  });

  it('answers null data for 204', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await expect(request('DELETE', '/users/1/')).resolves.toEqual({
      data: null,
      status: 204,
      etag: null,
    });
  });

  it.each<
    [string, { response: Response; status: number; fieldErrors: object; formErrors: string[] }]
  >([
    [
      '400 field errors',
      {
        response: json(400, { email: ['Enter a valid email address.'] }),
        status: 400,
        fieldErrors: { email: ['Enter a valid email address.'] },
        formErrors: [],
      },
    ],
    [
      '403 detail',
      {
        response: json(403, { detail: 'Denied.' }),
        status: 403,
        fieldErrors: {},
        formErrors: ['Denied.'],
      },
    ],
    [
      '412 stale ETag',
      {
        response: json(412, { detail: 'Changed.' }),
        status: 412,
        fieldErrors: {},
        formErrors: ['Changed.'],
      },
    ],
    [
      '500 HTML page',
      {
        response: new Response('<html/>', { status: 500 }),
        status: 500,
        fieldErrors: {},
        formErrors: [],
      },
    ],
  ])('throws ApiError for %s', async (_name, { response, status, fieldErrors, formErrors }) => {
    fetchMock.mockResolvedValueOnce(response);
    const error = await request('GET', '/users/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, fieldErrors, formErrors });
  });
});
