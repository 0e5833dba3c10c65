/**
 * Graceful shutdown (docs/operations.md "Stopping and upgrading"): the real server, a child
 * process on a fresh PostgreSQL database (the server at `JOULE_TEST_POSTGRES_URL`, default the
 * local one), gets SIGTERM in the middle of a billing run and in the middle of a bulk
 * readings import, ends by itself (exit code 0), and is started again. Asserted:
 *
 * - billing: at the moment it has stopped, every contract marked invoiced has exactly one
 *   invoice and no other has any; after the restart the run finishes and every contract
 *   due is invoiced exactly once;
 * - readings: the request whose INSERT was running at SIGTERM is answered, every
 *   acknowledged reading is stored, nothing is stored in part; after the restart the client
 *   sends what was not acknowledged and every reading of the file is stored exactly once.
 *
 * Skipped (saying why) when that PostgreSQL server cannot be reached.
 */
import { request as httpRequest } from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedBillable } from '../billing/runs/fixtures';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed';
import {
  killChildServer,
  scratchDatabase,
  startChildServer,
  type ChildServer,
} from '../test-support/child-server';
import { testPostgresAvailable, testPostgresUrl } from '../test-support/pg-cluster';

const serverUrl = testPostgresUrl;
const available = await testPostgresAvailable();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The child's settings: a deadline well above a batch's or a bulk request's time. */
const CHILD_ENV = { JOULE_SHUTDOWN_TIMEOUT: '60' };

