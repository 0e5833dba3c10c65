/**
 * `/password-reset/:uid/:token` (docs/product.md §2, open; title Password Reset): the page the
 * reset mail links to. The new password and its confirmation must match (docs/product.md §5); on
 * success the user goes to /login, which says the password was changed.
 */
import { useId, useState, type FormEvent } from 'react';
import { LockIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from '../../resources';
import { LOGIN_PATH } from '../guards';
import { AuthError, AuthField, AuthPage, AuthSubmit } from '../login/auth-layout';
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
    <AuthPage
      headingId={`${id}-title`}
      title={<FormattedMessage id="app.passwordReset.confirm.title" />}
    >
      <form aria-labelledby={`${id}-title`} onSubmit={onSubmit} noValidate>
        {error?.invalidLink && (
          <AuthError>
            <FormattedMessage id="app.passwordReset.confirm.invalidLink" />{' '}
            <Link to="/password-reset">
              <FormattedMessage id="app.passwordReset.confirm.requestNew" />
            </Link>
          </AuthError>
        )}
        {formError && <AuthError>{formError}</AuthError>}
        <AuthField
          id={`${id}-password`}
          label={intl.formatMessage({ id: 'app.passwordReset.confirm.password' })}
          error={passwordError}
          name="new_password"
          type="password"
          autoComplete="new-password"
          autoFocus
          icon={<LockIcon />}
          value={password}
          onValueChange={setPassword}
        />
        <AuthField
          id={`${id}-confirmation`}
          label={intl.formatMessage({ id: 'app.passwordReset.confirm.confirmation' })}
          error={confirmationError}
          name="new_password_confirmation"
          type="password"
          autoComplete="new-password"
          icon={<LockIcon />}
          value={confirmation}
          onValueChange={setConfirmation}
        />
        <AuthSubmit
          loading={state.status === 'pending' || state.status === 'done'}
          text={intl.formatMessage({ id: 'app.passwordReset.confirm.submit' })}
        />
      </form>
      <p className="joule-login-links">
        <Link to={LOGIN_PATH}>
          <FormattedMessage id="app.passwordReset.backToLogin" />
        </Link>
      </p>
    </AuthPage>
  );
}
