/**
 * `/logout` (docs/product.md §4): the user's own logout. After single sign-on the provider's
 * session ends too: its end-session page signs out and sends the browser back to /login.
 */
import { useEffect } from 'react';
import { logout } from '../../auth';
import { useNavigate } from '../../resources';
import { LOGIN_PATH } from '../guards';
import { PageLoading } from '../page-loading';

/** The logout under way, once per visit of the page (StrictMode runs effects twice). */
let leaving: Promise<void> | null = null;

/** Ends the session, then goes to /login or to the provider's end-session page. */
export function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    leaving ??= logout({ endProviderSession: true }).then((endSession) => {
      leaving = null;
      // A document navigation of its own: the page is leaving.
      if (endSession) window.location.assign(endSession);
      else navigate(LOGIN_PATH, { replace: true });
    });
  }, [navigate]);
  return <PageLoading />;
}
