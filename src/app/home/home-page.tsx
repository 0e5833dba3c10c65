/** Home (docs/product.md §2 "/"): a welcome and the areas the user may use. */
import { useId } from 'react';
import { Card, Classes, H1, H2, H3, Icon } from '@blueprintjs/core';
import { FormattedMessage } from 'react-intl';
import { Link } from '../../resources';
import { useCurrentUser } from '../../auth';
import { useMenus } from '../layout/use-menus';
import type { MenuEntry } from '../menus';
import type { ShellRegistry } from '../shell-registry';

/** Descriptions of the main areas; other areas show their name only. */
const descriptions: Readonly<Record<string, string>> = {
  customers: 'app.home.area.customers',
  contracts: 'app.home.area.contracts',
  points: 'app.home.area.points',
  tariffdevices: 'app.home.area.tariffdevices',
  users: 'app.home.area.users',
};

/**
 * One main area. Its link is named 'Open' and described by the area's heading, so the
 * top bar's link stays the only link named after the area.
 */
function AreaCard({ entry }: { entry: MenuEntry }) {
  const id = useId();
  const description = descriptions[entry.name];
  return (
    <Card elevation={1} className="joule-area-card" aria-labelledby={`${id}-title`}>
      <Icon icon={entry.icon} size={24} className="joule-area-icon" />
      <H3 id={`${id}-title`} className="joule-area-title">
        <FormattedMessage id={entry.label} />
      </H3>
      {description && (
        <p className={Classes.TEXT_MUTED}>
          <FormattedMessage id={description} />
        </p>
      )}
      <Link
        to={entry.path}
        className={`${Classes.BUTTON} ${Classes.INTENT_PRIMARY} joule-area-open`}
        aria-describedby={`${id}-title`}
      >
        <span className={Classes.BUTTON_TEXT}>
          <FormattedMessage id="app.home.open" />
        </span>
        <Icon icon="arrow-right" />
      </Link>
    </Card>
  );
}

/** The home page: a welcome and a card per page of the menus the user may use. */
export function HomePage({ registry }: { registry: ShellRegistry }) {
  const user = useCurrentUser();
  const menus = useMenus(registry.descriptors, registry.groups, registry.views);
  return (
    <div className="joule-page joule-home">
      <header className="joule-page-header">
        <H1>
          <FormattedMessage id="app.home.welcome" />
        </H1>
        {user && (
          <p className={Classes.TEXT_MUTED}>
            <FormattedMessage id="app.home.signedInAs" values={{ email: user.email }} />
          </p>
        )}
      </header>
      {menus.main.length > 0 && (
        <section aria-labelledby="joule-home-areas">
          <H2 id="joule-home-areas" className="joule-section-title">
            <FormattedMessage id="app.home.areas" />
          </H2>
          <div className="joule-area-grid">
            {menus.main.map((entry) => (
              <AreaCard key={entry.name} entry={entry} />
            ))}
          </div>
        </section>
      )}
      <section aria-labelledby="joule-home-settings">
        <H2 id="joule-home-settings" className="joule-section-title">
          <FormattedMessage id="app.home.settingsAreas" />
        </H2>
        <ul className="joule-link-list">
          {menus.settings.map((entry) => (
            <li key={entry.name}>
              <Link to={entry.path}>
                <Icon icon={entry.icon} />
                <span>
                  <FormattedMessage id={entry.label} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
