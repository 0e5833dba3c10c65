import type { RootOptions } from 'react-dom/client';
import { reportError } from '../app';

/** The prefix of a recoverable error's console error (a hydration mismatch): e2e tests fail on it. */
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
