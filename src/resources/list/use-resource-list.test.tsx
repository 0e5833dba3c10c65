/** @vitest-environment jsdom */
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useLocation } from '../router';
import { contracts } from '../test-support/fixtures';
import { Providers, fakeRequest } from '../test-support/render';
import { prefetchResourceList, useResourceList } from './use-resource-list';

function setup(url: string) {
  const fake = fakeRequest(() => ({
    data: { count: 60, next: null, previous: null, results: [] },
  }));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers request={fake.request} url={url}>
      {children}
    </Providers>
  );
  const hook = renderHook(() => ({ list: useResourceList(contracts), location: useLocation() }), {
    wrapper,
  });
  return { ...fake, hook };
}

describe('useResourceList', () => {
  it('reads the URL, drops unsortable keys and asks the API', async () => {
    const { hook, calls } = setup('/?page=2&sort=-price,secret&filter=state%3Dactive');
    expect(hook.result.current.list.state).toMatchObject({
      page: 2,
      sort: [{ id: 'price', desc: true }],
      filter: { state: 'active' },
    });
    await waitFor(() => expect(hook.result.current.list.query.isSuccess).toBe(true));
    expect(calls[0]?.options.query).toMatchObject({
      page: 2,
      page_size: 25,
      sort: '-price',
      filter: 'state=active',
    });
    expect(hook.result.current.list.pageCount).toBe(3);
  });

  it.each<[string, (l: ReturnType<typeof useResourceList>) => void, string]>([
    ['setPage', (l) => l.setPage(3), '?page=3&sort=-price'],
    ['setSort', (l) => l.setSort([{ id: 'valid_from', desc: false }]), '?sort=valid_from'],
    ['setPageSize', (l) => l.setPageSize(9999), '?page_size=9999&sort=-price'],
    ['setSearch', (l) => l.setSearch(' novák '), '?search=nov%C3%A1k&sort=-price'],
    [
      'setFilters',
      (l) => l.setFilters({ filter: { state: 'active' }, gte: { valid_from: '2025-01-01' } }),
      '?sort=-price&filter=state%3Dactive&gte=valid_from%3D2025-01-01',
    ],
    [
      'setFilters with nothing',
      (l) => l.setFilters({ filter: {}, gte: {}, lte: {} }),
      '?sort=-price',
    ],
  ])('%s writes the URL', async (_name, change, want) => {
    const { hook } = setup('/?page=2&sort=-price');
    act(() => change(hook.result.current.list));
    expect(hook.result.current.location.search).toBe(want);
  });
});

describe('prefetchResourceList', () => {
  it('fetches the page the screen at that URL asks for, so the screen does not ask again', async () => {
    const fake = fakeRequest(() => ({
      data: { count: 1, next: null, previous: null, results: [{ id: 7, name: 'Prefetched' }] },
    }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const url = '/?page=2&sort=-price,secret&search=nov%C3%A1k';
    prefetchResourceList(
      queryClient,
      fake.request,
      contracts,
      new URL(url, 'http://x').searchParams,
    );
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]?.options.query).toMatchObject({
      page: 2,
      sort: '-price',
      search: 'novák',
    });

    const hook = renderHook(() => useResourceList(contracts), {
      wrapper: ({ children }: { children: ReactNode }) => (
        <Providers request={fake.request} url={url} queryClient={queryClient}>
          {children}
        </Providers>
      ),
    });
    await waitFor(() => expect(hook.result.current.query.isSuccess).toBe(true));
    expect(hook.result.current.query.data?.results).toEqual([{ id: 7, name: 'Prefetched' }]);
    expect(fake.calls).toHaveLength(1);
  });

  it('asks nothing of a resource without a list', () => {
    const fake = fakeRequest(() => ({ data: {} }));
    const queryClient = new QueryClient();
    const unlisted = { ...contracts, operations: { ...contracts.operations, list: false } };
    prefetchResourceList(queryClient, fake.request, unlisted, new URLSearchParams());
    expect(fake.calls).toHaveLength(0);
  });
});
