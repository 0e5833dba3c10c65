/**
 * The server's settings, read from the environment once at start:
 *
 * | variable | meaning | default |
 * |---|---|---|
 * | `DATABASE_URL` | PostgreSQL server; unset: embedded PGlite | unset |
 * | `JOULE_DB_CONNECT_TIMEOUT` | PostgreSQL: longest wait in seconds for a connection (server down, pool busy) before a 503 | 5 |
 * | `JOULE_PROCESSES` | server processes sharing the port (Node's cluster); more than 1 needs `DATABASE_URL` | 1 |
 * | `JOULE_DB_STATEMENT_TIMEOUT` | PostgreSQL: `statement_timeout` in seconds of every statement of a request (a 503 past it); `0`: none | 30 |
 * | `JOULE_WORKER` | PostgreSQL: `0`: this server takes no billing jobs (leave them to `npm run worker`); PGlite always works them | on |
 * | `JOULE_DATA_DIR` | data folder: PGlite files in `db/`, `secret.key`, mail `outbox/`; `memory://` keeps everything in memory | `./data` |
 * | `JOULE_SECRET_KEY` | signing secret (≥ 32 characters) | generated into the data folder |
 * | `JWT_ACCESS_LIFETIME`, `JWT_REFRESH_LIFETIME` | token lifetimes in seconds | 300, 86400 |
 * | `PASSWORD_RESET_LIFETIME` | reset link lifetime in seconds | 86400 |
 * | `JOULE_AUTH_RATE` | anonymous auth calls per account and address, e.g. `10/min` (twice that per account, ten times per address, counted in the database for all instances: `http/throttle.ts`); `off` disables | `10/min` |
 * | `JOULE_EXPENSIVE_RATE` | calls of each class of expensive operation (reports, exports, bill previews, billing runs) per signed-in user, e.g. `60/min` (counted in the database for all instances: `http/expensive.ts`); `off` disables | `60/min` |
 * | `JOULE_TAX_RETENTION_YEARS` | years an invoice is kept after the end of its year before its customer may be anonymised (docs/operations.md "Personal data") | `10` |
 * | `SMTP_URL`, `JOULE_MAIL_FROM` | mail server and sender | outbox files; `Joule <noreply@joule.invalid>` |
 * | `JOULE_PUBLIC_URL` | the app's public base URL for links in mails | where the server listens (never a request's Host) |
 * | `JOULE_TRUST_PROXY` | honour `X-Forwarded-*`: `true` or trusted proxy addresses | off |
 * | `JOULE_PAYMENT_MAX` | the largest payment the API accepts, in CZK (a larger one is a 400 on `amount`; docs/billing.md "Payments") | 10000000.00 |
 * | `JOULE_DEMO` | `0`: do not seed demo data into an empty database | seed |
 * | `JOULE_RELEASE` | release name shown in About | unset |
 * | `PORT`, `HOST` | where to listen | 8000, 0.0.0.0 |
 * | `LOG_LEVEL` | Fastify (pino) log level: `info` logs every request | `warn` |
 * | `OIDC_ISSUER` | single sign-on provider (issuer URL); its access tokens are accepted | unset |
 * | `OIDC_AUDIENCE` | expected `aud` (or `azp`) of provider access tokens | `joule` |
 * | `OIDC_REQUIRE_EMAIL_VERIFIED` | `0`: accept provider access tokens without `email_verified: true` (a provider that does not send it) | on |
 * | `OIDC_MAX_AGE` | maximum authentication age in seconds at single sign-on (`max_age`, `auth_time` checked) | unset: not enforced |
 * | `JOULE_CSP_CONNECT_SRC` | more origins the SPA may call (Content-Security-Policy `connect-src`), space or comma separated, e.g. a provider's token endpoint on another host (docs/security-headers.md) | none |
 * | `JOULE_METRICS_TOKEN` | bearer token of `GET /metrics` on the app's port (≥ 16 characters); unset: no `/metrics` there | unset |
 * | `JOULE_METRICS_PORT`, `JOULE_METRICS_HOST` | a separate listener answering `GET /metrics` without a token (with `JOULE_PROCESSES` > 1: the whole cluster's) | unset, `127.0.0.1` |
 * | `JOULE_SHUTDOWN_TIMEOUT` | seconds SIGTERM waits for requests in flight and the current billing batch before the process ends anyway | 30 |
 * | `JOULE_DEV_IDP` | `1`: start the dev OIDC provider on loopback and use it (`auth/dev-idp.ts`) | off |
 * | `JOULE_DEV_IDP_PORT` | its port | 8001 |
 * | `JOULE_DEV_IDP_ACCESS_LIFETIME` | its access token lifetime in seconds | `JWT_ACCESS_LIFETIME` |
 */
import { resolve } from 'node:path';
import { parsePaymentMax } from './billing';
import { parseRate, type ThrottleRate } from './http/throttle';

