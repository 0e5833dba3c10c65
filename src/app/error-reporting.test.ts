import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api';
import {
  initErrorReporting,
  reportError,
  sentryOptions,
  type ErrorReportingConfig,
} from './error-reporting';

afterEach(() => {
  vi.restoreAllMocks();
});

const production: ErrorReportingConfig = {
  dsn: 'https://key@sentry.example/1',
  environment: 'production',
  production: true,
  release: '0.1.0+v0.1.0',
};

/** A stand-in for `@sentry/react` with the calls this module makes. */
function fakeSentry() {
  return {
    init: vi.fn(),
    captureException: vi.fn(),
    browserTracingIntegration: vi.fn(() => ({ name: 'BrowserTracing' })),
    replayIntegration: vi.fn(() => ({ name: 'Replay' })),
  };
}
type Load = NonNullable<Parameters<typeof initErrorReporting>[1]>;

describe('sentryOptions (docs/product.md §9)', () => {
  it.each<[string, boolean, number]>([
    ['production samples everything', true, 1.0],
    ['elsewhere errors only', false, 0],
  ])('%s', (_name, isProduction, rate) => {
    expect(sentryOptions({ ...production, dsn: 'd', production: isProduction })).toEqual({
      dsn: 'd',
      environment: 'production',
      release: '0.1.0+v0.1.0',
      tracesSampleRate: rate,
      replaysSessionSampleRate: rate,
      replaysOnErrorSampleRate: rate,
      sendDefaultPii: false,
    });
  });
});

describe('initErrorReporting and reportError (docs/product.md §8)', () => {
  it('without a DSN loads nothing and sends nothing', async () => {
    const load = vi.fn();
    expect(await initErrorReporting({ ...production, dsn: '' }, load as unknown as Load)).toBe(
      false,
    );
    expect(
      await initErrorReporting({ ...production, dsn: undefined }, load as unknown as Load),
    ).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('with a DSN starts Sentry with tracing and replays, then reports errors with details', async () => {
    const sentry = fakeSentry();
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    expect(await initErrorReporting(production, (async () => sentry) as unknown as Load)).toBe(
      true,
    );
    expect(sentry.init).toHaveBeenCalledWith(
      expect.objectContaining({
        dsn: production.dsn,
        tracesSampleRate: 1.0,
        replaysSessionSampleRate: 1.0,
        replaysOnErrorSampleRate: 1.0,
        integrations: [{ name: 'BrowserTracing' }, { name: 'Replay' }],
      }),
    );

    const serverError = new ApiError(500, { detail: 'relation "x" does not exist' });
    reportError(serverError, { resource: 'customers' });
    await vi.waitFor(() => expect(sentry.captureException).toHaveBeenCalledTimes(1));
    expect(sentry.captureException).toHaveBeenCalledWith(serverError, {
      extra: {
        resource: 'customers',
        status: 500,
        body: { detail: 'relation "x" does not exist' },
      },
    });
    expect(console).toHaveBeenCalledWith(serverError, {
      resource: 'customers',
      status: 500,
      body: { detail: 'relation "x" does not exist' },
    });

    // A validation answer is the user's to fix: logged, not reported.
    reportError(new ApiError(400, { name: ['Required'] }));
    await Promise.resolve();
    expect(console).toHaveBeenCalledTimes(2);
    expect(sentry.captureException).toHaveBeenCalledTimes(1);
  });

  it('a failed load is logged and reporting stays off', async () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => undefined);
    const load = (() => Promise.reject(new Error('offline'))) as unknown as Load;
    expect(await initErrorReporting(production, load)).toBe(false);
    expect(console).toHaveBeenCalledWith('Error reporting could not start', expect.any(Error));
  });
});
