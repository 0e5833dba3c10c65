/**
 * The routes (docs/product.md §2): the open pages (login, logout, password reset, the single
 * sign-on return) and, for every other address, the signed-in shell, whose own routes
 * (src/app/layout/shell-routes.tsx) come with the registry. Every page is lazy (loaded on
 * first use), so the login page loads neither the shell nor the registry.
 */
import { use } from 'react';
import { getSession } from '../auth';
import { matchesPath, Route, Switch } from '../resources';
import { LOGIN_PATH } from './guards';
// A few lines, in the entry: the logout waits for no code.
import { LogoutPage } from './login/logout-page';
import { lazyRoute, sessionChecked, settled, shellRegistry } from './route-data';
import { PageTitle } from './title';

/** The signed-in layout and its routes (the shell's chunk). */
export const ShellRoute = lazyRoute(async () => (await import('./layout/shell')).Shell);
const LoginPage = lazyRoute(async () => (await import('./login/login-page')).LoginPage);
const PasswordResetRequestPage = lazyRoute(
  async () => (await import('./password-reset/request-page')).PasswordResetRequestPage,
);
const PasswordResetConfirmPage = lazyRoute(
  async () => (await import('./password-reset/confirm-page')).PasswordResetConfirmPage,
);
const SsoCallbackPage = lazyRoute(
  async () => (await import('./login/sso-callback')).SsoCallbackPage,
);

/** The open pages, by path; every other path is the shell's. */
const openRoutes = [
  // docs/product.md §2: the named route 'login', where an unrestorable session ends.
  { path: LOGIN_PATH, title: 'app.login.title', Page: LoginPage },
  // The user's own logout; after single sign-on the provider's session ends too.
  { path: '/logout', title: null, Page: LogoutPage },
  // docs/product.md §2: open, so a signed-out user can ask for a reset link.
  { path: '/password-reset', title: 'app.passwordReset.title', Page: PasswordResetRequestPage },
  // docs/product.md §2: open, reached from the reset mail's link; title Password Reset.
  {
    path: '/password-reset/:uid/:token',
    title: 'app.passwordReset.confirm.title',
    Page: PasswordResetConfirmPage,
  },
  // docs/product.md §2: open; the single sign-on return page, where the code is exchanged.
  { path: '/oidc/callback', title: 'app.sso.title', Page: SsoCallbackPage },
] as const;

/** The open route at `pathname`, if any ({@link openRoutes}), matched as wouter matches it. */
function openRouteAt(pathname: string) {
  return openRoutes.find(({ path }) => matchesPath(path, pathname));
}

/**
 * Starts loading the code of the page at `pathname` (the open page's, else the shell's);
 * resolves once it is here. Rejects when it fails to load.
 */
export function preloadPage(pathname: string): Promise<void> {
  const page = openRouteAt(pathname)?.Page ?? ShellRoute;
  return 'preload' in page ? page.preload().then(() => undefined) : Promise.resolve();
}

/** What the app's first page waits for before it renders (src/boot/start.tsx). */
export interface FirstPageLoad {
  /** Settles once the session is checked and the page's code (and labels) are here. */
  readonly ready: Promise<void>;
  /** Settles once a list page's first rows are here, or failed; never rejects. */
  readonly rows: Promise<void>;
}

/**
 * Starts loading what the page at `pathname` and `search` renders with: the session's check
 * and the page's code; with a stored session (most likely restored), the shell's code, the
 * registry and the page's labels and first rows alongside the check.
 */
export function loadFirstPage(pathname: string, search: string): FirstPageLoad {
  const session = settled(sessionChecked());
  if (openRouteAt(pathname) || !getSession().refresh) {
    return {
      ready: Promise.all([session, settled(preloadPage(pathname))]).then(() => undefined),
      rows: session,
    };
  }
  const page = Promise.all([
    shellRegistry(),
    import('./layout/shell-routes'),
    ShellRoute.preload(),
  ]).then(([registry, { preloadShellPage }]) => preloadShellPage(registry, pathname, search));
  return {
    ready: Promise.all([session, settled(page.then(({ ready }) => ready))]).then(() => undefined),
    rows: settled(page.then(({ rows }) => rows)),
  };
}

/** Props of {@link AppRoutes}. */
export interface AppRoutesProps {
  /**
   * The session is already known (a server-rendered page and its hydration): the pages do
   * not wait for its check.
   * @default false
   */
  readonly sessionKnown?: boolean;
}

/** The app's pages by address; the session is restored before the first (docs/product.md §2). */
export function AppRoutes({ sessionKnown = false }: AppRoutesProps) {
  if (!sessionKnown) use(sessionChecked());
  return (
    <Switch>
      {openRoutes.map(({ path, title, Page }) => (
        <Route key={path} path={path}>
          {title && <PageTitle id={title} />}
          <Page />
        </Route>
      ))}
      <Route>
        <ShellRoute />
      </Route>
    </Switch>
  );
}
