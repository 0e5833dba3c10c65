/**
 * Starts Joule: migrates the database, seeds demo data into an empty one (unless
 * `JOULE_DEMO=0`), serves the API and the built SPA, and prints the URL and the demo
 * sign-in. Settings come from the environment (`config.ts`).
 *
 *   npm run serve                         # API (+ dist/ if built) on http://localhost:8000/
 *   JOULE_DATA_DIR=/tmp/joule npm run serve
 *   DATABASE_URL=postgres://... npm run serve
 */
import cluster from 'node:cluster';
import { AggregatorRegistry } from 'prom-client';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import {
  DEV_IDP_ACCOUNTS,
  DEV_IDP_PASSWORD,
  devRedirectUris,
  OIDC_CLIENT_ID,
  startDevIdp,
  type DevIdp,
} from './auth/dev-idp';
import { createOidcTokenVerifier } from './auth/oidc-verifier';
import { loadSecret } from './auth/secret';
import { runCli } from './cli';
import { loadConfig, type ServerConfig } from './config';
import { loadFirstPageRenderer } from './http/first-page';
import { hasSpaBuild } from './http/spa';
import { listeningOrigin } from './http/urls';
import { installBillingQueue } from './billing';
import { startMetricsServer, type MetricsServer } from './metrics';
import { createConfiguredMailer, openConfiguredDatabase } from './runtime';
import { DEMO_PASSWORD, DEMO_USERS, isEmpty, seedDemo } from './seed';

runCli(async () => {
  const config = loadConfig();
  if (config.processes > 1 && cluster.isPrimary) {
    await runPrimary(config);
    return;
  }
  // The database is migrated (and an empty one seeded) after the server listens, so that
  // probes see it starting (docs/operations.md "Health"); several instances starting
  // together migrate and seed one at a time (an advisory lock on PostgreSQL).
  const database = await openConfiguredDatabase(config, { migrate: false });
  let seeded = false;
  const migrate = () =>
    database.migrate(async () => {
      if (config.seedDemo && (await isEmpty(database.db))) {
        await seedDemo(database.db);
        seeded = true;
      }
      // pg-boss creates its schema without a lock of its own: two creating it at once clash.
      await installBillingQueue(database.db);
    });

  // Single sign-on: a configured provider, or the dev provider on loopback (docs/product.md §4).
  let devIdp: DevIdp | undefined;
  if (config.devIdp) {
    devIdp = await startDevIdp({
      port: config.devIdp.port,
      redirectUris: devRedirectUris(config.port, config.host, config.publicUrl),
      accessTokenTtl: config.devIdp.accessLifetime,
      refreshTokenTtl: config.refreshLifetime,
      audience: config.oidcAudience,
    });
  }
  const issuer = devIdp?.issuer ?? config.oidcIssuer;

  const distDir = fileURLToPath(new URL('../dist', import.meta.url));
  const firstPageRenderer = await loadFirstPageRenderer(
    fileURLToPath(new URL('../dist-server/first-page.js', import.meta.url)),
  );
  const app = await buildApp({
    db: database.db,
    secret: loadSecret({ secretKey: config.secretKey, dataDir: config.dataDir }),
    accessLifetime: config.accessLifetime,
    refreshLifetime: config.refreshLifetime,
    resetLifetime: config.resetLifetime,
    mailer: createConfiguredMailer(config, (message) => console.log(message)),
    publicUrl: config.publicUrl,
    distDir,
    firstPageRenderer,
    authRate: config.authRate,
    expensiveRate: config.expensiveRate,
    taxRetentionYears: config.taxRetentionYears,
    oidc: issuer ? { issuer, client_id: OIDC_CLIENT_ID, max_age: config.oidcMaxAge ?? null } : null,
    externalTokenVerifiers: issuer
      ? [
          createOidcTokenVerifier({
            issuer,
            audience: config.oidcAudience,
            requireEmailVerified: config.oidcRequireEmailVerified,
          }),
        ]
      : [],
    cspConnectSrc: config.cspConnectSrc,
    release: config.release,
    trustProxy: config.trustProxy,
    logger: { level: config.logLevel },
    billingQueue: { work: config.worker },
    migrate,
    startLater: true,
    metricsToken: config.metricsToken,
    // Leave the last seconds of the deadline to closing the database.
    queueStopTimeoutMs: Math.max(1, config.shutdownTimeout - 5) * 1000,
  });
  let metricsServer: MetricsServer | undefined;
  installShutdown(
    config,
    async () => {
      await app.close();
      await devIdp?.close();
      await database.close();
      await metricsServer?.close();
    },
    () => app.server.closeAllConnections(),
  );

  await app.listen({ port: config.port, host: config.host });
  // With JOULE_PROCESSES > 1 the primary process answers for the whole cluster (runPrimary).
  if (config.metricsListener && cluster.isPrimary)
    metricsServer = await startMetricsServer(config.metricsListener);
  await app.startJoule();
  // With several processes, the first one speaks for all.
  if (cluster.isWorker && cluster.worker?.id !== 1) return;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  console.log(
    [
      `Joule is running at http://${shownHost}:${port}/`,
      `  database: ${database.description}${seeded ? ' (demo data seeded)' : ''}`,
      `  web app: ${hasSpaBuild(distDir) ? distDir : 'not built (npm run build), serving the API only'}${firstPageRenderer ? ' (list pages server-rendered for signed-in users)' : ''}`,
      ...(config.seedDemo
        ? [
            `  demo sign-in: ${DEMO_USERS.admin} / ${DEMO_PASSWORD} (also ${DEMO_USERS.clerk}, ${DEMO_USERS.accountant})`,
          ]
        : []),
      ...(devIdp
        ? [
            `  single sign-on: dev identity provider at ${devIdp.issuer} (${Object.keys(DEV_IDP_ACCOUNTS).join(', ')} / ${DEV_IDP_PASSWORD})`,
          ]
        : config.oidcIssuer
          ? [`  single sign-on: ${config.oidcIssuer}`]
          : []),
      ...(config.databaseUrl && !config.secretKey
        ? ['  note: set JOULE_SECRET_KEY when several instances share this database']
        : []),
      ...(config.publicUrl
        ? []
        : [
            `  note: reset links point at ${listeningOrigin(app.server.address())}/; set JOULE_PUBLIC_URL to the address users reach`,
          ]),
    ].join('\n'),
  );
});

