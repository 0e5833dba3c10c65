/** The settings gear's menu (docs/product.md §2), loaded on first use (`settings-menu.tsx`). */
import { Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from '../../resources';
import type { PopoverHostProps } from '../../resources';
import { appSettingsEntry, type MenuEntry } from '../menus';

export interface SettingsMenuPopoverProps {
  readonly entries: readonly MenuEntry[];
}

export function SettingsMenuPopover({
  entries,
  defaultIsOpen,
  children,
}: SettingsMenuPopoverProps & PopoverHostProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const item = (entry: MenuEntry) => (
    <MenuItem
      key={entry.name}
      icon={entry.icon}
      text={intl.formatMessage({ id: entry.label })}
      href={entry.path}
      active={pathname === entry.path}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(entry.path);
      }}
    />
  );
  const resources = entries.filter((entry) => entry !== appSettingsEntry);
  return (
    <PopoverNext
      placement="bottom-end"
      defaultIsOpen={defaultIsOpen}
      content={
        <Menu aria-label={intl.formatMessage({ id: 'app.menu.settingsMenu' })}>
          {resources.map(item)}
          {resources.length > 0 && <MenuDivider />}
          {item(appSettingsEntry)}
        </Menu>
      }
    >
      {children}
    </PopoverNext>
  );
}
