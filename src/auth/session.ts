/**
 * The session (docs/product.md §4): own login, logout, app start, and the refresh timer, over the
 * session store and the auth calls. `createAuthSession` builds one with its collaborators
 * passed in (tests); the app uses the module's default instance (`authSession`).
 */
import { ApiError, NetworkError, configureAuth, type AuthHooks } from '../api';
import { httpAuthApi, type AuthApi, type SecondFactorChallenge } from './auth-api';
import { getOidcBackend, type OidcBackend, type SignOutOptions } from './oidc';
import { createRefreshTimer, type RefreshTimer } from './refresh-timer';
import { mirrorAccessCookie } from './session-cookie';
import {
  createSessionStore,
  type AuthBackend,
  type CurrentUser,
  type SessionStore,
  type TokenPair,
} from './session-store';
import { canRefresh, REFRESH_CHECK_INTERVAL_MS, refreshDecision } from './tokens';

/** Why a sign-in was refused, for the view to word (docs/product.md §8). */
export type LoginFailure = 'invalid-credentials' | 'no-access';

/** A refused sign-in: bad e-mail or password (401), or a user without any privilege. */
/**
 * A right password that still owes a second factor (docs/security.md "Two-factor sign-in"):
 * `login` started no session; the login form asks for the code.
 */
export class SecondFactorRequired extends Error {
  constructor(readonly challenge: SecondFactorChallenge) {
    super('A second factor is required.');
    this.name = 'SecondFactorRequired';
  }
}

export class LoginError extends Error {
  readonly reason: LoginFailure;
  constructor(reason: LoginFailure) {
    super(
      reason === 'invalid-credentials'
        ? 'Invalid username/password.'
        : 'User has no access to the product.',
    );
    this.name = 'LoginError';
    this.reason = reason;
  }
}

export interface AuthSessionOptions {
  store: SessionStore;
  api: AuthApi;
  /** The OIDC backend, looked up when needed. @default getOidcBackend */
  oidc?: () => OidcBackend | null;
  /** Clock in milliseconds. @default Date.now */
  now?: () => number;
  /**
   * Runs a token renewal while no other renewal of this browser runs (all tabs share the
   * stored tokens). @default {@link browserRefreshLock}
   */
  lock?: RefreshLock;
}

/** Runs `task` exclusively among the holders of the same lock; resolves to its result. */
export type RefreshLock = <T>(task: () => Promise<T>) => Promise<T>;

const REFRESH_LOCK_NAME = 'joule.auth.refresh';

/**
 * One renewal at a time across the tabs of this browser (Web Locks API); where it is
 * missing (old browsers, tests) a tab only serialises its own renewals (`renewAccessToken`).
 * The server rotates refresh tokens and refuses a used one, so two tabs renewing with the
 * same token would sign one of them out.
 */
export const browserRefreshLock: RefreshLock = async (task) => {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request(REFRESH_LOCK_NAME, task) : task();
};

