import { lazy, Suspense, type ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { Spinner } from '@blueprintjs/core';
import { messages } from '../messages';

/**
 * A component of an override (a dialog's panel, a page of its own) whose code loads the
 * first time it renders, with a small spinner labelled "Loading…" meanwhile: its module
 * then forms a chunk of its own instead of weighing on every list page's first load
 * (README "How the pages stay small"). `load` is a dynamic import, e.g.
 * `() => import('./bill-preview-panel').then((m) => m.BillPreviewPanel)`; a failed load
 * throws to the nearest error boundary, as any render error does.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  const Body = lazy(async () => ({ default: await load() }));
  function LazyComponent(props: P) {
    const intl = useIntl();
    return (
      <Suspense fallback={<Spinner size={20} aria-label={intl.formatMessage(messages.loading)} />}>
        <Body {...props} />
      </Suspense>
    );
  }
  return LazyComponent;
}
