/**
 * `/password-reset` (SPEC §2, open): asks for a reset link by e-mail. The answer is always
 * the same neutral note, so the page never tells whether an address has an account.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, H1, InputGroup } from '@blueprintjs/core';
import { EnvelopeIcon, ErrorIcon, TickCircleIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { LOGIN_PATH } from '../guards';
import { Logo } from '../logo';
import { useResetMessageText } from './reset-message';
import { useResetRequest } from './use-password-reset';

export function PasswordResetRequestPage() {
  const intl = useIntl();
  const text = useResetMessageText();
  const { state, submit } = useResetRequest();
  const [email, setEmail] = useState('');
  const id = useId();
  const emailError = state.status === 'error' ? text(state.email) : undefined;
  const formError = state.status === 'error' ? text(state.form) : undefined;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await submit(email);
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
          <FormattedMessage id="app.passwordReset.title" />
        </H1>
        {state.status === 'sent' ? (
          <Callout
            intent="success"
            icon={<TickCircleIcon />}
            role="status"
            className="joule-login-note"
          >
            <FormattedMessage id="app.passwordReset.sent" />
          </Callout>
        ) : (
          <form aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
            <p>
              <FormattedMessage id="app.passwordReset.intro" />
            </p>
            {formError && (
              <Callout
                intent="danger"
                icon={<ErrorIcon />}
                role="alert"
                className="joule-login-error"
              >
                {formError}
              </Callout>
            )}
            <FormGroup
              label={intl.formatMessage({ id: 'app.login.email' })}
              labelFor={`${id}-email`}
              intent={emailError ? 'danger' : 'none'}
              helperText={emailError && <span id={`${id}-email-error`}>{emailError}</span>}
            >
              <InputGroup
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="username"
                autoFocus
                required
                size="large"
                intent={emailError ? 'danger' : 'none'}
                aria-invalid={emailError ? true : undefined}
                aria-describedby={emailError ? `${id}-email-error` : undefined}
                leftIcon={<EnvelopeIcon />}
                value={email}
                onValueChange={setEmail}
              />
            </FormGroup>
            <Button
              type="submit"
              intent="primary"
              size="large"
              fill
              loading={state.status === 'pending'}
              text={intl.formatMessage({ id: 'app.passwordReset.submit' })}
            />
          </form>
        )}
        <p className="joule-login-links">
          <Link to={LOGIN_PATH}>
            <FormattedMessage id="app.passwordReset.backToLogin" />
          </Link>
        </p>
      </Card>
    </main>
  );
}
