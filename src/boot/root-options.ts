import type { RootOptions } from 'react-dom/client';
import { reportError } from '../app';

/**
 * The prefix of the console error of a recoverable error (above all a hydration mismatch),
 * on which the end-to-end tests fail (tests/e2e/fixtures.ts).
 */
export const RECOVERABLE_ERROR_PREFIX = 'joule: recoverable error';

export const rootOptions: RootOptions = {
  // Errors no error boundary caught: logged and reported, never shown raw (docs/product.md §8).
  onUncaughtError: (error, info) => reportError(error, { componentStack: info.componentStack }),
  // React recovered (re-rendered on the client), but the page was not what it should be.
  onRecoverableError: (error, info) => {
    console.error(RECOVERABLE_ERROR_PREFIX, error);
    reportError(error, { componentStack: info.componentStack });
  },
};