/** Settings derived from the environment. */
export interface ServerConfig {
  readonly databaseUrl: string | undefined;
  /** PostgreSQL: longest wait for a connection, in seconds. */
  readonly databaseConnectTimeout: number;
  /** PostgreSQL: `statement_timeout` in seconds; 0 for none. */
  readonly databaseStatementTimeout: number;
  /** Server processes sharing the port (`JOULE_PROCESSES`, Node's cluster). */
  readonly processes: number;
  /** Take billing jobs in the server (`JOULE_WORKER`; always with PGlite). */
  readonly worker: boolean;
  /** Absolute data folder, or undefined in memory mode. */
  readonly dataDir: string | undefined;
  readonly secretKey: string | undefined;
  readonly accessLifetime: number;
  readonly refreshLifetime: number;
  readonly resetLifetime: number;
  readonly authRate: ThrottleRate | undefined;
  /** Per-user rate of each class of expensive operation (`JOULE_EXPENSIVE_RATE`); undefined: unlimited. */
  readonly expensiveRate: ThrottleRate | undefined;
  /** Years an invoice is kept after its year ends (`JOULE_TAX_RETENTION_YEARS`). */
  readonly taxRetentionYears: number;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly publicUrl: string | undefined;
  /** Fastify's `trustProxy`: true, or a comma list of trusted proxy addresses / CIDRs. */
  readonly trustProxy: boolean | string;
  readonly seedDemo: boolean;
  /** The largest payment accepted, CZK (`JOULE_PAYMENT_MAX`, read again where it is checked). */
  readonly paymentMax: string;
  readonly release: string | null;
  readonly port: number;
  readonly host: string;
  readonly logLevel: string;
  /** Single sign-on provider, or undefined (docs/product.md §4 "Single sign-on"). */
  readonly oidcIssuer: string | undefined;
  /** Expected audience of provider access tokens. */
  readonly oidcAudience: string;
  /** Refuse provider access tokens without `email_verified: true`. */
  readonly oidcRequireEmailVerified: boolean;
  /** Maximum authentication age at single sign-on in seconds (docs/product.md §5), or undefined. */
  readonly oidcMaxAge: number | undefined;
  /** Extra `connect-src` origins of the Content-Security-Policy (`JOULE_CSP_CONNECT_SRC`). */
  readonly cspConnectSrc: readonly string[];
  /** Bearer token of `GET /metrics` on the app's port (`JOULE_METRICS_TOKEN`), or undefined. */
  readonly metricsToken: string | undefined;
  /** A separate metrics listener (`JOULE_METRICS_PORT`, `JOULE_METRICS_HOST`), or undefined. */
  readonly metricsListener: { readonly port: number; readonly host: string } | undefined;
  /** Seconds a SIGTERM waits for work in flight before the process ends anyway. */
  readonly shutdownTimeout: number;
  /** Start the dev provider (`JOULE_DEV_IDP=1`), or undefined. */
  readonly devIdp: { readonly port: number; readonly accessLifetime: number } | undefined;
}

function seconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive number of seconds`);
  return value;
}

/** Like {@link seconds}, but 0 is allowed (meaning "no limit"). */
function secondsOrZero(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  return raw.trim() === '0' ? 0 : seconds(env, name, fallback);
}

function portNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = Number(env[name] || fallback);
  if (!Number.isInteger(value) || value < 0 || value > 65535)
    throw new Error(`${name} must be a port number`);
  return value;
}

function flag(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (raw === '1' || raw === 'true') return true;
  if (raw === '0' || raw === 'false') return false;
  throw new Error(`${name} must be 1 or 0`);
}

/** `JOULE_CSP_CONNECT_SRC`: http(s) origins, space or comma separated. */
function origins(raw: string | undefined): string[] {
  return (raw ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((value) => {
      const url = /^https?:\/\/[^/]/.test(value) ? new URL(value) : undefined;
      if (!url || url.origin !== value.replace(/\/+$/, '')) {
        throw new Error(
          'JOULE_CSP_CONNECT_SRC must list http(s) origins, e.g. https://sso.example',
        );
      }
      return url.origin;
    });
}

/**
 * `JOULE_PROCESSES`: 1 to 64. More than one needs PostgreSQL (PGlite's files belong to one
 * process) and no dev identity provider (it keeps its sessions in one process's memory).
 * @throws Error naming the variable for any other value or combination.
 */
function processCount(env: NodeJS.ProcessEnv, databaseUrl: string | undefined, devIdp: boolean) {
  const raw = env.JOULE_PROCESSES;
  if (raw === undefined || raw === '') return 1;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 64)
    throw new Error('JOULE_PROCESSES must be a whole number from 1 to 64');
  if (value > 1 && !databaseUrl)
    throw new Error('JOULE_PROCESSES above 1 needs DATABASE_URL (PostgreSQL)');
  if (value > 1 && devIdp) throw new Error('JOULE_PROCESSES above 1 cannot run JOULE_DEV_IDP');
  return value;
}

/** `JOULE_METRICS_TOKEN`: unset, or a secret long enough not to be guessed. */
function metricsToken(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 16) throw new Error('JOULE_METRICS_TOKEN must be at least 16 characters');
  return raw;
}

function trustProxy(raw: string | undefined): boolean | string {
  if (raw === undefined || raw === '' || raw === 'false' || raw === '0') return false;
  return raw === 'true' ? true : raw;
}

/** `JOULE_TAX_RETENTION_YEARS`: whole years from 0 to 100, 10 when unset. */
function retentionYears(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 10;
  if (!/^\d{1,3}$/.test(raw) || Number(raw) > 100)
    throw new Error('JOULE_TAX_RETENTION_YEARS must be a whole number of years from 0 to 100');
  return Number(raw);
}

/** Reads {@link ServerConfig} from `env`; throws with the variable's name on bad values. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const dataDirRaw = env.JOULE_DATA_DIR || './data';
  const rate = env.JOULE_AUTH_RATE ?? '10/min';
  const expensiveRate = env.JOULE_EXPENSIVE_RATE ?? '60/min';
  const port = portNumber(env, 'PORT', 8000);
  const accessLifetime = seconds(env, 'JWT_ACCESS_LIFETIME', 300);
  const devIdp = env.JOULE_DEV_IDP === '1' || env.JOULE_DEV_IDP === 'true';
  const oidcIssuer = env.OIDC_ISSUER || undefined;
  if (oidcIssuer && !/^https?:\/\/[^/]/.test(oidcIssuer))
    throw new Error('OIDC_ISSUER must be an http(s) URL');
  if (oidcIssuer && devIdp) throw new Error('Set either OIDC_ISSUER or JOULE_DEV_IDP, not both');
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    databaseConnectTimeout: seconds(env, 'JOULE_DB_CONNECT_TIMEOUT', 5),
    databaseStatementTimeout: secondsOrZero(env, 'JOULE_DB_STATEMENT_TIMEOUT', 30),
    processes: processCount(env, env.DATABASE_URL || undefined, env.JOULE_DEV_IDP === '1'),
    worker: !env.DATABASE_URL || env.JOULE_WORKER !== '0',
    dataDir: dataDirRaw === 'memory://' ? undefined : resolve(dataDirRaw),
    secretKey: env.JOULE_SECRET_KEY || undefined,
    accessLifetime,
    refreshLifetime: seconds(env, 'JWT_REFRESH_LIFETIME', 86_400),
    resetLifetime: seconds(env, 'PASSWORD_RESET_LIFETIME', 86_400),
    authRate: rate === 'off' ? undefined : parseRate(rate),
    expensiveRate: expensiveRate === 'off' ? undefined : parseRate(expensiveRate),
    taxRetentionYears: retentionYears(env.JOULE_TAX_RETENTION_YEARS),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.JOULE_MAIL_FROM || 'Joule <noreply@joule.invalid>',
    publicUrl: env.JOULE_PUBLIC_URL || undefined,
    trustProxy: trustProxy(env.JOULE_TRUST_PROXY),
    seedDemo: env.JOULE_DEMO !== '0',
    paymentMax: parsePaymentMax(env.JOULE_PAYMENT_MAX).toFixed(2),
    release: env.JOULE_RELEASE || null,
    port,
    host: env.HOST || '0.0.0.0',
    logLevel: env.LOG_LEVEL || 'warn',
    oidcIssuer,
    oidcAudience: env.OIDC_AUDIENCE || 'joule',
    oidcRequireEmailVerified: flag(env, 'OIDC_REQUIRE_EMAIL_VERIFIED', true),
    oidcMaxAge: env.OIDC_MAX_AGE ? seconds(env, 'OIDC_MAX_AGE', 0) : undefined,
    cspConnectSrc: origins(env.JOULE_CSP_CONNECT_SRC),
    metricsToken: metricsToken(env.JOULE_METRICS_TOKEN),
    metricsListener: env.JOULE_METRICS_PORT
      ? {
          port: portNumber(env, 'JOULE_METRICS_PORT', 0),
          host: env.JOULE_METRICS_HOST || '127.0.0.1',
        }
      : undefined,
    shutdownTimeout: seconds(env, 'JOULE_SHUTDOWN_TIMEOUT', 30),
    devIdp: devIdp
      ? {
          port: portNumber(env, 'JOULE_DEV_IDP_PORT', 8001),
          accessLifetime: seconds(env, 'JOULE_DEV_IDP_ACCESS_LIFETIME', accessLifetime),
        }
      : undefined,
  };
}
