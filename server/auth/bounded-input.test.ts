/**
 * Bounded input of the auth endpoints and their metrics (docs/security.md "Throttling and
 * bounded input", docs/operations.md "Metrics"): an e-mail over 254 characters, one that is
 * not an address, or a non-string is a 400 before any scrypt runs (counted with
 * `passwordDerivations`, not timed); refused sign-ins and throttled requests are counted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderMetrics } from '../metrics';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';
import { passwordDerivations } from './passwords';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const longEmail = `${'a'.repeat(250)}@joule.test`;

describe('sign-in with a malformed e-mail', () => {
  it.each([
    ['a number', { email: 123, password: 'whatever-password' }],
    ['not an address', { email: 'not-an-address', password: 'whatever-password' }],
    ['over 254 characters', { email: longEmail, password: 'whatever-password' }],
    ['512 KiB', { email: `${'x'.repeat(512 * 1024)}@joule.test`, password: 'whatever' }],
    ['a non-string password', { email: DEMO_USERS.clerk, password: 12345678 }],
    ['an object', { email: { nested: 1 }, password: 'whatever-password' }],
  ])('%s: 400 without running the KDF', async (_name, body) => {
    const before = passwordDerivations();
    const response = await server.request('/auth/jwt/create/', { method: 'POST', body });
    expect(response.status).toBe(400);
    expect(passwordDerivations()).toBe(before);
  });

  it('a well-formed unknown e-mail still costs one derivation (no enumeration by timing)', async () => {
    const before = passwordDerivations();
    const response = await server.request('/auth/jwt/create/', {
      method: 'POST',
      body: { email: 'ghost@joule.test', password: 'whatever-password' },
    });
    expect(response.status).toBe(401);
    expect(passwordDerivations()).toBeGreaterThan(before);
  });
});

describe('e-mail fields are at most 254 characters', () => {
  it('the reset request answers 400', async () => {
    const response = await server.request('/users/reset_password/', {
      method: 'POST',
      body: { email: longEmail },
    });
    expect(response.status).toBe(400);
    expect(response.body.email).toHaveLength(1);
  });

  it('a user created with one answers 400 before its password is hashed', async () => {
    const admin = await server.login(DEMO_USERS.admin);
    const before = passwordDerivations();
    const response = await server.request('/users/', {
      method: 'POST',
      token: admin,
      body: { email: longEmail, password: 'a-good-long-password' },
    });
    expect(response.status).toBe(400);
    expect(response.body.email).toHaveLength(1);
    expect(passwordDerivations()).toBe(before);
  });
});

/** The value of a counter series in the metrics text, 0 when absent. */
async function counter(series: string): Promise<number> {
  const { body } = await renderMetrics();
  const line = body.split('\n').find((item) => item.startsWith(`${series} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

describe('metrics', () => {
  it('count refused sign-ins by reason and refused refreshes', async () => {
    const credentials = 'joule_sign_in_failures_total{reason="credentials"}';
    const refresh = 'joule_sign_in_failures_total{reason="refresh"}';
    const [beforeCredentials, beforeRefresh] = [await counter(credentials), await counter(refresh)];
    await server.request('/auth/jwt/create/', {
      method: 'POST',
      body: { email: DEMO_USERS.clerk, password: 'wrong-password' },
    });
    await server.request('/auth/jwt/refresh/', { method: 'POST', body: { refresh: 'garbage' } });
    expect(await counter(credentials)).toBe(beforeCredentials + 1);
    expect(await counter(refresh)).toBe(beforeRefresh + 1);
  });

  it('count throttled sign-ins', async () => {
    const throttled = await startTestServer({
      database: server.database,
      authRate: { limit: 1, windowSeconds: 60 },
    });
    try {
      const series = 'joule_throttled_requests_total{scope="sign_in"}';
      const before = await counter(series);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await throttled.request('/auth/jwt/create/', {
          method: 'POST',
          body: { email: DEMO_USERS.accountant, password: 'wrong-password' },
        });
        statuses.push(response.status);
      }
      const refused = statuses.filter((status) => status === 429).length;
      expect(refused).toBeGreaterThan(0);
      expect(await counter(series)).toBe(before + refused);
    } finally {
      await throttled.close();
    }
  });
});
