/** Messages of the users override. */
import { defineMessages } from 'react-intl';

export const userMessages = defineMessages({
  hasPrivileges: { id: 'overrides.users.hasPrivileges', defaultMessage: 'Has the privilege' },
  anyPrivilege: { id: 'overrides.users.anyPrivilege', defaultMessage: 'Any' },
});
