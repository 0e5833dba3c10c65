/**
 * The login form's controller (docs/architecture.md "Conventions": headless controllers): submits the credentials
 * and words the failure (docs/product.md §8), no Blueprint here.
 */
import { useCallback, useState } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { ApiError, NetworkError } from '../../api';
import { LoginError, SecondFactorRequired, login, type SecondFactorChallenge } from '../../auth';

/**
 * A failure to show: a message id, or the error's own text (docs/product.md §8 "other failures").
 */
export type LoginFailureMessage =
  | { readonly kind: 'message'; readonly message: MessageDescriptor }
  | { readonly kind: 'text'; readonly text: string };

export type LoginFormState =
  | { readonly status: 'idle' }
  | { readonly status: 'pending' }
  | { readonly status: 'error'; readonly failure: LoginFailureMessage }
  /** The e-mail is not an address: shown beside the field, nothing was sent. */
  | { readonly status: 'invalid'; readonly emailError: MessageDescriptor }
  /** The password was right; a code is owed (docs/security.md "Two-factor sign-in"). */
  | { readonly status: 'second-factor'; readonly challenge: SecondFactorChallenge };

/**
 * True for something shaped like an e-mail address: one `@`, no spaces, a local part and a
 * domain of dot-separated labels with a dot (or `localhost`, which the API also accepts).
 * A first check before sending; the server stays the judge of what an account is.
 */
export function looksLikeEmail(value: string): boolean {
  return /^[^\s@]+@(?:localhost|[^\s@.]+(?:\.[^\s@.]+)+)$/i.test(value);
}

/** How a sign-in error reads (docs/product.md §8). */
export function loginFailureMessage(error: unknown): LoginFailureMessage {
  if (error instanceof LoginError) {
    return {
      kind: 'message',
      message: {
        id:
          error.reason === 'invalid-credentials'
            ? 'app.login.invalidCredentials'
            : 'app.login.noAccess',
      },
    };
  }
  if (error instanceof NetworkError)
    return { kind: 'message', message: { id: 'app.error.network' } };
  if (error instanceof ApiError) {
    const fieldMessage = Object.values(error.fieldErrors)
      .flat()
      .find((m) => typeof m === 'string');
    const text = error.formErrors[0] ?? fieldMessage ?? error.message;
    return { kind: 'text', text };
  }
  if (error instanceof Error && error.message) return { kind: 'text', text: error.message };
  return { kind: 'message', message: { id: 'app.login.failed' } };
}

export interface LoginFormController {
  readonly state: LoginFormState;
  /** Signs in; resolves true on success (the view then navigates). */
  submit(email: string, password: string): Promise<boolean>;
  /** Back to the password (a void challenge: sign in again). */
  restart(): void;
}

export function useLoginForm(signIn: typeof login = login): LoginFormController {
  const [state, setState] = useState<LoginFormState>({ status: 'idle' });
  const submit = useCallback(
    async (email: string, password: string) => {
      if (!email.trim() || !password) {
        setState({
          status: 'error',
          failure: { kind: 'message', message: { id: 'app.login.missing' } },
        });
        return false;
      }
      if (!looksLikeEmail(email.trim())) {
        setState({ status: 'invalid', emailError: { id: 'app.login.invalidEmail' } });
        return false;
      }
      setState({ status: 'pending' });
      try {
        await signIn(email.trim(), password);
        setState({ status: 'idle' });
        return true;
      } catch (error) {
        if (error instanceof SecondFactorRequired)
          setState({ status: 'second-factor', challenge: error.challenge });
        else setState({ status: 'error', failure: loginFailureMessage(error) });
        return false;
      }
    },
    [signIn],
  );
  const restart = useCallback(() => setState({ status: 'idle' }), []);
  return { state, submit, restart };
}
