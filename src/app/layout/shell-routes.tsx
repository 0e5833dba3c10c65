/**
 * The signed-in pages (docs/product.md §2): home, settings, one route per resource and group
 * of the registry (`/<name>` and its records below, record-path.tsx), and "not found". Each
 * is guarded: a page the user may not use says so in its place, at its address
 * (docs/product.md §2 "Route guards", §8).
 */
import { use, useEffect, type ReactNode } from 'react';
import { canUse, getSession, refreshDecision, useAbility } from '../../auth';
import type { ResourceDescriptor } from '../../generated/descriptor-types';
import { RecordRoute, Route, Switch, useLocation, type ResourceGroup } from '../../resources';
import { rememberReturnPath } from '../guards';
import { pageTitleId, reservedPaths } from '../menus';
import { NoAccessPage } from '../no-access-page';
import { lazyRoute, resourceLabels, settled } from '../route-data';
import type { ShellRegistry } from '../shell-registry';
import { PageTitle } from '../title';

const HomePage = lazyRoute(async () => (await import('../home/home-page')).HomePage);
const SettingsPage = lazyRoute(
  async () => (await import('../settings/settings-page')).SettingsPage,
);
const NotFoundPage = lazyRoute(async () => (await import('../not-found-page')).NotFoundPage);

/** Props of {@link Guarded}. */
interface GuardedProps {
  /** The privilege the page needs (docs/product.md §6); null: every signed-in user. */
  readonly privilege?: string | null;
  /** Message id of the page's title: the document's title, and the refusal's words. */
  readonly titleId: string;
  readonly children: ReactNode;
}

/** `pathname` as a person reads it (`/tariffs/č`); as it is when it does not decode. */
function decodedPath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

/** A page shown only to a user who may use `privilege`; the refusal in its place otherwise. */
function Guarded({ privilege = null, titleId, children }: GuardedProps) {
  const ability = useAbility();
  const { pathname, search } = useLocation();
  const allowed = canUse(ability, privilege);
  useEffect(() => {
    // Signing in as someone who may see it (logout, login) returns there.
    if (!allowed) rememberReturnPath(`${pathname}${search}`);
  }, [allowed, pathname, search]);
  return (
    <>
      <PageTitle id={titleId} />
      {allowed ? children : <NoAccessPage titleId={titleId} path={decodedPath(pathname)} />}
    </>
  );
}

/**
 * True when the stored session has an access token that stays valid beyond the renewal
 * margin: a request sent with it now needs no renewal.
 */
function storedAccessTokenValid(): boolean {
  const { backend, access, refresh } = getSession();
  return (
    backend !== 'none' &&
    !!access &&
    refreshDecision({ access, refresh }, Date.now() / 1000) === 'wait'
  );
}

/** What the first signed-in page waits for before it renders (see {@link preloadShellPage}). */
export interface ShellPageLoad {
  /** Settles once the page's code and labels are here (never rejects). */
  readonly ready: Promise<void>;
  /** Settles once a list page's first rows and columns are here, or failed (never rejects). */
  readonly rows: Promise<void>;
}

/**
 * Starts loading what the page at `pathname` and `search` renders with: a resource's labels,
 * and its first rows (with the user's columns and a filtered list's filter bar) when a request
 * can go now, even while the session is being restored (the server checks the token and the
 * privilege itself); else the page's code.
 */
export function preloadShellPage(
  registry: ShellRegistry,
  pathname: string,
  search: string,
): ShellPageLoad {
  const name = pathname.split('/')[1] ?? '';
  const { resources } = routedResources(registry);
  const descriptor = resources.find((candidate) => candidate.name === name);
  if (!descriptor) {
    const page = name === '' ? HomePage : name === 'settings' ? SettingsPage : NotFoundPage;
    return { ready: settled(page.preload()), rows: Promise.resolve() };
  }
  const rows = storedAccessTokenValid()
    ? settled(Promise.resolve(registry.prefetchList?.(descriptor, new URLSearchParams(search))))
    : Promise.resolve();
  return { ready: settled(resourceLabels(name)), rows };
}

/** A resource's page: its labels in the catalogue first (the screen then asks for its rows). */
function ResourceRoute({
  descriptor,
  registry,
}: {
  descriptor: ResourceDescriptor;
  registry: ShellRegistry;
}) {
  use(resourceLabels(descriptor.name));
  const { ResourceScreen } = registry;
  return (
    <Guarded privilege={descriptor.privilege} titleId={pageTitleId(descriptor)}>
      <RecordRoute base={`/${descriptor.name}`}>
        <div className="joule-page">
          <ResourceScreen descriptor={descriptor} />
        </div>
      </RecordRoute>
    </Guarded>
  );
}

/** A group's page (`/utilities`), from the registry's `GroupScreen`. */
function GroupRoute({ group, registry }: { group: ResourceGroup; registry: ShellRegistry }) {
  const { GroupScreen } = registry;
  return (
    <Guarded privilege={group.privilege} titleId={group.title}>
      <RecordRoute base={`/${group.name}`}>
        <div className="joule-page">{GroupScreen && <GroupScreen group={group} />}</div>
      </RecordRoute>
    </Guarded>
  );
}

/** The resources and groups that have a route of their own (not a reserved path). */
export function routedResources(registry: ShellRegistry) {
  const resources = registry.descriptors.filter(
    (descriptor) => !reservedPaths.includes(descriptor.name),
  );
  const names = new Set(resources.map((descriptor) => descriptor.name));
  const groups = registry.GroupScreen
    ? (registry.groups ?? []).filter(
        (group) => !reservedPaths.includes(group.name) && !names.has(group.name),
      )
    : [];
  return { resources, groups };
}

/** The signed-in pages by address. */
export function ShellRoutes({ registry }: { registry: ShellRegistry }) {
  const { resources, groups } = routedResources(registry);
  return (
    <Switch>
      <Route key="home" path="/">
        <Guarded titleId="app.home.title">
          <HomePage registry={registry} />
        </Guarded>
      </Route>
      <Route key="settings" path="/settings">
        <Guarded titleId="app.settings.title">
          <SettingsPage />
        </Guarded>
      </Route>
      {resources.map((descriptor) => (
        <Route key={descriptor.name} path={`/${descriptor.name}/*?`}>
          <ResourceRoute descriptor={descriptor} registry={registry} />
        </Route>
      ))}
      {groups.map((group) => (
        <Route key={group.name} path={`/${group.name}/*?`}>
          <GroupRoute group={group} registry={registry} />
        </Route>
      ))}
      <Route key="not-found">
        <Guarded titleId="app.notFound.title">
          <NotFoundPage />
        </Guarded>
      </Route>
    </Switch>
  );
}
