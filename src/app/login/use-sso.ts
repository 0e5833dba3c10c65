/**
 * Single sign-on on the login page (docs/product.md §4, §8): whether the deployment offers it (from
 * `/config/`), and starting it. Headless (docs/architecture.md "Conventions"): the view draws the button.
 */
import { useCallback, useEffect, useState } from 'react';
import { isSsoAvailable, startSingleSignOn } from '../../auth';
import { loginFailureMessage, type LoginFailureMessage } from './use-login-form';

export type SsoButtonState =
  | { readonly status: 'hidden' }
  | { readonly status: 'ready' }
  | { readonly status: 'pending' }
  | { readonly status: 'error'; readonly failure: LoginFailureMessage };

export interface SsoController {
  readonly state: SsoButtonState;
  /** Sends the browser to the provider; on failure the state says why. */
  start(): Promise<void>;
}

/** How a failed start or callback of single sign-on reads (docs/product.md §8). */
export function ssoFailureMessage(error: unknown): LoginFailureMessage {
  const failure = loginFailureMessage(error);
  // Protocol details (SsoError, the provider's error codes) are for the log only.
  return failure.kind === 'text'
    ? { kind: 'message', message: { id: 'app.sso.failed' } }
    : failure.message.id === 'app.login.failed'
      ? { kind: 'message', message: { id: 'app.sso.failed' } }
      : failure;
}

export function useSso(
  available: () => Promise<boolean> = isSsoAvailable,
  begin: () => Promise<void> = startSingleSignOn,
): SsoController {
  const [state, setState] = useState<SsoButtonState>({ status: 'hidden' });
  useEffect(() => {
    let live = true;
    void available().then((yes) => {
      if (live && yes)
        setState((current) => (current.status === 'hidden' ? { status: 'ready' } : current));
    });
    return () => {
      live = false;
    };
  }, [available]);
  const start = useCallback(async () => {
    setState({ status: 'pending' });
    try {
      await begin();
    } catch (error) {
      console.error('Single sign-on could not start', error);
      setState({ status: 'error', failure: ssoFailureMessage(error) });
    }
  }, [begin]);
  return { state, start };
}
