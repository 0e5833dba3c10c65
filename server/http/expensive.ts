/**
 * Rate limits of the expensive operations per signed-in user (docs/security.md "Throttling
 * and bounded input"): the reports over the whole data set, the exports (pages of more than
 * {@link EXPORT_PAGE_SIZE} rows, which the SPA's CSV export asks for, invoice PDFs, a
 * customer's personal data), bill previews and billing runs. One user's flood of them would
 * otherwise hold the database for everyone, however legitimately signed in.
 *
 * Each class of operation has its own budget per user, `JOULE_EXPENSIVE_RATE` calls per
 * window, counted in `throttle_hits` (`throttle.ts`), so every instance on one database
 * counts together; over it the call is answered DRF's 429 with `Retry-After` before any of
 * its work is done. A request without a valid token is not counted here: the route answers
 * it 401 as usual.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../auth/authenticate';
import type { Database } from '../db/client';
import { messages } from '../i18n/messages';
import { detailError } from './errors';
import { ThrottleStore, throttleKey, type ThrottleRate } from './throttle';

/** A list page larger than this is an export (the SPA's CSV export asks for 9999 rows). */
export const EXPORT_PAGE_SIZE = 1000;

/** The classes of expensive operations; each has its own budget per user. */
export type ExpensiveClass = 'reports' | 'exports' | 'previews' | 'runs';

/** Fastify route patterns (after the API prefix) of each class, by method. */
export const EXPENSIVE_ROUTES: readonly {
  readonly method: string;
  readonly url: string;
  readonly kind: ExpensiveClass;
}[] = [
  { method: 'GET', url: '/reports/billing-totals/', kind: 'reports' },
  { method: 'GET', url: '/reports/consumption-by-rate/', kind: 'reports' },
  { method: 'GET', url: '/reports/points-without-reading/', kind: 'reports' },
  { method: 'GET', url: '/reports/receivables/', kind: 'reports' },
  { method: 'GET', url: '/tariffdevices/:id/consumption/', kind: 'reports' },
  { method: 'GET', url: '/invoices/:id/pdf/', kind: 'exports' },
  { method: 'GET', url: '/customers/:id/personal-data/', kind: 'exports' },
  { method: 'GET', url: '/contracts/:id/bill-preview/', kind: 'previews' },
  { method: 'POST', url: '/billing-runs/', kind: 'runs' },
];

/** The class of `request` on a route of `url` (Fastify's pattern), or undefined. */
export function expensiveClass(
  prefix: string,
  method: string,
  url: string | undefined,
  query: unknown,
): ExpensiveClass | undefined {
  if (!url?.startsWith(prefix)) return undefined;
  const path = url.slice(prefix.length);
  const route = EXPENSIVE_ROUTES.find((entry) => entry.method === method && entry.url === path);
  if (route) return route.kind;
  // A list (`/<resource>/`) asked for more rows than a screen shows: an export.
  if (method === 'GET' && /^\/[a-z-]+\/$/.test(path)) {
    const size = Number((query as Record<string, unknown> | undefined)?.page_size);
    if (Number.isFinite(size) && size > EXPORT_PAGE_SIZE) return 'exports';
  }
  return undefined;
}

/**
 * Installs the limit on `app`: a `preHandler` hook that, on an expensive route, identifies
 * the caller (a failed sign-in is left to the route) and counts the call against
 * `rate`; over it, a 429 with `Retry-After`.
 */
export function installExpensiveLimit(
  app: FastifyInstance,
  options: {
    readonly db: Database;
    readonly auth: Authenticator;
    readonly prefix: string;
    readonly rate: ThrottleRate;
  },
): void {
  const store = new ThrottleStore(options.db);
  const { limit, windowSeconds } = options.rate;
  app.addHook('preHandler', async (request: FastifyRequest) => {
    const kind = expensiveClass(
      options.prefix,
      request.method,
      request.routeOptions.url,
      request.query,
    );
    if (!kind) return;
    const principal = await options.auth.authenticate(request).catch(() => undefined);
    if (!principal) return;
    await store.purge();
    const [count] = await store.hit(
      [throttleKey('expensive', kind, String(principal.id))],
      windowSeconds,
    );
    if (count!.hits > limit) {
      throw detailError(429, messages.throttled(count!.secondsLeft), {
        'retry-after': String(count!.secondsLeft),
      });
    }
  });
}
