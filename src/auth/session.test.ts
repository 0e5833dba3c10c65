import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../api';
import { abilityOf, type AppAbility } from './abilities';
import type { AuthApi } from './auth-api';
import type { OidcBackend } from './oidc';
import {
  LoginError,
  SecondFactorRequired,
  createAuthSession,
  type AuthSession,
  type RefreshLock,
} from './session';
import { createSessionStore, type CurrentUser } from './session-store';
import { jwtExpiringAt, jwtLiving } from './test-support/tokens';

const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);
const nowS = () => Math.floor(Date.now() / 1000);
const admin: CurrentUser = { id: 1, email: 'admin@joule.test', privileges: ['CUSTOMERS', 'USERS'] };

function fakeApi(overrides: Partial<AuthApi> = {}) {
  return {
    createTokens: vi.fn<AuthApi['createTokens']>(
      overrides.createTokens ??
        (async () => ({
          access: jwtExpiringAt(nowS() + 300),
          refresh: jwtExpiringAt(nowS() + 86_400, 'refresh'),
        })),
    ),
    refreshTokens: vi.fn<AuthApi['refreshTokens']>(
      overrides.refreshTokens ?? (async () => ({ access: jwtExpiringAt(nowS() + 300) })),
    ),
    fetchCurrentUser: vi.fn<AuthApi['fetchCurrentUser']>(
      overrides.fetchCurrentUser ?? (async () => admin),
    ),
    revokeRefreshToken: vi.fn<AuthApi['revokeRefreshToken']>(
      overrides.revokeRefreshToken ?? (async () => {}),
    ),
  };
}

let session: AuthSession;
/** The session's abilities, made before it signs in: they follow its user. */
let ability: AppAbility;
let api: ReturnType<typeof fakeApi>;

function build(
  options: { api?: Partial<AuthApi>; stored?: object; oidc?: OidcBackend | null } = {},
) {
  api = fakeApi(options.api);
  const store = createSessionStore(null);
  if (options.stored) {
    const { backend, access, refresh } = options.stored as {
      backend: 'joule' | 'oidc';
      access: string;
      refresh: string;
    };
    store.setTokens({ access, refresh });
    store.setBackend(backend);
  }
  session = createAuthSession({ store, api, oidc: () => options.oidc ?? null });
  ability = abilityOf(store);
  return session;
}

