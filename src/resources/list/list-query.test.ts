import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LIST_STATE,
  buildListQuery,
  parseListState,
  parsePairs,
  parseSort,
  MAX_SORT_KEYS,
  sanitizeSort,
  toSearchParams,
  updateListState,
  type ListState,
} from './list-query';

describe.each<[string, { given: string; want: Partial<ListState> }]>([
  ['an empty URL', { given: '', want: DEFAULT_LIST_STATE }],
  ['a page and page size', { given: 'page=3&page_size=50', want: { page: 3, pageSize: 50 } }],
  ['"all" as 9999', { given: 'page_size=9999', want: { pageSize: 9999 } }],
  ['page sizes capped at 9999', { given: 'page_size=100000', want: { pageSize: 9999 } }],
  ['a malformed page', { given: 'page=-2&page_size=abc', want: { page: 1, pageSize: 25 } }],
  ['a zero page', { given: 'page=0', want: { page: 1 } }],
  ['a search, trimmed', { given: 'search=%20dvorak%20', want: { search: 'dvorak' } }],
  [
    'a multi-key sort',
    {
      given: 'sort=-valid_from,name',
      want: {
        sort: [
          { id: 'valid_from', desc: true },
          { id: 'name', desc: false },
        ],
      },
    },
  ],
  [
    'filters and bounds',
    {
      given: 'filter=state%3Dactive%2Ccustomer%3D12&gte=valid_from%3D2025-01-01',
      want: { filter: { state: 'active', customer: '12' }, gte: { valid_from: '2025-01-01' } },
    },
  ],
])('parseListState of %s', (_name, { given, want }) => {
  it('reads the state', () => {
    expect(parseListState(new URLSearchParams(given))).toMatchObject(want);
  });
});

describe.each<[string, { given: Partial<ListState>; want: Record<string, unknown> }]>([
  ['the default state', { given: {}, want: { page: 1, page_size: 25 } }],
  [
    'a full state',
    {
      given: {
        page: 2,
        pageSize: 9999,
        search: 'novák',
        sort: [
          { id: 'name', desc: true },
          { id: 'id', desc: false },
        ],
        filter: { state: 'active', customer: '12' },
        lte: { valid_to: '2025-12-31' },
      },
      want: {
        page: 2,
        page_size: 9999,
        search: 'novák',
        sort: '-name,id',
        filter: 'customer=12,state=active',
        lte: 'valid_to=2025-12-31',
      },
    },
  ],
])('buildListQuery of %s', (_name, { given, want }) => {
  it('gives the API parameters', () => {
    const query = buildListQuery({ ...DEFAULT_LIST_STATE, ...given });
    const defined = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined));
    expect(defined).toEqual(want);
  });
});

describe.each([
  ['', ''],
  ['page=2', 'page=2'],
  ['page=1&page_size=25', ''],
  ['sort=-name%2Cid&search=x', 'search=x&sort=-name%2Cid'],
  ['tab=contracts&page=4', 'tab=contracts&page=4'],
])('toSearchParams round trip of "%s"', (given, want) => {
  it(`writes "${want}"`, () => {
    const params = new URLSearchParams(given);
    expect(toSearchParams(parseListState(params), params).toString()).toBe(want);
  });
});

describe.each<[string, { given: Partial<ListState>; want: number }]>([
  ['a page change keeps the page', { given: { page: 5 }, want: 5 }],
  ['a search resets the page', { given: { search: 'x' }, want: 1 }],
  ['a sort resets the page', { given: { sort: [{ id: 'a', desc: false }] }, want: 1 }],
  ['a page size resets the page', { given: { pageSize: 100 }, want: 1 }],
])('updateListState: %s', (_name, { given, want }) => {
  it(`goes to page ${want}`, () => {
    expect(updateListState({ ...DEFAULT_LIST_STATE, page: 3 }, given).page).toBe(want);
  });
});

describe('parsers', () => {
  it.each([
    ['', []],
    ['-', []],
    [
      'a,,-b',
      [
        { id: 'a', desc: false },
        { id: 'b', desc: true },
      ],
    ],
  ])('parseSort(%j)', (given, want) => {
    expect(parseSort(given)).toEqual(want);
  });

  it('parsePairs drops pairs without a key', () => {
    expect(parsePairs('=1,a=b=c,x')).toEqual({ a: 'b=c' });
  });

  it('sanitizeSort keeps sortable keys once', () => {
    const sort = [
      { id: 'name', desc: true },
      { id: 'secret', desc: false },
      { id: 'name', desc: false },
    ];
    expect(sanitizeSort(sort, ['name', 'id'])).toEqual([{ id: 'name', desc: true }]);
  });

  it('sanitizeSort keeps at most MAX_SORT_KEYS keys, as the API takes', () => {
    const fields = ['a', 'b', 'c', 'd', 'e', 'f', 'g'];
    const sort = fields.map((id) => ({ id, desc: false }));
    expect(sanitizeSort(sort, fields).map((item) => item.id)).toEqual(
      fields.slice(0, MAX_SORT_KEYS),
    );
  });
});

describe('a list’s own parameters (descriptor.listParams)', () => {
  it('reads, sends and writes only the named ones', () => {
    const url = new URLSearchParams('hasPrivileges=USERS&other=x&is_active=');
    const state = parseListState(url, ['hasPrivileges', 'is_active']);
    expect(state.params).toEqual({ hasPrivileges: 'USERS' });
    expect(buildListQuery(state)).toMatchObject({ hasPrivileges: 'USERS' });
    const cleared = toSearchParams({ ...state, params: {} }, url, ['hasPrivileges', 'is_active']);
    expect(cleared.toString()).toBe('other=x');
    expect(parseListState(url).params).toBeUndefined();
  });
});
