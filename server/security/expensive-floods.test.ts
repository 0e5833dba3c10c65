/**
 * Authenticated floods of the expensive operations (docs/security.md "Throttling and bounded
 * input", `http/expensive.ts`): reports, exports, bill previews and billing runs are counted
 * per user and class; past the rate the call is a 429 `{"detail"}` with `Retry-After`, while
 * another user, cheap calls and anonymous callers are unaffected.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPERUSER } from '../auth/privileges';
import { startTestServer, type TestServer } from '../test-support/server';
import { DEMO_USERS } from '../seed';
import { errorShapeProblem } from './harness';

const LIMIT = 3;

let server: TestServer;
let contractId: number;
let invoiceId: number | undefined;

beforeAll(async () => {
  server = await startTestServer({ expensiveRate: { limit: LIMIT, windowSeconds: 3600 } });
  const admin = await server.login(DEMO_USERS.admin);
  const contracts = await server.request('/contracts/?page_size=1', { token: admin });
  contractId = contracts.body.results[0].id;
  const invoices = await server.request('/invoices/?page_size=1', { token: admin });
  invoiceId = invoices.body.results[0]?.id;
}, 120_000);

afterAll(() => server?.close());

/** Each class with a call of it (a fresh user floods each, so budgets do not mix). */
const FLOODS: readonly [string, () => { path: string; method?: string; body?: unknown }][] = [
  ['a report over the whole data set', () => ({ path: '/reports/receivables/' })],
  [
    'another report, same budget',
    () => ({ path: '/reports/billing-totals/?from=2025-01&to=2026-12' }),
  ],
  ['an export (a page of 9999 rows)', () => ({ path: '/customers/?page_size=9999' })],
  [
    'a bill preview',
    () => ({ path: `/contracts/${contractId}/bill-preview/?from=2026-01-01&to=2026-02-01` }),
  ],
  [
    'a billing run',
    () => ({ path: '/billing-runs/', method: 'POST', body: { month: '2031-01-01' } }),
  ],
];

describe('expensive operations are rate-limited per user', () => {
  it.each(FLOODS)('%s: 429 with Retry-After past the rate', async (_name, call) => {
    const token = await server.loginWithPrivileges([SUPERUSER]);
    const { path, method, body } = call();
    for (let index = 0; index < LIMIT; index += 1) {
      const answer = await server.request(path, { token, method, body });
      expect(answer.status, `call ${index + 1}`).not.toBe(429);
    }
    const refused = await server.request(path, { token, method, body });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.detail).toMatch(/^Request was throttled/);
    expect(errorShapeProblem(refused.body)).toBeUndefined();

    // Another user's budget is their own; cheap calls of the same user still pass.
    const other = await server.loginWithPrivileges([SUPERUSER]);
    expect((await server.request(path, { token: other, method, body })).status).not.toBe(429);
    expect((await server.request('/customers/?page_size=25', { token })).status).toBe(200);
  });

  it('counts reports together but apart from exports', async () => {
    const token = await server.loginWithPrivileges([SUPERUSER]);
    for (let index = 0; index < LIMIT; index += 1) {
      await server.request('/reports/receivables/', { token });
    }
    expect((await server.request('/reports/points-without-reading/', { token })).status).toBe(429);
    expect((await server.request('/customers/?page_size=5000', { token })).status).toBe(200);
  });

  it('counts invoice PDFs as exports', async () => {
    // A call is counted before its work, so even an unknown invoice (404) costs budget.
    const token = await server.loginWithPrivileges([SUPERUSER]);
    const path = `/invoices/${invoiceId ?? 1}/pdf/`;
    for (let index = 0; index < LIMIT; index += 1) await server.request(path, { token });
    expect((await server.request(path, { token })).status).toBe(429);
  });

  it('leaves anonymous floods to authentication (401, not counted)', async () => {
    for (let index = 0; index <= LIMIT + 1; index += 1) {
      expect((await server.request('/reports/receivables/')).status).toBe(401);
    }
  });
});
