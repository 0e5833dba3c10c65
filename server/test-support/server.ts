/**
 * Test harness: the real app on a real port over an in-memory PGlite, spoken to with
 * `fetch`. With `JOULE_TEST_DATABASE_URL` set (a PostgreSQL role allowed to create
 * databases), each server gets a fresh PostgreSQL database instead, dropped on close, so
 * the same suite checks both engines. Each database is a copy of the run's migrated and
 * seeded template (template.ts). One server per test file (a server still takes about a
 * second to start):
 *
 * ```ts
 * let server: TestServer;
 * beforeAll(async () => { server = await startTestServer(); });
 * afterAll(() => server.close());
 * ```
 */
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app';
import { MemoryMailer } from '../auth/mailer';
import { setPasswordCost, type ScryptCost } from '../auth/passwords';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed';
import { scratchDatabase } from './child-server';
import { seedTestDatabase, TEST_PASSWORD_COST } from './template';

export { TEST_PASSWORD_COST, TEST_READING_DAYS } from './template';

/**
 * A JSON answer. The body defaults to `any`: it is whatever JSON came over the wire (the
 * fetch seam), and tests assert on it directly.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface TestResponse<T = any> {
  readonly status: number;
  readonly headers: Headers;
  /** Parsed JSON, or undefined for an empty body. */
  readonly body: T;
}

/** Options of one {@link TestServer.request}. */
export interface RequestOptions {
  readonly method?: string;
  /** Bearer token. */
  readonly token?: string;
  /** Sent as JSON unless it is a string (sent as is). */
  readonly body?: unknown;
  /** Accept-Language. */
  readonly lang?: string;
  readonly headers?: Record<string, string>;
}

/** A running test server. */
export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly app: FastifyInstance;
  readonly database: DatabaseHandle;
  readonly mailer: MemoryMailer;
  /** The signing secret, to forge tokens in tests. */
  readonly secret: Uint8Array;
  /** Calls `path` (relative to `/api/v1` unless it starts with `http` or `//`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see TestResponse
  request<T = any>(path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  /** Signs in and returns the access token. */
  login(email: string, password?: string): Promise<string>;
  /**
   * Creates (as the demo admin) a role with exactly `privileges` and a new user holding only
   * it, signs that user in and returns the access token.
   */
  loginWithPrivileges(privileges: readonly string[]): Promise<string>;
  close(): Promise<void>;
}

/** Test-only options: reuse a database (to run a second app on it) and app overrides. */
export interface TestServerOptions extends Partial<Omit<AppOptions, 'db'>> {
  readonly database?: DatabaseHandle;
  /**
   * Cost of new password hashes and the target of the sign-in's rehash, for the whole test
   * process (`setPasswordCost`). @default TEST_PASSWORD_COST
   */
  readonly passwordCost?: ScryptCost;
  /**
   * The PostgreSQL server (a role allowed to create databases) to make the fresh database
   * on; `null`: in-memory PGlite. Defaults to `JOULE_TEST_DATABASE_URL`, else PGlite.
   */
  readonly postgresUrl?: string | null;
}

/** What the global set-up provided, or null outside a run that has it. */
function provided<K extends 'joulePgliteTemplate' | 'joulePostgresTemplate'>(key: K) {
  try {
    return inject(key) ?? null;
  } catch {
    return null;
  }
}

let pgliteArchive: Blob | undefined;

/** The PGlite template's archive, read once per test process; null without a template. */
function pgliteTemplate(): Blob | null {
  const file = provided('joulePgliteTemplate');
  if (!file) return null;
  pgliteArchive ??= new Blob([readFileSync(file)]);
  return pgliteArchive;
}

/** The name of the template database on the server at `serverUrl`; null without one there. */
function postgresTemplate(serverUrl: string): string | null {
  const template = provided('joulePostgresTemplate');
  return template?.serverUrl === serverUrl ? template.name : null;
}

/**
 * A fresh database, migrated and seeded ({@link seedTestDatabase}): a copy of the run's
 * template where there is one (template.ts), else made here; in-memory PGlite, or with
 * `serverUrl` a new PostgreSQL database there, dropped on close.
 */