beforeEach(() => {
  vi.useFakeTimers({ now: T0 });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  session.timer.stop();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('login (docs/product.md §4, §8)', () => {
  it('stores the tokens with backend joule, loads the user, grants abilities and starts the timer', async () => {
    build();
    await expect(session.login('admin@joule.test', 'joule-demo')).resolves.toEqual(admin);
    const state = session.store.getState();
    expect(state.backend).toBe('joule');
    expect(state.access).not.toBe('');
    expect(state.refresh).not.toBe('');
    expect(state.user).toEqual(admin);
    expect(ability.can('use', 'USERS')).toBe(true);
    expect(ability.can('use', 'TARIFF')).toBe(false);
    expect(session.timer.running).toBe(true);
    expect(api.createTokens).toHaveBeenCalledWith('admin@joule.test', 'joule-demo');
  });

  it.each<[string, { failure: Partial<AuthApi>; want: (error: unknown) => void }]>([
    [
      '401 → invalid credentials',
      {
        failure: {
          createTokens: async () =>
            Promise.reject(new ApiError(401, { detail: 'No active account' })),
        },
        want: (error) => {
          expect(error).toBeInstanceOf(LoginError);
          expect((error as LoginError).reason).toBe('invalid-credentials');
          expect((error as LoginError).message).toBe('Invalid username/password.');
        },
      },
    ],
    [
      'a user without privileges → no access, signed out',
      {
        failure: { fetchCurrentUser: async () => ({ ...admin, privileges: [] }) },
        want: (error) => {
          expect((error as LoginError).reason).toBe('no-access');
          expect((error as LoginError).message).toBe('User has no access to the product.');
        },
      },
    ],
    [
      '500 → the error itself, message kept',
      {
        failure: {
          createTokens: async () =>
            Promise.reject(new ApiError(500, { detail: 'Server exploded' })),
        },
        want: (error) => {
          expect(error).toBeInstanceOf(ApiError);
          expect((error as ApiError).message).toBe('Server exploded');
        },
      },
    ],
    [
      'a right password that owes a second factor → SecondFactorRequired, no session',
      {
        failure: { createTokens: async () => ({ challenge: 'c-1', enrolment: null }) },
        want: (error) => {
          // docs/security.md "Two-factor sign-in".
          expect(error).toBeInstanceOf(SecondFactorRequired);
          expect((error as SecondFactorRequired).challenge.challenge).toBe('c-1');
        },
      },
    ],
    [
      'network failure → the error itself',
      {
        failure: {
          createTokens: async () => Promise.reject(new NetworkError(new TypeError('offline'))),
        },
        want: (error) => expect(error).toBeInstanceOf(NetworkError),
      },
    ],
    [
      'loading the user fails → signed out, error kept',
      {
        failure: {
          fetchCurrentUser: async () => Promise.reject(new ApiError(403, { detail: 'Nope' })),
        },
        want: (error) => expect(error).toBeInstanceOf(ApiError),
      },
    ],
  ])('%s', async (_name, { failure, want }) => {
    build({ api: failure });
    const error = await session.login('a@b.test', 'x').catch((e: unknown) => e);
    want(error);
    expect(session.store.getState()).toEqual({
      backend: 'none',
      access: '',
      refresh: '',
      user: null,
    });
    expect(session.timer.running).toBe(false);
    expect(ability.can('use', 'USERS')).toBe(false);
  });
});

describe('logout (docs/product.md §4)', () => {
  it('stops the timer, clears both tokens and the user, resets abilities', async () => {
    build();
    await session.login('admin@joule.test', 'joule-demo');
    await session.logout();
    expect(session.timer.running).toBe(false);
    expect(session.store.getState()).toEqual({
      backend: 'none',
      access: '',
      refresh: '',
      user: null,
    });
    expect(ability.rules).toEqual([]);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(api.refreshTokens).not.toHaveBeenCalled();
  });
  it('own sign-in: revokes the refresh token at the API (blacklist)', async () => {
    build();
    await session.login('admin@joule.test', 'joule-demo');
    const { refresh } = session.store.getState();
    await expect(session.logout()).resolves.toBeNull();
    expect(api.revokeRefreshToken).toHaveBeenCalledExactlyOnceWith(refresh);
  });

  it.each<[string, () => Promise<void>]>([
    ['refuses', async () => Promise.reject(new ApiError(401, { code: 'token_not_valid' }))],
    ['is unreachable', async () => Promise.reject(new NetworkError(new TypeError('offline')))],
    ['never answers', () => new Promise<void>(() => {})],
  ])('signs out at once even when the API %s', async (_case, revokeRefreshToken) => {
    build({ api: { revokeRefreshToken } });
    await session.login('admin@joule.test', 'joule-demo');
    await expect(session.logout()).resolves.toBeNull();
    expect(api.revokeRefreshToken).toHaveBeenCalledTimes(1);
    expect(session.store.getState()).toEqual({
      backend: 'none',
      access: '',
      refresh: '',
      user: null,
    });
    await vi.advanceTimersByTimeAsync(0); // a rejection is caught (else the run fails)
  });

  it('does not revoke an expired refresh token (the API refuses it anyway)', async () => {
    build({ stored: { backend: 'joule', access: 'x', refresh: jwtExpiringAt(nowS() - 5) } });
    await session.logout();
    expect(api.revokeRefreshToken).not.toHaveBeenCalled();
  });
});

describe('renewal across tabs (the server rotates refresh tokens)', () => {
  /** localStorage as two tabs of one browser share it. */
  function sharedStorage() {
    const items = new Map<string, string>();
    return {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  }

  /** A lock like the Web Locks API's: tasks run one after another. */
  function sharedLock(): RefreshLock {
    let tail: Promise<unknown> = Promise.resolve();
    return <T>(task: () => Promise<T>) => {
      const run = tail.then(task, task);
      tail = run.catch(() => undefined);
      return run;
    };
  }

  function tabs() {
    const storage = sharedStorage();
    const lock = sharedLock();
    let issued = 0;
    // The server: each refresh token works once, and is answered with a new pair.
    const valid = new Set<string>();
    const refreshTokens = vi.fn<AuthApi['refreshTokens']>(async (refresh) => {
      if (!valid.delete(refresh)) throw new ApiError(401, { code: 'token_not_valid' });
      issued += 1;
      const next = jwtExpiringAt(nowS() + 86_400 + issued, 'refresh');
      valid.add(next);
      return { access: jwtExpiringAt(nowS() + 300 + issued), refresh: next };
    });
    const first = createSessionStore(storage);
    const refresh = jwtExpiringAt(nowS() + 86_400, 'refresh');
    valid.add(refresh);
    first.setTokens({ access: jwtExpiringAt(nowS() + 10), refresh });
    first.setBackend('joule');
    const open = () =>
      createAuthSession({
        store: createSessionStore(storage),
        api: { ...fakeApi(), refreshTokens },
        oidc: () => null,
        lock,
      });
    return { a: open(), b: open(), refreshTokens };
  }

  it('a tab whose refresh token another tab has used takes that tab’s new tokens', async () => {
    const { a, b, refreshTokens } = tabs();
    session = a;
    await expect(a.renewAccessToken()).resolves.toBe(true);
    await expect(b.renewAccessToken()).resolves.toBe(true);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(b.store.getState().backend).toBe('joule');
    expect(b.store.getState().refresh).toBe(a.store.getState().refresh);
    expect(b.store.getState().access).toBe(a.store.getState().access);
    b.timer.stop();
  });

  it('two tabs renewing at once send the refresh token once', async () => {
    const { a, b, refreshTokens } = tabs();
    session = a;
    const results = await Promise.all([a.renewAccessToken(), b.renewAccessToken()]);
    expect(results).toEqual([true, true]);
    expect(refreshTokens).toHaveBeenCalledTimes(1);
    expect(b.store.getState().refresh).toBe(a.store.getState().refresh);
    b.timer.stop();
  });
});

describe('refresh timer (docs/product.md §4, §9: every 3 s, margin 120 s)', () => {
  it('renews when the access token enters the margin, keeping the refresh token', async () => {
    build();
    session.store.setTokens({
      access: jwtExpiringAt(nowS() + 130),
      refresh: jwtExpiringAt(nowS() + 86_400),
    });
    session.store.setBackend('joule');
    session.store.setUser(admin);
    const refresh = session.store.getState().refresh;
    session.timer.start();

    await vi.advanceTimersByTimeAsync(9_000); // 121 s left: still outside the margin
    expect(api.refreshTokens).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_000); // 118 s left
    expect(api.refreshTokens).toHaveBeenCalledTimes(1);
    expect(api.refreshTokens).toHaveBeenCalledWith(refresh);
    expect(session.store.getState().refresh).toBe(refresh);
    await vi.advanceTimersByTimeAsync(30_000); // the new token has 300 s: no more renewals
    expect(api.refreshTokens).toHaveBeenCalledTimes(1);
  });

  it('takes a rotated refresh token when the server sends one', async () => {
    build({
      api: {
        refreshTokens: async () => ({ access: jwtExpiringAt(nowS() + 300), refresh: 'rotated' }),
      },
    });
    session.store.setTokens({
      access: jwtExpiringAt(nowS() + 10),
      refresh: jwtExpiringAt(nowS() + 86_400),
    });
    session.store.setBackend('joule');
    await session.checkTokens();
    expect(session.store.getState().refresh).toBe('rotated');
  });

  it.each<[string, { error: unknown; signedOut: boolean }]>([
    [
      'refused (401): signs out',
      { error: new ApiError(401, { code: 'token_not_valid' }), signedOut: true },
    ],
    [
      'refused (400): signs out',
      { error: new ApiError(400, { refresh: ['This field may not be blank.'] }), signedOut: true },
    ],
    ['server error: keeps the session', { error: new ApiError(503, null), signedOut: false }],
    [
      'offline: keeps the session',
      { error: new NetworkError(new TypeError('offline')), signedOut: false },
    ],
  ])('renewal %s', async (_name, { error, signedOut }) => {
    build({ api: { refreshTokens: async () => Promise.reject(error) } });
    session.store.setTokens({
      access: jwtExpiringAt(nowS() + 10),
      refresh: jwtExpiringAt(nowS() + 86_400),
    });
    session.store.setBackend('joule');
    session.store.setUser(admin);
    session.timer.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(session.store.getState().user === null).toBe(signedOut);
    expect(session.timer.running).toBe(!signedOut);
  });

  it('signs out when the refresh token expires within the margin', async () => {
    build();
    session.store.setTokens({
      access: jwtExpiringAt(nowS() + 60),
      refresh: jwtExpiringAt(nowS() + 100),
    });
    session.store.setBackend('joule');
    session.store.setUser(admin);
    session.timer.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(api.refreshTokens).not.toHaveBeenCalled();
    expect(session.store.getState().backend).toBe('none');
    expect(session.timer.running).toBe(false);
  });

  it('shares one renewal between concurrent callers', async () => {
    build();
    session.store.setTokens({ access: 'x', refresh: jwtExpiringAt(nowS() + 86_400) });
    session.store.setBackend('joule');
    const results = await Promise.all([
      session.renewAccessToken(),
      session.renewAccessToken(),
      session.httpHooks.refreshAccessToken(),
    ]);
    expect(results).toEqual([true, true, true]);
    expect(api.refreshTokens).toHaveBeenCalledTimes(1);
  });

  it('a 401 with an expired refresh token signs out without calling the API', async () => {
    build();
    session.store.setTokens({ access: 'x', refresh: jwtExpiringAt(nowS() - 5) });
    session.store.setBackend('joule');
    await expect(session.httpHooks.refreshAccessToken()).resolves.toBe(false);
    expect(api.refreshTokens).not.toHaveBeenCalled();
    expect(session.store.getState().backend).toBe('none');
  });

  it('hands the current access token to the HTTP layer', () => {
    build();
    expect(session.httpHooks.getAccessToken()).toBeNull();
    session.store.setTokens({ access: 'abc' });
    expect(session.httpHooks.getAccessToken()).toBe('abc');
  });
});

describe('ensureSession (docs/product.md §4 app start)', () => {
  const stored = () => ({
    backend: 'joule',
    access: jwtExpiringAt(nowS() + 300),
    refresh: jwtExpiringAt(nowS() + 86_400),
  });

  it('backend none: nothing to do', async () => {
    build();
    await session.ensureSession();
    expect(api.fetchCurrentUser).not.toHaveBeenCalled();
    expect(session.timer.running).toBe(false);
  });

  it('backend joule: restarts the timer and loads the user, once for concurrent callers', async () => {
    build({ stored: stored() });
    await Promise.all([session.ensureSession(), session.ensureSession()]);
    await session.ensureSession();
    expect(api.fetchCurrentUser).toHaveBeenCalledTimes(1);
    expect(session.store.getState().user).toEqual(admin);
    expect(session.timer.running).toBe(true);
    expect(ability.can('use', 'CUSTOMERS')).toBe(true);
  });

  it.each<[string, Partial<AuthApi>]>([
    [
      'loading the user fails',
      { fetchCurrentUser: async () => Promise.reject(new ApiError(401, {})) },
    ],
    [
      'the server is unreachable',
      { fetchCurrentUser: async () => Promise.reject(new NetworkError(new TypeError('x'))) },
    ],
    [
      'the user lost every privilege',
      { fetchCurrentUser: async () => ({ ...admin, privileges: [] }) },
    ],
  ])('backend joule, %s: clears the session', async (_name, failure) => {
    build({ api: failure, stored: stored() });
    await expect(session.ensureSession()).resolves.toBeUndefined();
    expect(session.store.getState()).toEqual({
      backend: 'none',
      access: '',
      refresh: '',
      user: null,
    });
    expect(session.timer.running).toBe(false);
  });

  it('backend oidc without a single sign-on backend: clears the session', async () => {
    build({ stored: { ...stored(), backend: 'oidc' } });
    await session.ensureSession();
    expect(session.store.getState().backend).toBe('none');
  });

  it('backend oidc: renews the token first, then loads the user', async () => {
    const oidc: OidcBackend = {
      resume: vi.fn(async () => ({ access: 'renewed' })),
      renew: vi.fn(async () => ({ access: 'renewed-again' })),
    };
    build({ stored: { ...stored(), backend: 'oidc' }, oidc });
    api.fetchCurrentUser.mockImplementation(async () => {
      expect(session.store.getState().access).toBe('renewed');
      return admin;
    });
    await session.ensureSession();
    expect(oidc.resume).toHaveBeenCalledTimes(1);
    expect(session.store.getState()).toMatchObject({
      backend: 'oidc',
      access: 'renewed',
      user: admin,
    });
  });
});

describe('short-lived tokens and single sign-on (docs/product.md §4, §9)', () => {
  it('a 10 s access token is renewed at half its life, not on every tick', async () => {
    build({ api: { refreshTokens: async () => ({ access: jwtLiving(nowS(), nowS() + 10) }) } });
    session.store.setTokens({
      access: jwtLiving(nowS(), nowS() + 10),
      refresh: jwtExpiringAt(nowS() + 86_400),
    });
    session.store.setBackend('joule');
    session.store.setUser(admin);
    session.timer.start();
    await vi.advanceTimersByTimeAsync(3_000); // 7 s left, margin 5 s
    expect(api.refreshTokens).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(3_000); // 4 s left
    expect(api.refreshTokens).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000); // the new token: 7 s left
    expect(api.refreshTokens).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3_000); // 4 s left
    expect(api.refreshTokens).toHaveBeenCalledTimes(2);
    expect(session.store.getState().user).toBe(admin);
  });

  it('backend oidc: the timer renews through the provider with its opaque refresh token', async () => {
    const oidc: OidcBackend = {
      resume: vi.fn(async () => ({ access: 'unused' })),
      renew: vi.fn(async () => ({ access: jwtLiving(nowS(), nowS() + 300), refresh: 'rotated' })),
    };
    build({ oidc });
    session.store.setTokens({ access: jwtLiving(nowS(), nowS() + 10), refresh: 'opaque-1' });
    session.store.setBackend('oidc');
    session.store.setUser(admin);
    session.timer.start();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(oidc.renew).toHaveBeenCalledWith('opaque-1');
    expect(api.refreshTokens).not.toHaveBeenCalled();
    expect(session.store.getState()).toMatchObject({
      backend: 'oidc',
      refresh: 'rotated',
      user: admin,
    });
  });

  it('backend oidc: a refused refresh token signs out', async () => {
    const oidc: OidcBackend = {
      resume: vi.fn(async () => ({ access: 'unused' })),
      renew: vi.fn(async () => Promise.reject(new Error('invalid_grant'))),
    };
    build({ oidc });
    session.store.setTokens({ access: jwtLiving(nowS(), nowS() + 10), refresh: 'opaque-1' });
    session.store.setBackend('oidc');
    session.store.setUser(admin);
    session.timer.start();
    await vi.advanceTimersByTimeAsync(6_000);
    expect(session.store.getState()).toMatchObject({ backend: 'none', user: null });
    expect(session.timer.running).toBe(false);
  });

  it('logout of an oidc session hands the refresh token to the provider sign-out', async () => {
    const oidc: OidcBackend = {
      resume: vi.fn(async () => ({ access: 'unused' })),
      renew: vi.fn(async () => ({ access: 'unused' })),
      signOut: vi.fn(async () => {
        expect(session.store.getState().backend).toBe('none');
      }),
    };
    build({ oidc });
    session.store.setTokens({ access: jwtLiving(nowS(), nowS() + 300), refresh: 'opaque-1' });
    session.store.setBackend('oidc');
    expect(await session.logout()).toBeNull();
    expect(oidc.signOut).toHaveBeenCalledWith('opaque-1', { endProviderSession: false });
  });

  it('the user’s own logout of an oidc session returns the provider’s end-session URL', async () => {
    const endSession = 'https://idp.example/session/end?id_token_hint=x';
    const oidc: OidcBackend = {
      resume: vi.fn(async () => ({ access: 'unused' })),
      renew: vi.fn(async () => ({ access: 'unused' })),
      signOut: vi.fn(async (_refresh, { endProviderSession }) =>
        endProviderSession ? endSession : null,
      ),
    };
    build({ oidc });
    session.store.setTokens({ access: jwtLiving(nowS(), nowS() + 300), refresh: 'opaque-1' });
    session.store.setBackend('oidc');
    expect(await session.logout({ endProviderSession: true })).toBe(endSession);
    expect(oidc.signOut).toHaveBeenCalledWith('opaque-1', { endProviderSession: true });
    expect(session.store.getState()).toMatchObject({ backend: 'none', access: '', user: null });
  });

  it('beginSession oidc: a 401 for the user means no access, and nothing is kept', async () => {
    const oidc: OidcBackend = {
      resume: vi.fn(async () => ({ access: 'unused' })),
      renew: vi.fn(async () => ({ access: 'renewed' })),
    };
    build({
      oidc,
      api: {
        fetchCurrentUser: async () =>
          Promise.reject(new ApiError(401, { detail: 'User not found', code: 'user_not_found' })),
      },
    });
    const attempt = session.beginSession('oidc', { access: 'provider-token', refresh: 'opaque' });
    await expect(attempt).rejects.toMatchObject({ reason: 'no-access' });
    await expect(attempt).rejects.toBeInstanceOf(LoginError);
    expect(session.store.getState()).toMatchObject({ backend: 'none', access: '', user: null });
    expect(session.timer.running).toBe(false);
  });
});
