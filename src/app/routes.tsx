/**
 * The routes (docs/product.md §2): every page is lazy (loaded on first use); resource routes
 * are made from the registry the first time a signed-in user navigates to a path the static
 * routes do not know (react-router's `patchRoutesOnNavigation`), so the login page never
 * loads them.
 */
import type { DehydratedState } from '@tanstack/react-query';
import {
  createBrowserRouter,
  createMemoryRouter,
  matchRoutes,
  redirect,
  type HydrationState,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
  type ShouldRevalidateFunction,
} from 'react-router';
import { ensureSession, getSession, logout, refreshDecision } from '../auth';
import { wantResourceLabels } from '../i18n';
import { ErrorPage } from './error-page';
import { guard, LOGIN_PATH, NoAccessError, requireUser } from './guards';
import { pageTitleId, reservedPaths } from './menus';
import { loadShellRegistry, type LoadShellRegistry, type ShellRegistry } from './shell-registry';
import { PageLoading, Root } from './root';
import type { RouteHandle } from './title';
import type { ResourceDescriptor } from '../generated/descriptor-types';
import type { ResourceGroup } from '../resources';

/** Id of the signed-in layout route; resource routes are patched in beneath it. */
export const SHELL_ROUTE_ID = 'shell';

/** What the shell's loader gives its pages (`useRouteLoaderData(SHELL_ROUTE_ID)`). */
export interface ShellData {
  readonly registry: ShellRegistry;
  /**
   * The queries a server-rendered page was rendered with (TanStack Query's `dehydrate`),
   * hydrated into the app's cache by the shell (`HydrationBoundary`); only on the page's
   * first render.
   */
  readonly dehydratedState?: DehydratedState;
}

export interface AppRouteOptions {
  /**
   * Loads descriptors and the resource screen.
   * @default loadShellRegistry
   */
  loadRegistry?: LoadShellRegistry;
  /**
   * The registry, already loaded: the resource routes are in the routes from the start
   * rather than patched in on the first navigation (a server-rendered page, whose route
   * must be there to be hydrated).
   * @default none
   */
  registry?: ShellRegistry;
}

const handle = (title: string): RouteHandle => ({ title });

/**
 * The `shouldRevalidate` of a route whose loader gives nothing that depends on the address
 * within the route: a navigation that stays on it (another sort, page or filter of a list, a
 * row opened or closed) does not run the loader again, so it waits for no loader and renders
 * only what the new address changes; a form submission or a revalidation of the same address
 * does run it.
 */
export const revalidateWhenAsked: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) =>
  formMethod === undefined && currentUrl.href !== nextUrl.href ? false : defaultShouldRevalidate;

/** The signed-in layout's chunk. */
const loadShell = () => import('./layout/shell');

/** The error boundary of guarded resource routes (no-access-page.tsx), in the shell's chunk. */
const loadNoAccessBoundary = async () => (await loadShell()).NoAccessBoundary;

/**
 * The static routes: login, logout, the password-reset pages, and the signed-in shell with
 * home and settings.
 */
