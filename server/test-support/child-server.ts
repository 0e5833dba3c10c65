/**
 * The real server as a child process (`node --import tsx server/main.ts`) for tests that stop,
 * kill or start it together with others: on a given PostgreSQL database, a free loopback
 * port, the demo data, a fixed secret and no sign-in throttling.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { freePort } from './pg-cluster';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A server process. */
export interface ChildServer {
  readonly process: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Resolves with the exit code (null when ended by a signal). */
  readonly exited: Promise<number | null>;
  /** Everything it printed so far. */
  output(): string;
}

/**
 * Starts the server on `databaseUrl` with `env` added; resolves once it says it is running
 * (migrated, seeded, its queue started), or rejects with what it printed.
 */
export async function startChildServer(
  databaseUrl: string,
  env: Readonly<Record<string, string>> = {},
): Promise<ChildServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      JOULE_DEMO: '1',
      JOULE_SECRET_KEY: 'child-server-test-secret-0123456789-0123456789',
      JOULE_DATA_DIR: 'memory://',
      JOULE_AUTH_RATE: 'off',
      JOULE_EXPENSIVE_RATE: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 90_000);
    const check = () => {
      if (output.includes('Joule is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.stderr!.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}):\n${output}`));
    });
  });
  return { process: child, origin: `http://127.0.0.1:${port}`, exited, output: () => output };
}

/** Stops `child` with SIGKILL if it still runs (test clean-up). */
export async function killChildServer(child: ChildServer | undefined): Promise<void> {
  if (!child || child.process.exitCode !== null || child.process.signalCode !== null) return;
  child.process.kill('SIGKILL');
  await child.exited;
}

/**
 * A fresh database on the PostgreSQL server at `serverUrl`, named `<prefix>_<random>`, and
 * how to drop it: empty, or a copy of the database `template` (`CREATE DATABASE … TEMPLATE`).
 */
export async function scratchDatabase(
  serverUrl: string,
  prefix = 'joule_test',
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}
