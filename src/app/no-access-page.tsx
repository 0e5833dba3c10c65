/**
 * A page the user may not use (docs/product.md §2 "Route guards", §8): shown in the page's
 * place, at its address, naming the page by its title and saying that an administrator grants
 * access.
 */
import { NonIdealState } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { NO_ACCESS_MESSAGE, NO_ACCESS_PAGE_MESSAGE } from './guards';

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
