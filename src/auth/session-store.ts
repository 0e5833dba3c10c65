/**
 * The session's state (docs/product.md §3 "Auth state", §4): tokens and auth backend marker
 * persisted in local storage, plus the signed-in user, in a tiny external store that React reads
 * with `useSyncExternalStore`.
 */
import type { ApiSchema } from '../api';

/** Who issued the tokens: nobody yet, the OIDC provider, or Joule's own login. */
export type AuthBackend = 'none' | 'oidc' | 'joule';

/** The signed-in user (`GET /auth/me/`, docs/product.md §7): the API's `Me`. */
export type CurrentUser = ApiSchema<'Me'>;

export interface SessionState {
  /** @default 'none' */
  readonly backend: AuthBackend;
  /** Access token, '' when signed out. */
  readonly access: string;
  /** Refresh token, '' when signed out or never issued. */
  readonly refresh: string;
  /** Loaded after sign-in and at app start; null when signed out. */
  readonly user: CurrentUser | null;
}

/**
 * Tokens as a token endpoint answers them (the API's `AccountTokens`), but with a refresh
 * token only sometimes: a refresh without rotation and an OIDC provider may send none.
 */
export type TokenPair = Pick<ApiSchema<'AccountTokens'>, 'access'> & {
  readonly refresh?: ApiSchema<'AccountTokens'>['refresh'] | null;
};

/** Local storage key of the persisted part (backend and tokens). */
export const SESSION_STORAGE_KEY = 'joule.auth';

/** docs/product.md §4: "Auth backend starts as none; tokens start empty." */
export const emptySession: SessionState = { backend: 'none', access: '', refresh: '', user: null };

/**
 * docs/product.md §4: setting tokens replaces the access token and replaces the refresh token only
 * if one is supplied.
 */
export function withTokens(state: SessionState, tokens: TokenPair): SessionState {
  return { ...state, access: tokens.access, refresh: tokens.refresh || state.refresh };
}

const backends: readonly AuthBackend[] = ['none', 'oidc', 'joule'];

/** The persisted part of a session, read back tolerantly (unknown values → empty session). */
export function parseStoredSession(text: string | null): SessionState {
  let raw: unknown = null;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    return emptySession;
  }
  if (!raw || typeof raw !== 'object') return emptySession;
  const stored = raw as Record<string, unknown>;
  const backend = backends.find((name) => name === stored.backend) ?? 'none';
  const access = typeof stored.access === 'string' ? stored.access : '';
  const refresh = typeof stored.refresh === 'string' ? stored.refresh : '';
  return { backend, access, refresh, user: null };
}

/** Where the store persists; `localStorage` in the browser. */
export type SessionStorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Replaces the access token, and the refresh token when supplied. */
  setTokens(tokens: TokenPair): void;
  setBackend(backend: AuthBackend): void;
  setUser(user: CurrentUser | null): void;
  /** Back to the empty session (backend none, no tokens, no user). */
  clear(): void;
  /**
   * Takes the tokens another tab of the same browser persisted meanwhile: when storage holds
   * the same backend with another refresh token (that tab renewed, and the server rotated
   * the refresh token this tab holds into uselessness). Returns true when it took them.
   */
  adoptStoredTokens(): boolean;
}

/** A session store persisting backend and tokens (never the user) to `storage`. */
export function createSessionStore(storage: SessionStorageLike | null): SessionStore {
  let state = parseStoredSession(safely(() => storage?.getItem(SESSION_STORAGE_KEY) ?? null));
  const listeners = new Set<() => void>();

  function set(next: SessionState): void {
    const persisted =
      next.backend !== state.backend ||
      next.access !== state.access ||
      next.refresh !== state.refresh;
    state = next;
    if (persisted) {
      safely(() => {
        if (next.backend === 'none' && !next.access && !next.refresh)
          storage?.removeItem(SESSION_STORAGE_KEY);
        else
          storage?.setItem(
            SESSION_STORAGE_KEY,
            JSON.stringify({ backend: next.backend, access: next.access, refresh: next.refresh }),
          );
      });
    }
    for (const listener of listeners) listener();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setTokens: (tokens) => set(withTokens(state, tokens)),
    setBackend: (backend) => set({ ...state, backend }),
    setUser: (user) => set({ ...state, user }),
    clear: () => set(emptySession),
    adoptStoredTokens() {
      const stored = parseStoredSession(
        safely(() => storage?.getItem(SESSION_STORAGE_KEY) ?? null),
      );
      if (stored.backend !== state.backend || !stored.refresh || stored.refresh === state.refresh)
        return false;
      set({ ...state, access: stored.access, refresh: stored.refresh });
      return true;
    },
  };
}

function safely<T>(action: () => T): T | null {
  try {
    return action();
  } catch {
    return null; // Storage disabled or full: the session lives in memory only.
  }
}
