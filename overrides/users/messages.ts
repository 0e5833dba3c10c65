/** Messages of the users override. */
import { defineMessages } from 'react-intl';

export const userMessages = defineMessages({
  hasPrivileges: { id: 'overrides.users.hasPrivileges', defaultMessage: 'Has the privilege' },
  anyPrivilege: { id: 'overrides.users.anyPrivilege', defaultMessage: 'Any' },
  sessions: { id: 'overrides.users.sessions', defaultMessage: 'Sessions' },
  signOutEverywhere: {
    id: 'overrides.users.signOutEverywhere',
    defaultMessage: 'Sign out everywhere',
  },
  signOutEverywhereConfirm: {
    id: 'overrides.users.signOutEverywhereConfirm',
    defaultMessage:
      'Sign this user out on every device? Their open sessions end at once; they can sign in again.',
  },
  signedOutEverywhere: {
    id: 'overrides.users.signedOutEverywhere',
    defaultMessage: 'The user was signed out everywhere.',
  },
  cancel: { id: 'overrides.users.cancel', defaultMessage: 'Cancel' },
  resetTwoFactor: {
    id: 'overrides.users.resetTwoFactor',
    defaultMessage: 'Reset two-factor sign-in',
  },
  resetTwoFactorConfirm: {
    id: 'overrides.users.resetTwoFactorConfirm',
    defaultMessage:
      "Remove this user's second factor? They sign in with the password alone, or enrol again if their role requires it.",
  },
  twoFactorReset: {
    id: 'overrides.users.twoFactorReset',
    defaultMessage: "The user's second factor was removed.",
  },
});
