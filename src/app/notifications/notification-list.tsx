/**
 * The bell's list (docs/product.md §2): per item its type's icon, the message, the relative time.
 */
import { Button, Icon, type IconName, type Intent } from '@blueprintjs/core';
import { FormattedRelativeTime, useIntl } from 'react-intl';
import { DATE_TIME_SECONDS_FORMAT } from '../../i18n';
import { formatAppMessage } from '../app-message';
import type { AppNotification, NotificationType } from './notification-store';
import { relativeTime, useNow } from './relative-time';

/** Icon, colour and accessible name of each type. */
const looks: Readonly<Record<NotificationType, { icon: IconName; intent: Intent; label: string }>> =
  {
    error: { icon: 'error', intent: 'danger', label: 'app.notifications.type.error' },
    warning: { icon: 'warning-sign', intent: 'warning', label: 'app.notifications.type.warning' },
    info: { icon: 'info-sign', intent: 'primary', label: 'app.notifications.type.info' },
    success: { icon: 'tick-circle', intent: 'success', label: 'app.notifications.type.success' },
  };

export interface NotificationListProps {
  /** Newest first. */
  readonly notifications: readonly AppNotification[];
  readonly onRemove: (id: string) => void;
}

interface ItemProps {
  readonly notification: AppNotification;
  readonly now: Date;
  readonly onRemove: (id: string) => void;
}

function NotificationItem({ notification, now, onRemove }: ItemProps) {
  const intl = useIntl();
  const look = looks[notification.type];
  const message = formatAppMessage(intl, notification.message);
  const { value, unit } = relativeTime(notification.receivedAt, now);
  return (
    <li className={`joule-notification joule-notification-${notification.type}`}>
      <Icon
        icon={look.icon}
        intent={look.intent}
        title={intl.formatMessage({ id: look.label })}
        className="joule-notification-icon"
      />
      <div className="joule-notification-body">
        <div className="joule-notification-message">{message}</div>
        <time
          className="joule-notification-time"
          dateTime={notification.receivedAt.toISOString()}
          // The full date and time as the tooltip (docs/product.md §2).
          title={intl.formatDate(notification.receivedAt, DATE_TIME_SECONDS_FORMAT)}
        >
          <FormattedRelativeTime value={value} unit={unit} numeric="auto" />
        </time>
      </div>
      <Button
        variant="minimal"
        size="small"
        icon="cross"
        className="joule-notification-remove"
        aria-label={intl.formatMessage({ id: 'app.notifications.remove' }, { message })}
        onClick={() => onRemove(notification.id)}
      />
    </li>
  );
}

/** One clock for the whole list, ticking every 10 s (docs/product.md §9) while the list is open. */
export function NotificationList({ notifications, onRemove }: NotificationListProps) {
  const intl = useIntl();
  const now = useNow();
  return (
    <ul
      className="joule-notification-list"
      aria-label={intl.formatMessage({ id: 'app.notifications.title' })}
    >
      {notifications.map((notification) => (
        <NotificationItem
          key={notification.id}
          notification={notification}
          now={now}
          onRemove={onRemove}
        />
      ))}
    </ul>
  );
}
