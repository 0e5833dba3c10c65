/**
 * `JOULE_PROCESSES=2` (security issue, "Load": several server processes when one core is
 * not enough): `server/main.ts` forks two workers on one port, and because the API keeps no
 * state in a process, a refresh token revoked through one worker is refused by every
 * worker. Runs the real entry point as a child process on a fresh database of the
 * PostgreSQL server at `JOULE_TEST_POSTGRES_URL` (default the local one); skipped, saying
 * why, when none answers. With `JOULE_METRICS_PORT` the primary answers the metrics of both
 * workers added up (docs/operations.md "Metrics").
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from './seed';
import { freePort, testPostgresAvailable, testPostgresUrl } from './test-support/pg-cluster';

const serverUrl = testPostgresUrl;
const root = fileURLToPath(new URL('..', import.meta.url));

const available = await testPostgresAvailable();

/** Pids of the processes below `pid` (children, grandchildren, …). */
function descendants(pid: number): number[] {
  const table = execFileSync('ps', ['-eo', 'pid=,ppid=']).toString().trim().split('\n');
  const children = new Map<number, number[]>();
  for (const line of table) {
    const [child, parent] = line.trim().split(/\s+/).map(Number);
    children.set(parent!, [...(children.get(parent!) ?? []), child!]);
  }
  const found: number[] = [];
  const walk = (id: number) => {
    for (const child of children.get(id) ?? []) {
      found.push(child);
      walk(child);
    }
  };
  walk(pid);
  return found;
}

describe.skipIf(!available)('two server processes on one port (JOULE_PROCESSES=2)', () => {
  const name = `joule_test_${randomBytes(6).toString('hex')}`;
  const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
  let child: ChildProcess;
  let origin: string;
  let metricsOrigin: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    const metricsPort = await freePort();
    metricsOrigin = `http://127.0.0.1:${metricsPort}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        JOULE_PROCESSES: '2',
        JOULE_METRICS_PORT: String(metricsPort),
        PORT: String(port),
        HOST: '127.0.0.1',
        JOULE_SECRET_KEY: 'processes-test-secret-0123456789-0123456789',
        JOULE_DATA_DIR: 'memory://',
        JOULE_AUTH_RATE: 'off',
        JOULE_EXPENSIVE_RATE: 'off',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`did not start:\n${output}`)), 60_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Joule is running')) {
          clearTimeout(timer);
          resolve();
        }
      };
      child.stdout!.on('data', onData);
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    });
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('runs two workers below the primary', async () => {
    // The primary is the child itself; each worker is a node process below it.
    const workers = descendants(child.pid!);
    expect(workers.length).toBeGreaterThanOrEqual(2);
  });

  it('answers from either worker with state shared through the database', async () => {
    const signIn = await fetch(`${origin}/api/v1/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_USERS.admin, password: DEMO_PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    const { access, refresh } = (await signIn.json()) as { access: string; refresh: string };

    const pages = await Promise.all(
      Array.from({ length: 20 }, () =>
        fetch(`${origin}/api/v1/customers/?page_size=5`, {
          headers: { authorization: `Bearer ${access}` },
        }).then((response) => response.status),
      ),
    );
    expect(pages).toEqual(Array(20).fill(200));

    const revoked = await fetch(`${origin}/api/v1/auth/jwt/blacklist/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    expect(revoked.status).toBe(200);
    // Whichever worker takes each of these, the revocation holds.
    const refreshes = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${origin}/api/v1/auth/jwt/refresh/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ refresh }),
        }).then((response) => response.status),
      ),
    );
    expect(refreshes).toEqual(Array(10).fill(401));
  });

  it("answers the metrics port with both workers' requests added up", async () => {
    const series =
      /^joule_http_requests_total\{route="\/api\/v1\/customers\/",method="GET",status="200"\} (\d+)$/m;
    const before = Number(
      series.exec(await (await fetch(`${metricsOrigin}/metrics`)).text())?.[1] ?? 0,
    );
    const token = (
      (await (
        await fetch(`${origin}/api/v1/auth/jwt/create/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: DEMO_USERS.admin, password: DEMO_PASSWORD }),
        })
      ).json()) as { access: string }
    ).access;
    // New connections each, so that the primary spreads them over both workers.
    for (let i = 0; i < 30; i += 1) {
      const response = await fetch(`${origin}/api/v1/customers/?page_size=1`, {
        headers: { authorization: `Bearer ${token}`, connection: 'close' },
      });
      expect(response.status).toBe(200);
    }
    const after = Number(series.exec(await (await fetch(`${metricsOrigin}/metrics`)).text())?.[1]);
    expect(after - before).toBe(30);
  });

  it('stops its workers with it on SIGTERM', async () => {
    const workers = descendants(child.pid!);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    // Their own helpers (esbuild's service under tsx) may take a moment after them.
    await vi.waitFor(
      () => {
        const alive = execFileSync('ps', ['-eo', 'pid=']).toString().split(/\s+/).map(Number);
        expect(workers.filter((pid) => alive.includes(pid))).toEqual([]);
      },
      { timeout: 10_000, interval: 200 },
    );
  });
});
