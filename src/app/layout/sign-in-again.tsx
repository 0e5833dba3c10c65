/**
 * "Sign in again" (security issue, "Faults"): shown over the signed-in shell when the
 * session ends by itself (the refresh token expired or was refused: the account switched
 * off, its tokens revoked) rather than by the user's own logout. The page underneath, with
 * any form and what was typed into it, stays as it is; once the same account has signed in
 * again, the form can be saved. Signing in as someone else goes to the login page (what was
 * typed is then left behind: it is not theirs).
 */
import { useId } from 'react';
import { Button, Classes, Dialog, DialogBody, H2 } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { PasswordSignInForm } from '../login/password-sign-in-form';
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
  const login = useLoginForm();
  const id = useId();

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
        {/* On success the session has its user again and the shell closes this dialog. */}
        <PasswordSignInForm labelledBy={`${id}-title`} login={login} email={email} />
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
