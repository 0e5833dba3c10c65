import { describe, expect, it, vi } from 'vitest';
import {
  SESSION_STORAGE_KEY,
  createSessionStore,
  emptySession,
  parseStoredSession,
  withTokens,
  type SessionState,
} from './session-store';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const signedIn: SessionState = { backend: 'joule', access: 'a1', refresh: 'r1', user: null };

describe('withTokens (docs/product.md §4 token replacement)', () => {
  it.each<
    [
      string,
      {
        given: SessionState;
        tokens: { access: string; refresh?: string | null };
        want: Pick<SessionState, 'access' | 'refresh'>;
      },
    ]
  >([
    [
      'replaces both when both are supplied',
      {
        given: signedIn,
        tokens: { access: 'a2', refresh: 'r2' },
        want: { access: 'a2', refresh: 'r2' },
      },
    ],
    [
      'keeps the refresh token when none is supplied',
      { given: signedIn, tokens: { access: 'a2' }, want: { access: 'a2', refresh: 'r1' } },
    ],
    [
      'keeps it for a null refresh token',
      {
        given: signedIn,
        tokens: { access: 'a2', refresh: null },
        want: { access: 'a2', refresh: 'r1' },
      },
    ],
    [
      'keeps it for an empty refresh token',
      {
        given: signedIn,
        tokens: { access: 'a2', refresh: '' },
        want: { access: 'a2', refresh: 'r1' },
      },
    ],
    [
      'fills an empty session',
      {
        given: emptySession,
        tokens: { access: 'a', refresh: 'r' },
        want: { access: 'a', refresh: 'r' },
      },
    ],
  ])('%s', (_name, { given, tokens, want }) => {
    const next = withTokens(given, tokens);
    expect({ access: next.access, refresh: next.refresh }).toEqual(want);
    expect(next.backend).toBe(given.backend);
  });
});

describe('parseStoredSession', () => {
  it.each<[string, { text: string | null; want: SessionState }]>([
    ['nothing stored: backend none, empty tokens', { text: null, want: emptySession }],
    ['broken JSON', { text: '{', want: emptySession }],
    [
      'a stored session',
      {
        text: JSON.stringify({ backend: 'joule', access: 'a', refresh: 'r' }),
        want: { ...signedIn, access: 'a', refresh: 'r' },
      },
    ],
    [
      'an unknown backend',
      {
        text: JSON.stringify({ backend: 'ldap', access: 'a' }),
        want: { ...emptySession, access: 'a' },
      },
    ],
    [
      'a user is never restored from storage',
      {
        text: JSON.stringify({ backend: 'oidc', access: 'a', refresh: '', user: { id: 1 } }),
        want: { backend: 'oidc', access: 'a', refresh: '', user: null },
      },
    ],
  ])('%s', (_name, { text, want }) => {
    expect(parseStoredSession(text)).toEqual(want);
  });
});

describe('createSessionStore', () => {
  it('starts empty and persists backend and tokens, never the user', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    expect(store.getState()).toEqual(emptySession);
    store.setTokens({ access: 'a', refresh: 'r' });
    store.setBackend('joule');
    store.setUser({ id: 1, email: 'x@y.test', privileges: ['USERS'] });
    expect(JSON.parse(storage.data.get(SESSION_STORAGE_KEY) ?? '')).toEqual({
      backend: 'joule',
      access: 'a',
      refresh: 'r',
    });
    expect(createSessionStore(storage).getState()).toEqual({
      backend: 'joule',
      access: 'a',
      refresh: 'r',
      user: null,
    });
  });

  it('clear empties state and storage and notifies', () => {
    const storage = memoryStorage({
      [SESSION_STORAGE_KEY]: JSON.stringify({ backend: 'joule', access: 'a', refresh: 'r' }),
    });
    const store = createSessionStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.clear();
    expect(store.getState()).toEqual(emptySession);
    expect(storage.data.has(SESSION_STORAGE_KEY)).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('works without storage', () => {
    const store = createSessionStore(null);
    store.setTokens({ access: 'a' });
    expect(store.getState().access).toBe('a');
  });

  it('unsubscribe stops notifications', () => {
    const store = createSessionStore(null);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    unsubscribe();
    store.setBackend('joule');
    expect(listener).not.toHaveBeenCalled();
  });
});
