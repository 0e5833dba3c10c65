/**
 * Login (SPEC §2): full-screen, e-mail and password, sign-in button, error callout, a
 * "Sign in with single sign-on" button when the deployment has a provider (SPEC §4), and a
 * link to the password reset.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, H1, InputGroup } from '@blueprintjs/core';
import { EnvelopeIcon, ErrorIcon, KeyIcon, LockIcon, TickCircleIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useNavigate } from 'react-router';
import { takeReturnPath } from '../guards';
import { Logo } from '../logo';
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
    <main className="joule-login">
      <Card elevation={2} className="joule-login-card">
        <div className="joule-login-brand">
          <Logo size={40} />
          <span className="joule-login-product">
            <FormattedMessage id="app.name" />
          </span>
        </div>
        <H1 id={`${id}-title`} className="joule-login-title">
          <FormattedMessage id="app.login.title" />
        </H1>
        <form aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
          {passwordReset === 'done' && state.status !== 'error' && (
            <Callout
              intent="success"
              icon={<TickCircleIcon />}
              role="status"
              className="joule-login-note"
            >
              <FormattedMessage id="app.passwordReset.done" />
            </Callout>
          )}
          {sso.state.status === 'error' && state.status !== 'error' && (
            <Callout
              intent="danger"
              icon={<ErrorIcon />}
              role="alert"
              className="joule-login-error"
            >
              {sso.state.failure.kind === 'message'
                ? intl.formatMessage(sso.state.failure.message)
                : sso.state.failure.text}
            </Callout>
          )}
          {state.status === 'error' && (
            <Callout
              intent="danger"
              icon={<ErrorIcon />}
              role="alert"
              className="joule-login-error"
            >
              {state.failure.kind === 'message'
                ? intl.formatMessage(state.failure.message)
                : state.failure.text}
            </Callout>
          )}
          <FormGroup label={intl.formatMessage({ id: 'app.login.email' })} labelFor={`${id}-email`}>
            <InputGroup
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="username"
              autoFocus
              required
              size="large"
              leftIcon={<EnvelopeIcon />}
              value={email}
              onValueChange={setEmail}
            />
          </FormGroup>
          <FormGroup
            label={intl.formatMessage({ id: 'app.login.password' })}
            labelFor={`${id}-password`}
          >
            <InputGroup
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              required
              size="large"
              leftIcon={<LockIcon />}
              value={password}
              onValueChange={setPassword}
            />
          </FormGroup>
          <Button
            type="submit"
            intent="primary"
            size="large"
            fill
            loading={pending}
            text={intl.formatMessage({ id: 'app.login.submit' })}
          />
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
      </Card>
    </main>
  );
}
