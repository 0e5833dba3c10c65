/** @vitest-environment jsdom */
/**
 * The API answering 503 while a single sign-on session is open (the server cannot reach
 * the provider to check the token, `server/auth/authenticate.ts`): the call fails with a
 * retryable error and the session stays — no renewal, no sign-out (docs/product.md §4 signs out
 * only on a refused token). The real HTTP layer over the real session; only `fetch` is stubbed.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, configureAuth, createQueryClient, request } from '../api';
import type { AuthApi } from './auth-api';
import type { OidcBackend } from './oidc';
import { createAuthSession } from './session';
import { createSessionStore, type CurrentUser } from './session-store';
import { jwtExpiringAt } from './test-support/tokens';

const admin: CurrentUser = { id: 1, email: 'admin@joule.test', privileges: ['CUSTOMERS'] };
const nowS = () => Math.floor(Date.now() / 1000);
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  configureAuth({ getAccessToken: () => null, refreshAccessToken: async () => false });
});

describe('503 from the API during a single sign-on session', () => {
  it('fails the call as "try later" and keeps the session', async () => {
    const api: AuthApi = {
      createTokens: vi.fn(),
      refreshTokens: vi.fn(),
      fetchCurrentUser: vi.fn(async () => admin),
      revokeRefreshToken: vi.fn(),
    };
    const oidc: OidcBackend = { resume: vi.fn(), renew: vi.fn(), signOut: vi.fn() };
    const store = createSessionStore(null);
    const tokens = { access: jwtExpiringAt(nowS() + 300), refresh: 'opaque-refresh' };
    store.setTokens(tokens);
    store.setBackend('oidc');
    store.setUser(admin);
    const session = createAuthSession({ store, api, oidc: () => oidc });
    configureAuth(session.httpHooks);
    fetchMock.mockImplementation(
      async () =>
        new Response(JSON.stringify({ detail: 'The single sign-on provider cannot be reached.' }), {
          status: 503,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '10' },
        }),
    );

    const failure = await request('GET', '/customers/').catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 503, retryAfter: 10 });
    // Retryable for the screens' queries, unlike a 4xx.
    const retry = createQueryClient().getDefaultOptions().queries?.retry;
    expect(typeof retry === 'function' && retry(0, failure as Error)).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(oidc.renew).not.toHaveBeenCalled();
    expect(oidc.signOut).not.toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ backend: 'oidc', ...tokens, user: admin });
    session.timer.stop();
  });
});
