/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configureAuth } from '../api';
import { httpAuthApi } from './auth-api';

const fetchMock = vi.fn<typeof fetch>();

afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  configureAuth({ getAccessToken: () => null, refreshAccessToken: async () => false });
});

function sent(index = 0): Request {
  const input = fetchMock.mock.calls[index]?.[0];
  if (!(input instanceof Request)) throw new Error('nothing sent');
  return input;
}

describe('httpAuthApi', () => {
  it('refreshTokens hands on the rotated refresh token of the answer', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(Response.json({ access: 'new-a', refresh: 'new-r' }));
    await expect(httpAuthApi.refreshTokens('old-r')).resolves.toEqual({
      access: 'new-a',
      refresh: 'new-r',
    });
    expect(sent().url).toBe(`${window.location.origin}/api/v1/auth/jwt/refresh/`);
    expect(await sent().json()).toEqual({ refresh: 'old-r' });
  });

  it('refreshTokens without a refresh token in the answer keeps none (another DRF back-end)', async () => {
    vi.stubGlobal('fetch', fetchMock);
    fetchMock.mockResolvedValueOnce(Response.json({ access: 'new-a' }));
    await expect(httpAuthApi.refreshTokens('old-r')).resolves.toEqual({
      access: 'new-a',
      refresh: null,
    });
  });

  it('revokeRefreshToken posts the refresh token to the blacklist, without bearer token', async () => {
    vi.stubGlobal('fetch', fetchMock);
    const refreshAccessToken = vi.fn(async () => true);
    configureAuth({ getAccessToken: () => 'tok', refreshAccessToken });
    fetchMock.mockResolvedValueOnce(Response.json({}));
    await httpAuthApi.revokeRefreshToken('the-r');
    expect(sent().method).toBe('POST');
    expect(sent().url).toBe(`${window.location.origin}/api/v1/auth/jwt/blacklist/`);
    expect(await sent().json()).toEqual({ refresh: 'the-r' });
    expect(sent().headers.has('Authorization')).toBe(false);

    fetchMock.mockResolvedValueOnce(
      Response.json(
        { detail: 'Token is invalid or expired', code: 'token_not_valid' },
        {
          status: 401,
        },
      ),
    );
    await expect(httpAuthApi.revokeRefreshToken('the-r')).rejects.toMatchObject({ status: 401 });
    // A refused revocation does not try to renew tokens.
    expect(refreshAccessToken).not.toHaveBeenCalled();
  });
});
