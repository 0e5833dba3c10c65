/** The password-reset mail (djoser's `PasswordResetEmail`), in the requester's language. */
import type { Lang } from '../i18n/text';
import type { Mail } from './mailer';

/** The mail for `email` with the reset `link`, valid for `hours`. */
export function resetMail(email: string, link: string, hours: number, lang: Lang): Mail {
  if (lang === 'cs') {
    return {
      to: email,
      subject: 'Obnovení hesla v aplikaci Joule',
      text: [
        'Dobrý den,',
        '',
        `někdo (nejspíš vy) požádal o obnovení hesla k účtu ${email} v aplikaci Joule.`,
        'Nové heslo si nastavíte na této stránce:',
        '',
        link,
        '',
        `Odkaz platí ${hours} h a lze jej použít jen jednou. Pokud jste o obnovení nežádali, zprávu ignorujte; heslo zůstává beze změny.`,
      ].join('\n'),
    };
  }
  return {
    to: email,
    subject: 'Password reset on Joule',
    text: [
      'Hello,',
      '',
      `someone (probably you) asked to reset the password of the account ${email} on Joule.`,
      'Choose a new password on this page:',
      '',
      link,
      '',
      `The link works once and expires in ${hours} h. If you did not ask for this, ignore this mail; your password stays unchanged.`,
    ].join('\n'),
  };
}
