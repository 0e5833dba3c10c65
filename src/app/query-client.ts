/**
 * The app's TanStack Query client. Created with the signed-in shell (the login page does
 * not load TanStack Query) and emptied on sign-out, so no user sees another's data.
 */
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../api';
import { authSession } from '../auth';

let client: QueryClient | null = null;

export function getQueryClient(): QueryClient {
  if (!client) {
    const created = createQueryClient();
    client = created;
    authSession.store.subscribe(() => {
      if (!authSession.store.getState().user) created.clear();
    });
  }
  return client;
}
