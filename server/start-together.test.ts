/**
 * Upgrades and scale-out (docs/operations.md "Stopping and upgrading"): two server
 * processes started at the same moment against one fresh PostgreSQL database (the server at
 * `JOULE_TEST_POSTGRES_URL`, default the local one) both start and become ready; the
 * migrations were applied once, in order, the demo data seeded once and the job queue's
 * schema installed once. Skipped, saying why, when no PostgreSQL answers.
 */
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { KNOWN_MIGRATIONS } from './http/health';
import {
  killChildServer,
  scratchDatabase,
  startChildServer,
  type ChildServer,
} from './test-support/child-server';
import { testPostgresAvailable, testPostgresUrl } from './test-support/pg-cluster';

const serverUrl = testPostgresUrl;
const available = await testPostgresAvailable();

describe.skipIf(!available)(
  available
    ? 'two instances starting together on a fresh database'
    : `two instances starting together (skipped: no PostgreSQL at ${serverUrl}; set JOULE_TEST_POSTGRES_URL)`,
  () => {
    let scratch: Awaited<ReturnType<typeof scratchDatabase>> | undefined;
    let servers: ChildServer[] = [];

    afterAll(async () => {
      await Promise.all(servers.map((server) => killChildServer(server)));
      await scratch?.drop();
    });

    it('migrate once, seed once, and both become ready', async () => {
      scratch = await scratchDatabase(serverUrl, 'joule_together');
      servers = await Promise.all([startChildServer(scratch.url), startChildServer(scratch.url)]);
      for (const server of servers) {
        const ready = await fetch(`${server.origin}/readyz`);
        expect(ready.status, server.output()).toBe(200);
      }
      // Exactly one of them found the database empty.
      expect(
        servers.filter((server) => server.output().includes('(demo data seeded)')),
      ).toHaveLength(1);

      const db = new pg.Client({ connectionString: scratch.url });
      await db.connect();
      try {
        const migrations = await db.query<{ hash: string; created_at: string }>(
          'select hash, created_at from drizzle.__drizzle_migrations order by id',
        );
        expect(migrations.rows).toHaveLength(KNOWN_MIGRATIONS);
        expect(new Set(migrations.rows.map((row) => row.hash)).size).toBe(KNOWN_MIGRATIONS);
        const createdAt = migrations.rows.map((row) => Number(row.created_at));
        expect(createdAt).toEqual([...createdAt].sort((a, b) => a - b));
        const admins = await db.query(`select id from users where email = 'admin@joule.test'`);
        expect(admins.rows).toHaveLength(1);
        const customers = await db.query<{ n: number; distinct_no: number }>(
          'select count(*)::int as n, count(distinct customer_no)::int as distinct_no from customers',
        );
        expect(customers.rows[0]!.n).toBeGreaterThan(0);
        expect(customers.rows[0]!.n).toBe(customers.rows[0]!.distinct_no);
        const queue = await db.query('select version from pgboss.version');
        expect(queue.rows).toHaveLength(1);
      } finally {
        await db.end();
      }

      // Both serve: a sign-in on each.
      for (const server of servers) {
        const signIn = await fetch(`${server.origin}/api/v1/auth/jwt/create/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@joule.test', password: 'joule-demo' }),
        });
        expect(signIn.status).toBe(200);
      }
      for (const server of servers) {
        server.process.kill('SIGTERM');
        expect(await server.exited).toBe(0);
      }
    }, 240_000);
  },
);
