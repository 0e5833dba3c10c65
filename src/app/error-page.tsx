/** What a route shows when its loader or component fails. */
import { useEffect } from 'react';
import { Button, NonIdealState } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { useRouteError } from 'react-router';

export function ErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    // The details are for developers only (SPEC §8).
    console.error(error);
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
