/**
 * The reference server as a child process for drift checks: started on a free loopback port
 * with an in-memory (or throw-away) database, awaited until it serves `/api/v1/schema/`,
 * always stopped with its whole process group (npx → tsx → node).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A running server. */
export interface RunningServer {
  /** API base, e.g. `http://127.0.0.1:41234/api/v1`. */
  readonly apiUrl: string;
  /** Stops the process group; resolves when the child has exited (or after a forced kill). */
  stop(): Promise<void>;
}

/** How to start it. */
export interface ServerOptions {
  /** Command and arguments, run from `cwd`. */
  readonly command: readonly [string, ...string[]];
  readonly cwd: string;
  /** `JOULE_DATA_DIR`: `memory://` or a fresh folder. */
  readonly dataDir: string;
  /** Milliseconds to wait for the schema endpoint. */
  readonly timeoutMs: number;
}

/** A TCP port free on 127.0.0.1 right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts the server and waits for its schema; stops it again if it never gets ready. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    JOULE_DATA_DIR: options.dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    // Any fixed key will do (the server wants at least 32 characters); tokens live only here.
    JOULE_SECRET_KEY: 'drift-drift-drift-drift-drift-drift',
  };
  // No demo mode (the admin must exist) and never a real database.
  delete env.JOULE_DEMO;
  delete env.DATABASE_URL;
  const [command, ...args] = options.command;
  const child = spawn(command, args, {
    cwd: options.cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const keep = (chunk: Buffer): void => {
    output.push(chunk.toString('utf8'));
    if (output.length > 200) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: RunningServer = {
    apiUrl: `http://127.0.0.1:${port}/api/v1`,
    stop: () => stopGroup(child, exited),
  };
  try {
    await waitForSchema(server.apiUrl, child, options.timeoutMs);
  } catch (error) {
    await server.stop();
    const tail = output.join('').split('\n').slice(-30).join('\n');
    throw new Error(
      `${error instanceof Error ? error.message : String(error)}\n--- server output ---\n${tail}`,
    );
  }
  return server;
}

async function waitForSchema(
  apiUrl: string,
  child: ChildProcess,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the server exited early (${child.exitCode ?? child.signalCode})`);
    }
    try {
      const response = await fetch(`${apiUrl}/schema/`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not serve ${apiUrl}/schema/ within ${timeoutMs} ms`);
}

async function stopGroup(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  const signalGroup = (signal: NodeJS.Signals): void => {
    try {
      // The negative pid addresses the group this child leads (it was spawned detached).
      process.kill(-(child.pid ?? 0), signal);
    } catch {
      // Already gone.
    }
  };
  signalGroup('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 5000));
  if ((await Promise.race([exited, timeout])) === 'timeout') {
    signalGroup('SIGKILL');
    await exited;
  }
  // Grandchildren that outlived the leader (a tsx watcher, a worker) go too.
  signalGroup('SIGKILL');
}
