/** A path no route knows. */
import { Classes, NonIdealState } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { Link } from '../resources';

export function NotFoundPage() {
  return (
    <div className="joule-page joule-centered">
      <NonIdealState
        icon="search"
        title={<FormattedMessage id="app.notFound.title" />}
        description={<FormattedMessage id="app.notFound.description" />}
        action={
          <Link to="/" className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY}`}>
            <span className={Classes.BUTTON_TEXT}>
              <FormattedMessage id="app.notFound.home" />
            </span>
          </Link>
        }
      />
    </div>
  );
}
