/**
 * The app's router: wouter's routes and links over a location that changes in a React
 * transition (docs/architecture.md "Routes"). A navigation keeps the page shown until the
 * next one is ready (its code loaded, its labels in the catalogue) instead of showing a
 * spinner in its place, and {@link useNavigationPending} says that one is under way.
 * The hooks keep react-router's shapes (`useNavigate`, `useLocation`), which the pages were
 * written against.
 */
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useState,
  useTransition,
  type ReactNode,
} from 'react';
import { parse } from 'regexparam';
import { matchRoute, Router } from 'wouter';
import { navigate as browserNavigate } from 'wouter/use-browser-location';

export { Link, Route, Switch, useParams, useSearchParams } from 'wouter';

/** Where the app is: the address's path and query (percent-encoded, as the browser gives them) and history state. */
export interface AppLocation {
  /** `/customers/42`. */
  readonly pathname: string;
  /** `?page=2`, or `''`. */
  readonly search: string;
  /** The state the entry was pushed with (`navigate(to, { state })`), else null. */
  readonly state: unknown;
}

const LocationContext = createContext<AppLocation | null>(null);
/** Apart from the location: its changes re-render only what shows the progress. */
const PendingContext = createContext(false);

function browserLocation(): AppLocation {
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    state: window.history.state as unknown,
  };
}

/** The events wouter's `navigate` (pushState and replaceState, patched) and Back send. */
const LOCATION_EVENTS = ['popstate', 'pushState', 'replaceState'] as const;

function useLocationValue(): AppLocation {
  const value = useContext(LocationContext);
  if (!value) throw new Error('The app router is missing (AppRouter).');
  return value;
}

/** wouter's location hook: the path, and a navigation. */
const useRouterPath = (): [string, typeof browserNavigate] => [
  useLocationValue().pathname,
  browserNavigate,
];

/** wouter's search hook: the query without its `?`. */
const useRouterSearch = (): string => useLocationValue().search.replace(/^\?/, '');

/** Props of {@link AppRouter}. */
export interface AppRouterProps {
  /**
   * The address rendered on the server (`/customers?page=2`); in the browser the window's.
   * @default the window's location
   */
  readonly ssrPath?: string;
  readonly children: ReactNode;
}

/**
 * The router of the app: its location follows the browser's history (and is `ssrPath` on
 * the server); each change is rendered in a transition.
 */
export function AppRouter({ ssrPath, children }: AppRouterProps) {
  const [location, setLocation] = useState<AppLocation>(() => {
    if (ssrPath === undefined) return browserLocation();
    const [pathname = '/', query] = ssrPath.split('?');
    return { pathname, search: query ? `?${query}` : '', state: null };
  });
  const [pending, startTransition] = useTransition();
  useEffect(() => {
    const update = () =>
      startTransition(() =>
        setLocation((shown) => {
          const next = browserLocation();
          const same =
            next.pathname === shown.pathname &&
            next.search === shown.search &&
            next.state === shown.state;
          return same ? shown : next;
        }),
      );
    LOCATION_EVENTS.forEach((event) => window.addEventListener(event, update));
    // A navigation between the first render and this effect.
    update();
    return () => LOCATION_EVENTS.forEach((event) => window.removeEventListener(event, update));
  }, []);
  return (
    <LocationContext.Provider value={location}>
      <PendingContext.Provider value={pending}>
        <Router hook={useRouterPath} searchHook={useRouterSearch} ssrPath={ssrPath}>
          {children}
        </Router>
      </PendingContext.Provider>
    </LocationContext.Provider>
  );
}

/** The app's location ({@link AppLocation}). */
export function useLocation(): AppLocation {
  return useLocationValue();
}

/** Whether a navigation is being rendered (the next page's code or labels still loading). */
export function useNavigationPending(): boolean {
  return useContext(PendingContext);
}

/** Whether `pathname` matches the route pattern `pattern` (`/password-reset/:uid/:token`), as a `Route` would. */
export function matchesPath(pattern: string, pathname: string): boolean {
  return matchRoute(parse, pattern, pathname)[0];
}

/** Options of a navigation. */
export interface NavigateOptions {
  /** Replace the current history entry instead of pushing one. */
  readonly replace?: boolean;
  /** State the entry carries ({@link AppLocation.state}). */
  readonly state?: unknown;
}

/** Goes to `to`: a path with its query, `{ search }` (this page, another query) or a step back (`-1`). */
export type Navigate = (
  to: string | number | { search: string },
  options?: NavigateOptions,
) => void;

/**
 * Goes to `to` outside React (tests, code that has no component): a path with its query,
 * `{ search }` for the current path with another query, or a number of steps in history.
 */
export const navigate: Navigate = (to, options = {}) => {
  if (typeof to === 'number') return window.history.go(to);
  const path =
    typeof to === 'string'
      ? to
      : `${window.location.pathname}${to.search && !to.search.startsWith('?') ? '?' : ''}${to.search}`;
  browserNavigate(path, { replace: options.replace, state: options.state ?? null });
};

/** {@link navigate}, as react-router's hook gives it. */
export function useNavigate(): Navigate {
  return useCallback<Navigate>((to, options) => navigate(to, options), []);
}
