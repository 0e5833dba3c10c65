/**
 * Login (SPEC §2): full-screen, e-mail and password, sign-in button, error callout, a
 * "Sign in with single sign-on" button when the deployment has a provider (SPEC §4), and a
 * link to the password reset.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@blueprintjs/core';
import { EnvelopeIcon, KeyIcon, LockIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { takeReturnPath } from '../guards';
import { AuthError, AuthField, AuthNote, AuthPage, AuthSubmit } from './auth-layout';
import { useLoginForm } from './use-login-form';
import { useSso } from './use-sso';

export function LoginPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const location = useLocation();
  // Set by the password-reset page after a new password was saved.
  const passwordReset = (location.state as { passwordReset?: unknown } | null)?.passwordReset;
  const { state, submit } = useLoginForm();
  const sso = useSso();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();
  const pending = state.status === 'pending';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await submit(email, password)) navigate(takeReturnPath(), { replace: true });
  }

  return (
    <AuthPage headingId={`${id}-title`} title={<FormattedMessage id="app.login.title" />}>
      <form aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
        {passwordReset === 'done' && state.status !== 'error' && (
          <AuthNote>
            <FormattedMessage id="app.passwordReset.done" />
          </AuthNote>
        )}
        {sso.state.status === 'error' && state.status !== 'error' && (
          <AuthError>
            {sso.state.failure.kind === 'message'
              ? intl.formatMessage(sso.state.failure.message)
              : sso.state.failure.text}
          </AuthError>
        )}
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
          autoFocus
          icon={<EnvelopeIcon />}
          value={email}
          onValueChange={setEmail}
          error={state.status === 'invalid' ? intl.formatMessage(state.emailError) : undefined}
        />
        <AuthField
          id={`${id}-password`}
          label={intl.formatMessage({ id: 'app.login.password' })}
          name="password"
          type="password"
          autoComplete="current-password"
          icon={<LockIcon />}
          value={password}
          onValueChange={setPassword}
        />
        <AuthSubmit loading={pending} text={intl.formatMessage({ id: 'app.login.submit' })} />
      </form>
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
