/** @vitest-environment jsdom */
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourcePage } from './resource-page';
import { contracts } from './test-support/fixtures';
import { apiError, fakeRequest, renderWithProviders, type Call } from './test-support/render';

function contract(id: number) {
  return {
    id,
    contract_no: `S-${id}`,
    customer: 7,
    state: id % 2 ? 'active' : 'ended',
    valid_from: '2025-03-05',
    price: '1234.50',
    is_active: id % 2 === 1,
    products: [1, 2],
  };
}

const titles: Record<string, object> = {
  '/customers/7/': { id: 7, first_name: 'Jan', last_name: 'Novák' },
  '/products/1/': { id: 1, name: 'Elektřina' },
  '/products/2/': { id: 2, name: 'Plyn' },
};

/** Contracts 1…count, paged as the API pages them. */
function listServer(count: number) {
  return ({ path, options }: Call) => {
    const item = titles[path];
    if (item) return { data: item };
    if (/^\/contracts\/\d+\/$/.test(path))
      return { data: contract(Number(path.split('/')[2])), etag: '"v1"' };
    const page = Number(options.query?.page ?? 1);
    const size = Number(options.query?.page_size ?? 25);
    const rows = Array.from({ length: count }, (_, i) => contract(i + 1)).slice(
      (page - 1) * size,
      page * size,
    );
    return { data: { count, next: null, previous: null, results: rows } };
  };
}

const listCalls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/contracts/');

/** A row's cells of fields (not the selection's checkbox). */
const dataCells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .filter((cell) => !cell.hasAttribute('data-select-cell'));

