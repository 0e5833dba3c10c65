/** The settings gear (SPEC §2): settings pages, new resources after the known ones. */
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import { appSettingsEntry, type MenuEntry } from '../menus';

export interface SettingsMenuProps {
  readonly entries: readonly MenuEntry[];
}

export function SettingsMenu({ entries }: SettingsMenuProps) {
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
  const active = entries.some((entry) => entry.path === pathname);
  return (
    <PopoverNext
      placement="bottom-end"
      content={
        <Menu aria-label={intl.formatMessage({ id: 'app.menu.settingsMenu' })}>
          {resources.map(item)}
          {resources.length > 0 && <MenuDivider />}
          {item(appSettingsEntry)}
        </Menu>
      }
    >
      <Button
        variant="minimal"
        icon="cog"
        active={active}
        aria-label={intl.formatMessage({ id: 'app.menu.settingsMenu' })}
      />
    </PopoverNext>
  );
}
