/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ResourcePage } from './resource-page';
import { contracts } from './test-support/fixtures';
import { openLazyPopover } from './test-support/popover';
import { apiError, fakeRequest, renderWithProviders, type Call } from './test-support/render';

const row = (id: number) => ({
  id,
  contract_no: `S-${id}`,
  customer: 7,
  state: 'active',
  valid_from: '2025-03-05',
  price: '10.50',
  is_active: true,
  products: [],
});

/** A back-end without `/auth/me/preferences/` (another DRF back-end): local storage. */
function server({ path, options }: Call) {
  if (path === '/auth/me/preferences/') apiError(404, { detail: 'Not found.' });
  if (path === '/customers/7/') return { data: { id: 7, first_name: 'Jan', last_name: 'Novák' } };
  const count = 30;
  const page = Number(options.query?.page ?? 1);
  const size = Number(options.query?.page_size ?? 25);
  const rows = Array.from({ length: count }, (_, i) => row(i + 1)).slice(
    (page - 1) * size,
    page * size,
  );
  return { data: { count, results: rows } };
}

const headers = () =>
  screen
    .getAllByRole('columnheader')
    // The selection's checkbox column is not a field's.
    .filter((th) => !th.classList.contains('joule-select-cell'))
    .map((th) => th.textContent?.replace(/\s*[⇅▲▼]\d*$/, '').trim());

/** jsdom's Blob has no `text()`; FileReader reads it. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

afterEach(() => localStorage.clear());

describe('the column chooser', () => {
  it('keeps the choice in the API where it keeps preferences, not in local storage', async () => {
    let kept: unknown = {};
    const { request, calls } = fakeRequest((call) => {
      if (call.path !== '/auth/me/preferences/') return server(call);
      if (call.method === 'PUT') kept = call.options.body;
      return { data: kept };
    });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<ResourcePage descriptor={contracts} />, {
      request,
      owner: 7,
    });
    await screen.findByRole('row', { name: 'S-1' });
    await waitFor(() =>
      expect(calls.some((call) => call.path === '/auth/me/preferences/')).toBe(true),
    );
    await openLazyPopover(user, 'Sloupce');
    const chooser = await screen.findByRole('region', { name: 'Sloupce' });
    await user.click(within(chooser).getByRole('checkbox', { name: 'Cena' }));
    expect(headers()).not.toContain('Cena');
    await waitFor(() =>
      expect(kept).toMatchObject({
        lists: { contracts: { hidden: expect.arrayContaining(['price']) } },
      }),
    );
    expect(localStorage.getItem('joule.columns.7.contracts')).toBeNull();
    unmount();

    // Another browser (a new cache, no local storage): the same columns.
    renderWithProviders(<ResourcePage descriptor={contracts} />, { request, owner: 7 });
    await screen.findByRole('row', { name: 'S-1' });
    await waitFor(() => expect(headers()).not.toContain('Cena'));
  });

  it(
    'hides, shows and reorders columns, remembered per user and resource',
    { timeout: 60_000 },
    async () => {
      const { request } = fakeRequest(server);
      const user = userEvent.setup();
      const { unmount } = renderWithProviders(<ResourcePage descriptor={contracts} />, {
        request,
        owner: 7,
      });
      await screen.findByRole('row', { name: 'S-1' });
      expect(headers()).toEqual([
        'Číslo smlouvy',
        'Zákazník',
        'Stav',
        'Platnost od',
        'Cena',
        'Aktivní',
        'Produkty',
      ]);

      await openLazyPopover(user, 'Sloupce');
      const chooser = await screen.findByRole('region', { name: 'Sloupce' });
      await user.click(within(chooser).getByRole('checkbox', { name: 'Cena' }));
      expect(headers()).not.toContain('Cena');
      // Keyboard: the move button keeps the focus, so Enter can be pressed again.
      within(chooser).getByRole('button', { name: 'Posunout Stav nahoru' }).focus();
      await user.keyboard('{Enter}');
      await waitFor(() =>
        expect(document.activeElement?.getAttribute('aria-label')).toBe('Posunout Stav nahoru'),
      );
      await user.keyboard('{Enter}');
      expect(headers().slice(0, 3)).toEqual(['Stav', 'Číslo smlouvy', 'Zákazník']);
      expect(JSON.parse(localStorage.getItem('joule.columns.7.contracts') ?? '{}')).toMatchObject({
        hidden: expect.arrayContaining(['price']),
      });

      // Cells follow the headers.
      const cells = within(screen.getByRole('row', { name: 'S-1' }))
        .getAllByRole('cell')
        .filter((cell) => !cell.hasAttribute('data-select-cell'));
      expect(cells[0]?.textContent).toBe('Platná');
      unmount();

      // The same user sees the same columns again; another user sees the defaults.
      renderWithProviders(<ResourcePage descriptor={contracts} />, { request, owner: 7 });
      await screen.findByRole('row', { name: 'S-1' });
      expect(headers().slice(0, 3)).toEqual(['Stav', 'Číslo smlouvy', 'Zákazník']);
      expect(headers()).not.toContain('Cena');

      await openLazyPopover(user, 'Sloupce');
      await user.click(await screen.findByRole('button', { name: 'Obnovit výchozí' }));
      expect(headers()[0]).toBe('Číslo smlouvy');
      expect(headers()).toContain('Cena');
      expect(localStorage.getItem('joule.columns.7.contracts')).toBeNull();
    },
  );

  it('keeps other users’ choices apart', async () => {
    localStorage.setItem(
      'joule.columns.8.contracts',
      JSON.stringify({ order: ['price', 'contract_no'], hidden: [] }),
    );
    const { request } = fakeRequest(server);
    renderWithProviders(<ResourcePage descriptor={contracts} />, { request, owner: 7 });
    await screen.findByRole('row', { name: 'S-1' });
    expect(headers()[0]).toBe('Číslo smlouvy');
  });
});

describe('the CSV export', () => {
  it('downloads every row of the current query with the shown columns', async () => {
    const { request, calls } = fakeRequest(server);
    const files: Blob[] = [];
    const names: string[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => {
          files.push(blob);
          return 'blob:test';
        },
        revokeObjectURL: () => undefined,
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      names.push(this.download);
    });
    renderWithProviders(<ResourcePage descriptor={contracts} />, {
      request,
      url: '/?search=S&sort=-price',
    });
    await screen.findByRole('row', { name: 'S-1' });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toHaveLength(1));
    click.mockRestore();
    expect(names[0]).toMatch(/^contracts-\d{4}-\d{2}-\d{2}\.csv$/);
    const exportCall = calls.find((c) => c.options.query?.page_size === 9999);
    expect(exportCall?.options.query).toMatchObject({ search: 'S', sort: '-price', page: 1 });
    const text = await readBlob(files[0]!);
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Číslo smlouvy;Zákazník;Stav;Platnost od;Cena;Aktivní;Produkty');
    expect(lines[1]).toBe('S-1;Jan Novák;Platná;2025-03-05;10,50;Ano;');
    expect(lines).toHaveLength(31);
  });
});
