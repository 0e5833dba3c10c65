/**
 * Builds the Fastify application: the API under `/api/v1` (auth, config, schema, every
 * resource of `resources/definitions`) and the built SPA. The database is injected, so
 * tests run the real app on an in-memory PGlite (see `test-support/server.ts`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createAuthenticator } from './auth/authenticate';
import { registerBillingRoutes } from './billing';
import { AccountNotices } from './auth/account-notices';
import type { Mailer } from './auth/mailer';
import { ResetTokens } from './auth/reset-tokens';
import { registerAuthRoutes, type OidcClientConfig } from './auth/routes';
import { createTokenService, type ExternalTokenVerifier } from './auth/tokens';
import type { Database } from './db/client';
import { isDatabaseUnavailable } from './db/errors';
import { installErrorHandler } from './http/error-handler';
import { Readiness, installStartGate, registerHealthRoutes } from './http/health';
import { installHttpMetrics, registerMetricsRoute } from './metrics';
import { installJsonParser } from './http/json-parser';
import { serializeRequestForLog } from './http/log-redaction';
import { registerPath } from './http/routes';
import type { FirstPageRenderer } from './http/first-page';
import { listeningOrigin } from './http/urls';
import { MAX_PARAM_LENGTH, answerFrameworkError, installUrlLimit } from './http/url-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { installExpensiveLimit } from './http/expensive';
import { hasSpaBuild, registerSpa } from './http/spa';
import type { ThrottleRate } from './http/throttle';
import { registerInvoiceRoutes, registerPaymentRoutes } from './billing';
import { registerReportRoutes } from './resources/reports/reports';
import { startBillingQueue, type BillingQueue } from './billing';
import { buildOpenApiDocument } from './openapi/document';
import { registerMeasurementsBulk } from './resources/bulk/measurements';
import { registerConsumptionRoute } from './resources/consumption/consumption';
import { registerPrivacyRoutes } from './privacy';
import { resources } from './resources/definitions';
import { ResourceRegistry } from './resources/engine';
import { registerAuditRoute, registerResourceRoutes } from './resources/engine';
import { installRowCounts } from './resources/engine';
import type { ResourceDefinition } from './resources/engine';

/** The API's URL prefix (docs/api.md "Base, format, auth"). */
export const API_PREFIX = '/api/v1';

