/**
 * Which list columns a person sees and in what order (issue "The generic runtime", Lists:
 * column chooser), kept per user and resource in the browser's local storage under
 * `joule.columns.<user id>.<resource>`, like the app settings (`joule.settings`) and the
 * notifications (`joule.notifications.<user id>`).
 *
 * Defaults come from the descriptor: `descriptor.columns` (codegen puts the title fields
 * first and leaves long text and nested objects out), then every other field, hidden.
 */
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, unwrap, type ApiClient, type ApiSchema } from '../../api';
import type { ResourceDescriptor } from '../descriptor';
import { useResourceRuntime } from '../registry/resource-runtime';

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
 * hidden. The id is never shown by default (docs/product.md), unless it is all there is: it is
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
  /** Takes `settings` whole (a saved view's columns); unknown names are dropped. */
  apply(settings: ColumnSettings): void;
}

/**
 * A user's preferences as the API keeps them (`GET/PUT /auth/me/preferences/`,
 * server/auth/preferences.ts): the list columns per resource.
 */
export type UserPreferences = ApiSchema<'UserPreferences'>;

/** The query key of the signed-in user's preferences. */
export const PREFERENCES_KEY = ['preferences'] as const;

/**
 * The query of the signed-in user's preferences: null where the back-end keeps none (its
 * OpenAPI document does not list them, `keeps` false: nothing is asked; or it answers 404),
 * and the column choices then stay in local storage.
 */
export function preferencesQueryOptions(api: ApiClient, keeps = true) {
  return {
    queryKey: PREFERENCES_KEY,
    queryFn: async (): Promise<UserPreferences | null> => {
      if (!keeps) return null;
      try {
        // Checked still: a back-end may answer something else than its document says.
        const data: unknown = await unwrap(api.GET('/auth/me/preferences/'));
        return data && typeof data === 'object' && !Array.isArray(data)
          ? (data as UserPreferences)
          : null;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 405)) {
          return null;
        }
        throw error;
      }
    },
    staleTime: Infinity,
    retry: false,
  } as const;
}

/** Saves one after the other, so that the last choice is the one kept. */
let saving: Promise<unknown> = Promise.resolve();

/** Stores `lists[resource]` = `settings` (null: the defaults) in the API and the cache. */
function savePreference(
  client: QueryClient,
  api: ApiClient,
  resource: string,
  settings: ColumnSettings | null,
): void {
  const current = client.getQueryData<UserPreferences | null>(PREFERENCES_KEY) ?? {};
  const lists = { ...current.lists };
  if (settings) lists[resource] = { order: [...settings.order], hidden: [...settings.hidden] };
  else delete lists[resource];
  const next: UserPreferences = { ...current, lists };
  client.setQueryData(PREFERENCES_KEY, next);
  saving = saving
    .then(() => unwrap(api.PUT('/auth/me/preferences/', { body: next })))
    .catch((error: unknown) => {
      // The choice still holds for this page's life.
      console.warn('The column choice could not be saved', error);
    });
}

/**
 * The column choice of `descriptor`'s list for the signed-in user: kept by the API
 * ({@link preferencesQueryOptions}), so that it follows the user to another browser and a
 * server-rendered page shows it; in local storage under `owner` where the back-end keeps
 * no preferences, or until it has answered.
 */
export function useColumnSettings(
  descriptor: ResourceDescriptor,
  owner: string | number | null,
): ColumnSettingsController {
  const key = columnsStorageKey(owner, descriptor.name);
  const { api, keepsPreferences } = useResourceRuntime();
  const client = useQueryClient();
  const preferences = useQuery(preferencesQueryOptions(api, keepsPreferences)).data;
  // The stored choice, or none while a server-rendered page is hydrated (the server
  // rendered without it): the stored one follows in the next render.
  const text = useSyncExternalStore(
    subscribeColumns,
    () => readStored(key),
    () => null,
  );
  const kept = preferences ? preferences.lists?.[descriptor.name] : undefined;
  const settings = useMemo(
    () =>
      preferences
        ? parseColumnSettings(kept ? JSON.stringify(kept) : null, descriptor)
        : parseColumnSettings(text, descriptor),
    [preferences, kept, text, descriptor],
  );

  const save = useCallback(
    (change: (current: ColumnSettings) => ColumnSettings) => {
      const inApi = client.getQueryData<UserPreferences | null>(PREFERENCES_KEY);
      const stored = inApi ? inApi.lists?.[descriptor.name] : undefined;
      const current = parseColumnSettings(
        inApi ? (stored ? JSON.stringify(stored) : null) : readStored(key),
        descriptor,
      );
      const next = change(current);
      if (next === current) return;
      if (inApi) savePreference(client, api, descriptor.name, next);
      else writeStored(key, JSON.stringify(next));
    },
    [client, api, key, descriptor],
  );

  const visible = useMemo(() => visibleColumns(settings), [settings]);
  return {
    settings,
    visible,
    isDefault: isDefaultColumns(settings, descriptor),
    setShown: useCallback((name, shown) => save((s) => setColumnShown(s, name, shown)), [save]),
    move: useCallback((name, by) => save((s) => moveColumn(s, name, by)), [save]),
    apply: useCallback(
      (chosen: ColumnSettings) =>
        save(() => parseColumnSettings(JSON.stringify(chosen), descriptor)),
      [save, descriptor],
    ),
    reset: useCallback(() => {
      if (client.getQueryData(PREFERENCES_KEY)) {
        savePreference(client, api, descriptor.name, null);
      } else writeStored(key, null);
    }, [client, api, key, descriptor]),
  };
}

/** Choices kept for the page's life where storage refuses them (quota, privacy mode). */
const unstored = new Map<string, string | null>();
const columnListeners = new Set<() => void>();

function readStored(key: string): string | null {
  if (unstored.has(key)) return unstored.get(key) ?? null;
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function writeStored(key: string, text: string | null): void {
  try {
    const store = storage();
    if (!store) throw new Error('no storage');
    if (text === null) store.removeItem(key);
    else store.setItem(key, text);
    unstored.delete(key);
  } catch {
    unstored.set(key, text);
  }
  for (const listener of columnListeners) listener();
}

/** Calls `listener` on a change of the choices: in this tab, or another (`storage`). */
function subscribeColumns(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (!event.key || event.key.startsWith(COLUMNS_STORAGE_PREFIX)) listener();
  };
  columnListeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    columnListeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
