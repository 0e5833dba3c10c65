/**
 * Builds the Fastify application: the API under `/api/v1` (auth, config, schema, every
 * resource of `resources/definitions`) and the built SPA. The database is injected, so
 * tests run the real app on an in-memory PGlite (see `test/server.ts`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { createAuthenticator } from './auth/authenticate';
import { registerBillingRoutes } from './billing';
import type { Mailer } from './auth/mailer';
import { ResetTokens } from './auth/reset-tokens';
import { registerAuthRoutes, type OidcClientConfig } from './auth/routes';
import { createTokenService, type ExternalTokenVerifier } from './auth/tokens';
import type { Database } from './db/client';
import { isDatabaseUnavailable } from './db/errors';
import { installErrorHandler } from './http/error-handler';
import { installJsonParser } from './http/json-parser';
import { registerPath } from './http/routes';
import type { FirstPageRenderer } from './http/first-page';
import { listeningOrigin } from './http/urls';
import { MAX_PARAM_LENGTH, answerFrameworkError, installUrlLimit } from './http/url-limit';
import { registerSecurityHeaders } from './http/security-headers';
import { hasSpaBuild, registerSpa } from './http/spa';
import type { ThrottleRate } from './http/throttle';
import { registerInvoiceRoutes } from './billing';
import { registerReportRoutes } from './resources/reports/reports';
import { startBillingQueue } from './billing';
import { buildOpenApiDocument } from './openapi/document';
import { registerMeasurementsBulk } from './resources/bulk/measurements';
import { registerConsumptionRoute } from './resources/consumption/consumption';
import { resources } from './resources/definitions';
import { ResourceRegistry } from './resources/engine';
import { registerResourceRoutes } from './resources/engine';
import { installRowCounts } from './resources/engine';
import type { ResourceDefinition } from './resources/engine';

/** The API's URL prefix (docs/api.md "Base, format, auth"). */
export const API_PREFIX = '/api/v1';

/** Everything {@link buildApp} needs; `main.ts` fills it from the environment. */
export interface AppOptions {
  /** A migrated database. */
  readonly db: Database;
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
  /** Rate of anonymous auth calls per account and address; undefined: unlimited. */
  readonly authRate?: ThrottleRate;
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
  readonly billingQueue?: { readonly work: boolean };
}

/** Builds the app (not yet listening). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
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
  const registry = new ResourceRegistry(options.resources ?? resources);
  // Unfiltered lists answer `count` from these (issue "Load"); a new resource is included.
  // A database that is down at start must not keep the app from starting (it answers 503
  // until the database is back); lists then count with count(*) until the next start.
  await installRowCounts(db, registry.all()).catch((error: unknown) => {
    if (!isDatabaseUnavailable(error)) throw error;
    app.log.warn({ err: error }, 'row counts not installed: the database is unavailable');
  });
  const tokens = createTokenService({
    secret: options.secret,
    accessLifetime: options.accessLifetime ?? 300,
    refreshLifetime: options.refreshLifetime ?? 86_400,
    externalVerifiers: options.externalTokenVerifiers,
  });
  const auth = createAuthenticator(db, tokens);
  const resetLifetime = options.resetLifetime ?? 86_400;

  registerAuthRoutes(app, {
    db,
    tokens,
    auth,
    resetTokens: new ResetTokens(options.secret, resetLifetime),
    resetLifetime,
    mailer: options.mailer,
    publicUrl: () => options.publicUrl ?? listeningOrigin(app.server.address()),
    rate: options.authRate,
    oidc: options.oidc ?? null,
    release: options.release ?? null,
    prefix: API_PREFIX,
  });
  const schema = JSON.stringify(buildOpenApiDocument(registry, API_PREFIX));
  registerPath(app, `${API_PREFIX}/schema/`, {
    GET: async (_request, reply) => reply.type('application/json; charset=utf-8').send(schema),
  });
  registerResourceRoutes(app, { db, registry, auth, prefix: API_PREFIX });
  registerMeasurementsBulk(app, { db, registry, auth, prefix: API_PREFIX });
  registerBillingRoutes(app, { db, auth, prefix: API_PREFIX });
  registerInvoiceRoutes(app, { db, registry, auth, prefix: API_PREFIX });
  registerReportRoutes(app, { db, auth, prefix: API_PREFIX });
  if (options.billingQueue) {
    const queue = await startBillingQueue(db, {
      work: options.billingQueue.work,
      onError: (error) => app.log.error({ err: error }, 'billing queue'),
    });
    app.addHook('onClose', () => queue.stop());
  }
  registerConsumptionRoute(app, { db, registry, auth, prefix: API_PREFIX });
  await registerSpa(
    app,
    options.distDir,
    options.firstPageRenderer
      ? { renderer: options.firstPageRenderer, apiPrefix: API_PREFIX }
      : undefined,
  );
  return app;
}