/** Everything {@link buildApp} needs; `main.ts` fills it from the environment. */
export interface AppOptions {
  /** The database: migrated, unless {@link AppOptions.migrate} migrates it. */
  readonly db: Database;
  /**
   * Migrates (and seeds) the database as the first step of the app's start (see
   * {@link AppOptions.startLater}); until it is done the app answers only `/healthz`,
   * `/readyz` and `/metrics`. @default undefined (the database is migrated already)
   */
  readonly migrate?: () => Promise<void>;
  /**
   * Build the app without starting it: the caller listens first (so that probes see it
   * starting) and then calls {@link JouleStart} `app.startJoule()`. @default false
   */
  readonly startLater?: boolean;
  /** Where the process's readiness is kept (`/readyz`). @default a new one */
  readonly readiness?: Readiness;
  /**
   * The bearer token of `GET /metrics` (`JOULE_METRICS_TOKEN`); without it the app serves no
   * `/metrics`. @default undefined
   */
  readonly metricsToken?: string;
  /**
   * Longest the billing queue waits, on close, for the batch it is billing before handing
   * it back to the queue, in milliseconds. @default 10000
   */
  readonly queueStopTimeoutMs?: number;
  /** Signing secret for JWTs and reset links (`auth/secret.ts`). */
  readonly secret: Uint8Array;
  /** Access token lifetime in seconds. @default 300 */
  readonly accessLifetime?: number;
  /** Refresh token lifetime in seconds. @default 86400 */
  readonly refreshLifetime?: number;
  /** Password-reset link lifetime in seconds. @default 86400 */
  readonly resetLifetime?: number;
  readonly mailer: Mailer;
  /**
   * Base URL of the app for links in mails (`JOULE_PUBLIC_URL`); when undefined, the
   * address the server listens on (`http://localhost:<port>` for a wildcard host). Never
   * the request's `Host`, which whoever asks for a reset mail controls.
   */
  readonly publicUrl?: string;
  /** Folder of the built SPA; nothing is served when undefined or not built. */
  readonly distDir?: string;
  /**
   * Renders the first rows of list pages into `index.html` for a signed-in user
   * (`dist-server/first-page.js`, loaded by `loadFirstPageRenderer`); none when undefined.
   */
  readonly firstPageRenderer?: FirstPageRenderer | null;
  /**
   * Years an invoice is kept after the end of its year before its customer may be
   * anonymised (`JOULE_TAX_RETENTION_YEARS`; docs/operations.md "Personal data"). @default 10
   */
  readonly taxRetentionYears?: number;
  /** Today in Europe/Prague, `YYYY-MM-DD`, for the privacy rules; tests move it. @default the clock's */
  readonly today?: () => string;
  /** Rate of anonymous auth calls per account and address; undefined: unlimited. */
  readonly authRate?: ThrottleRate;
  /**
   * Rate of each class of expensive operation per signed-in user (`http/expensive.ts`);
   * undefined: unlimited.
   */
  readonly expensiveRate?: ThrottleRate;
  /** OIDC client settings published by `/config/`. @default null */
  readonly oidc?: OidcClientConfig | null;
  /** Verifiers for bearer tokens of other issuers (OIDC). */
  readonly externalTokenVerifiers?: readonly ExternalTokenVerifier[];
  /**
   * More origins the SPA may call besides its own and the OIDC issuer's
   * (`JOULE_CSP_CONNECT_SRC`; Content-Security-Policy `connect-src`). @default []
   */
  readonly cspConnectSrc?: readonly string[];
  /** Release name published by `/config/`. @default null */
  readonly release?: string | null;
  /**
   * The server's clock for what it signs (tokens' `iat` and `exp`, reset links' expiry);
   * tests freeze it. @default the system clock
   */
  readonly now?: () => Date;
  /** Fastify's logger option. @default false */
  readonly logger?: FastifyServerOptions['logger'];
  /** Fastify's trustProxy option (honour `X-Forwarded-*`). @default false */
  readonly trustProxy?: FastifyServerOptions['trustProxy'];
  /** The resources to serve. @default every definition of `resources/definitions` */
  readonly resources?: readonly ResourceDefinition[];
  /**
   * Start the billing job queue (pg-boss) with the app, stopped when it closes; `work`
   * takes jobs in this process (`billing/runs/queue.ts`). Without it a billing run is
   * planned and enqueued only when some process of the database runs the queue.
   * @default undefined (no queue)
   */
  readonly billingQueue?: { readonly work: boolean; readonly inlinePlanMax?: number };
}

/** Starts a built app's services: migrations, row counts, the job queue. Runs once. */
export type JouleStart = () => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** See {@link JouleStart}; already run unless the app was built with `startLater`. */
    startJoule: JouleStart;
  }
}

/**
 * Fastify's logger option with request URLs redacted (docs/security.md "Logs": no token or
 * reset link in any log line).
 */
function withRedaction(
  logger: NonNullable<FastifyServerOptions['logger']>,
): FastifyServerOptions['logger'] {
  if (logger === false) return false;
  const base = logger === true ? {} : logger;
  return { ...base, serializers: { ...base.serializers, req: serializeRequestForLog } };
}

