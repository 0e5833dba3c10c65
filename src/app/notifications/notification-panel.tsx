/** The notification bell's popup (docs/product.md §2): Clear and the list; loaded on first use. */
import { Button, Classes, NonIdealState, PopoverNext } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PopoverHostProps } from '../../resources';
import type { AppNotification, NotificationStore } from './notification-store';
import { NotificationList } from './notification-list';

export interface NotificationPanelProps {
  readonly store: NotificationStore;
  /** The store's notifications, newest first. */
  readonly notifications: readonly AppNotification[];
}

export function NotificationPanel({
  store,
  notifications,
  defaultIsOpen,
  children,
}: NotificationPanelProps & PopoverHostProps) {
  const intl = useIntl();
  const title = intl.formatMessage({ id: 'app.notifications.title' });
  return (
    <PopoverNext
      placement="bottom-end"
      popoverClassName="joule-bell-popover"
      defaultIsOpen={defaultIsOpen}
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
      {children}
    </PopoverNext>
  );
}
