/**
 * The e-mail and password form of the login page (docs/product.md §2) and of "Sign in again" over
 * an ended session: its error callout, the two fields and the submit button.
 */
import { lazy, Suspense, useId, useState, type FormEvent, type ReactNode } from 'react';
import { EnvelopeIcon, LockIcon } from '@blueprintjs/icons';
import { useIntl } from 'react-intl';
import { AuthError, AuthField, AuthSubmit } from './auth-layout';
import type { LoginFormController } from './use-login-form';

/**
 * The second step, lazy: few users have a second factor, and the login page's first load
 * does without its code (docs/speed.md, the login page's JS). Its load starts with the
 * password's submit, alongside the sign-in request.
 */
const loadSecondFactorStep = () => import('./second-factor-step');
const SecondFactorStep = lazy(() =>
  loadSecondFactorStep().then((module) => ({ default: module.SecondFactorStep })),
);

/** Props of `PasswordSignInForm`. */
export interface PasswordSignInFormProps {
  /** The id of the heading that names the form. */
  readonly labelledBy: string;
  /** The form's state and sign-in (`useLoginForm()`), owned by the page around it. */
  readonly login: LoginFormController;
  /**
   * The one account that may sign in, shown read-only with the password focused (sign in
   * again); without it the user types the e-mail, focused first.
   * @default none
   */
  readonly email?: string;
  /** Called once a sign-in succeeded. @default nothing */
  readonly onSignedIn?: () => void;
  /** Notes above the fields, shown while the form has no error of its own. @default none */
  readonly children?: ReactNode;
}

/** Signs in with an e-mail and a password; a failure shows in the form's callout. */
export function PasswordSignInForm({
  labelledBy,
  login: { state, submit, restart },
  email: fixedEmail,
  onSignedIn,
  children,
}: PasswordSignInFormProps) {
  const intl = useIntl();
  const [typedEmail, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const id = useId();
  const email = fixedEmail ?? typedEmail;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void loadSecondFactorStep();
    if (await submit(email, password)) onSignedIn?.();
  }

  if (state.status === 'second-factor') {
    return (
      <Suspense fallback={null}>
        <SecondFactorStep
          labelledBy={labelledBy}
          challenge={state.challenge}
          onSignedIn={() => onSignedIn?.()}
          onRestart={restart}
        />
      </Suspense>
    );
  }

  return (
    <form aria-labelledby={labelledBy} onSubmit={onSubmit} noValidate>
      {state.status === 'error' ? (
        <AuthError>
          {state.failure.kind === 'message'
            ? intl.formatMessage(state.failure.message)
            : state.failure.text}
        </AuthError>
      ) : (
        children
      )}
      <AuthField
        id={`${id}-email`}
        label={intl.formatMessage({ id: 'app.login.email' })}
        name="email"
        type="email"
        autoComplete="username"
        icon={<EnvelopeIcon />}
        value={email}
        {...(fixedEmail === undefined
          ? { autoFocus: true, onValueChange: setEmail }
          : { readOnly: true })}
        error={state.status === 'invalid' ? intl.formatMessage(state.emailError) : undefined}
      />
      <AuthField
        id={`${id}-password`}
        label={intl.formatMessage({ id: 'app.login.password' })}
        name="password"
        type="password"
        autoComplete="current-password"
        autoFocus={fixedEmail !== undefined}
        icon={<LockIcon />}
        value={password}
        onValueChange={setPassword}
      />
      <AuthSubmit
        loading={state.status === 'pending'}
        text={intl.formatMessage({ id: 'app.login.submit' })}
      />
    </form>
  );
}
