/**
 * The avatar's menu (docs/product.md §2): the user's e-mail, About, Logout and, for an own
 * sign-in, Sign out everywhere (docs/security.md "Tokens"); loaded on first use.
 */
import { Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import type { PopoverHostProps } from '../../resources';

export interface UserMenuPopoverProps {
  readonly email: string;
  readonly onAbout: () => void;
  readonly onLogout: () => void;
  /** Ends every session of the user; absent: not offered (single sign-on). */
  readonly onSignOutEverywhere?: () => void;
}

export function UserMenuPopover({
  email,
  onAbout,
  onLogout,
  onSignOutEverywhere,
  defaultIsOpen,
  children,
}: UserMenuPopoverProps & PopoverHostProps) {
  const intl = useIntl();
  return (
    <PopoverNext
      placement="bottom-end"
      defaultIsOpen={defaultIsOpen}
      content={
        <Menu aria-label={intl.formatMessage({ id: 'app.userMenu.label' })}>
          <MenuDivider title={email} />
          <MenuItem
            icon="info-sign"
            text={intl.formatMessage({ id: 'app.userMenu.about' })}
            onClick={onAbout}
          />
          <MenuItem
            icon="log-out"
            text={intl.formatMessage({ id: 'app.userMenu.logout' })}
            onClick={onLogout}
          />
          {onSignOutEverywhere && (
            <MenuItem
              icon="log-out"
              text={intl.formatMessage({ id: 'app.userMenu.signOutEverywhere' })}
              onClick={onSignOutEverywhere}
            />
          )}
        </Menu>
      }
    >
      {children}
    </PopoverNext>
  );
}
