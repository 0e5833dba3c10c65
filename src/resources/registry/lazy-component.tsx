import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '@blueprintjs/core';
import { messages } from '../messages';
import { loadLazyMessages } from './lazy-messages';

/** A component whose code loads on first use (see {@link lazyComponent}). */
export type LazyComponent<P extends object> = ComponentType<P> & {
  /**
   * Loads the code; resolves once it is here. A component rendered after that shows its
   * content at once, never the spinner: the server-side renderer preloads what a page shows
   * so that it renders no placeholder (which would need an inline script to swap).
   */
  readonly preload: () => Promise<void>;
};

/**
 * A component of an override (a dialog's panel, a page of its own) whose code loads the
 * first time it renders, with a small spinner labelled "Loading…" meanwhile: its module
 * then forms a chunk of its own instead of weighing on every list page's first load
 * (docs/architecture.md "How the pages stay small"); with it, the messages of code loaded on first use
 * (`loadLazyMessages`). `load` is a dynamic import, e.g.
 * `() => import('./bill-preview-panel').then((m) => m.BillPreviewPanel)`; a failed load
 * throws to the nearest error boundary, as any render error does.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  // The messages it shows come with its code (lazy-messages.ts).
  const start = () =>
    (loading ??= Promise.all([load(), loadLazyMessages()]).then(([component]) => {
      loaded = component;
      return component;
    }));
  const Body = lazy(async () => ({ default: await start() }));
  function LazyComponent(props: P) {
    const intl = useIntl();
    // Chosen once per mounted instance, so that a later load never remounts what shows.
    const [Loaded] = useState(() => loaded);
    return (
      <Suspense fallback={<Spinner size={20} aria-label={intl.formatMessage(messages.loading)} />}>
        {Loaded ? <Loaded {...props} /> : <Body {...props} />}
      </Suspense>
    );
  }
  return Object.assign(LazyComponent, { preload: () => start().then(() => undefined) });
}
