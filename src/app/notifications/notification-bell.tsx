/**
 * The notification bell (SPEC §2): a red badge with the count ('9+' above 9, none at 0)
 * and a popup with Clear and the list, newest first.
 */
import { Button, Classes, NonIdealState, PopoverNext } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { NotificationStore } from './notification-store';
import { NotificationList } from './notification-list';
import { getNotificationStore } from './notify';
import { badgeText, useNotifications } from './use-notifications';

export interface NotificationBellProps {
  /**
   * The notifications to show (tests pass their own).
   * @default the app's store (`getNotificationStore()`)
   */
  readonly store?: NotificationStore;
}

export function NotificationBell({ store = getNotificationStore() }: NotificationBellProps) {
  const intl = useIntl();
  const notifications = useNotifications(store);
  const badge = badgeText(notifications.length);
  const title = intl.formatMessage({ id: 'app.notifications.title' });
  return (
    <PopoverNext
      placement="bottom-end"
      popoverClassName="joule-bell-popover"
      content={
        <section className="joule-bell-panel" aria-label={title}>
          <header className="joule-bell-header">
            <span className="joule-bell-title">{title}</span>
            <Button
              variant="minimal"
              size="small"
              icon="trash"
              disabled={notifications.length === 0}
              onClick={() => store.clear()}
            >
              <FormattedMessage id="app.notifications.clear" />
            </Button>
          </header>
          {notifications.length > 0 ? (
            <NotificationList notifications={notifications} onRemove={(id) => store.remove(id)} />
          ) : (
            <NonIdealState
              className="joule-bell-empty"
              icon="notifications"
              iconSize={32}
              description={
                <span className={Classes.TEXT_MUTED}>
                  <FormattedMessage id="app.notifications.empty" />
                </span>
              }
            />
          )}
        </section>
      }
    >
      <Button
        variant="minimal"
        icon="notifications"
        className="joule-bell-button"
        aria-label={intl.formatMessage(
          { id: 'app.notifications.bell' },
          { count: notifications.length },
        )}
      >
        {badge && (
          <span className="joule-bell-badge" aria-hidden="true">
            {badge}
          </span>
        )}
      </Button>
    </PopoverNext>
  );
}
