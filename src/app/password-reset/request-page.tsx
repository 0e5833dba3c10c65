/**
 * `/password-reset` (docs/product.md §2, open): asks for a reset link by e-mail. The answer is
 * always the same neutral note, so the page never tells whether an address has an account.
 */
import { useId, useState, type FormEvent } from 'react';
import { EnvelopeIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from '../../resources';
import { LOGIN_PATH } from '../guards';
import { AuthError, AuthField, AuthNote, AuthPage, AuthSubmit } from '../login/auth-layout';
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
    <AuthPage headingId={`${id}-title`} title={<FormattedMessage id="app.passwordReset.title" />}>
      {state.status === 'sent' ? (
        <AuthNote>
          <FormattedMessage id="app.passwordReset.sent" />
        </AuthNote>
      ) : (
        <form aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
          <p>
            <FormattedMessage id="app.passwordReset.intro" />
          </p>
          {formError && <AuthError>{formError}</AuthError>}
          <AuthField
            id={`${id}-email`}
            label={intl.formatMessage({ id: 'app.login.email' })}
            error={emailError}
            name="email"
            type="email"
            autoComplete="username"
            autoFocus
            icon={<EnvelopeIcon />}
            value={email}
            onValueChange={setEmail}
          />
          <AuthSubmit
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
    </AuthPage>
  );
}
