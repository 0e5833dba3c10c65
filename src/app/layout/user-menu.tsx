/** The avatar menu (SPEC §2): the user's e-mail, About, Logout. */
import { lazy, Suspense, useState } from 'react';
import { Button, Menu, MenuDivider, MenuItem, PopoverNext } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '../../auth';

// Its code (Blueprint's dialog and overlay) loads when About is first opened, not with every page.
const AboutDialog = lazy(async () => ({ default: (await import('./about-dialog')).AboutDialog }));

export interface UserMenuProps {
  readonly user: CurrentUser;
}

/** One or two letters for the avatar: `jan.novak@…` → `JN`. */
export function initials(email: string): string {
  const parts = (email.split('@')[0] ?? '').split(/[._-]+/).filter(Boolean);
  const letters =
    parts.length > 1 ? `${parts[0]?.[0]}${parts[1]?.[0]}` : (parts[0] ?? '?').slice(0, 1);
  return letters.toUpperCase();
}

export function UserMenu({ user }: UserMenuProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [aboutOpen, setAboutOpen] = useState(false);
  // Mounted from the first opening on, so that closing it still animates.
  const [aboutWanted, setAboutWanted] = useState(false);
  return (
    <>
      <PopoverNext
        placement="bottom-end"
        content={
          <Menu aria-label={intl.formatMessage({ id: 'app.userMenu.label' })}>
            <MenuDivider title={user.email} />
            <MenuItem
              icon="info-sign"
              text={intl.formatMessage({ id: 'app.userMenu.about' })}
              onClick={() => {
                setAboutWanted(true);
                setAboutOpen(true);
              }}
            />
            <MenuItem
              icon="log-out"
              text={intl.formatMessage({ id: 'app.userMenu.logout' })}
              onClick={() => navigate('/logout')}
            />
          </Menu>
        }
      >
        <Button
          variant="minimal"
          className="joule-avatar-button"
          aria-label={intl.formatMessage({ id: 'app.userMenu.label' })}
          title={user.email}
        >
          <span className="joule-avatar" aria-hidden="true">
            {initials(user.email)}
          </span>
        </Button>
      </PopoverNext>
      {aboutWanted && (
        <Suspense fallback={null}>
          <AboutDialog isOpen={aboutOpen} onClose={() => setAboutOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
