/**
 * The app's TanStack Query client. Created with the signed-in shell (the login page does
 * not load TanStack Query) and emptied when the signed-in user leaves, so no user sees
 * another's data.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../api';
import { authSession, type SessionStore } from '../auth';

/**
 * Empties `client` whenever the session ends (its tokens are dropped) or its user is gone or
 * replaced. A session still being restored (tokens, no user yet) keeps what it holds: the
 * first rows a route fetches alongside the session check (`routes.tsx`).
 * @returns the unsubscribe function
 */
export function clearOnSignOut(client: QueryClient, store: SessionStore): () => void {
  let previous = store.getState();
  return store.subscribe(() => {
    const state = store.getState();
    const ended = previous.backend !== 'none' && state.backend === 'none';
    const userLeft = previous.user !== null && previous.user.id !== state.user?.id;
    if (ended || userLeft) client.clear();
    previous = state;
  });
}

let client: QueryClient | null = null;

export function getQueryClient(): QueryClient {
  if (!client) {
    client = createQueryClient();
    clearOnSignOut(client, authSession.store);
  }
  return client;
}