/** Builds the app (not yet listening). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: withRedaction(options.logger ?? false),
    trustProxy: options.trustProxy ?? false,
    // Paths match exactly (Fastify's default): every API URL ends with `/` (docs/api.md "Base, format, auth").
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
  });
  // First, so that every answer carries them (docs/security-headers.md).
  await registerSecurityHeaders(app, {
    indexHtml: hasSpaBuild(options.distDir)
      ? readFileSync(join(options.distDir, 'index.html'), 'utf8')
      : undefined,
    publicUrl: options.publicUrl,
    oidcIssuer: options.oidc?.issuer,
    connectSrc: options.cspConnectSrc,
  });
  installErrorHandler(app);
  installUrlLimit(app);
  installJsonParser(app);

  const { db } = options;
  // Health, readiness and metrics answer from the first moment (docs/operations.md "Health").
  const readiness =
    options.readiness ??
    new Readiness({
      migrations: options.migrate ? 'pending' : 'done',
      queue: options.billingQueue ? 'pending' : 'off',
    });
  installHttpMetrics(app);
  registerHealthRoutes(app, { db, readiness });
  if (options.metricsToken) registerMetricsRoute(app, { token: options.metricsToken });
  installStartGate(app, readiness);
  app.addHook('preClose', async () => readiness.stop());

  const registry = new ResourceRegistry(options.resources ?? resources);
  const tokens = createTokenService({
    secret: options.secret,
    accessLifetime: options.accessLifetime ?? 300,
    refreshLifetime: options.refreshLifetime ?? 86_400,
    externalVerifiers: options.externalTokenVerifiers,
    now: options.now,
  });
  const auth = createAuthenticator(db, tokens);
  const resetLifetime = options.resetLifetime ?? 86_400;

  // Notice mails of password and e-mail changes (docs/security.md "Account changes"): sent
  // after each request that may have made one, and swept for other processes' changes.
  const notices = new AccountNotices(db, options.mailer, (error) =>
    app.log.error({ err: error }, 'account notice could not be sent'),
  );
  app.addHook('onResponse', async (request, reply) => {
    if (reply.statusCode >= 400 || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    const path = request.url;
    if (path.startsWith(`${API_PREFIX}/users/`) || path.startsWith(`${API_PREFIX}/auth/`)) {
      void notices.flush();
    }
  });
  app.addHook('onClose', async () => notices.stop());

  registerAuthRoutes(app, {
    db,
    tokens,
    auth,
    resetTokens: new ResetTokens(
      options.secret,
      resetLifetime,
      options.now && (() => options.now!().getTime()),
    ),
    resetLifetime,
    mailer: options.mailer,
    publicUrl: () => options.publicUrl ?? listeningOrigin(app.server.address()),
    rate: options.authRate,
    oidc: options.oidc ?? null,
    release: options.release ?? null,
    prefix: API_PREFIX,
    secret: options.secret,
  });
  if (options.expensiveRate) {
    installExpensiveLimit(app, { db, auth, prefix: API_PREFIX, rate: options.expensiveRate });
  }
  const schema = JSON.stringify(buildOpenApiDocument(registry, API_PREFIX));
  registerPath(app, `${API_PREFIX}/schema/`, {
    GET: async (_request, reply) => reply.type('application/json; charset=utf-8').send(schema),
  });
  registerResourceRoutes(app, { db, registry, auth, prefix: API_PREFIX });
  registerAuditRoute(app, { db, registry, auth, prefix: API_PREFIX });
  registerMeasurementsBulk(app, { db, registry, auth, prefix: API_PREFIX });
  registerBillingRoutes(app, { db, auth, prefix: API_PREFIX });
  registerInvoiceRoutes(app, { db, registry, auth, prefix: API_PREFIX, mailer: options.mailer });
  registerPaymentRoutes(app, { db, registry, auth, prefix: API_PREFIX });
  registerReportRoutes(app, { db, auth, prefix: API_PREFIX });
  registerConsumptionRoute(app, { db, registry, auth, prefix: API_PREFIX });
  registerPrivacyRoutes(app, {
    db,
    registry,
    auth,
    prefix: API_PREFIX,
    retentionYears: options.taxRetentionYears,
    today: options.today,
  });
  await registerSpa(
    app,
    options.distDir,
    options.firstPageRenderer
      ? { renderer: options.firstPageRenderer, apiPrefix: API_PREFIX }
      : undefined,
  );

  // Requests in flight are finished before onClose runs; then the queue hands back or
  // finishes its batch (docs/operations.md "Stopping and upgrading").
  let queue: BillingQueue | undefined;
  app.addHook('onClose', async () => {
    await queue?.stop();
  });
  let started: Promise<void> | undefined;
  app.decorate('startJoule', () => {
    started ??= (async () => {
      try {
        await options.migrate?.();
      } catch (error) {
        readiness.migrationFailed();
        throw error;
      }
      readiness.migrated();
      notices.start();
      // Unfiltered lists answer `count` from these (issue "Load"); a new resource is included.
      // A database that is down at start must not keep the app from starting (it answers 503
      // until the database is back); lists then count with count(*) until the next start.
      await installRowCounts(db, registry.all()).catch((error: unknown) => {
        if (!isDatabaseUnavailable(error)) throw error;
        app.log.warn({ err: error }, 'row counts not installed: the database is unavailable');
      });
      if (options.billingQueue) {
        try {
          queue = await startBillingQueue(db, {
            work: options.billingQueue.work,
            inlinePlanMax: options.billingQueue.inlinePlanMax,
            mailer: options.mailer,
            stopTimeoutMs: options.queueStopTimeoutMs,
            onError: (error) => app.log.error({ err: error }, 'billing queue'),
          });
        } catch (error) {
          readiness.queueStarted(false);
          throw error;
        }
        readiness.queueStarted();
      }
    })();
    return started;
  });
  if (!options.startLater) await app.startJoule();
  return app;
}
