/**
 * The app as the benches run it: started in-process on a loopback port over a database handle,
 * with the demo admin signed in.
 */
import { buildApp } from '../server/app';
import { MemoryMailer } from '../server/auth/mailer';
import type { DatabaseHandle } from '../server/db/client';
import { DEMO_PASSWORD, DEMO_USERS } from '../server/seed';

/** A running bench app. */
export interface BenchApp {
  /** `http://127.0.0.1:<port>/api/v1` */
  readonly base: string;
  /** The demo admin's access token (valid an hour). */
  readonly access: string;
  close(): Promise<void>;
}

/**
 * Starts the app on `handle` on loopback port `port` (default `JOULE_BENCH_PORT`, else 0: a
 * free one) and signs in the demo admin.
 * @throws when the app does not listen or the sign-in is refused.
 */
export async function startBenchApp(
  handle: DatabaseHandle,
  port = Number(process.env.JOULE_BENCH_PORT ?? 0),
): Promise<BenchApp> {
  const app = await buildApp({
    db: handle.db,
    mailer: new MemoryMailer(),
    secret: new TextEncoder().encode('bench-secret-0123456789-0123456789-abcdef'),
    accessLifetime: 3600,
  });
  await app.listen({ port, host: '127.0.0.1' });
  try {
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    const base = `http://127.0.0.1:${address.port}/api/v1`;
    const login = await fetch(`${base}/auth/jwt/create/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_USERS.admin, password: DEMO_PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in refused: ${login.status}`);
    const { access } = (await login.json()) as { access: string };
    return { base, access, close: () => app.close() };
  } catch (error) {
    await app.close();
    throw error;
  }
}
