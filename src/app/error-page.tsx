/** What a page shows when its code or its render fails. */
import { Component, useEffect, type ReactNode } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { reportError } from './error-reporting';
import { notify } from './notifications/notify';

/** Errors already reported: StrictMode and re-renders run the effect more than once. */
const reported = new WeakSet<object>();

/** The failure, reported once, and a way to load the app again (docs/product.md §8). */
export function ErrorPage({ error }: { error: unknown }) {
  useEffect(() => {
    if (error && typeof error === 'object') {
      if (reported.has(error)) return;
      reported.add(error);
    }
    // The details are for developers only (docs/product.md §8); the bell keeps that it happened.
    reportError(error, { where: 'route' });
    notify({ type: 'error', message: { id: 'app.error.title' } });
  }, [error]);
  return (
    <main className="joule-centered">
      <NonIdealState
        icon="error"
        title={<FormattedMessage id="app.error.title" />}
        description={<FormattedMessage id="app.error.description" />}
        action={
          <Button intent="primary" onClick={() => window.location.reload()}>
            <FormattedMessage id="app.error.reload" />
          </Button>
        }
      />
    </main>
  );
}

interface RouteErrorBoundaryProps {
  /** The page's address: another one clears the failure. */
  readonly pathname: string;
  readonly children: ReactNode;
}

interface RouteErrorBoundaryState {
  readonly failure: { readonly error: unknown; readonly pathname: string } | null;
}

/** Shows {@link ErrorPage} in place of a page that threw, until the user goes elsewhere. */
export class RouteErrorBoundary extends Component<
  RouteErrorBoundaryProps,
  RouteErrorBoundaryState
> {
  override state: RouteErrorBoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { failure: { error, pathname: '' } };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    const { failure } = state;
    if (!failure) return null;
    // The failure belongs to the page it happened on; a navigation away clears it.
    if (failure.pathname === '') return { failure: { ...failure, pathname: props.pathname } };
    return failure.pathname === props.pathname ? null : { failure: null };
  }

  override render() {
    const { failure } = this.state;
    return failure ? <ErrorPage error={failure.error} /> : this.props.children;
  }
}
