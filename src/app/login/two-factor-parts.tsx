/**
 * What the sign-in's second step and Settings show alike of a second factor
 * (docs/security.md "Two-factor sign-in"): the enrolment (QR code and the key as text) and
 * the recovery codes, shown once.
 */
import { FormattedMessage, useIntl } from 'react-intl';

/** Props of {@link TwoFactorEnrolment}: the server's `qr` (a data URL) and `secret` (base32). */
export interface TwoFactorEnrolmentProps {
  readonly qr: string;
  readonly secret: string;
}

/** How to enrol: the intro, the QR code for the authenticator app and its key as text. */
export function TwoFactorEnrolment({ qr, secret }: TwoFactorEnrolmentProps) {
  const intl = useIntl();
  return (
    <>
      <p>
        <FormattedMessage id="app.twoFactor.enrolIntro" />
      </p>
      <img src={qr} width={200} height={200} alt={intl.formatMessage({ id: 'app.twoFactor.qr' })} />
      <p>
        <FormattedMessage id="app.twoFactor.secret" />{' '}
        <code aria-label={intl.formatMessage({ id: 'app.twoFactor.secretLabel' })}>{secret}</code>
      </p>
    </>
  );
}

/** The ten recovery codes, as the list named "Recovery codes". */
export function RecoveryCodeList({ codes }: { readonly codes: readonly string[] }) {
  const intl = useIntl();
  return (
    <ol
      className="joule-recovery-codes"
      aria-label={intl.formatMessage({ id: 'app.twoFactor.recoveryCodes' })}
    >
      {codes.map((code) => (
        <li key={code}>
          <code>{code}</code>
        </li>
      ))}
    </ol>
  );
}
