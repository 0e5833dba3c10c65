/**
 * `/oidc/callback` (docs/product.md §2, §4, §8): where the provider sends the browser back. The
 * loader completes single sign-on (answer checked, code exchanged, session started) and goes on to
 * the page that sent the user to sign in. On failure an error toast shows for 3 s (docs/product.md
 * §9) and the page says what went wrong, with a way back to the login page; unexpected failures
 * are reported (docs/product.md §8 "then the error is rethrown": to error reporting,
 * not onto the screen).
 */
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, redirect, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { completeSingleSignOn, LoginError } from '../../auth';
import { reportError } from '../error-reporting';
import { takeReturnPath } from '../guards';
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

/** Completes the sign-in, then redirects; returns the failure to show otherwise. */
export async function ssoCallbackLoader({
  request,
}: LoaderFunctionArgs): Promise<SsoCallbackData | Response> {
  try {
    await completeSingleSignOn(request.url);
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
  return redirect(takeReturnPath());
}

export function SsoCallbackPage() {
  const intl = useIntl();
  const { failure } = useLoaderData<SsoCallbackData>();
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
