/**
 * Fault test: the server process is killed (SIGKILL: no clean-up, no answer) while a bulk
 * ingest of meter readings is in flight (security issue, "Faults"). The batch of
 * `POST /measurements/bulk/` is one transaction (`resources/bulk/measurements.ts`), so the
 * database holds either none of its readings or all of them, never a part.
 *
 * The real server runs as a child process (`node --import tsx server/main.ts`) on a fresh
 * database of the PostgreSQL server at `JOULE_TEST_POSTGRES_URL` (default the shared
 * `postgres://postgres@127.0.0.1:5432/test`) with the demo data. Each round signs in,
 * sends the largest allowed batch of new readings, kills the child at a different moment
 * after the body has gone out, waits until PostgreSQL has finished with the dead
 * connection, and counts. Skipped (saying why) when that server cannot be reached.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BULK_READINGS } from '../resources/bulk/measurements';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed';
import { freePort, testPostgresAvailable, testPostgresUrl } from '../test-support/pg-cluster';

const serverUrl = testPostgresUrl;
const root = fileURLToPath(new URL('../..', import.meta.url));

const available = await testPostgresAvailable();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The child server and how it ended. */
interface Child {
  readonly process: ChildProcess;
  readonly origin: string;
  readonly exited: Promise<void>;
}

/** Starts `server/main.ts` on `databaseUrl`; resolves once it listens. */
async function startChild(databaseUrl: string): Promise<Child> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOULE_DEMO: '1',
      JOULE_SECRET_KEY: 'fault-test-secret-0123456789-0123456789',
      JOULE_DATA_DIR: 'memory://',
      JOULE_AUTH_RATE: 'off',
      JOULE_EXPENSIVE_RATE: 'off',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 50_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Joule is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  return { process: child, origin: `http://127.0.0.1:${port}`, exited };
}

/** What became of one bulk request. */
type Outcome = { readonly answered: number } | { readonly cut: true };

/**
 * Sends `body` to the bulk URL and kills `child` once `killWhen` resolves, which starts
 * when the body has been handed to the socket in full. Resolves with the answer's status
 * if one came first.
 */
function sendAndKill(
  child: Child,
  token: string,
  body: string,
  killWhen: () => Promise<unknown>,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const request = httpRequest(`${child.origin}/api/v1/measurements/bulk/`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    request.on('response', (response) => {
      response.resume();
      resolve({ answered: response.statusCode ?? 0 });
    });
    request.on('error', () => resolve({ cut: true }));
    request.on('finish', () => {
      void killWhen().then(() => child.process.kill('SIGKILL'));
    });
    request.end(body);
  });
}

