/**
 * What a page waits for before it renders (docs/architecture.md "Routes"): the session check,
 * the registry, a resource's labels and the page's code, each loaded once and read by the
 * routes with React's `use` (the page suspends meanwhile; a navigation keeps the previous
 * page shown, src/resources/router.tsx). The start-up code, the hydration and the server
 * wait for the same promises first, so that the first render does not suspend.
 */
import { use, type ComponentType } from 'react';
import { ensureSession, getSession } from '../auth';
import { wantResourceLabels } from '../i18n';
import { loadShellRegistry, type LoadShellRegistry, type ShellRegistry } from './shell-registry';

/**
 * A promise React's `use` reads at once once it has settled: it carries `status` and `value`
 * (or `reason`), as React marks the promises it has seen.
 */
export type Tracked<T> = Promise<T>;

/** `promise`, marked with its state as it settles, so that `use` does not suspend on it then. */
export function tracked<T>(promise: Promise<T>): Tracked<T> {
  const marked = promise as Promise<T> & { status?: string };
  if (marked.status) return promise;
  marked.status = 'pending';
  promise.then(
    (value) => void Object.assign(marked, { status: 'fulfilled', value }),
    (reason: unknown) => void Object.assign(marked, { status: 'rejected', reason }),
  );
  return promise;
}

/** Resolves once `promise` has settled, whichever way: for waits that never fail. */
export function settled(promise: Promise<unknown>): Promise<void> {
  return promise.then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Starts `start` after the current render: wanting labels (the registry's own loader wants
 * them too) re-renders the catalogue's provider, which React refuses during another
 * component's render.
 */
function afterRender<T>(start: () => Promise<T>): Promise<T> {
  return Promise.resolve().then(start);
}

const sessionChecks = new WeakMap<Promise<void>, Tracked<void>>();

/** A check with nothing left to do. */
const checkedAlready: Tracked<void> = Object.assign(Promise.resolve(), {
  status: 'fulfilled',
  value: undefined,
});

/**
 * The session's restoring (docs/product.md §2: before the first page; once per start): at
 * once when a user is signed in or no session is stored.
 */
export function sessionChecked(): Tracked<void> {
  const check = ensureSession();
  const { user, backend } = getSession();
  if (user || backend === 'none') return checkedAlready;
  let marked = sessionChecks.get(check);
  if (!marked) sessionChecks.set(check, (marked = tracked(check)));
  return marked;
}

const registries = new WeakMap<LoadShellRegistry, Tracked<ShellRegistry>>();

/** The registry (descriptors, the resource screen), with the resources' names in the catalogue. */
export function shellRegistry(load: LoadShellRegistry = loadShellRegistry): Tracked<ShellRegistry> {
  let marked = registries.get(load);
  if (!marked) {
    const loading = afterRender(() => Promise.all([load(), wantResourceLabels()])).then(
      ([registry]) => registry,
    );
    // A failed load is tried again on the next render.
    loading.catch(() => registries.delete(load));
    registries.set(load, (marked = tracked(loading)));
  }
  return marked;
}

const labels = new Map<string, Tracked<unknown>>();

/**
 * The labels of resource `name` (its fields and choices) in the catalogue. Asked for after
 * the current render, since the catalogue's provider re-renders when they are wanted.
 */
export function resourceLabels(name: string): Tracked<unknown> {
  let marked = labels.get(name);
  if (!marked) {
    const loading = afterRender(() => wantResourceLabels([name]));
    loading.catch(() => labels.delete(name));
    labels.set(name, (marked = tracked(loading)));
  }
  return marked;
}

/** A route's page whose code loads on first use; `preload` starts it ahead. */
export type LazyRoute<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * A page loaded on first use (lazy): `load` is a dynamic import, e.g.
 * `() => import('./home/home-page').then((m) => m.HomePage)`. It suspends until its code is
 * here; once loaded (`preload`), it renders at once, as hydration and the server's render
 * need. A failed load throws to the error boundary and is tried again on the next render.
 */
export function lazyRoute<P extends object>(load: () => Promise<ComponentType<P>>): LazyRoute<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    if (!loading) {
      loading = tracked(load());
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
  function LazyPage(props: P) {
    const Page = use(preload());
    return <Page {...props} />;
  }
  return Object.assign(LazyPage, { preload });
}
