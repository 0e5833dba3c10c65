/**
 * `/password-reset/:uid/:token` (SPEC §2, open; title Password Reset): the page the reset
 * mail links to. The new password and its confirmation must match (SPEC §5); on success
 * the user goes to /login, which says the password was changed.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button, Callout, Card, FormGroup, H1, InputGroup } from '@blueprintjs/core';
import { ErrorIcon, LockIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { LOGIN_PATH } from '../guards';
import { Logo } from '../logo';
import { useResetMessageText } from './reset-message';
import { useResetConfirm } from './use-password-reset';

/** Where the confirm page sends the user, and the state the login page reads its note from. */
export const PASSWORD_RESET_DONE_STATE = { passwordReset: 'done' } as const;

export function PasswordResetConfirmPage() {
  const intl = useIntl();
  const text = useResetMessageText();
  const navigate = useNavigate();
  const { uid = '', token = '' } = useParams();
  const { state, submit } = useResetConfirm(uid, token);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const id = useId();
  const error = state.status === 'error' ? state : null;
  const passwordError = text(error?.password);
  const confirmationError = text(error?.confirmation);
  const formError = text(error?.form);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await submit(password, confirmation))
      navigate(LOGIN_PATH, { replace: true, state: PASSWORD_RESET_DONE_STATE });
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
          <FormattedMessage id="app.passwordReset.confirm.title" />
        </H1>
        <form aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
          {error?.invalidLink && (
            <Callout
              intent="danger"
              icon={<ErrorIcon />}
              role="alert"
              className="joule-login-error"
            >
              <FormattedMessage id="app.passwordReset.confirm.invalidLink" />{' '}
              <Link to="/password-reset">
                <FormattedMessage id="app.passwordReset.confirm.requestNew" />
              </Link>
            </Callout>
          )}
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
            label={intl.formatMessage({ id: 'app.passwordReset.confirm.password' })}
            labelFor={`${id}-password`}
            intent={passwordError ? 'danger' : 'none'}
            helperText={passwordError && <span id={`${id}-password-error`}>{passwordError}</span>}
          >
            <InputGroup
              id={`${id}-password`}
              name="new_password"
              type="password"
              autoComplete="new-password"
              autoFocus
              required
              size="large"
              intent={passwordError ? 'danger' : 'none'}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? `${id}-password-error` : undefined}
              leftIcon={<LockIcon />}
              value={password}
              onValueChange={setPassword}
            />
          </FormGroup>
          <FormGroup
            label={intl.formatMessage({ id: 'app.passwordReset.confirm.confirmation' })}
            labelFor={`${id}-confirmation`}
            intent={confirmationError ? 'danger' : 'none'}
            helperText={
              confirmationError && <span id={`${id}-confirmation-error`}>{confirmationError}</span>
            }
          >
            <InputGroup
              id={`${id}-confirmation`}
              name="new_password_confirmation"
              type="password"
              autoComplete="new-password"
              required
              size="large"
              intent={confirmationError ? 'danger' : 'none'}
              aria-invalid={confirmationError ? true : undefined}
              aria-describedby={confirmationError ? `${id}-confirmation-error` : undefined}
              leftIcon={<LockIcon />}
              value={confirmation}
              onValueChange={setConfirmation}
            />
          </FormGroup>
          <Button
            type="submit"
            intent="primary"
            size="large"
            fill
            loading={state.status === 'pending' || state.status === 'done'}
            text={intl.formatMessage({ id: 'app.passwordReset.confirm.submit' })}
          />
        </form>
        <p className="joule-login-links">
          <Link to={LOGIN_PATH}>
            <FormattedMessage id="app.passwordReset.backToLogin" />
          </Link>
        </p>
      </Card>
    </main>
  );
}
