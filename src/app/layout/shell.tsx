/** The signed-in layout (SPEC §2 "Layout"): fixed top bar and the main content area. */
import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Outlet, useLoaderData, useNavigate } from 'react-router';
import { useCurrentUser } from '../../auth';
import { LOGIN_PATH } from '../guards';
import { getQueryClient } from '../query-client';
import type { ShellData } from '../routes';
import { TopBar } from './top-bar';

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
      <div className="joule-shell">
        <a className="joule-skip-link" href="#joule-main">
          <FormattedMessage id="app.layout.skipToContent" />
        </a>
        <TopBar descriptors={registry.descriptors} groups={registry.groups} user={user} />
        <main id="joule-main" className="joule-main" tabIndex={-1}>
          <Outlet />
        </main>
      </div>
    </QueryClientProvider>
  );
}
