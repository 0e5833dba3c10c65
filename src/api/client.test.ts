/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anonymousClient, apiClient, schemaPath, unwrap, writeBody } from './client';
import { ApiError } from './errors';
import { configureAuth } from './http';

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
      anonymousClient.POST(schemaPath('/auth/jwt/create/'), {
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
    await unwrap(apiClient.GET(schemaPath('/auth/me/')));
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
    const error = await unwrap(apiClient.GET(schemaPath('/auth/me/'))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status, detail, retryAfter });
  });
});
