import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { throttleHits } from '../db/schema';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';
import {
  ACCOUNT_FACTOR,
  ADDRESS_FACTOR,
  AuthThrottle,
  MAX_PLAIN_KEY,
  ThrottleStore,
  accountKey,
  parseRate,
  throttleKey,
} from './throttle';

describe('parseRate', () => {
  it.each([
    ['10/min', { limit: 10, windowSeconds: 60 }],
    ['5/hour', { limit: 5, windowSeconds: 3600 }],
    ['3/s', { limit: 3, windowSeconds: 1 }],
    ['100/day', { limit: 100, windowSeconds: 86400 }],
  ])('%s', (rate, expected) => {
    expect(parseRate(rate)).toEqual(expected);
  });

  it('refuses nonsense', () => {
    expect(() => parseRate('often')).toThrow(/Invalid throttle rate/);
  });
});

describe('accountKey', () => {
  it('normalises a valid address: trimmed, lower case, NFC', () => {
    expect(accountKey('  Admin@Joule.TEST ')).toBe('admin@joule.test');
    // "é" decomposed (e + combining acute) and composed count as one account.
    expect(accountKey('jan@kave\u0301.cz')).toBe(accountKey('jan@kav\u00e9.cz'));
  });

  it('counts no account for anything but a valid address of at most 254 characters', () => {
    expect(accountKey(undefined)).toBeUndefined();
    expect(accountKey(42)).toBeUndefined();
    expect(accountKey(['a@b.cz'])).toBeUndefined();
    expect(accountKey('not an e-mail')).toBeUndefined();
    const local = 'a'.repeat(64);
    const atMost = `${local}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.cz`;
    expect(atMost).toHaveLength(254);
    expect(accountKey(atMost)).toBe(atMost);
    expect(accountKey(`a${atMost}`)).toBeUndefined();
    expect(accountKey(`x@${'y'.repeat(1_000_000)}.cz`)).toBeUndefined();
  });
});

describe('throttleKey', () => {
  it('stores long keys as their SHA-256, so a stored key is short', () => {
    expect(throttleKey('login', 'ip', '127.0.0.1')).toBe('login|ip|127.0.0.1');
    const long = throttleKey('login', 'account', 'a'.repeat(240) + '@joule.test');
    expect(long).toMatch(/^login\|account\|#[0-9a-f]{64}$/);
    expect(long.length).toBeLessThanOrEqual(MAX_PLAIN_KEY);
    expect(throttleKey('login', 'account', 'b'.repeat(240) + '@joule.test')).not.toBe(long);
  });
});

const RATE = { limit: 2, windowSeconds: 60 };

let server: TestServer;
/** A second instance on the same database, as behind a load balancer. */
let other: TestServer;

beforeAll(async () => {
  server = await startTestServer({ authRate: RATE });
  other = await startTestServer({ database: server.database, authRate: RATE });
});
afterAll(async () => {
  await other?.close();
  await server?.close();
});
beforeEach(async () => {
  await server.database.db.delete(throttleHits);
});

const storedKeys = async () =>
  (await server.database.db.select({ key: throttleHits.key }).from(throttleHits)).map(
    (row) => row.key,
  );

/** A sign-in attempt with a wrong password from `address`, through `app`'s inject. */
const signIn = (email: unknown, address: string, app = server) =>
  app.app.inject({
    method: 'POST',
    url: '/api/v1/auth/jwt/create/',
    payload: { email, password: 'wrong-password' },
    remoteAddress: address,
  });

describe('the sign-in throttle', () => {
  it('stores one counter for a flood of distinct huge or invalid e-mails', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      const email =
        i % 3 === 0
          ? `${'x'.repeat(100_000)}${i}`
          : i % 3 === 1
            ? `a${i}@${'b'.repeat(300)}.cz`
            : { nested: i };
      statuses.push((await signIn(email, '198.51.100.1')).statusCode);
    }
    // Only the address is counted, and it is throttled at ten times the rate.
    const allowed = RATE.limit * ADDRESS_FACTOR;
    expect(statuses.slice(0, allowed).every((status) => status !== 429)).toBe(true);
    expect(statuses.slice(allowed).every((status) => status === 429)).toBe(true);
    expect(await storedKeys()).toEqual(['login|ip|198.51.100.1']);
  });

  it('stores 1 + 2 × the address limit rows for valid e-mails from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 30; i += 1) {
      // Long valid addresses: their keys are hashed.
      const email = `${'u'.repeat(60)}${i}@${'long-domain-label'.repeat(3)}.example.cz`;
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/reset_password/',
        payload: { email },
        remoteAddress: '198.51.100.2',
      });
      statuses.push(response.statusCode);
    }
    const allowed = RATE.limit * ADDRESS_FACTOR;
    expect(statuses.filter((status) => status === 204)).toHaveLength(allowed);
    const keys = await storedKeys();
    expect(keys).toHaveLength(1 + 2 * allowed);
    for (const key of keys) expect(key.length).toBeLessThanOrEqual(MAX_PLAIN_KEY);
  });

  it('throttles one account attacked from many addresses', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 8; i += 1) {
      statuses.push((await signIn(DEMO_USERS.admin, `203.0.113.${i}`)).statusCode);
    }
    const allowed = RATE.limit * ACCOUNT_FACTOR;
    expect(statuses).toEqual([
      ...Array<number>(allowed).fill(401),
      ...Array<number>(8 - allowed).fill(429),
    ]);
    // Case and surrounding spaces make no other account; other accounts are not affected.
    expect((await signIn(' ADMIN@joule.test ', '203.0.113.50')).statusCode).toBe(429);
    expect((await signIn(DEMO_USERS.clerk, '203.0.113.51')).statusCode).toBe(401);
  });

  it('counts IPv6 addresses per /64', async () => {
    const throttle = new AuthThrottle(new ThrottleStore(server.database.db), RATE);
    const allowed = RATE.limit * ADDRESS_FACTOR;
    for (let i = 1; i <= allowed; i += 1) {
      await throttle.check('login', `2001:db8:1:2::${i}`, `user${i}@joule.test`);
    }
    await expect(
      throttle.check('login', '2001:db8:1:2:ffff::1', 'other@joule.test'),
    ).rejects.toMatchObject({
      status: 429,
    });
    await expect(
      throttle.check('login', '2001:db8:1:3::1', 'other@joule.test'),
    ).resolves.toBeUndefined();
  });

  it('is shared by two instances on one database', async () => {
    const attempt = (instance: TestServer) =>
      instance.request('/auth/jwt/create/', {
        method: 'POST',
        body: { email: DEMO_USERS.admin, password: 'wrong-password' },
      });
    expect((await attempt(server)).status).toBe(401);
    expect((await attempt(other)).status).toBe(401);
    expect((await attempt(server)).status).toBe(429);
    expect((await attempt(other)).status).toBe(429);
  });

  it('answers DRF 429 with Retry-After, in Czech too, until the window ends', async () => {
    const attempt = (lang = 'en') =>
      server.request('/auth/jwt/create/', {
        method: 'POST',
        body: { email: DEMO_USERS.clerk, password: 'wrong-password' },
        lang,
      });
    await attempt();
    await attempt();
    const response = await attempt();
    expect(response.status).toBe(429);
    const wait = Number(response.headers.get('retry-after'));
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(RATE.windowSeconds);
    expect(response.body).toEqual({
      detail: `Request was throttled. Expected available in ${wait} seconds.`,
    });
    const czech = await attempt('cs');
    expect(czech.status).toBe(429);
    expect(czech.body.detail).toMatch(/^Požadavek byl omezen\. Další bude možný za \d+ sekund\.$/);

    // The database's clock moves past the window: the next attempt is counted afresh.
    await server.database.db
      .update(throttleHits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` });
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(401);
    expect((await attempt()).status).toBe(429);
  });

  it('throttles password reset requests per account across addresses', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i += 1) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/reset_password/',
        payload: { email: DEMO_USERS.clerk },
        remoteAddress: `192.0.2.${i}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([204, 204, 204, 204, 429, 429]);
  });
});

