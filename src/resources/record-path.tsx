/**
 * Records with addresses (docs/product.md): the row an edit dialog shows
 * lives in the URL path, below its list's route, so a record can be linked, bookmarked,
 * shared and reloaded, and Back closes its dialog:
 *
 * - `/customers/42` — the list `/customers` with row 42's dialog open;
 * - `/customers/42/contracts/7` — inside it, the related contract 7's dialog (a related
 *   list matches `<its resource name>/<id>`);
 * - the list's own state stays in the query string (`?page=2&sort=-name`) and is carried
 *   along, so closing a dialog returns to the list as it was.
 *
 * A resource's route (`/customers` and all below it, `src/app/routes.tsx`) says where its
 * records start ({@link RecordRoute}); a screen rendered outside one (tests) keeps its
 * dialogs in local state. Creating a row is never in the URL (it has no address yet).
 */
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation, useNavigate } from './router';
import type { ResourceDescriptor, RowId } from './descriptor';

/** Where one level of dialogs is in the URL. */
export interface RecordPath {
  /** The path up to this level, e.g. `/customers` or `/customers/42`. */
  readonly base: string;
  /** Decoded path segments below it, e.g. `['42']` or `['contracts', '7']`. */
  readonly rest: readonly string[];
  /** The query string (`?page=2`, or empty) kept when dialogs open and close. */
  readonly search: string;
}

/** Which dialog is open: none, create (`id: null`), or the edit of a row. */
export type DialogTarget = { readonly id: RowId | null } | null;

/** History state of an entry pushed by opening a record: Back (or close) returns to it. */
interface PushedState {
  readonly jouleRecord: true;
}

const RecordPathContext = createContext<RecordPath | null>(null);

