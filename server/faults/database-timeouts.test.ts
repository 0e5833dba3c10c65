/**
 * Fault test: a PostgreSQL address that accepts the TCP connection and then never answers
 * (a hung server, a half-open network path, a full listen queue). Without a connect
 * timeout every request would hang as long as the client waits; with it (`db/client.ts`,
 * `JOULE_DB_CONNECT_TIMEOUT`) the API answers 503 `{"detail"}` with `Retry-After` within
 * the bound. Needs no PostgreSQL.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../auth/tokens';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { startTestServer, type TestServer } from '../test-support/server';

const CONNECT_TIMEOUT_MS = 500;

describe('a PostgreSQL server that never answers', () => {
  let blackHole: Server;
  const sockets = new Set<Socket>();
  let database: DatabaseHandle;
  let server: TestServer;

  beforeAll(async () => {
    // Takes connections and says nothing, like a server that hangs.
    blackHole = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
    const address = blackHole.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    database = await openDatabase({
      url: `postgres://joule@127.0.0.1:${address.port}/joule`,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
    });
    server = await startTestServer({ database });
  });

  afterAll(async () => {
    await server?.close();
    await database?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => blackHole?.close(resolve));
  });

  it('answers 503 with Retry-After within the connect timeout, in both languages', async () => {
    const token = await createTokenService({
      secret: server.secret,
      accessLifetime: 300,
      refreshLifetime: 3600,
    }).issueAccess(1, 0, 'a-session');
    for (const [lang, detail] of [
      ['en', 'The database is temporarily unavailable. Try again later.'],
      ['cs', 'Databáze je dočasně nedostupná. Zkuste to prosím později.'],
    ] as const) {
      for (const [path, options] of [
        ['/customers/', { token }],
        ['/auth/me/', { token }],
        [
          '/auth/jwt/create/',
          { method: 'POST', body: { email: 'admin@joule.test', password: 'whatever-long' } },
        ],
      ] as const) {
        const started = Date.now();
        const response = await server.request(path, { ...options, lang });
        const took = Date.now() - started;
        expect(response.status, `${path} ${lang}`).toBe(503);
        expect(response.body).toEqual({ detail });
        expect(response.headers.get('retry-after')).toBe('5');
        expect(took).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
        expect(took).toBeLessThan(CONNECT_TIMEOUT_MS + 2_000);
      }
    }
  });

  it('answers 503 to concurrent requests too, none left hanging', async () => {
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        server.request('/auth/jwt/create/', {
          method: 'POST',
          body: { email: 'admin@joule.test', password: 'whatever-long' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 503));
    // The pool opens at most 10 connections; the others wait in its queue, also bounded.
    expect(Date.now() - started).toBeLessThan(4 * CONNECT_TIMEOUT_MS + 2_000);
  });
});
