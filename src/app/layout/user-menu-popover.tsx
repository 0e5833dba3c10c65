/**
 * The avatar's menu (docs/product.md §2): the user's e-mail, About, Logout; loaded on first use.
 */
import { Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import type { PopoverHostProps } from '../../resources/deferred-popover';

export interface UserMenuPopoverProps {
  readonly email: string;
  readonly onAbout: () => void;
  readonly onLogout: () => void;
}

export function UserMenuPopover({
  email,
  onAbout,
  onLogout,
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
        </Menu>
      }
    >
      {children}
    </PopoverNext>
  );
}