/** Splits a splat (`42/contracts/7`) into decoded segments; empty segments are dropped. */
export function splitRecordPath(splat: string): string[] {
  return splat
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/**
 * The id a URL segment names, typed as the descriptor's id field: an integer id field
 * gets a number (`'42'` → 42), anything else the text itself; null for a segment that
 * cannot be such an id (`'abc'` for an integer id).
 */
export function recordId(descriptor: ResourceDescriptor, segment: string): RowId | null {
  const field = descriptor.fields.find((item) => item.name === descriptor.idField);
  if (field?.kind === 'integer') return /^\d{1,15}$/.test(segment) ? Number(segment) : null;
  return segment;
}

/** The path of the route whose records are below it (`/customers`), null outside one. */
const RecordRouteContext = createContext<string | null>(null);

/** Says that the addresses below `base` (`/customers/42`) are records of the screen inside. */
export function RecordRoute({ base, children }: { base: string; children: ReactNode }) {
  return <RecordRouteContext.Provider value={base}>{children}</RecordRouteContext.Provider>;
}

/** The top level of a resource route: `/customers/42?page=2` → base `/customers`, rest `['42']`. */
export function useRouteRecordPath(): RecordPath | null {
  const base = useContext(RecordRouteContext);
  const { pathname, search } = useLocation();
  return useMemo(() => {
    if (base === null) return null;
    // Routes match regardless of case, as the path's own letters are kept.
    const below = pathname.toLowerCase().startsWith(`${base.toLowerCase()}/`)
      ? pathname.slice(base.length + 1)
      : '';
    return { base: pathname.slice(0, base.length) || '/', rest: splitRecordPath(below), search };
  }, [base, pathname, search]);
}

/** The record path of the dialog level the caller is in (null outside any). */
export function useRecordPath(): RecordPath | null {
  return useContext(RecordPathContext);
}

/** Gives the dialogs below (related lists) their level of the record path. */
export function RecordPathProvider({
  value,
  children,
}: {
  value: RecordPath | null;
  children: ReactNode;
}) {
  return <RecordPathContext.Provider value={value}>{children}</RecordPathContext.Provider>;
}

/** What `useRecordDialog` gives a list. */
export interface RecordDialog {
  /** The dialog to show now. */
  readonly target: DialogTarget;
  /** The record path of the open row's dialog, for its related lists (null when local). */
  readonly inner: RecordPath | null;
  /** Opens a row's dialog (its URL, pushed) or the create dialog (`null`, local). */
  open(id: RowId | null): void;
  /** Closes the dialog: Back when opening pushed the entry, else the list's URL replaces it. */
  close(): void;
  /**
   * Puts the edit dialog of row `id`, just created, in place of the create dialog ("Save
   * and continue", docs/product.md §2 "Screen contents"): its URL is pushed as if the row
   * had been opened from the list, so closing it returns to the list.
   */
  continueWith(id: RowId): void;
}

/**
 * The dialog state of one list: the row named in the URL at `path`'s level (after
 * `prefix`, e.g. `['contracts']` for a related list of contracts; `[]` for the page's own
 * list), else the create dialog or nothing. With `path` null it is plain local state.
 */
export function useRecordDialog(
  descriptor: ResourceDescriptor,
  path: RecordPath | null,
  prefix: readonly string[],
): RecordDialog {
  const navigate = useNavigate();
  const { pathname, search, state } = useLocation();
  const address = `${pathname}${search}`;
  // The row address `open` last pushed, until the address moves elsewhere (closed, Back):
  // a second click on the row before or after its dialog shows (a double click) pushes
  // nothing more, so one Close still returns to the list.
  const pushedTo = useRef<string | null>(null);
  useEffect(() => {
    if (pushedTo.current !== address) pushedTo.current = null;
  }, [address]);
  const [local, setLocal] = useState<DialogTarget>(null);
  const [creating, setCreating] = useState(false);

  const segment =
    path && path.rest.length > prefix.length && prefix.every((part, i) => path.rest[i] === part)
      ? (path.rest[prefix.length] ?? null)
      : null;
  const urlId = segment === null ? null : recordId(descriptor, segment);
  const inner = useMemo<RecordPath | null>(
    () =>
      path && segment !== null && urlId !== null
        ? {
            base: joinPath(path.base, [...prefix, segment]),
            rest: path.rest.slice(prefix.length + 1),
            search: path.search,
          }
        : null,
    [path, prefix, segment, urlId],
  );
  const pushed = (state as Partial<PushedState> | null)?.jouleRecord === true;

  const open = useCallback(
    (id: RowId | null) => {
      // A transition, as a router navigation is: the dialog shows once its code is here,
      // without a placeholder first (resource-page.tsx).
      if (!path || id === null) {
        startTransition(() => (path ? setCreating(true) : setLocal({ id })));
        return;
      }
      const to = `${joinPath(path.base, [...prefix, String(id)])}${path.search}`;
      if (to === address || to === pushedTo.current) return;
      pushedTo.current = to;
      void navigate(to, { state: { jouleRecord: true } satisfies PushedState });
    },
    [address, navigate, path, prefix],
  );
  const close = useCallback(() => {
    if (!path) return setLocal(null);
    if (creating) return setCreating(false);
    if (pushed) void navigate(-1);
    else void navigate(`${path.base}${path.search}`, { replace: true });
  }, [creating, navigate, path, pushed]);

  const continueWith = useCallback(
    (id: RowId) => {
      if (!path) {
        startTransition(() => setLocal({ id }));
        return;
      }
      setCreating(false);
      const to = `${joinPath(path.base, [...prefix, String(id)])}${path.search}`;
      void navigate(to, { state: { jouleRecord: true } satisfies PushedState });
    },
    [navigate, path, prefix],
  );

  if (!path) return { target: local, inner: null, open, close, continueWith };
  const target: DialogTarget = creating ? { id: null } : urlId !== null ? { id: urlId } : null;
  return { target, inner: creating ? null : inner, open, close, continueWith };
}

function joinPath(base: string, segments: readonly string[]): string {
  const head = base.replace(/\/+$/, '');
  return `${head}/${segments.map((segment) => encodeURIComponent(segment)).join('/')}`;
}