describe.skipIf(!available)(
  available
    ? 'the server killed during a bulk ingest'
    : `the server killed during a bulk ingest (skipped: no PostgreSQL at ${serverUrl}; set JOULE_TEST_POSTGRES_URL)`,
  () => {
    const name = `joule_fault_${randomBytes(6).toString('hex')}`;
    let databaseUrl: string;
    let db: pg.Client;
    let child: Child | undefined;

    async function admin(statement: string) {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      await admin(`CREATE DATABASE ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      databaseUrl = url.toString();
      db = new pg.Client({ connectionString: databaseUrl });
      await db.connect();
    });

    afterAll(async () => {
      child?.process.kill('SIGKILL');
      await child?.exited;
      await db?.end();
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    async function count(): Promise<number> {
      const result = await db.query<{ n: string }>('select count(*) as n from measurements');
      return Number(result.rows[0]!.n);
    }

    /** Waits until no other connection to the database runs a statement any more. */
    async function settled(): Promise<void> {
      for (let waited = 0; waited < 20_000; waited += 50) {
        const busy = await db.query(
          `select 1 from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid()
             and state is not null and state <> 'idle'`,
        );
        if (busy.rowCount === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error('PostgreSQL still busy with the killed server');
    }

    /** Resolves once another connection runs the bulk INSERT (polled every 2 ms). */
    async function inserting(): Promise<void> {
      const watcher = new pg.Client({ connectionString: databaseUrl });
      await watcher.connect();
      try {
        for (let waited = 0; waited < 20_000; waited += 2) {
          const found = await watcher.query(
            `select 1 from pg_stat_activity
             where datname = current_database() and pid <> pg_backend_pid()
               and state = 'active' and query ilike '%insert into measurements%'`,
          );
          if (found.rowCount) return;
          await sleep(2);
        }
        throw new Error('the bulk INSERT was never seen running');
      } finally {
        await watcher.end();
      }
    }

    async function signIn(origin: string): Promise<string> {
      const response = await fetch(`${origin}/api/v1/auth/jwt/create/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_USERS.admin, password: DEMO_PASSWORD }),
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { access: string }).access;
    }

    /**
     * Round `round`'s batch: {@link MAX_BULK_READINGS} new readings on ten devices, each
     * between a device's first two stored (daily) readings, with the registers of the
     * first (never decreasing, never above the next), at seconds no other round uses.
     */
    async function batch(round: number): Promise<string> {
      const anchors = await db.query<{ device: number; at: Date; a: string; b: string; c: string }>(
        `select distinct on (tariff_device_id) tariff_device_id as device,
                timestamp_received as at, obis_181::text as a, obis_182::text as b, obis_280::text as c
         from measurements order by tariff_device_id, timestamp_received limit 10`,
      );
      expect(anchors.rows).toHaveLength(10);
      const perDevice = MAX_BULK_READINGS / anchors.rows.length;
      const readings = anchors.rows.flatMap((anchor) =>
        Array.from({ length: perDevice }, (_, i) => ({
          tariff_device: anchor.device,
          timestamp_received: new Date(
            anchor.at.getTime() + (round * perDevice + i + 1) * 1000,
          ).toISOString(),
          obis_181: anchor.a,
          obis_182: anchor.b,
          obis_280: anchor.c,
        })),
      );
      return JSON.stringify(readings);
    }

    it('stores all of a batch or none of it, wherever the process dies', async () => {
      child = await startChild(databaseUrl);
      let token = await signIn(child.origin);

      // An uncut round first: it must store the whole batch, and it tells how long one takes.
      const before = await count();
      const started = performance.now();
      const full = await fetch(`${child.origin}/api/v1/measurements/bulk/`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: await batch(0),
      });
      const took = performance.now() - started;
      expect(full.status).toBe(200);
      expect(await full.json()).toMatchObject({ created: MAX_BULK_READINGS, failed: 0 });
      expect(await count()).toBe(before + MAX_BULK_READINGS);

      // Then rounds killed at different moments of the request's work: after fractions of
      // the uncut time, and the moment PostgreSQL is seen running the batch's INSERT (the
      // transaction open, part of the rows written).
      const moments: { readonly label: string; readonly killWhen: () => Promise<unknown> }[] = [
        ...[0, 0.2, 0.45, 0.7, 0.95].map((fraction) => {
          const delay = Math.round(took * fraction);
          return { label: `${delay} ms after the body`, killWhen: () => sleep(delay) };
        }),
        { label: 'during the INSERT', killWhen: () => inserting() },
      ];
      const outcomes: { label: string; outcome: Outcome; stored: number }[] = [];
      for (const [i, { label, killWhen }] of moments.entries()) {
        const body = await batch(i + 1);
        const old = await count();
        const outcome = await sendAndKill(child, token, body, killWhen);
        await child.exited;
        await settled();
        const stored = (await count()) - old;
        outcomes.push({ label, outcome, stored });
        expect([0, MAX_BULK_READINGS], `killed ${label}`).toContain(stored);
        if ('answered' in outcome) expect(stored, label).toBe(MAX_BULK_READINGS);
        if (i < moments.length - 1) {
          child = await startChild(databaseUrl);
          token = await signIn(child.origin);
        }
      }
      console.log(
        `bulk kill rounds (uncut ingest ${Math.round(took)} ms):`,
        outcomes.map(({ label, outcome, stored }) => ({
          label,
          ...('cut' in outcome ? { cut: true } : outcome),
          stored,
        })),
      );
      // Most rounds were really cut in flight (not answered before the kill), the INSERT
      // one always.
      expect(outcomes.filter(({ outcome }) => 'cut' in outcome).length).toBeGreaterThanOrEqual(3);
      expect(outcomes.at(-1)).toMatchObject({ outcome: { cut: true }, stored: 0 });
    }, 180_000);
  },
);