export function createRoutes({
  loadRegistry = loadShellRegistry,
  registry,
}: AppRouteOptions = {}): RouteObject[] {
  return [
    {
      id: 'root',
      Component: Root,
      ErrorBoundary: ErrorPage,
      HydrateFallback: PageLoading,
      // docs/product.md §2: before each navigation the session is initialised.
      loader: async () => {
        await ensureSession();
        return null;
      },
      shouldRevalidate: revalidateWhenAsked,
      children: [
        {
          // docs/product.md §2: the named route 'login', where an unrestorable session ends.
          id: 'login',
          path: 'login',
          handle: handle('app.login.title'),
          lazy: async () => ({ Component: (await import('./login/login-page')).LoginPage }),
        },
        {
          path: 'logout',
          // The user's own logout; after single sign-on the provider's session ends too: its
          // end-session page signs out and sends the browser back to /login.
          loader: async () => {
            const endSession = await logout({ endProviderSession: true });
            if (!endSession) return redirect(LOGIN_PATH);
            // A document navigation of its own: the shell's move to /login once the user is
            // gone (an urgent render, before the router's transition) may have cancelled
            // this navigation, and with it any redirect returned here.
            window.location.assign(endSession);
            return new Promise<never>(() => {}); // the page is leaving
          },
        },
        {
          // docs/product.md §2: open, so a signed-out user can ask for a reset link.
          path: 'password-reset',
          handle: handle('app.passwordReset.title'),
          lazy: async () => ({
            Component: (await import('./password-reset/request-page')).PasswordResetRequestPage,
          }),
        },
        {
          // docs/product.md §2: open, reached from the reset mail's link; title Password Reset.
          path: 'password-reset/:uid/:token',
          handle: handle('app.passwordReset.confirm.title'),
          lazy: async () => ({
            Component: (await import('./password-reset/confirm-page')).PasswordResetConfirmPage,
          }),
        },
        {
          // docs/product.md §2: open; the single sign-on return page, where the code is exchanged.
          path: 'oidc/callback',
          handle: handle('app.sso.title'),
          lazy: async () => {
            const { ssoCallbackLoader, SsoCallbackPage } = await import('./login/sso-callback');
            return { loader: ssoCallbackLoader, Component: SsoCallbackPage };
          },
        },
        {
          id: SHELL_ROUTE_ID,
          loader: async ({ request }): Promise<ShellData> => {
            await requireUser(request);
            // The resource labels (menus, titles) are in the catalogue before the shell renders.
            const [loaded] = await Promise.all([loadRegistry(), wantResourceLabels()]);
            return { registry: loaded };
          },
          shouldRevalidate: revalidateWhenAsked,
          lazy: async () => ({ Component: (await loadShell()).Shell }),
          ErrorBoundary: ErrorPage,
          children: [
            ...(registry ? registryRoutes(registry) : []),
            {
              index: true,
              handle: handle('app.home.title'),
              loader: guard(),
              lazy: async () => ({ Component: (await import('./home/home-page')).HomePage }),
            },
            {
              path: 'settings',
              handle: handle('app.settings.title'),
              loader: guard(),
              lazy: async () => ({
                Component: (await import('./settings/settings-page')).SettingsPage,
              }),
            },
            {
              path: '*',
              handle: handle('app.notFound.title'),
              loader: guard(),
              lazy: async () => ({
                Component: (await import('./not-found-page')).NotFoundPage,
              }),
            },
          ],
        },
      ],
    },
  ];
}

/**
 * True when the stored session has an access token that stays valid beyond the renewal
 * margin: a request sent with it now needs no renewal (which must wait for the session
 * check: single sign-on renews first, docs/product.md §4).
 */
function storedAccessTokenValid(): boolean {
  const { backend, access, refresh } = getSession();
  return (
    backend !== 'none' &&
    !!access &&
    refreshDecision({ access, refresh }, Date.now() / 1000) === 'wait'
  );
}

/**
 * The loader data of a resource route (`resourceRoute`): `ready` settles once the first
 * rows and the user's list preferences are in the query cache, or failed (it never
 * rejects). The app's first render waits for it (at most 300 ms, src/boot/start.tsx), so
 * that a list page is rendered once, with its rows, rather than as a spinner first; a later
 * navigation renders at once, the screen showing its own loading state.
 */
export interface ResourceRouteData {
  readonly ready: Promise<void>;
}

/**
 * Settles once the data the matched routes of `router`'s current page said they render
 * with is here (their loader data's `ready`, {@link ResourceRouteData}); at once when none
 * did. Never rejects.
 */
export function pageDataReady(router: AppRouter): Promise<void> {
  const { matches, loaderData } = router.state;
  const pending = matches.map(({ route }) => {
    const data = loaderData[route.id] as Partial<ResourceRouteData> | null | undefined;
    return data?.ready;
  });
  return Promise.all(pending).then(() => undefined);
}

/** The id of the route of the resource named `name` (`resourceRoute`). */
export const resourceRouteId = (name: string) => `resource:${name}`;

/** The route of one resource: `/<name>` and its rows `/<name>/<id>…`, titled by the descriptor, guarded by its privilege. */
export function resourceRoute(
  descriptor: ResourceDescriptor,
  registry: ShellRegistry,
): RouteObject {
  return {
    id: resourceRouteId(descriptor.name),
    // `/<name>/42` (and deeper) opens a row's dialog over the list (docs/product.md, record-path.tsx).
    path: `${descriptor.name}/*`,
    handle: handle(pageTitleId(descriptor)),
    loader: async (args): Promise<ResourceRouteData> => {
      const params = new URL(args.request.url).searchParams;
      // The first rows are fetched while the screen's code loads, not after it renders; with
      // a stored access token still valid, even while the session is being restored (the
      // server checks the token and the privilege of that request itself).
      if (storedAccessTokenValid()) void registry.prefetchList?.(descriptor, params);
      // Its labels (fields, choices) join the catalogue before it renders.
      const labels = wantResourceLabels([descriptor.name]);
      try {
        await guard(descriptor.privilege, pageTitleId(descriptor))(args);
      } catch (thrown) {
        // The refused page names it by its title: the labels first.
        if (thrown instanceof NoAccessError) await labels.catch(() => undefined);
        throw thrown;
      }
      await labels;
      // The same query again: joins the fetch under way, or starts it now.
      return { ready: Promise.resolve(registry.prefetchList?.(descriptor, params)) };
    },
    // Opening or closing a row, another sort, page or filter: the list screen asks for its
    // rows itself (useResourceList), with the previous page shown meanwhile.
    shouldRevalidate: revalidateWhenAsked,
    lazy: async () => {
      const { ResourceScreen } = registry;
      return {
        // A refused privilege: said in the page's place, the address kept (docs/product.md §2).
        ErrorBoundary: await loadNoAccessBoundary(),
        Component: function ResourceRoutePage() {
          return (
            <div className="joule-page">
              <ResourceScreen descriptor={descriptor} />
            </div>
          );
        },
      };
    },
  };
}