export interface AuthSession {
  readonly store: SessionStore;
  readonly timer: RefreshTimer;
  /** Hooks for `configureAuth` of `src/api`: the token, and renew-once-after-401. */
  readonly httpHooks: AuthHooks;
  /**
   * Own login (backend `joule`): gets tokens, loads the user, starts the timer.
   * @throws {LoginError} on 401 ('invalid-credentials') or a user without privileges
   *   ('no-access', signed out again).
   * @throws {SecondFactorRequired} when the password was right and a code is owed.
   * @throws {ApiError | NetworkError} on any other failure (the view shows its message).
   */
  login(email: string, password: string): Promise<CurrentUser>;
  /**
   * Starts a session from tokens obtained elsewhere (the OIDC callback): stores them with
   * the backend marker, loads the user and starts the timer. Same errors as `login`; a 401
   * for `/auth/me/` (the API knows no active user for the token) is 'no-access'.
   */
  beginSession(backend: Exclude<AuthBackend, 'none'>, tokens: TokenPair): Promise<CurrentUser>;
  /**
   * docs/product.md §4: stops the timer, clears both tokens and the user (and so the abilities
   * that follow it, `abilityOf`); then revokes the refresh token: for a `joule` session at the
   * API (`/auth/jwt/blacklist/`, in the background, failures only logged), for an `oidc` one by
   * signing out at the provider.
   * @param options `endProviderSession` for the user's own logout (default false).
   * @returns where to send the browser to end the provider's session too (its end-session
   *   URL), or null: go to login. Never rejects for the provider's failures (logged).
   */
  logout(options?: Partial<SignOutOptions>): Promise<string | null>;
  /**
   * App start, at most once at a time (docs/product.md §2 "Before each navigation the session is
   * initialised"): resolves when the session is either restored or cleared. Never rejects.
   */
  ensureSession(): Promise<void>;
  /**
   * App start over a page the server rendered for this session (src/boot/first-page-state.ts):
   * takes `user`, the server's answer to `/auth/me/` for the stored access token, as the
   * restored user and starts the timer, without asking again. Only an own-login session
   * (`joule`) with an access token is resumed so; false, and nothing changed, otherwise
   * (single sign-on renews first, docs/product.md §4).
   */
  resumeWith(user: CurrentUser): boolean;
  /** Renews the access token, sharing one renewal between callers; true on success. */
  renewAccessToken(): Promise<boolean>;
  /** One tick of the refresh timer (docs/product.md §4 "Token refresh"). */
  checkTokens(): Promise<void>;
}

