import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createSessionStore } from '../auth';
import { clearOnSignOut } from './query-client';

const user = (id: number) => ({ id, email: `u${id}@joule.test`, privileges: ['customers'] });

function setUp() {
  const store = createSessionStore(null);
  const client = new QueryClient();
  clearOnSignOut(client, store);
  const cached = () => client.getQueryData(['customers']);
  const cache = () => client.setQueryData(['customers'], ['row']);
  return { store, cached, cache };
}

describe('clearOnSignOut', () => {
  it('keeps what a session being restored fetched, while its user is loaded', () => {
    const { store, cached, cache } = setUp();
    store.setTokens({ access: 'a', refresh: 'r' });
    store.setBackend('joule');
    cache();
    store.setTokens({ access: 'a2', refresh: 'r2' });
    store.setUser(user(1));
    expect(cached()).toEqual(['row']);
  });

  it('empties the cache on sign-out', () => {
    const { store, cached, cache } = setUp();
    store.setBackend('joule');
    store.setUser(user(1));
    cache();
    store.clear();
    expect(cached()).toBeUndefined();
  });

  it('empties the cache when a restore fails and the tokens are dropped', () => {
    const { store, cached, cache } = setUp();
    store.setTokens({ access: 'a', refresh: 'r' });
    store.setBackend('joule');
    cache();
    store.clear();
    expect(cached()).toBeUndefined();
  });

  it('empties the cache when another user takes over', () => {
    const { store, cached, cache } = setUp();
    store.setBackend('joule');
    store.setUser(user(1));
    cache();
    store.setUser(user(2));
    expect(cached()).toBeUndefined();
  });
});
