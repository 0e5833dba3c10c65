/**
 * The notification bell (docs/product.md §2): a red badge with the count ('9+' above 9, none at 0)
 * and a popup with Clear and the list, newest first.
 */
import { Button } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { LazyPopover } from '../../resources';
import type { NotificationPanelProps } from './notification-panel';
import type { NotificationStore } from './notification-store';
import { getNotificationStore } from './notify';
import { badgeText, useNotifications } from './use-notifications';

const loadPopover = async () => (await import('./notification-panel')).NotificationPanel;

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
  return (
    <LazyPopover<NotificationPanelProps> load={loadPopover} props={{ store, notifications }}>
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
    </LazyPopover>
  );
}