async function signIn(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/v1/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_USERS.admin, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

/** POSTs `body` as JSON; resolves with the status, or 0 when the connection failed. */
function post(url: string, token: string, body: string): Promise<number> {
  return new Promise((resolve) => {
    const request = httpRequest(url, {
      method: 'POST',
      agent: false,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', () => resolve(0));
    request.end(body);
  });
}

describe.skipIf(!available)(
  available
    ? 'SIGTERM in the middle of work'
    : `SIGTERM in the middle of work (skipped: no PostgreSQL at ${serverUrl}; set JOULE_TEST_POSTGRES_URL)`,
  () => {
    let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
    let database: DatabaseHandle;
    let db: pg.Client;
    let child: ChildServer | undefined;

    beforeAll(async () => {
      scratch = await scratchDatabase(serverUrl, 'joule_sigterm');
      db = new pg.Client({ connectionString: scratch.url });
      await db.connect();
    });

    afterAll(async () => {
      await killChildServer(child);
      await database?.close();
      await db?.end();
      await scratch?.drop();
    });

    async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
      return (await db.query(text, values)).rows as T[];
    }

    /** Sends SIGTERM; resolves with the exit code. */
    async function terminate(server: ChildServer): Promise<number | null> {
      server.process.kill('SIGTERM');
      return server.exited;
    }

    it('bills every contract exactly once across a SIGTERM in the middle of a run', async () => {
      child = await startChildServer(scratch.url, CHILD_ENV);
      database = await openDatabase({ url: scratch.url });
      // 3,000 monthly contracts due in March 2026: six batches of 500.
      const seeded = await seedBillable(database.db, { count: 3_000, prefix: 'SIGTERM' });
      const token = await signIn(child.origin);
      const created = await fetch(`${child.origin}/api/v1/billing-runs/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ month: '2026-03-01' }),
      });
      expect(created.status).toBe(201);
      const run = ((await created.json()) as { id: number }).id;

      // SIGTERM once some contracts are billed and others wait.
      const progress = async () =>
        (
          await rows<{ done: number; pending: number }>(
            `select count(*) filter (where status <> 'pending')::int as done,
                    count(*) filter (where status = 'pending')::int as pending
             from billing_run_items where run_id = $1`,
            [run],
          )
        )[0]!;
      for (let waited = 0; waited < 120_000; waited += 20) {
        const { done } = await progress();
        if (done > 0) break;
        await sleep(20);
      }
      const atSigterm = await progress();
      expect(atSigterm.done).toBeGreaterThan(0);
      expect(atSigterm.pending).toBeGreaterThan(0);
      expect(await terminate(child), child.output()).toBe(0);

      // Stopped: what is marked invoiced has its one invoice, nothing else has one.
      const stopped = await progress();
      expect(stopped.pending, 'stopped before the end of the run').toBeGreaterThan(0);
      const mismatched = await rows(
        `select i.contract_id, i.status, count(v.id)::int as invoices
         from billing_run_items i
         left join invoices v on v.contract_id = i.contract_id and v.period_from = i.period_from
           and v.period_to = i.period_to and v.state <> 'cancelled'
         where i.run_id = $1
         group by i.contract_id, i.status
         having count(v.id) <> case when i.status = 'invoiced' then 1 else 0 end`,
        [run],
      );
      expect(mismatched).toEqual([]);

      // Started again, the run goes on where it stopped and finishes.
      child = await startChildServer(scratch.url, CHILD_ENV);
      let state = 'running';
      for (let waited = 0; waited < 180_000 && state === 'running'; waited += 200) {
        await sleep(200);
        state = (
          await rows<{ state: string }>('select state from billing_runs where id = $1', [run])
        )[0]!.state;
      }
      expect(state, child.output()).toBe('done');
      expect(await progress()).toMatchObject({ pending: 0 });
      const perContract = await rows<{ contract: number; invoices: number }>(
        `select c.id as contract, count(v.id)::int as invoices
         from unnest($1::int[]) as c(id)
         left join invoices v on v.contract_id = c.id and v.period_from = '2026-03-01'
           and v.state <> 'cancelled'
         group by c.id`,
        [seeded.contracts],
      );
      expect(perContract).toHaveLength(3_000);
      expect(perContract.filter((row) => row.invoices !== 1)).toEqual([]);
      expect(await terminate(child)).toBe(0);
    }, 300_000);

    it('stores every acknowledged reading across a SIGTERM in the middle of an import', async () => {
      child = await startChildServer(scratch.url, CHILD_ENV);
      let token = await signIn(child.origin);

      // The file: 16 chunks of 2,000 new readings on ten devices, each between a device's
      // first two stored readings with its first registers (never decreasing), at seconds
      // of their own.
      const anchors = await rows<{ device: number; at: Date; a: string; b: string; c: string }>(
        `select distinct on (tariff_device_id) tariff_device_id as device,
                timestamp_received as at, obis_181::text as a, obis_182::text as b,
                obis_280::text as c
         from measurements order by tariff_device_id, timestamp_received limit 10`,
      );
      expect(anchors).toHaveLength(10);
      const CHUNKS = 16;
      const PER_DEVICE = 200;
      const chunks = Array.from({ length: CHUNKS }, (_, chunk) =>
        anchors.flatMap((anchor) =>
          Array.from({ length: PER_DEVICE }, (_, i) => ({
            tariff_device: anchor.device,
            timestamp_received: new Date(
              anchor.at.getTime() + (chunk * PER_DEVICE + i + 1) * 1000,
            ).toISOString(),
            obis_181: anchor.a,
            obis_182: anchor.b,
            obis_280: anchor.c,
          })),
        ),
      );
      const first = anchors[0]!.at.getTime();
      /** Readings of chunk `index` stored (by its devices and seconds). */
      const stored = async (index: number) =>
        (
          await rows<{ n: number }>(
            `select count(*)::int as n from measurements
             where tariff_device_id = any($1::int[]) and timestamp_received = any($2::timestamptz[])`,
            [
              anchors.map((anchor) => anchor.device),
              chunks[index]!.map((reading) => reading.timestamp_received),
            ],
          )
        )[0]!.n;
      expect(first).toBeGreaterThan(0);

      // Watch for a bulk INSERT running, then SIGTERM.
      let sigtermAt: number | undefined;
      let inFlightAtSigterm: number | undefined;
      const watcher = new pg.Client({ connectionString: scratch.url });
      await watcher.connect();
      const url = `${child.origin}/api/v1/measurements/bulk/`;
      const answers = new Map<number, number>();
      const sending = new Set<number>();
      let next = 0;
      const stopAt = child;
      const watching = (async () => {
        try {
          while (sigtermAt === undefined) {
            const found = await watcher.query(
              `select 1 from pg_stat_activity
               where datname = current_database() and pid <> pg_backend_pid()
                 and state = 'active' and query ilike '%insert into measurements%'`,
            );
            if (found.rowCount && answers.size >= 2 && sending.size > 0) {
              inFlightAtSigterm = Math.min(...sending);
              sigtermAt = Date.now();
              stopAt.process.kill('SIGTERM');
            } else await sleep(2);
          }
        } finally {
          await watcher.end();
        }
      })();
      // Two chunks in flight, as the import dialog sends them.
      const lane = async () => {
        while (next < CHUNKS && sigtermAt === undefined) {
          const index = (next += 1) - 1;
          sending.add(index);
          answers.set(index, await post(url, token, JSON.stringify(chunks[index])));
          sending.delete(index);
        }
      };
      await Promise.all([lane(), lane()]);
      await watching;
      expect(await child.exited, child.output()).toBe(0);

      expect(inFlightAtSigterm).toBeDefined();
      expect(answers.get(inFlightAtSigterm!), 'the request in flight at SIGTERM').toBe(200);
      const acknowledged = [...answers].filter(([, status]) => status === 200).map(([i]) => i);
      for (let index = 0; index < CHUNKS; index += 1) {
        const count = await stored(index);
        if (acknowledged.includes(index)) expect(count, `chunk ${index}`).toBe(2_000);
        else expect([0, 2_000], `chunk ${index}`).toContain(count);
      }
      expect(acknowledged.length).toBeLessThan(CHUNKS);

      // Started again, the client sends what was not acknowledged: everything is stored once.
      child = await startChildServer(scratch.url, CHILD_ENV);
      token = await signIn(child.origin);
      for (let index = 0; index < CHUNKS; index += 1) {
        if (acknowledged.includes(index)) continue;
        expect(
          await post(
            `${child.origin}/api/v1/measurements/bulk/`,
            token,
            JSON.stringify(chunks[index]),
          ),
        ).toBe(200);
      }
      for (let index = 0; index < CHUNKS; index += 1) expect(await stored(index)).toBe(2_000);
      const duplicates = await rows(
        `select tariff_device_id, timestamp_received from measurements
         group by tariff_device_id, timestamp_received having count(*) > 1`,
      );
      expect(duplicates).toEqual([]);
      expect(await terminate(child)).toBe(0);
    }, 300_000);
  },
);
