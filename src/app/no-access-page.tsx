/**
 * A page the user may not use (docs/product.md §2 "Route guards", §8): shown in the page's
 * place, at its address, naming the page by its title and saying that an administrator grants
 * access. Any other error of the route goes on to the next error boundary.
 */
import { NonIdealState } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { useRouteError } from 'react-router';
import { NO_ACCESS_MESSAGE, NO_ACCESS_PAGE_MESSAGE, NoAccessError } from './guards';

/** A guarded route's error boundary: the refusal, or the error passed on. */
export function NoAccessBoundary() {
  const error = useRouteError();
  if (!(error instanceof NoAccessError)) throw error;
  return <NoAccessPage titleId={error.titleId} path={error.path} />;
}

/** The refusal itself: the page's title when known, else its path. */
export function NoAccessPage({ titleId, path }: { titleId?: string; path: string }) {
  const intl = useIntl();
  const page = titleId ? intl.formatMessage({ id: titleId }) : path;
  return (
    <div className="joule-page joule-centered">
      <NonIdealState
        icon="lock"
        title={<FormattedMessage {...NO_ACCESS_MESSAGE} />}
        description={
          <p role="alert">
            <FormattedMessage id={NO_ACCESS_PAGE_MESSAGE} values={{ page }} />
          </p>
        }
      />
    </div>
  );
}
