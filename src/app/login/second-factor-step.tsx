/**
 * The second step of a password sign-in (docs/security.md "Two-factor sign-in"): a 6-digit
 * code from the authenticator app, or a recovery code; for a user whose role requires a
 * second factor they have not set up, first the enrolment (QR code and the secret as text),
 * then the ten recovery codes, shown once, confirmed with "I have saved them" before the
 * session starts.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button, Classes } from '@blueprintjs/core';
import { KeyIcon, LockIcon } from '@blueprintjs/icons';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError } from '../../api';
import {
  beginOwnSession,
  submitSecondFactor,
  type SecondFactorChallenge,
  type TokenPair,
} from '../../auth';
import { AuthError, AuthField, AuthNote, AuthSubmit } from './auth-layout';
import { RecoveryCodeList, TwoFactorEnrolment } from './two-factor-parts';
import { loginFailureMessage } from './use-login-form';

/** Props of `SecondFactorStep`. */
export interface SecondFactorStepProps {
  /** The id of the heading that names the form. */
  readonly labelledBy: string;
  readonly challenge: SecondFactorChallenge;
  /** Called once the session started. */
  readonly onSignedIn: () => void;
  /** Back to the password (the challenge is void). */
  readonly onRestart: () => void;
}

/** Asks for the second factor, or enrols one; then starts the session. */
export function SecondFactorStep({
  labelledBy,
  challenge,
  onSignedIn,
  onRestart,
}: SecondFactorStepProps) {
  const intl = useIntl();
  const id = useId();
  const [recovery, setRecovery] = useState(false);
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [dead, setDead] = useState(false);
  const [saved, setSaved] = useState<{ tokens: TokenPair; codes: string[] } | null>(null);
  const enrolment = challenge.enrolment;

  async function start(tokens: TokenPair) {
    setPending(true);
    try {
      await beginOwnSession(tokens);
      onSignedIn();
    } catch (failure) {
      setPending(false);
      const message = loginFailureMessage(failure);
      setError(message.kind === 'message' ? intl.formatMessage(message.message) : message.text);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = value.trim();
    if (!typed) {
      setError(intl.formatMessage({ id: 'app.twoFactor.missing' }));
      return;
    }
    setPending(true);
    setError(null);
    try {
      const answer = recovery ? { recovery_code: typed } : { code: typed.replace(/\s/g, '') };
      const { tokens, recoveryCodes } = await submitSecondFactor(challenge.challenge, answer);
      if (recoveryCodes) {
        setPending(false);
        setSaved({ tokens, codes: recoveryCodes });
      } else await start(tokens);
    } catch (failure) {
      setPending(false);
      if (failure instanceof ApiError && failure.status === 401) {
        setDead(true);
        setError(intl.formatMessage({ id: 'app.twoFactor.expired' }));
      } else if (failure instanceof ApiError && failure.status === 400) {
        setError(intl.formatMessage({ id: 'app.twoFactor.wrongCode' }));
      } else {
        const message = loginFailureMessage(failure);
        setError(message.kind === 'message' ? intl.formatMessage(message.message) : message.text);
      }
    }
  }

  if (saved) {
    return (
      <div aria-labelledby={labelledBy} role="group" className="joule-two-factor">
        <AuthNote>
          <FormattedMessage id="app.twoFactor.recoveryCodesNote" />
        </AuthNote>
        <RecoveryCodeList codes={saved.codes} />
        {error && <AuthError>{error}</AuthError>}
        <Button
          intent="primary"
          size="large"
          fill
          loading={pending}
          text={intl.formatMessage({ id: 'app.twoFactor.saved' })}
          onClick={() => void start(saved.tokens)}
        />
      </div>
    );
  }

  return (
    <form aria-labelledby={labelledBy} onSubmit={onSubmit} noValidate>
      {error && <AuthError>{error}</AuthError>}
      {enrolment ? (
        <div className="joule-two-factor-enrol">
          <TwoFactorEnrolment qr={enrolment.qr} secret={enrolment.secret} />
        </div>
      ) : (
        <p className={Classes.TEXT_MUTED}>
          <FormattedMessage
            id={recovery ? 'app.twoFactor.recoveryIntro' : 'app.twoFactor.codeIntro'}
          />
        </p>
      )}
      {dead ? (
        <Button
          size="large"
          fill
          text={intl.formatMessage({ id: 'app.twoFactor.again' })}
          onClick={onRestart}
        />
      ) : (
        <>
          <AuthField
            key={recovery ? 'recovery' : 'code'}
            id={`${id}-code`}
            label={intl.formatMessage({
              id: recovery ? 'app.twoFactor.recoveryCode' : 'app.twoFactor.code',
            })}
            name={recovery ? 'recovery_code' : 'code'}
            type="text"
            autoComplete="one-time-code"
            autoFocus
            icon={recovery ? <KeyIcon /> : <LockIcon />}
            value={value}
            onValueChange={setValue}
          />
          <AuthSubmit loading={pending} text={intl.formatMessage({ id: 'app.twoFactor.verify' })} />
          {!enrolment && (
            <p className="joule-login-links">
              <Button
                variant="minimal"
                text={intl.formatMessage({
                  id: recovery ? 'app.twoFactor.useCode' : 'app.twoFactor.useRecovery',
                })}
                onClick={() => {
                  setRecovery(!recovery);
                  setValue('');
                  setError(null);
                }}
              />
            </p>
          )}
        </>
      )}
    </form>
  );
}