describe('ThrottleStore', () => {
  it('counts hits per key in fixed windows on the database clock', async () => {
    const store = new ThrottleStore(server.database.db);
    expect(await store.hit(['a', 'b'], 60)).toEqual([
      { hits: 1, secondsLeft: 60 },
      { hits: 1, secondsLeft: 60 },
    ]);
    expect((await store.hit(['a'], 60))[0]!.hits).toBe(2);
    await server.database.db
      .update(throttleHits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(sql`${throttleHits.key} = 'a'`);
    expect(await store.hit(['a', 'b'], 60)).toEqual([
      { hits: 1, secondsLeft: 60 },
      { hits: 2, secondsLeft: 60 },
    ]);
  });

  it('counts concurrent hits of one key atomically', async () => {
    const store = new ThrottleStore(server.database.db);
    const counts = await Promise.all(Array.from({ length: 20 }, () => store.hit(['busy'], 60)));
    const hits = counts.map(([count]) => count!.hits).sort((a, b) => a - b);
    expect(hits).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('purges a bounded batch of expired rows, on every throttled request too', async () => {
    const { db } = server.database;
    const store = new ThrottleStore(db, 100);
    await db.insert(throttleHits).values(
      Array.from({ length: 250 }, (_, i) => ({
        key: `old-${i}`,
        hits: 1,
        windowEndsAt: sql`now() - interval '1 minute'`,
      })),
    );
    await store.hit(['live'], 60);
    expect(await store.purge()).toBe(100);
    expect(await db.$count(throttleHits)).toBe(151);
    // Each sign-in attempt deletes the next batch (100 by default).
    await signIn(DEMO_USERS.admin, '198.51.100.9');
    let keys = await storedKeys();
    expect(keys.filter((key) => key.startsWith('old-'))).toHaveLength(50);
    await signIn(DEMO_USERS.admin, '198.51.100.9');
    keys = await storedKeys();
    expect(keys.filter((key) => key.startsWith('old-'))).toHaveLength(0);
    expect(keys).toContain('live');
  });
});
