/**
 * Which list columns a person sees and in what order (issue "The generic runtime", Lists:
 * column chooser), kept per user and resource in the browser's local storage under
 * `joule.columns.<user id>.<resource>`, like the app settings (`joule.settings`) and the
 * notifications (`joule.notifications.<user id>`).
 *
 * Defaults come from the descriptor: `descriptor.columns` (codegen puts the title fields
 * first and leaves long text and nested objects out), then every other field, hidden.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { ResourceDescriptor } from '../descriptor';

/** Prefix of the storage keys; the user id and the resource name follow. */
export const COLUMNS_STORAGE_PREFIX = 'joule.columns.';

/** A person's columns of one resource: every column in order, and the hidden ones. */
export interface ColumnSettings {
  /** Every column the resource offers (field names), in the order shown. */
  readonly order: readonly string[];
  /** Field names not shown. */
  readonly hidden: readonly string[];
}

/** `joule.columns.7.customers`; `anonymous` stands in for a missing user id. */
export function columnsStorageKey(owner: string | number | null, resource: string): string {
  return `${COLUMNS_STORAGE_PREFIX}${owner ?? 'anonymous'}.${resource}`;
}

/**
 * The descriptor's own choice: its `columns` shown in order, every other field after them,
 * hidden. The id is never shown by default (issue 17), unless it is all there is: it is
 * offered last, hidden.
 */
export function defaultColumnSettings(descriptor: ResourceDescriptor): ColumnSettings {
  const known = new Set(descriptor.fields.map((field) => field.name));
  const listed = descriptor.columns.filter((name) => known.has(name));
  const withoutId = listed.filter((name) => name !== descriptor.idField);
  const shown = withoutId.length > 0 ? withoutId : listed;
  const rest = descriptor.fields
    .map((field) => field.name)
    .filter((name) => !shown.includes(name) && name !== descriptor.idField);
  // The id is offered last: rarely wanted, but some resources have nothing better.
  const id = known.has(descriptor.idField) && !shown.includes(descriptor.idField);
  return {
    order: [...shown, ...rest, ...(id ? [descriptor.idField] : [])],
    hidden: [...rest, ...(id ? [descriptor.idField] : [])],
  };
}

/**
 * Reads stored settings against the descriptor: unknown field names are dropped, fields the
 * stored value does not know (added to the schema since) are appended with their default
 * visibility. Anything malformed gives the defaults; never throws.
 */
export function parseColumnSettings(
  text: string | null,
  descriptor: ResourceDescriptor,
): ColumnSettings {
  const defaults = defaultColumnSettings(descriptor);
  let raw: unknown = null;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    return defaults;
  }
  if (!raw || typeof raw !== 'object') return defaults;
  const { order, hidden } = raw as { order?: unknown; hidden?: unknown };
  if (!Array.isArray(order) || !Array.isArray(hidden)) return defaults;
  const known = new Set(defaults.order);
  const storedOrder = [
    ...new Set(order.filter((name): name is string => known.has(name as string))),
  ];
  const added = defaults.order.filter((name) => !storedOrder.includes(name));
  const storedHidden = hidden.filter((name): name is string =>
    storedOrder.includes(name as string),
  );
  return {
    order: [...storedOrder, ...added],
    hidden: [...storedHidden, ...added.filter((name) => defaults.hidden.includes(name))],
  };
}

/** The shown columns, in order. */
export function visibleColumns(settings: ColumnSettings): string[] {
  return settings.order.filter((name) => !settings.hidden.includes(name));
}

/** Shows or hides one column; the last shown column cannot be hidden. */
export function setColumnShown(
  settings: ColumnSettings,
  name: string,
  shown: boolean,
): ColumnSettings {
  if (shown) return { ...settings, hidden: settings.hidden.filter((hidden) => hidden !== name) };
  if (settings.hidden.includes(name) || visibleColumns(settings).length <= 1) return settings;
  return { ...settings, hidden: [...settings.hidden, name] };
}

/** Moves one column `by` places (−1 up / left, +1 down / right), within bounds. */
export function moveColumn(settings: ColumnSettings, name: string, by: number): ColumnSettings {
  const from = settings.order.indexOf(name);
  const to = Math.min(settings.order.length - 1, Math.max(0, from + by));
  if (from < 0 || from === to) return settings;
  const order = [...settings.order];
  order.splice(from, 1);
  order.splice(to, 0, name);
  return { ...settings, order };
}

/** True when the settings show the same columns in the same order as the defaults. */
export function isDefaultColumns(
  settings: ColumnSettings,
  descriptor: ResourceDescriptor,
): boolean {
  const defaults = defaultColumnSettings(descriptor);
  return visibleColumns(settings).join() === visibleColumns(defaults).join();
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null; // Storage disabled by the browser's privacy settings.
  }
}

/** What `useColumnSettings` gives the list and the chooser. */
export interface ColumnSettingsController {
  readonly settings: ColumnSettings;
  /** The shown columns, in order (field names). */
  readonly visible: readonly string[];
  readonly isDefault: boolean;
  setShown(name: string, shown: boolean): void;
  move(name: string, by: number): void;
  /** Back to the descriptor's defaults; the stored value is removed. */
  reset(): void;
}

/**
 * The column settings of one resource for one user (`owner`, the user id; null before a
 * sign-in is known), read from and written to local storage; other tabs' changes are
 * followed through the `storage` event.
 */
export function useColumnSettings(
  descriptor: ResourceDescriptor,
  owner: string | number | null,
): ColumnSettingsController {
  const key = columnsStorageKey(owner, descriptor.name);
  const read = useCallback(
    () => parseColumnSettings(storage()?.getItem(key) ?? null, descriptor),
    [key, descriptor],
  );
  const [state, setState] = useState(() => ({ key, descriptor, settings: read() }));
  // Another user, resource or descriptor: read its settings (during render, no flash).
  let settings = state.settings;
  if (state.key !== key || state.descriptor !== descriptor) {
    settings = read();
    setState({ key, descriptor, settings });
  }

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === key) setState({ key, descriptor, settings: read() });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [key, descriptor, read]);

  const save = useCallback(
    (change: (current: ColumnSettings) => ColumnSettings) =>
      setState((current) => {
        const next = change(current.settings);
        if (next === current.settings) return current;
        try {
          storage()?.setItem(key, JSON.stringify(next));
        } catch {
          // Quota or privacy mode: the choice still holds for this page's life.
        }
        return { key, descriptor, settings: next };
      }),
    [key, descriptor],
  );

  const visible = useMemo(() => visibleColumns(settings), [settings]);
  return {
    settings,
    visible,
    isDefault: isDefaultColumns(settings, descriptor),
    setShown: useCallback((name, shown) => save((s) => setColumnShown(s, name, shown)), [save]),
    move: useCallback((name, by) => save((s) => moveColumn(s, name, by)), [save]),
    reset: useCallback(() => {
      try {
        storage()?.removeItem(key);
      } catch {
        // Nothing stored to remove.
      }
      setState({ key, descriptor, settings: defaultColumnSettings(descriptor) });
    }, [key, descriptor]),
  };
}
