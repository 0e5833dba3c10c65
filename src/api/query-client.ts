/** The TanStack Query client the app provides to every screen. */
import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './errors';

/** Answers that a retry cannot change: the request itself is wrong or not allowed. */
function isPermanent(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * A fresh `QueryClient`: queries are fresh for 30 s, 4xx answers are not retried (other
 * failures twice), mutations are never retried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isPermanent(error) && failureCount < 2,
      },
      mutations: { retry: false },
    },
  });
}
