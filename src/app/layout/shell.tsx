/** The signed-in layout (docs/product.md §2 "Layout"): fixed top bar and the main content area. */
import {
  Fragment,
  lazy,
  Suspense,
  use,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { HydrationBoundary, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import {
  AbilityContext,
  abilityFor,
  useCurrentUser,
  useSessionAbility,
  type CurrentUser,
} from '../../auth';
import { useNavigate } from '../../resources';
import { LOGIN_PATH, rememberReturnPath } from '../guards';
import { getQueryClient } from '../query-client';
import { shellRegistry } from '../route-data';
import { ShellContext } from '../shell-context';
import type { ShellRegistry } from '../shell-registry';
import { ShellRoutes } from './shell-routes';
import { TopBar } from './top-bar';

/** Props of `ShellLayout`. */
export interface ShellLayoutProps {
  readonly registry: ShellRegistry;
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
      <TopBar
        descriptors={registry.descriptors}
        groups={registry.groups}
        views={registry.views}
        user={user}
      />
      <main id="joule-main" className="joule-main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/** Loads the "Sign in again" dialog's module (its Blueprint dialog and the login form). */
const loadSignInAgain = () => import('./sign-in-again');

/**
 * "Sign in again", loaded 1.5 s after the shell shows (or when first needed), not with the
 * list page's first chunks (docs/architecture.md, Speed: initial JS).
 */
const SignInAgain = lazy(async () => ({ default: (await loadSignInAgain()).SignInAgain }));

/** Delay after the shell shows before the "Sign in again" code loads ahead. */
const PRELOAD_SIGN_IN_AGAIN_MS = 1500;

/**
 * The signed-in shell. When the session ends while it is shown:
 *
 * - before any user was shown: to the login page, and after sign-in back to the page asked
 *   for (the user's own logout is a page of its own, /logout);
 * - by itself (refresh token expired or refused; security issue, "Faults"): the page stays
 *   mounted, with the signed-out user's abilities frozen so nothing on it unmounts, under
 *   {@link SignInAgain}. The same account signing in again continues where it was (an open
 *   form keeps what was typed and can be saved); another account starts afresh.
 */
export function Shell() {
  const shell = useContext(ShellContext);
  // The server renders with a client of its own per page (src/ssr/first-page.tsx).
  const queryClient = useContext(QueryClientContext) ?? getQueryClient();
  const user = useCurrentUser();
  const navigate = useNavigate();
  const ability = useSessionAbility();
  // The user the page was shown to last; kept while the session is away.
  const [shown, setShown] = useState(user);
  if (user && user !== shown) setShown(user);
  const expired = !user && shown !== null;
  // Only the page's first render hydrates the server's answers.
  const [dehydratedState] = useState(shell.dehydratedState);
  // While signed out the session's abilities are empty: the page keeps the last ones.
  const frozen = useMemo(
    () => (expired && shown ? abilityFor(shown.privileges) : null),
    [expired, shown],
  );

  useEffect(() => {
    const timer = setTimeout(
      () => void loadSignInAgain().catch(() => {}),
      PRELOAD_SIGN_IN_AGAIN_MS,
    );
    return () => clearTimeout(timer);
  }, []);

  // Never shown to anyone: to login, and back here after it.
  const signedOut = !user && !expired;
  useEffect(() => {
    if (!signedOut) return;
    const { pathname, search, hash } = window.location;
    rememberReturnPath(`${pathname}${search}${hash}`);
    navigate(LOGIN_PATH, { replace: true });
  }, [signedOut, navigate]);

  if (!shown || signedOut) return null;
  const registry = shell.registry ?? use(shellRegistry(shell.loadRegistry));
  // One tree shape whether expired or not: a change of shape would remount the page.
  return (
    <>
      <AbilityContext.Provider value={frozen ?? ability}>
        <QueryClientProvider client={queryClient}>
          {/* The answers a server-rendered page was rendered with, before its first render. */}
          <HydrationBoundary state={dehydratedState}>
            <ShellLayout registry={registry} user={shown}>
              {/* Another account's sign-in remounts the page: nothing of the previous one stays. */}
              <Fragment key={shown.id}>
                <ShellRoutes registry={registry} />
              </Fragment>
            </ShellLayout>
          </HydrationBoundary>
        </QueryClientProvider>
      </AbilityContext.Provider>
      {expired && (
        <Suspense fallback={null}>
          <SignInAgain
            email={shown.email}
            onLeave={() => {
              setShown(null);
              navigate(LOGIN_PATH, { replace: true });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
