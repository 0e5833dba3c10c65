/**
 * The fixed top bar (docs/product.md §2, 56 px): logo and name, the main menu, the settings gear
 * and the avatar menu, with the notification bell before them.
 */
import type { ReactNode } from 'react';
import { Classes, Icon, Navbar, NavbarDivider, NavbarGroup } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from '../../resources';
import type { CurrentUser } from '../../auth';
import type { ResourceDescriptor } from '../../generated/descriptor-types';
import type { ListView, ResourceGroup } from '../../resources';
import { Logo } from '../logo';
import { NotificationBell } from '../notifications/notification-bell';
import { SettingsMenu } from './settings-menu';
import { useMenus } from './use-menus';
import { UserMenu } from './user-menu';

export interface TopBarProps {
  /** Every resource; the menus show those the user may use. */
  readonly descriptors: readonly ResourceDescriptor[];
  /** Pages of several resources, one menu entry each in place of their members. */
  readonly groups?: readonly ResourceGroup[];
  readonly views?: readonly ListView[];
  readonly user: CurrentUser;
}

/** A main menu entry, marked as the current page at its path and below it (`/customers/42`). */
function NavLink({ to, children }: { to: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const path = to.split('?')[0] ?? to;
  const active = pathname === path || pathname.startsWith(`${path}/`);
  const className = [
    Classes.BUTTON,
    Classes.MINIMAL,
    'joule-nav-link',
    active ? Classes.ACTIVE : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Link to={to} className={className} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

export function TopBar({ descriptors, groups, views, user }: TopBarProps) {
  const intl = useIntl();
  const menus = useMenus(descriptors, groups, views);
  return (
    <header className="joule-topbar">
      <Navbar className="joule-navbar">
        <NavbarGroup align="start">
          <Link to="/" className="joule-brand">
            <Logo />
            <span className="joule-brand-name">
              <FormattedMessage id="app.name" />
            </span>
          </Link>
          {menus.main.length > 0 && <NavbarDivider />}
          <nav aria-label={intl.formatMessage({ id: 'app.menu.main' })} className="joule-main-menu">
            {menus.main.map((entry) => (
              <NavLink key={entry.name} to={entry.path}>
                <Icon icon={entry.icon} />
                <span className={Classes.BUTTON_TEXT}>
                  <FormattedMessage id={entry.label} />
                </span>
              </NavLink>
            ))}
          </nav>
        </NavbarGroup>
        <NavbarGroup align="end">
          <NotificationBell />
          <SettingsMenu entries={menus.settings} />
          <UserMenu user={user} />
        </NavbarGroup>
      </Navbar>
    </header>
  );
}
