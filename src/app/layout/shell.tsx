/** The signed-in layout (SPEC §2 "Layout"): fixed top bar and the main content area. */
import { useEffect, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Outlet, useLoaderData, useNavigate } from 'react-router';
import { useCurrentUser, type CurrentUser } from '../../auth';
import { LOGIN_PATH } from '../guards';
import { getQueryClient } from '../query-client';
import type { ResourceRegistry } from '../registry';
import type { ShellData } from '../routes';
import { TopBar } from './top-bar';

/** Props of `ShellLayout`. */
export interface ShellLayoutProps {
  readonly registry: ResourceRegistry;
  readonly user: CurrentUser;
  /** The page. */
  readonly children: ReactNode;
}

/**
 * The layout's markup: skip link, top bar, main area. Rendered by `Shell` in the SPA and by
 * the server-rendered first page (`src/ssr/first-page.tsx`), so both look the same.
 */
export function ShellLayout({ registry, user, children }: ShellLayoutProps) {
  return (
    <div className="joule-shell">
      <a className="joule-skip-link" href="#joule-main">
        <FormattedMessage id="app.layout.skipToContent" />
      </a>
      <TopBar descriptors={registry.descriptors} groups={registry.groups} user={user} />
      <main id="joule-main" className="joule-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

export function Shell() {
  const { registry } = useLoaderData() as ShellData;
  const user = useCurrentUser();
  const navigate = useNavigate();

  // Signed out while here (logout elsewhere, refresh token expired): back to login.
  useEffect(() => {
    if (!user) navigate(LOGIN_PATH, { replace: true });
  }, [user, navigate]);

  if (!user) return null;
  return (
    <QueryClientProvider client={getQueryClient()}>
      <ShellLayout registry={registry} user={user}>
        <Outlet />
      </ShellLayout>
    </QueryClientProvider>
  );
}
