/**
 * The snackbar (docs/product.md §4, §9): one call shows a message with a timeout (5000 ms by
 * default) and a colour ('notice' by default); it closes by its button or the timeout.
 * Blueprint's `OverlayToaster` draws it, rendered inside the app's providers by
 * `SnackbarHost`, so messages are translated in the current language.
 */
import { lazy, Suspense, useCallback, useSyncExternalStore } from 'react';
import type { IconName, Intent, OverlayToaster, Toaster } from '@blueprintjs/core';
import { useIntl } from 'react-intl';
import { formatAppMessage, type AppMessage } from '../app-message';

/** Colour names of the snackbar. */
export type SnackbarColor = 'notice' | 'success' | 'warning' | 'danger' | 'error';

/** docs/product.md §9: snackbar and toast default timeout. */
export const SNACKBAR_TIMEOUT_MS = 5000;

export interface SnackbarOptions {
  readonly message: AppMessage;
  /**
   * Milliseconds until it closes by itself; 0 keeps it until closed.
   * @default 5000
   */
  readonly timeout?: number;
  /** @default 'notice' */
  readonly color?: SnackbarColor;
}

/** Blueprint intent and icon of each colour. */
export const snackbarLooks: Readonly<Record<SnackbarColor, { intent: Intent; icon: IconName }>> = {
  notice: { intent: 'primary', icon: 'info-sign' },
  success: { intent: 'success', icon: 'tick-circle' },
  warning: { intent: 'warning', icon: 'warning-sign' },
  danger: { intent: 'danger', icon: 'error' },
  error: { intent: 'danger', icon: 'error' },
};

let toaster: Toaster | null = null;
/** Shown before the toaster is there (start-up, or its chunk still loading): shown then. */
let pending: SnackbarOptions[] = [];
/** Becomes true with the first snackbar: only then does the toaster's code load. */
let wanted = false;
const wantedListeners = new Set<() => void>();
const subscribeWanted = (listener: () => void) => {
  wantedListeners.add(listener);
  return () => wantedListeners.delete(listener);
};
const getWanted = () => wanted;

function queue(options: SnackbarOptions): void {
  pending.push(options);
  if (!wanted) {
    wanted = true;
    wantedListeners.forEach((listener) => listener());
  }
}
let show: (options: SnackbarOptions) => void = queue;

const LazyToaster = lazy(() =>
  import('./snackbar-toaster').then((module) => ({ default: module.OverlayToaster })),
);

/** Shows the snackbar; a new one replaces the one showing. */
export function showSnackbar(options: SnackbarOptions): void {
  show(options);
}

function SnackbarMessage({ message }: { message: AppMessage }) {
  return <>{formatAppMessage(useIntl(), message)}</>;
}

/**
 * Where snackbars appear; mounted once, by `AppProviders`. Renders nothing until the first
 * snackbar is asked for; then Blueprint's toaster loads (its own chunk) and shows it.
 */
export function SnackbarHost() {
  const needed = useSyncExternalStore(subscribeWanted, getWanted, getWanted);
  const ref = useCallback((instance: OverlayToaster | null) => {
    toaster = instance;
    if (!instance) {
      show = queue;
      return;
    }
    show = (options) => {
      const { intent, icon } = snackbarLooks[options.color ?? 'notice'];
      instance.show({
        message: <SnackbarMessage message={options.message} />,
        timeout: options.timeout ?? SNACKBAR_TIMEOUT_MS,
        intent,
        icon,
        className: 'joule-snackbar',
      });
    };
    const waiting = pending;
    pending = [];
    waiting.forEach(show);
  }, []);
  if (!needed) return null;
  // One at a time (docs/product.md §4: the snackbar is shown or hidden).
  return (
    <Suspense fallback={null}>
      <LazyToaster ref={ref} position="bottom" maxToasts={1} />
    </Suspense>
  );
}

/** The toaster of the mounted host, for tests. */
export function snackbarToaster(): Toaster | null {
  return toaster;
}