/**
 * The route of a group of resources (`/utilities`): titled by the group, guarded by its
 * privilege, its page from the registry's `GroupScreen`.
 */
export function groupRoute(group: ResourceGroup, registry: ShellRegistry): RouteObject {
  return {
    id: `group:${group.name}`,
    path: `${group.name}/*`,
    handle: handle(group.title),
    loader: guard(group.privilege, group.title),
    lazy: async () => {
      const { GroupScreen } = registry;
      return {
        ErrorBoundary: await loadNoAccessBoundary(),
        Component: function GroupRoutePage() {
          return <div className="joule-page">{GroupScreen && <GroupScreen group={group} />}</div>;
        },
      };
    },
  };
}

/** The routes of the registry's resources and groups, beneath the shell. */
function registryRoutes(registry: ShellRegistry): RouteObject[] {
  const resources = registry.descriptors.filter(
    (descriptor) => !reservedPaths.includes(descriptor.name),
  );
  const names = new Set(resources.map((descriptor) => descriptor.name));
  const groups = registry.GroupScreen
    ? (registry.groups ?? []).filter(
        (group) => !reservedPaths.includes(group.name) && !names.has(group.name),
      )
    : [];
  return [
    ...resources.map((descriptor) => resourceRoute(descriptor, registry)),
    ...groups.map((group) => groupRoute(group, registry)),
  ];
}

/**
 * Adds one route per resource under the shell, once, on the first navigation of a
 * signed-in user to a path the static routes only match with their catch-all.
 */
export function createResourceRoutePatcher({
  loadRegistry = loadShellRegistry,
  registry: preloaded,
}: AppRouteOptions = {}): PatchRoutesOnNavigationFunction {
  let patched = !!preloaded;
  return async ({ patch }) => {
    if (patched) return;
    // The session check starts now, not once the routes are patched.
    const session = ensureSession();
    let registry: ShellRegistry;
    if (getSession().refresh) {
      // A stored session is most likely restored: patch as soon as the registry and the
      // shell's code are here, while the session check runs, so the route's loader can
      // fetch the first rows alongside it (bench:ui). Should the session not be restored
      // after all, the shell's guard sends the user to /login as before.
      void loadShell().catch(() => undefined);
      registry = await loadRegistry();
    } else {
      await session;
      // Signed out: leave the routes alone; the shell's guard sends the user to /login.
      if (!getSession().user) return;
      registry = await loadRegistry();
    }
    if (patched) return;
    patched = true;
    patch(SHELL_ROUTE_ID, registryRoutes(registry));
  };
}

export interface AppRouterOptions extends AppRouteOptions {
  /** Use an in-memory history starting at these entries (tests) instead of the browser's. */
  initialEntries?: string[];
  /**
   * The loader data of a server-rendered page (react-router's `hydrationData`), with its
   * matched routes' code resolved by {@link resolveLazyMatches}: the router starts at
   * that page without running its loaders.
   * @default none
   */
  hydrationData?: HydrationState;
  /** Routes made by {@link createRoutes} to use (with their matches resolved). */
  routes?: RouteObject[];
}

/** The app's data router. */
export function createAppRouter(options: AppRouterOptions = {}) {
  const routes = options.routes ?? createRoutes(options);
  const patchRoutesOnNavigation = createResourceRoutePatcher(options);
  const { hydrationData } = options;
  return options.initialEntries
    ? createMemoryRouter(routes, {
        initialEntries: options.initialEntries,
        patchRoutesOnNavigation,
        hydrationData,
      })
    : createBrowserRouter(routes, { patchRoutesOnNavigation, hydrationData });
}

/**
 * Loads the code of the routes matching `location` (their `lazy`) into the route objects,
 * so that a router made of `routes` renders that page at once, as hydration needs; the
 * ids of the matched routes, outermost first. Throws when a route's code fails to load.
 */
export async function resolveLazyMatches(
  routes: RouteObject[],
  location: string,
): Promise<string[]> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy());
      route.lazy = undefined;
    }),
  );
  return matches.map(({ route }) => route.id ?? '');
}

/** The router type, for props. */
export type AppRouter = ReturnType<typeof createAppRouter>;
