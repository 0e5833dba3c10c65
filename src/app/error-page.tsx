/** What a route shows when its loader or component fails. */
import { useEffect } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { useRouteError } from 'react-router';
import { reportError } from './error-reporting';
import { notify } from './notifications/notify';

/** Errors already reported: StrictMode and re-renders run the effect more than once. */
const reported = new WeakSet<object>();

export function ErrorPage() {
  const error = useRouteError();
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
