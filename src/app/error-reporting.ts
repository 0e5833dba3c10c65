/**
 * Error reporting (docs/product.md §8, §9): Sentry when a DSN is set at build time
 * (`VITE_SENTRY_DSN`), nothing otherwise. `@sentry/react` is imported dynamically, only
 * when there is a DSN, so a build without one never downloads it. Error details go to the
 * console and to Sentry, never on screen.
 */
// A type only: erased from the build, so nothing of Sentry is bundled by this line.
import type * as SentryNamespace from '@sentry/react';
import { ApiError } from '../api';
import { release } from './release';

type SentryModule = typeof SentryNamespace;

export interface ErrorReportingConfig {
  /** Sentry DSN; empty or undefined: no reporting. */
  readonly dsn: string | undefined;
  /** Vite's mode: 'production', 'development', … */
  readonly environment: string;
  readonly production: boolean;
  /** `release.version` and `release.tag` of the build. */
  readonly release: string;
}

/** Options of `Sentry.init` besides the integrations; plain data, for tests. */
export interface SentryOptions {
  readonly dsn: string;
  readonly environment: string;
  readonly release: string;
  readonly tracesSampleRate: number;
  readonly replaysSessionSampleRate: number;
  readonly replaysOnErrorSampleRate: number;
  readonly sendDefaultPii: false;
}

/**
 * docs/product.md §9: sampling 1.0 for traces, session replays and error replays in production.
 * Elsewhere (a developer trying a DSN) errors are still sent, without traces or replays.
 */
export function sentryOptions(config: ErrorReportingConfig & { dsn: string }): SentryOptions {
  const rate = config.production ? 1.0 : 0;
  return {
    dsn: config.dsn,
    environment: config.environment,
    release: config.release,
    tracesSampleRate: rate,
    replaysSessionSampleRate: rate,
    replaysOnErrorSampleRate: rate,
    sendDefaultPii: false,
  };
}

/** The build's configuration. */
export function buildConfig(): ErrorReportingConfig {
  return {
    dsn: import.meta.env.VITE_SENTRY_DSN,
    environment: import.meta.env.MODE,
    production: import.meta.env.PROD,
    release: release.tag ? `${release.version}+${release.tag}` : release.version,
  };
}

/**
 * Loads `@sentry/react`. Vite replaces `import.meta.env.VITE_SENTRY_DSN` by its value at
 * build time, so without a DSN this is `null` and the bundler drops the import altogether:
 * no Sentry chunk is even emitted.
 */
const loadSentry: (() => Promise<SentryModule>) | null = import.meta.env.VITE_SENTRY_DSN
  ? () => import('@sentry/react')
  : null;

let sentry: Promise<SentryModule | null> = Promise.resolve(null);

/**
 * Starts Sentry when the configuration has a DSN; resolves to whether it did. Without a DSN
 * nothing is loaded or sent.
 */
export function initErrorReporting(
  config: ErrorReportingConfig = buildConfig(),
  load: (() => Promise<SentryModule>) | null = loadSentry,
): Promise<boolean> {
  const { dsn } = config;
  if (!dsn || !load) return Promise.resolve(false);
  sentry = load().then(
    (Sentry) => {
      Sentry.init({
        ...sentryOptions({ ...config, dsn }),
        integrations: [Sentry.browserTracingIntegration(), Sentry.replayIntegration()],
      });
      return Sentry;
    },
    (error: unknown) => {
      console.error('Error reporting could not start', error);
      return null;
    },
  );
  return sentry.then(Boolean);
}

/**
 * Expected answers of the API (validation, permission, not found, conflict): the user is
 * told in the form; logged, not worth an error report.
 */
function isExpected(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * Logs an error with its details (a server's answer body included) to the console and,
 * when reporting runs, to Sentry. `context` names what was being done.
 */
export function reportError(error: unknown, context: Readonly<Record<string, unknown>> = {}): void {
  const details = error instanceof ApiError ? { status: error.status, body: error.body } : {};
  console.error(error, { ...context, ...details });
  if (isExpected(error)) return;
  void sentry.then((Sentry) => {
    Sentry?.captureException(error, { extra: { ...context, ...details } });
  });
}
