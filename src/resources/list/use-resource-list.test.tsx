/** @vitest-environment jsdom */
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import { contracts } from '../test-support/fixtures';
import { Providers, fakeRequest } from '../test-support/render';
import { useResourceList } from './use-resource-list';

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
