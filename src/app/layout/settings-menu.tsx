/** The settings gear (docs/product.md §2): settings pages, new resources after the known ones. */
import { Button } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { useLocation } from '../../resources';
import { LazyPopover } from '../../resources';
import type { MenuEntry } from '../menus';
import type { SettingsMenuPopoverProps } from './settings-menu-popover';

export interface SettingsMenuProps {
  readonly entries: readonly MenuEntry[];
}

const loadPopover = async () => (await import('./settings-menu-popover')).SettingsMenuPopover;

export function SettingsMenu({ entries }: SettingsMenuProps) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const active = entries.some((entry) => entry.path === pathname);
  return (
    <LazyPopover<SettingsMenuPopoverProps> load={loadPopover} props={{ entries }}>
      <Button
        variant="minimal"
        icon="cog"
        active={active}
        aria-label={intl.formatMessage({ id: 'app.menu.settingsMenu' })}
      />
    </LazyPopover>
  );
}