describe('ResourcePage', () => {
  it('shows the title, rows with formatted cells and reference titles', async () => {
    const { request } = fakeRequest(listServer(3));
    renderWithProviders(<ResourcePage descriptor={contracts} />, { request });
    expect(screen.getByRole('heading', { level: 1, name: 'Smlouvy' })).toBeTruthy();
    const row = await screen.findByRole('row', { name: 'S-1' });
    const cells = dataCells(row).map((cell) => cell.textContent);
    expect(cells.slice(2)).toEqual([
      'Platná',
      '5. 3. 2025',
      '1\u00a0234,50',
      'Ano',
      expect.any(String),
    ]);
    await waitFor(() => expect(dataCells(row)[1]?.textContent).toBe('Jan Novák'));
    await waitFor(() => expect(dataCells(row)[6]?.textContent).toBe('Elektřina, Plyn'));
    expect(screen.getByText('1–3 z 3')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    const { request } = fakeRequest(listServer(0));
    renderWithProviders(<ResourcePage descriptor={contracts} />, { request });
    expect(await screen.findByText('Žádné záznamy')).toBeTruthy();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    const serve = listServer(2);
    const { request } = fakeRequest((call) => (fail ? apiError(500, {}) : serve(call)));
    renderWithProviders(<ResourcePage descriptor={contracts} />, { request });
    const retry = await screen.findByRole('button', { name: 'Zkusit znovu' });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByRole('row', { name: 'S-2' })).toBeTruthy();
  });

  it('steps back from a page past the end (DRF answers 404)', async () => {
    const serve = listServer(3);
    const { request, calls } = fakeRequest((call) =>
      call.path === '/contracts/' && Number(call.options.query?.page) > 1
        ? apiError(404, { detail: 'Invalid page.' })
        : serve(call),
    );
    renderWithProviders(<ResourcePage descriptor={contracts} />, { request, url: '/?page=3' });
    expect(await screen.findByRole('row', { name: 'S-3' })).toBeTruthy();
    expect(listCalls(calls).map((c) => c.options.query?.page)).toEqual([3, 2, 1]);
  });

  it('sorts on the server: asc, desc, none; shift-click adds a key', async () => {
    const { request, calls } = fakeRequest(listServer(30));
    renderWithProviders(<ResourcePage descriptor={contracts} />, { request, url: '/?page=2' });
    await screen.findByRole('row', { name: 'S-26' });
    const header = () => screen.getByRole('columnheader', { name: /Číslo smlouvy/ });
    expect(header().getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Stav' }).getAttribute('aria-sort')).toBeNull();
    const sorts = () =>
      listCalls(calls).map((c) => `${c.options.query?.sort ?? ''}@${c.options.query?.page}`);
    await userEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(sorts()).toContain('contract_no@1'));
    expect(header().getAttribute('aria-sort')).toBe('ascending');
    await userEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(sorts()).toContain('-contract_no@1'));
    expect(header().getAttribute('aria-sort')).toBe('descending');
    const price = screen.getByRole('columnheader', { name: /Cena/ });
    fireEvent.click(within(price).getByRole('button'), { shiftKey: true });
    await waitFor(() => expect(sorts()).toContain('-contract_no,price@1'));
    // A plain click replaces the keys; two more clicks cycle to descending, then to none.
    await userEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('ascending'));
    await userEvent.click(within(header()).getByRole('button'));
    await userEvent.click(within(header()).getByRole('button'));
    await waitFor(() => expect(header().getAttribute('aria-sort')).toBe('none'));
    expect(listCalls(calls).at(-1)?.options.query?.sort).toBeUndefined();
  });

  it('debounces the search and goes back to page 1', async () => {
    const { request, calls } = fakeRequest(listServer(3));
    renderWithProviders(<ResourcePage descriptor={contracts} />, { request, url: '/?page=2' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Hledat' }), 'jan');
    await waitFor(() =>
      expect(listCalls(calls).at(-1)?.options.query).toMatchObject({ search: 'jan', page: 1 }),
    );
    expect(listCalls(calls).filter((c) => c.options.query?.search).length).toBe(1);
  });

  it('focuses the search on "/"', async () => {
    const { request } = fakeRequest(listServer(3));
    renderWithProviders(<ResourcePage descriptor={contracts} />, { request });
    await screen.findByRole('row', { name: 'S-1' });
    await userEvent.keyboard('/');
    expect(document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Hledat' }));
  });

  it('moves between rows with arrows and opens one with Enter', async () => {
    const { request } = fakeRequest(listServer(3));
    renderWithProviders(<ResourcePage descriptor={contracts} />, { request });
    const first = await screen.findByRole('row', { name: 'S-1' });
    expect(first.tabIndex).toBe(0);
    first.focus();
    await userEvent.keyboard('{ArrowDown}');
    const second = screen.getByRole('row', { name: 'S-2' });
    expect(document.activeElement).toBe(second);
    expect(second.tabIndex).toBe(0);
    expect(first.tabIndex).toBe(-1);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', {}, { timeout: 5000 })).toBeTruthy();
    expect(await screen.findByDisplayValue('S-2')).toBeTruthy();
  });

  it('renders only the rows in view of a 9,999-row page', async () => {
    // jsdom lays nothing out: give the scroll container a height, as a browser would.
    const height = vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(640);
    onTestFinished(() => height.mockRestore());
    const { request } = fakeRequest(listServer(9999));
    renderWithProviders(<ResourcePage descriptor={contracts} />, {
      request,
      url: '/?page_size=9999',
    });
    await screen.findByRole('row', { name: 'S-1' });
    const rendered = screen.getAllByRole('row').length;
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(100);
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('10000');
  });

  it('keeps keyboard focus moving through rows out of view', async () => {
    vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(640);
    vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockReturnValue(10_000 * 32);
    // jsdom does not scroll: do what a browser does, move, then tell the listeners.
    Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
      this.scrollTop = typeof options === 'object' ? (options.top ?? 0) : 0;
      setTimeout(() => this.dispatchEvent(new Event('scroll')));
    };
    onTestFinished(() => {
      vi.restoreAllMocks();
      delete (Element.prototype as { scrollTo?: unknown }).scrollTo;
    });
    const { request } = fakeRequest(listServer(9999));
    renderWithProviders(<ResourcePage descriptor={contracts} />, {
      request,
      url: '/?page_size=9999',
    });
    const first = await screen.findByRole('row', { name: 'S-1' });
    first.focus();
    await userEvent.keyboard('{End}');
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('S-9999'));
    expect(screen.queryByRole('row', { name: 'S-1' })).toBeNull();
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('S-9998');
  });
});
