/**
 * `/oidc/callback` (docs/product.md §2, §4, §8): where the provider sends the browser back. The
 * page completes single sign-on (answer checked, code exchanged, session started) and goes on to
 * the page that sent the user to sign in. On failure an error toast shows for 3 s (docs/product.md
 * §9) and the page says what went wrong, with a way back to the login page; unexpected failures
 * are reported (docs/product.md §8 "then the error is rethrown": to error reporting,
 * not onto the screen).
 */
import { use, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate } from '../../resources';
import { completeSingleSignOn, LoginError } from '../../auth';
import { reportError } from '../error-reporting';
import { takeReturnPath } from '../guards';
import { tracked, type Tracked } from '../route-data';
import { showSnackbar } from '../snackbar/snackbar';
import { AuthError, AuthPage } from './auth-layout';
import type { LoginFailureMessage } from './use-login-form';
import { ssoFailureMessage } from './use-sso';

/** docs/product.md §9: the callback's error toast stays 3000 ms. */
export const SSO_ERROR_TOAST_MS = 3000;

/** What the page shows after a failed callback. */
export interface SsoCallbackData {
  readonly failure: LoginFailureMessage;
}

/**
 * Completes the sign-in at `url` (the provider's answer); resolves to where to go next, or to
 * the failure to show.
 */
export async function completeCallback(url: string): Promise<SsoCallbackData | { to: string }> {
  try {
    await completeSingleSignOn(url);
  } catch (error) {
    const failure = ssoFailureMessage(error);
    showSnackbar({
      message: failure.kind === 'message' ? { id: failure.message.id! } : failure.text,
      color: 'error',
      timeout: SSO_ERROR_TOAST_MS,
    });
    if (error instanceof LoginError) console.warn('Single sign-on refused', error);
    else reportError(error, { where: 'oidc-callback' });
    return { failure };
  }
  return { to: takeReturnPath() };
}

/** The callbacks completed, by address: the code is exchanged once, however often the page renders. */
const callbacks = new Map<string, Tracked<SsoCallbackData | { to: string }>>();

export function SsoCallbackPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const url = window.location.href;
  let callback = callbacks.get(url);
  if (!callback) callbacks.set(url, (callback = tracked(completeCallback(url))));
  const result = use(callback);
  useEffect(() => {
    if ('to' in result) navigate(result.to, { replace: true });
  }, [result, navigate]);
  if ('to' in result) return null;
  const { failure } = result;
  return (
    <AuthPage headingId="joule-sso-title" title={<FormattedMessage id="app.sso.title" />}>
      <AuthError>
        {failure.kind === 'message' ? intl.formatMessage(failure.message) : failure.text}
      </AuthError>
      <p className="joule-login-links">
        <Link to="/login" replace>
          <FormattedMessage id="app.sso.backToLogin" />
        </Link>
      </p>
    </AuthPage>
  );
}
