/**
 * List state as it lives in the URL, and the API query it becomes (docs/api.md "Lists"
 * parameters", docs/product.md §3, §9). Plain TypeScript, no React: the URL is the single source of
 * truth, so links, reloads and back/forward all restore the same list.
 */

/** One sort key; `desc` is the API's `-` prefix. */
export interface SortItem {
  readonly id: string;
  readonly desc: boolean;
}

/** `key=value` pairs of the `filter`, `gte` and `lte` parameters. */
export type ParamPairs = Readonly<Record<string, string>>;

/** Everything that selects which rows a list shows. */
export interface ListState {
  /** 1-based page number. */
  readonly page: number;
  /** Rows per page; `ALL_PAGE_SIZE` means "all". */
  readonly pageSize: number;
  readonly search: string;
  readonly sort: readonly SortItem[];
  readonly filter: ParamPairs;
  readonly gte: ParamPairs;
  readonly lte: ParamPairs;
  /**
   * The list's own query parameters (`descriptor.listParams`, e.g. `hasPrivileges`) by
   * name; each travels as itself in the URL and the API query. Absent: none set.
   */
  readonly params?: ParamPairs;
}

/** Default rows per page (docs/product.md §9). */
export const DEFAULT_PAGE_SIZE = 25;
/** The "all" page size, also the API's maximum (docs/product.md §9). */
export const ALL_PAGE_SIZE = 9999;
/** Page sizes offered by the page size chooser. */
export const PAGE_SIZES: readonly number[] = [10, 25, 50, 100, ALL_PAGE_SIZE];

/** The state of a list opened without parameters. */
export const DEFAULT_LIST_STATE: ListState = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  search: '',
  sort: [],
  filter: {},
  gte: {},
  lte: {},
};

const LIST_PARAMS = ['page', 'page_size', 'search', 'sort', 'filter', 'gte', 'lte'] as const;

function positiveInt(text: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER) {
  if (text === null || !/^\d+$/.test(text)) return fallback;
  const value = Number(text);
  return value >= 1 ? Math.min(value, max) : fallback;
}

/** `-valid_from,name` → `[{id: 'valid_from', desc: true}, {id: 'name', desc: false}]`. */
export function parseSort(text: string | null): SortItem[] {
  if (!text) return [];
  return text
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '' && key !== '-')
    .map((key) =>
      key.startsWith('-') ? { id: key.slice(1), desc: true } : { id: key, desc: false },
    );
}

/** The inverse of `parseSort`: API sort syntax, empty string for no sort. */
export function formatSort(sort: readonly SortItem[]): string {
  return sort.map((item) => (item.desc ? `-${item.id}` : item.id)).join(',');
}

/** `state=active,customer=12` → `{state: 'active', customer: '12'}`; pairs without `=` are dropped. */
export function parsePairs(text: string | null): Record<string, string> {
  const pairs: Record<string, string> = {};
  for (const chunk of (text ?? '').split(',')) {
    const at = chunk.indexOf('=');
    if (at > 0) pairs[chunk.slice(0, at).trim()] = chunk.slice(at + 1).trim();
  }
  return pairs;
}

/** The inverse of `parsePairs`, keys sorted so equal states give equal strings. */
export function formatPairs(pairs: ParamPairs): string {
  return Object.keys(pairs)
    .sort()
    .map((key) => `${key}=${pairs[key] ?? ''}`)
    .join(',');
}

/**
 * Reads a list state from URL search params; anything missing or malformed takes its
 * default. `own` names the list's own parameters (`descriptor.listParams`) to read.
 */
export function parseListState(params: URLSearchParams, own: readonly string[] = []): ListState {
  const values: Record<string, string> = {};
  for (const name of own) {
    const value = params.get(name)?.trim();
    if (value) values[name] = value;
  }
  return {
    ...(Object.keys(values).length > 0 && { params: values }),
    page: positiveInt(params.get('page'), 1),
    pageSize: positiveInt(params.get('page_size'), DEFAULT_PAGE_SIZE, ALL_PAGE_SIZE),
    search: params.get('search')?.trim() ?? '',
    sort: parseSort(params.get('sort')),
    filter: parsePairs(params.get('filter')),
    gte: parsePairs(params.get('gte')),
    lte: parsePairs(params.get('lte')),
  };
}

/** Query parameters of `GET <path>` for a list state; empty values are left out. */
export function buildListQuery(state: ListState): Record<string, string | number | undefined> {
  return {
    page: state.page,
    page_size: state.pageSize,
    search: state.search || undefined,
    sort: formatSort(state.sort) || undefined,
    filter: formatPairs(state.filter) || undefined,
    gte: formatPairs(state.gte) || undefined,
    lte: formatPairs(state.lte) || undefined,
    ...Object.fromEntries(Object.entries(state.params ?? {}).filter(([, value]) => value !== '')),
  };
}

/**
 * Writes a list state into URL search params, leaving defaults out (a fresh list has a
 * clean URL) and keeping parameters that are not the list's; `own` names the list's own
 * parameters (`descriptor.listParams`), written from `state.params`.
 */
export function toSearchParams(
  state: ListState,
  base?: URLSearchParams,
  own: readonly string[] = [],
): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const key of [...LIST_PARAMS, ...own]) params.delete(key);
  for (const [key, value] of Object.entries(state.params ?? {})) {
    if (own.includes(key) && value !== '') params.set(key, value);
  }
  const query = buildListQuery(state);
  for (const key of LIST_PARAMS) {
    const value = query[key];
    if (value === undefined) continue;
    if (key === 'page' && value === 1) continue;
    if (key === 'page_size' && value === DEFAULT_PAGE_SIZE) continue;
    params.set(key, String(value));
  }
  return params;
}

/**
 * Applies a change to a list state. Any change that selects different rows (search, sort,
 * page size, filters) goes back to page 1 unless the change names a page itself.
 */
export function updateListState(state: ListState, change: Partial<ListState>): ListState {
  const next = { ...state, ...change };
  return change.page === undefined ? { ...next, page: 1 } : next;
}

/** Most sort keys the API takes (besides the id it appends; more is a 400). */
export const MAX_SORT_KEYS = 5;

/**
 * Drops sort keys the API would answer 400 to: keys the resource cannot sort by, a key
 * named again, and keys beyond the first {@link MAX_SORT_KEYS}.
 */
export function sanitizeSort(sort: readonly SortItem[], sortFields: readonly string[]): SortItem[] {
  const seen = new Set<string>();
  return sort
    .filter((item) => {
      if (!sortFields.includes(item.id) || seen.has(item.id)) return false;
      seen.add(item.id);
      return true;
    })
    .slice(0, MAX_SORT_KEYS);
}