async function freshDatabase(
  serverUrl = process.env.JOULE_TEST_DATABASE_URL,
): Promise<DatabaseHandle> {
  if (!serverUrl) {
    const archive = pgliteTemplate();
    if (archive) return openDatabase({ memory: true, archive });
    const handle = await openDatabase({ memory: true });
    await seedTestDatabase(handle);
    return handle;
  }
  const template = postgresTemplate(serverUrl);
  const scratch = await scratchDatabase(serverUrl, 'joule_test', template ?? undefined);
  const handle = await openDatabase({ url: scratch.url });
  if (!template) await seedTestDatabase(handle);
  return {
    ...handle,
    async close() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/** Starts the app on a random loopback port over a fresh, migrated, seeded database. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { passwordCost = TEST_PASSWORD_COST, postgresUrl: _postgresUrl, ...appOptions } = options;
  // Sign-ins would otherwise upgrade the cheap test hashes to the production cost.
  setPasswordCost(passwordCost);
  const ownDatabase = !options.database;
  const database =
    options.database ??
    (await freshDatabase(
      options.postgresUrl === undefined ? undefined : (options.postgresUrl ?? ''),
    ));
  const mailer = new MemoryMailer();
  const secret =
    options.secret ?? new TextEncoder().encode('test-secret-0123456789-0123456789-abcdef');
  const app = await buildApp({ mailer, ...appOptions, secret, db: database.db });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const origin = `http://127.0.0.1:${address.port}`;
  let usersMade = 0;

  async function request<T>(path: string, init: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.lang) headers['accept-language'] = init.lang;
    let body: string | undefined;
    if (init.body !== undefined) {
      body = typeof init.body === 'string' ? init.body : JSON.stringify(init.body);
      headers['content-type'] ??= 'application/json';
    }
    const url = /^https?:/.test(path) ? path : `${origin}/api/v1${path}`;
    const response = await fetch(url, { method: init.method ?? 'GET', headers, body });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text === '' ? undefined : JSON.parse(text)) as T,
    };
  }

  async function login(email: string, password = DEMO_PASSWORD): Promise<string> {
    const response = await request<{ access: string }>('/auth/jwt/create/', {
      method: 'POST',
      body: { email, password },
    });
    if (response.status !== 200) throw new Error(`login ${email}: ${response.status}`);
    return response.body.access;
  }

  return {
    origin,
    app,
    database,
    mailer,
    secret,
    request,
    login,
    async loginWithPrivileges(privileges) {
      const admin = await login(DEMO_USERS.admin);
      usersMade += 1;
      const email = `privileges-${usersMade}@joule.test`;
      const password = `privileges-password-${usersMade}`;
      const role = await request<{ id: number }>('/roles/', {
        method: 'POST',
        token: admin,
        body: { name: `Only ${privileges.join(', ') || 'nothing'} (${usersMade})`, privileges },
      });
      if (role.status !== 201) throw new Error(`role: ${role.status}`);
      const user = await request('/users/', {
        method: 'POST',
        token: admin,
        body: { email, password, roles: [role.body.id] },
      });
      if (user.status !== 201) throw new Error(`user: ${user.status}`);
      return login(email, password);
    },
    async close() {
      await app.close();
      if (ownDatabase) await database.close();
    },
  };
}

/**
 * Asserts that `token` gets 403 from every method of each resource in `names` (list,
 * create, retrieve, update, delete; docs/api.md "Privileges": the privilege gates every
 * method). `body` is sent with POST and PATCH.
 */
export async function expectForbidden(
  server: TestServer,
  token: string,
  names: readonly string[],
  body: unknown = {},
): Promise<void> {
  for (const name of names) {
    for (const [method, path] of [
      ['GET', `/${name}/`],
      ['POST', `/${name}/`],
      ['GET', `/${name}/1/`],
      ['PATCH', `/${name}/1/`],
      ['DELETE', `/${name}/1/`],
    ] as const) {
      const response = await server.request(path, {
        method,
        token,
        body: method === 'POST' || method === 'PATCH' ? body : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(403);
    }
  }
}

/** A test server shared by one file's tests, with the demo admin's and clerk's access tokens. */
export interface SignedInServer {
  readonly server: TestServer;
  /** The demo admin's access token. */
  readonly admin: string;
  /** The demo clerk's access token. */
  readonly clerk: string;
}

/**
 * Starts a test server before the calling file's tests and closes it after them, with the demo
 * admin and clerk signed in. The returned object's fields are set in `beforeAll`: read them
 * inside tests, not at the file's top level.
 */
export function signedInServerForFile(options: TestServerOptions = {}): SignedInServer {
  const context = {} as { server: TestServer; admin: string; clerk: string };
  beforeAll(async () => {
    context.server = await startTestServer(options);
    context.admin = await context.server.login(DEMO_USERS.admin);
    context.clerk = await context.server.login(DEMO_USERS.clerk);
  });
  afterAll(() => context.server?.close());
  return context;
}

/**
 * Creates a tariff device with serial number `serial` (named "Elektroměr <serial>") as the
 * holder of `token`, expecting 201; returns its id.
 */
export async function createTariffDevice(
  server: TestServer,
  token: string,
  serial: string,
): Promise<number> {
  const response = await server.request('/tariffdevices/', {
    method: 'POST',
    token,
    body: { serial_number: serial, name: `Elektroměr ${serial}` },
  });
  expect(response.status).toBe(201);
  return response.body.id;
}
