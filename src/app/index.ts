/** Public surface of `src/app` (docs/architecture.md "Conventions": public surfaces). */
export { App } from './app';
export type { AppProps } from './app';
export { buildMenus, appSettingsEntry, reservedPaths } from './menus';
export { preloadIcons, setUpIcons } from './icons';
export type { MenuEntry, Menus } from './menus';
export { AppProviders } from './providers';
export type { AppProvidersProps } from './providers';
export { loadShellRegistry } from './shell-registry';
export type { LoadShellRegistry, ShellRegistry, ResourceScreenProps } from './shell-registry';
export { AppRoutes, loadFirstPage, preloadPage } from './routes';
export type { AppRoutesProps, FirstPageLoad } from './routes';
export { resourceLabels, sessionChecked, shellRegistry } from './route-data';
export { applyTheme } from './theme';
export { formatAppMessage } from './app-message';
export type { AppMessage, AppMessageValue } from './app-message';
export { initErrorReporting, reportError, sentryOptions } from './error-reporting';
export type { ErrorReportingConfig, SentryOptions } from './error-reporting';
export { NotificationBell } from './notifications/notification-bell';
export type { NotificationBellProps } from './notifications/notification-bell';
export { MAX_NOTIFICATIONS, createNotificationStore } from './notifications/notification-store';
export type {
  AppNotification,
  NotificationInput,
  NotificationStore,
  NotificationType,
} from './notifications/notification-store';
export { getNotificationStore, notify } from './notifications/notify';
export { createResourceEventHandler } from './notifications/resource-events';
export type { ResourceEvent, ResourceOperation } from './notifications/resource-events';
export { SNACKBAR_TIMEOUT_MS, SnackbarHost, showSnackbar } from './snackbar/snackbar';
export type { SnackbarColor, SnackbarOptions } from './snackbar/snackbar';
export { applySettings, syncSettings } from './settings/apply-settings';
export { pageTitle } from './title';
