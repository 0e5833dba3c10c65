/**
 * "Sign in again" (security issue, "Faults"): shown over the signed-in shell when the
 * session ends by itself (the refresh token expired or was refused: the account switched
 * off, its tokens revoked) rather than by the user's own logout. The page underneath, with
 * any form and what was typed into it, stays as it is; once the same account has signed in
 * again, the form can be saved. Signing in as someone else goes to the login page (what was
 * typed is then left behind: it is not theirs).
 */
import { useId, useState, type FormEvent } from 'react';
import { Button, Classes, Dialog, DialogBody, H2 } from '@blueprintjs/core';
import { EnvelopeIcon, LockIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { AuthError, AuthField, AuthSubmit } from '../login/auth-layout';
import { useLoginForm } from '../login/use-login-form';

/** Props of `SignInAgain`. */
export interface SignInAgainProps {
  /** The account whose session ended; the only one that may sign in here. */
  readonly email: string;
  /** Leaves for the login page (another account, or single sign-on). */
  readonly onLeave: () => void;
}

/**
 * The modal sign-in of the account whose session ended. Its backdrop hides the page (the
 * data of a signed-out session is not shown); it cannot be dismissed, only answered.
 */
export function SignInAgain({ email, onLeave }: SignInAgainProps) {
  const intl = useIntl();
  const { state, submit } = useLoginForm();
  const [password, setPassword] = useState('');
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // On success the session has its user again and the shell closes this dialog.
    await submit(email, password);
  }

  return (
    <Dialog
      isOpen
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      canEscapeKeyClose={false}
      canOutsideClickClose={false}
      isCloseButtonShown={false}
      backdropClassName="joule-sign-in-again-backdrop"
      style={{ width: 'min(420px, 96vw)' }}
    >
      <div className={Classes.DIALOG_HEADER}>
        <H2 id={`${id}-title`}>
          <FormattedMessage id="app.signInAgain.title" />
        </H2>
      </div>
      <DialogBody>
        <p id={`${id}-text`}>
          <FormattedMessage id="app.signInAgain.text" />
        </p>
        <form aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
          {state.status === 'error' && (
            <AuthError>
              {state.failure.kind === 'message'
                ? intl.formatMessage(state.failure.message)
                : state.failure.text}
            </AuthError>
          )}
          <AuthField
            id={`${id}-email`}
            label={intl.formatMessage({ id: 'app.login.email' })}
            name="email"
            type="email"
            autoComplete="username"
            icon={<EnvelopeIcon />}
            value={email}
            readOnly
          />
          <AuthField
            id={`${id}-password`}
            label={intl.formatMessage({ id: 'app.login.password' })}
            name="password"
            type="password"
            autoComplete="current-password"
            autoFocus
            icon={<LockIcon />}
            value={password}
            onValueChange={setPassword}
          />
          <AuthSubmit
            loading={state.status === 'pending'}
            text={intl.formatMessage({ id: 'app.login.submit' })}
          />
        </form>
        <Button
          className="joule-sign-in-again-leave"
          variant="minimal"
          fill
          text={intl.formatMessage({ id: 'app.signInAgain.other' })}
          onClick={onLeave}
        />
      </DialogBody>
    </Dialog>
  );
}