/**
 * Graceful shutdown on SIGTERM or SIGINT (docs/operations.md "Stopping and upgrading"):
 * `stop` stops accepting connections, finishes the requests in flight and lets the billing
 * queue finish or hand back its batch; past `JOULE_SHUTDOWN_TIMEOUT` the connections still
 * open are cut (`cut`) and the process ends anyway, with exit code 1.
 */
function installShutdown(config: ServerConfig, stop: () => Promise<void>, cut: () => void): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (stopping) return;
      stopping = true;
      setTimeout(() => {
        console.error(`Joule: still busy after ${config.shutdownTimeout} s; ending anyway.`);
        cut();
        process.exit(1);
      }, config.shutdownTimeout * 1000);
      void stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error('Joule: shutdown failed:', error);
          process.exit(1);
        },
      );
    });
  }
}

/**
 * `JOULE_PROCESSES` > 1 (security issue, "Load": more processes when one core is not
 * enough): this process migrates, seeds an empty database, installs the billing queue and
 * makes the secret once, then forks that many workers, each the whole server on the same port
 * (Node's cluster hands them the connections). The API keeps no state in a process (tokens, revocations and
 * throttle counters live in PostgreSQL), so any worker answers any request. A worker that
 * dies is replaced; SIGINT / SIGTERM stop them all.
 */
async function runPrimary(config: ServerConfig): Promise<void> {
  const database = await openConfiguredDatabase(config, { migrate: false });
  try {
    await database.migrate(async () => {
      if (config.seedDemo && (await isEmpty(database.db))) await seedDemo(database.db);
      await installBillingQueue(database.db);
    });
  } finally {
    await database.close();
  }
  loadSecret({ secretKey: config.secretKey, dataDir: config.dataDir });
  // The workers' metrics, added up (prom-client asks each worker over the cluster's IPC).
  const metricsServer = config.metricsListener
    ? await startMetricsServer({
        ...config.metricsListener,
        render: async () => {
          const aggregator = new AggregatorRegistry();
          return { body: await aggregator.clusterMetrics(), contentType: aggregator.contentType };
        },
      })
    : undefined;
  let stopping = false;
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    console.error(`worker ${worker.id} ended (${signal ?? code}); starting another`);
    cluster.fork();
  });
  for (let i = 0; i < config.processes; i++) cluster.fork();
  for (const stop of ['SIGINT', 'SIGTERM'] as const) {
    process.once(stop, () => {
      stopping = true;
      // Each worker closes its server and database on SIGTERM (with its own deadline);
      // leave once all have gone.
      const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
      void Promise.all(
        workers.map((worker) => {
          const gone = new Promise((resolve) => worker.once('exit', resolve));
          worker.process.kill('SIGTERM');
          return gone;
        }),
      )
        .then(() => metricsServer?.close())
        .finally(() => process.exit(0));
    });
  }
}
