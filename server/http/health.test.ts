/**
 * `/healthz` and `/readyz` (docs/operations.md "Health") over real HTTP: ready, starting (the
 * app listening while its migrations run), the database gone, and stopping; neither needs a
 * token, nor is throttled or audited. The outage of a real PostgreSQL server is in
 * `server/faults/database-outage.test.ts`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { MemoryMailer } from '../auth/mailer';
import { openDatabase } from '../db/client';
import { startTestServer, type TestServer } from '../test-support/server';
import { KNOWN_MIGRATIONS, Readiness } from './health';

const secret = new TextEncoder().encode('health-test-secret-0123456789-0123456789');

async function get(url: string): Promise<{ status: number; body: unknown; headers: Headers }> {
  const response = await fetch(url);
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    headers: response.headers,
  };
}

describe('a started server', () => {
  let server: TestServer;
  const readiness = new Readiness({ migrations: 'done', queue: 'pending' });
  beforeAll(async () => {
    server = await startTestServer({ billingQueue: { work: false }, readiness });
  });
  afterAll(() => server.close());

  it('is healthy and ready, without a token', async () => {
    expect(await get(`${server.origin}/healthz`)).toMatchObject({
      status: 200,
      body: { status: 'ok' },
    });
    const ready = await get(`${server.origin}/readyz`);
    expect(ready).toMatchObject({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', queue: 'ok' } },
    });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('answers many probes without throttling and writes no audit rows', async () => {
    const audit = async () =>
      Number(
        (
          (await server.database.db.execute(
            sql`select count(*)::int as n from audit_log`,
          )) as unknown as {
            rows: { n: number }[];
          }
        ).rows[0]!.n,
      );
    const before = await audit();
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => get(`${server.origin}/${i % 2 ? 'healthz' : 'readyz'}`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(await audit()).toBe(before);
  });

  it('is no longer ready once it is stopping', async () => {
    readiness.stop();
    expect(await get(`${server.origin}/readyz`)).toMatchObject({
      status: 503,
      body: { status: 'stopping', failing: ['queue'], checks: { queue: 'stopped' } },
    });
    expect((await get(`${server.origin}/healthz`)).status).toBe(200);
  });
});

describe('a server whose start-up is under way', () => {
  it('is healthy, not ready (naming the part), serves nothing else, and is ready once started', async () => {
    const database = await openDatabase({ memory: true });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const readiness = new Readiness({ migrations: 'pending', queue: 'pending' });
    const app = await buildApp({
      db: database.db,
      secret,
      mailer: new MemoryMailer(),
      readiness,
      startLater: true,
      billingQueue: { work: false },
      migrate: async () => {
        await gate;
        await database.migrate();
      },
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const starting = app.startJoule();

      expect((await get(`${origin}/healthz`)).status).toBe(200);
      const probe = await get(`${origin}/readyz`);
      expect(probe.status).toBe(503);
      expect(probe.headers.get('retry-after')).toBe('5');
      // The database answers, but knows none of the migrations yet.
      expect(probe.body).toEqual({
        status: 'starting',
        failing: ['migrations', 'queue'],
        checks: { database: 'ok', migrations: 'applying', queue: 'starting' },
      });
      const api = await get(`${origin}/api/v1/customers/`);
      expect(api.status).toBe(503);
      expect(api.body).toEqual({ detail: 'The server is starting. Try again in a moment.' });
      expect(api.headers.get('retry-after')).toBe('5');

      release();
      await starting;
      expect(await get(`${origin}/readyz`)).toMatchObject({
        status: 200,
        body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', queue: 'ok' } },
      });
      expect((await get(`${origin}/api/v1/customers/`)).status).toBe(401);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('a server whose database is gone', () => {
  it('stays healthy and names the database as not ready', async () => {
    const server = await startTestServer();
    try {
      expect((await get(`${server.origin}/readyz`)).status).toBe(200);
      await server.database.close();
      expect(await get(`${server.origin}/healthz`)).toMatchObject({ status: 200 });
      const probe = await get(`${server.origin}/readyz`);
      expect(probe).toMatchObject({
        status: 503,
        body: {
          status: 'not ready',
          failing: ['database', 'migrations'],
          checks: { database: 'unreachable', migrations: 'unknown', queue: 'off' },
        },
      });
    } finally {
      await server.app.close();
    }
  });
});

describe('the migrations a probe expects', () => {
  it('are those of the journal, all applied on a migrated database', async () => {
    const database = await openDatabase({ memory: true });
    try {
      await database.migrate();
      const applied = (await database.db.execute(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { n: number }[] };
      expect(KNOWN_MIGRATIONS).toBeGreaterThan(10);
      expect(applied.rows[0]!.n).toBe(KNOWN_MIGRATIONS);
    } finally {
      await database.close();
    }
  });
});