/** A session over the given store and calls. */
export function createAuthSession(options: AuthSessionOptions): AuthSession {
  const { store, api } = options;
  const oidc = options.oidc ?? getOidcBackend;
  const now = options.now ?? Date.now;
  const lock = options.lock ?? browserRefreshLock;
  const timer = createRefreshTimer(() => checkTokens(), REFRESH_CHECK_INTERVAL_MS);
  let renewal: Promise<boolean> | null = null;
  let starting: Promise<void> | null = null;

  async function loadUser(): Promise<CurrentUser> {
    const user = await api.fetchCurrentUser();
    store.setUser(user);
    return user;
  }

  async function logout(options: Partial<SignOutOptions> = {}): Promise<string | null> {
    const { backend, refresh } = store.getState();
    timer.stop();
    store.clear();
    if (backend === 'joule' && canRefresh(refresh, now() / 1000)) {
      // Not awaited: signing out must not wait for, or fail with, the server.
      api.revokeRefreshToken(refresh).catch((error: unknown) => {
        console.warn('The refresh token could not be revoked', error);
      });
    }
    if (backend !== 'oidc') return null;
    try {
      const endSession = await oidc()?.signOut?.(refresh, {
        endProviderSession: options.endProviderSession ?? false,
      });
      return endSession ?? null;
    } catch (error) {
      console.error(error);
      return null;
    }
  }

  async function beginSession(
    backend: Exclude<AuthBackend, 'none'>,
    tokens: TokenPair,
  ): Promise<CurrentUser> {
    timer.stop();
    store.clear();
    store.setTokens(tokens);
    store.setBackend(backend);
    let user: CurrentUser;
    try {
      user = await loadUser();
    } catch (error) {
      await logout();
      // Fresh tokens refused by the API: a provider's user unknown to Joule (or inactive).
      if (error instanceof ApiError && error.status === 401) throw new LoginError('no-access');
      throw error;
    }
    if (user.privileges.length === 0) {
      await logout();
      throw new LoginError('no-access');
    }
    timer.start();
    return user;
  }

  async function login(email: string, password: string): Promise<CurrentUser> {
    let tokens: Awaited<ReturnType<AuthApi['createTokens']>>;
    try {
      tokens = await api.createTokens(email, password);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        throw new LoginError('invalid-credentials');
      }
      throw error;
    }
    if ('challenge' in tokens) throw new SecondFactorRequired(tokens);
    return beginSession('joule', tokens);
  }

  // Under the browser-wide lock: another tab may have renewed meanwhile, rotating the
  // refresh token this tab holds into a refused one; its stored tokens are taken instead,
  // and used as they are while the access token is fresh.
  function renew(): Promise<boolean> {
    return lock(async () => {
      if (store.adoptStoredTokens() && refreshDecision(store.getState(), now() / 1000) === 'wait')
        return true;
      return renewNow();
    });
  }

  async function renewNow(): Promise<boolean> {
    const { backend, refresh } = store.getState();
    let tokens: TokenPair;
    try {
      if (backend === 'joule') tokens = await api.refreshTokens(refresh);
      else if (backend === 'oidc') {
        const provider = oidc();
        if (!provider) throw new Error('Single sign-on is not available');
        tokens = await provider.renew(refresh);
      } else return false;
    } catch (error) {
      // A refused refresh token cannot be used any more (docs/product.md §4): sign out. Network
      // failures and server errors keep the session; the next tick tries again.
      const transient =
        error instanceof NetworkError ||
        (error instanceof ApiError && error.status !== 400 && error.status !== 401);
      if (transient) console.warn('Token renewal failed; retrying later', error);
      else await logout();
      return false;
    }
    if (store.getState().backend === backend) store.setTokens(tokens);
    return true;
  }

  function renewAccessToken(): Promise<boolean> {
    renewal ??= renew().finally(() => {
      renewal = null;
    });
    return renewal;
  }

  async function checkTokens(): Promise<void> {
    const state = store.getState();
    if (state.backend === 'none' || !state.access) {
      timer.stop();
      return;
    }
    const decision = refreshDecision(state, now() / 1000);
    if (decision === 'refresh') await renewAccessToken();
    else if (decision === 'logout') await logout();
  }

  async function start(): Promise<void> {
    const { backend, access, refresh } = store.getState();
    try {
      if (backend === 'none') {
        if (access || refresh) store.clear();
        return;
      }
      if (backend === 'oidc') {
        // docs/product.md §4: with OIDC the token is renewed first.
        const provider = oidc();
        if (!provider) throw new Error('Single sign-on is not available');
        store.setTokens(await provider.resume(refresh));
      } else if (!access && !refresh) {
        store.clear();
        return;
      }
      timer.start();
      const user = await loadUser();
      if (user.privileges.length === 0) throw new LoginError('no-access');
    } catch (error) {
      console.warn('Session could not be restored', error);
      await logout();
    }
  }

  function ensureSession(): Promise<void> {
    const state = store.getState();
    if (starting) return starting;
    if (state.user || state.backend === 'none') {
      if (state.backend === 'none' && (state.access || state.refresh)) store.clear();
      return Promise.resolve();
    }
    starting = start().finally(() => {
      starting = null;
    });
    return starting;
  }

  function resumeWith(user: CurrentUser): boolean {
    const state = store.getState();
    if (state.backend !== 'joule' || !state.access || state.user || starting) return false;
    if (user.privileges.length === 0) return false;
    store.setUser(user);
    timer.start();
    return true;
  }

  const httpHooks: AuthHooks = {
    getAccessToken: () => store.getState().access || null,
    async refreshAccessToken() {
      const { backend, refresh } = store.getState();
      if (backend === 'joule' && !canRefresh(refresh, now() / 1000)) {
        await logout();
        return false;
      }
      return renewAccessToken();
    },
  };

  return {
    store,
    timer,
    httpHooks,
    login,
    beginSession,
    logout,
    ensureSession,
    resumeWith,
    renewAccessToken,
    checkTokens,
  };
}

function browserStorage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The app's session: persisted in local storage, calling the real API. */
export const authSession: AuthSession = createAuthSession({
  store: createSessionStore(browserStorage()),
  api: httpAuthApi,
});

// The server renders list pages with their first rows for this session (session-cookie.ts).
if (typeof document !== 'undefined') mirrorAccessCookie(authSession.store);

// Every API call made through `src/api` carries this session's token and renews it once
// after a 401 (docs/product.md §4, §7).
configureAuth(authSession.httpHooks);
