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
});
