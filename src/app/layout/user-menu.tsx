/**
 * The avatar menu (docs/product.md §2): the user's e-mail, About, Logout, and for an own
 * sign-in Sign out everywhere (docs/security.md "Tokens"): every session of the user ends,
 * this one last.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { useNavigate } from '../../resources';
import { apiClient } from '../../api';
import { useSession, type CurrentUser } from '../../auth';
import { notify } from '../notifications/notify';
import { LazyPopover } from '../../resources';
import type { UserMenuPopoverProps } from './user-menu-popover';

// Its code (Blueprint's dialog and overlay) loads when About is first opened, not with every page.
const AboutDialog = lazy(async () => ({ default: (await import('./about-dialog')).AboutDialog }));

const loadPopover = async () => (await import('./user-menu-popover')).UserMenuPopover;

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
  const ownSignIn = useSession().backend === 'joule';
  const signOutEverywhere = async () => {
    const { response } = await apiClient
      .POST('/auth/me/sign_out_everywhere/')
      .catch(() => ({ response: undefined }));
    if (!response?.ok) {
      notify({ type: 'error', message: { id: 'app.userMenu.signOutEverywhereFailed' } });
      return;
    }
    navigate('/logout');
  };
  return (
    <>
      <LazyPopover<UserMenuPopoverProps>
        load={loadPopover}
        props={{
          email: user.email,
          onAbout: () => {
            setAboutWanted(true);
            setAboutOpen(true);
          },
          onLogout: () => navigate('/logout'),
          ...(ownSignIn ? { onSignOutEverywhere: () => void signOutEverywhere() } : {}),
        }}
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
      </LazyPopover>
      {aboutWanted && (
        <Suspense fallback={null}>
          <AboutDialog isOpen={aboutOpen} onClose={() => setAboutOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
