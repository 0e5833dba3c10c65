/**
 * The password-reset forms' controllers (docs/architecture.md "Conventions": headless controllers;
 * docs/product.md §2, §5, §8): the request for a link and the new password set from it, no
 * Blueprint here.
 */
import { useCallback, useState } from 'react';
import type { MessageDescriptor } from 'react-intl';
import { ApiError, NetworkError, apiClient, unwrap } from '../../api';

/** A message to show: a message id, or the server's own (translated) text. */
export type ResetMessage =
  | { readonly kind: 'message'; readonly message: MessageDescriptor }
  | { readonly kind: 'text'; readonly text: string };

const message = (id: string): ResetMessage => ({ kind: 'message', message: { id } });

function firstText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(firstText).find((text) => text !== null) ?? null;
  return null;
}

function allText(value: unknown): string | null {
  if (!Array.isArray(value)) return firstText(value);
  const texts = value.filter((item): item is string => typeof item === 'string');
  return texts.length > 0 ? texts.join(' ') : null;
}

/**
 * How a failure other than a field error reads (docs/product.md §8: raw server
 * details are not shown).
 */
export function resetFailureMessage(error: unknown): ResetMessage {
  if (error instanceof NetworkError) return message('app.error.network');
  if (error instanceof ApiError && error.status < 500) {
    const text = error.formErrors[0];
    if (text) return { kind: 'text', text };
  }
  return message('app.passwordReset.failed');
}

export type ResetRequestState =
  | { readonly status: 'idle' | 'pending' | 'sent' }
  | { readonly status: 'error'; readonly email?: ResetMessage; readonly form?: ResetMessage };

export interface ResetRequestController {
  readonly state: ResetRequestState;
  /** Asks for a reset link; the answer never tells whether the address has an account. */
  submit(email: string): Promise<void>;
}

export function useResetRequest(): ResetRequestController {
  const [state, setState] = useState<ResetRequestState>({ status: 'idle' });
  const submit = useCallback(async (email: string) => {
    if (!email.trim()) {
      setState({ status: 'error', email: message('app.passwordReset.missing') });
      return;
    }
    setState({ status: 'pending' });
    try {
      await unwrap(apiClient.POST('/users/reset_password/', { body: { email: email.trim() } }));
      setState({ status: 'sent' });
    } catch (error) {
      const emailError = error instanceof ApiError ? firstText(error.fieldErrors.email) : null;
      setState(
        emailError
          ? { status: 'error', email: { kind: 'text', text: emailError } }
          : { status: 'error', form: resetFailureMessage(error) },
      );
    }
  }, []);
  return { state, submit };
}

export type ResetConfirmState =
  | { readonly status: 'idle' | 'pending' | 'done' }
  | {
      readonly status: 'error';
      /** The link's uid or token was refused: it is invalid, used or expired. */
      readonly invalidLink?: boolean;
      readonly password?: ResetMessage;
      readonly confirmation?: ResetMessage;
      readonly form?: ResetMessage;
    };

export interface ResetConfirmController {
  readonly state: ResetConfirmState;
  /** Sets the new password; resolves true on success (the view then navigates). */
  submit(password: string, confirmation: string): Promise<boolean>;
}

export function useResetConfirm(uid: string, token: string): ResetConfirmController {
  const [state, setState] = useState<ResetConfirmState>({ status: 'idle' });
  const submit = useCallback(
    async (password: string, confirmation: string) => {
      if (!password) {
        setState({ status: 'error', password: message('app.passwordReset.confirm.missing') });
        return false;
      }
      // docs/product.md §5: the two must match, else nothing is sent.
      if (password !== confirmation) {
        setState({
          status: 'error',
          confirmation: message('app.passwordReset.confirm.mismatch'),
        });
        return false;
      }
      setState({ status: 'pending' });
      try {
        await unwrap(
          apiClient.POST('/users/reset_password_confirm/', {
            body: { uid, token, new_password: password },
          }),
        );
        setState({ status: 'done' });
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          const {
            uid: uidErrors,
            token: tokenErrors,
            new_password: passwordErrors,
          } = error.fieldErrors;
          if (uidErrors || tokenErrors) {
            setState({ status: 'error', invalidLink: true });
            return false;
          }
          const text = allText(passwordErrors);
          if (text) {
            setState({ status: 'error', password: { kind: 'text', text } });
            return false;
          }
        }
        setState({ status: 'error', form: resetFailureMessage(error) });
        return false;
      }
    },
    [uid, token],
  );
  return { state, submit };
}
