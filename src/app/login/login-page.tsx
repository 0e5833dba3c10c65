/**
 * Login (docs/product.md §2): full-screen, e-mail and password, sign-in button, error callout, a
 * "Sign in with single sign-on" button when the deployment has a provider (docs/product.md §4), and
 * a link to the password reset.
 */
import { useId } from 'react';
import { Button } from '@blueprintjs/core';
import { KeyIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from '../../resources';
import { takeReturnPath } from '../guards';
import { AuthError, AuthNote, AuthPage } from './auth-layout';
import { PasswordSignInForm } from './password-sign-in-form';
import { useLoginForm } from './use-login-form';
import { useSso } from './use-sso';

export function LoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  // Set by the password-reset page after a new password was saved.
  const passwordReset = (location.state as { passwordReset?: unknown } | null)?.passwordReset;
  const login = useLoginForm();
  const sso = useSso();
  const id = useId();
  const pending = login.state.status === 'pending';

  return (
    <AuthPage headingId={`${id}-title`} title={<FormattedMessage id="app.login.title" />}>
      <PasswordSignInForm
        labelledBy={`${id}-title`}
        login={login}
        onSignedIn={() => navigate(takeReturnPath(), { replace: true })}
      >
        {passwordReset === 'done' && (
          <AuthNote>
            <FormattedMessage id="app.passwordReset.done" />
          </AuthNote>
        )}
        {sso.state.status === 'error' && (
          <AuthError>
            {sso.state.failure.kind === 'message'
              ? intl.formatMessage(sso.state.failure.message)
              : sso.state.failure.text}
          </AuthError>
        )}
      </PasswordSignInForm>
      {sso.state.status !== 'hidden' && (
        <Button
          className="joule-login-sso"
          variant="outlined"
          size="large"
          fill
          icon={<KeyIcon />}
          loading={sso.state.status === 'pending'}
          disabled={pending}
          text={intl.formatMessage({ id: 'app.login.sso' })}
          onClick={() => void sso.start()}
        />
      )}
      <p className="joule-login-links">
        <Link to="/password-reset">
          <FormattedMessage id="app.login.forgotPassword" />
        </Link>
      </p>
    </AuthPage>
  );
}
