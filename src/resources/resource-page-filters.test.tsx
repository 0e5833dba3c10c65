/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from './router';
import type { ResourceDescriptor } from './descriptor';
import { ResourcePage } from './resource-page';
import { contracts } from './test-support/fixtures';
import { fakeRequest, renderWithProviders, type Call } from './test-support/render';

/** Contracts filterable by every kind the filter bar knows. */
const descriptor: ResourceDescriptor = {
  ...contracts,
  filterFields: ['state', 'customer', 'valid_from', 'price', 'is_active'],
};

const customer = { id: 7, first_name: 'Jan', last_name: 'Novák' };

function serve({ path }: Call) {
  if (path === '/customers/7/') return { data: customer };
  if (path === '/customers/')
    return { data: { count: 1, next: null, previous: null, results: [customer] } };
  return { data: { count: 0, next: null, previous: null, results: [] } };
}

const listCalls = (calls: Call[]) =>
  calls.filter((c) => c.method === 'GET' && c.path === '/contracts/');
const lastQuery = (calls: Call[]) => listCalls(calls).at(-1)?.options.query;

/** Shows the router's current search string, so tests can read the URL. */
function UrlProbe() {
  return <output data-testid="url">{useLocation().search}</output>;
}
const url = () => decodeURIComponent(screen.getByTestId('url').textContent ?? '');

/** Opens the filter bar and waits for it: its code loads on first use. */
async function openFilters() {
  await userEvent.click(screen.getByRole('button', { name: 'Filtry' }));
  await screen.findByRole('group', { name: 'Filtry' });
}

function renderPage(start = '/?page=3') {
  const { request, calls } = fakeRequest(serve);
  renderWithProviders(
    <>
      <ResourcePage descriptor={descriptor} />
      <UrlProbe />
    </>,
    { request, url: start },
  );
  return calls;
}

describe('ResourcePage filters', () => {
  it('hides the bar behind a "Filtry" toggle and labels every control', async () => {
    renderPage('/');
    const toggle = screen.getByRole('button', { name: 'Filtry' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByLabelText('Stav')).toBeNull();
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    // What the toggle controls is there at once, while the bar's code may still be loading
    // (axe's aria-valid-attr-value), and holds the bar.
    const controlled = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(controlled).not.toBeNull();
    const bar = await screen.findByRole('group', { name: 'Filtry' });
    expect(controlled?.contains(bar)).toBe(true);
    expect(within(bar).getByRole('combobox', { name: 'Stav' })).toBeTruthy();
    expect(within(bar).getByRole('combobox', { name: 'Aktivní' })).toBeTruthy();
    expect(within(bar).getByRole('combobox', { name: 'Zákazník' })).toBeTruthy();
    expect(within(bar).getByLabelText('Platnost od od')).toBeTruthy();
    expect(within(bar).getByLabelText('Cena do')).toBeTruthy();
    // docs/product.md: each end of a range says which it is, visibly too.
    const range = within(bar).getByLabelText('Platnost od od').closest('[role="group"]');
    expect(range?.textContent).toContain('od');
    expect(range?.textContent).toContain('do');
    expect(screen.queryByRole('button', { name: 'Zrušit filtry' })).toBeNull();
  });

  it('sets a choice filter by its label and goes back to page 1', async () => {
    const calls = renderPage();
    await openFilters();
    const select = screen.getByRole('combobox', { name: 'Stav' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Libovolné', 'Platná', 'Ukončená']);
    await userEvent.selectOptions(select, 'Platná');
    await waitFor(() => expect(url()).toBe('?filter=state=active'));
    await waitFor(() =>
      expect(lastQuery(calls)).toMatchObject({ filter: 'state=active', page: 1 }),
    );
    expect(screen.getByRole('button', { name: 'Filtry (1)' })).toBeTruthy();
  });

  it('sets a boolean filter to yes', async () => {
    const calls = renderPage('/');
    await openFilters();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Aktivní' }), 'Ano');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ filter: 'is_active=true' }));
  });

  it('sets a date range as gte / lte and a decimal bound with a comma', async () => {
    const calls = renderPage();
    await openFilters();
    fireEvent.change(screen.getByLabelText('Platnost od od'), {
      target: { value: '2025-01-01' },
    });
    fireEvent.change(screen.getByLabelText('Platnost od do'), {
      target: { value: '2025-12-31' },
    });
    await waitFor(() => expect(url()).toBe('?gte=valid_from=2025-01-01&lte=valid_from=2025-12-31'));
    const price = screen.getByLabelText('Cena od');
    await userEvent.type(price, '12,5{Enter}');
    await waitFor(() =>
      expect(lastQuery(calls)).toMatchObject({
        gte: 'price=12.5,valid_from=2025-01-01',
        lte: 'valid_from=2025-12-31',
        page: 1,
      }),
    );
    expect(screen.getByRole('button', { name: 'Filtry (2)' })).toBeTruthy();
  });

  it('does not send a bound that is not a number', async () => {
    const calls = renderPage('/');
    await openFilters();
    const price = screen.getByLabelText('Cena do');
    await userEvent.type(price, 'abc{Enter}');
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(listCalls(calls).every((c) => c.options.query?.lte === undefined)).toBe(true);
  });

  it('picks a reference with the searchable picker', async () => {
    const calls = renderPage('/');
    await openFilters();
    await userEvent.type(screen.getByRole('combobox', { name: 'Zákazník' }), 'nov');
    await userEvent.click(await screen.findByRole('option', { name: 'Jan Novák' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ filter: 'customer=7' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Zákazník' })).toHaveProperty(
        'value',
        'Jan Novák',
      ),
    );
  });

  it('opens with the filters of the URL and clears them all', async () => {
    const calls = renderPage(
      '/?page=2&search=x&filter=state=ended&gte=valid_from=2025-01-01&lte=price=10',
    );
    expect(screen.getByRole('combobox', { name: 'Stav' })).toHaveProperty('value', 'ended');
    expect(screen.getByLabelText('Platnost od od')).toHaveProperty('value', '2025-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Zrušit filtry' }));
    await waitFor(() => expect(url()).toBe('?search=x'));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: 1, search: 'x' }));
    const query = lastQuery(calls);
    expect(query?.filter).toBeUndefined();
    expect(query?.gte).toBeUndefined();
    expect(query?.lte).toBeUndefined();
    expect(screen.queryByRole('button', { name: 'Zrušit filtry' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Stav' })).toHaveProperty('value', '');
    expect(screen.getByLabelText('Platnost od od')).toHaveProperty('value', '');
  });
});

describe('date filters with pickers (docs/product.md)', () => {
  it('labels the bounds from / to, takes a typed YYYY-MM-DD and shows the Czech format', async () => {
    renderPage('/');
    await openFilters();
    const from = screen.getByLabelText('Platnost od od');
    expect(from.getAttribute('type')).toBe('text');
    expect(from.getAttribute('placeholder')).toBe('RRRR-MM-DD');
    await userEvent.type(from, '2025-02');
    // Not wrong while typing, and nothing sent yet.
    expect(from.getAttribute('aria-invalid')).toBeNull();
    await userEvent.type(from, '-03');
    await waitFor(() => expect(url()).toBe('?gte=valid_from=2025-02-03'));
  });

  it('picks a bound in the calendar in the app language', async () => {
    renderPage('/?gte=valid_from=2025-01-01');
    const to = await screen.findByLabelText('Platnost od do');
    const group = to.closest('.bp6-input-group') as HTMLElement;
    // One click event, not userEvent's hover-press-click: the popover's code (lazy) may
    // arrive after the hover and render the button anew, and userEvent would then press the
    // detached one. A user presses the button on screen, whichever it is.
    fireEvent.click(within(group).getByRole('button', { name: 'Kalendář' }));
    expect((await screen.findAllByText(/^po$/i, {}, { timeout: 20_000 })).length).toBeGreaterThan(
      0,
    );
    const fifteenth = [...document.querySelectorAll<HTMLElement>('.rdp-day')].find(
      (cell) => cell.textContent === '15',
    );
    await userEvent.click(fifteenth as HTMLElement);
    await waitFor(() => expect(url()).toMatch(/lte=valid_from=\d{4}-\d{2}-15$/));
    expect((to as HTMLInputElement).value).toMatch(/^\d{4}-\d{2}-15$/);
  });

  it('marks a malformed date once left, and does not send it', async () => {
    renderPage('/');
    await openFilters();
    const from = screen.getByLabelText('Platnost od od');
    await userEvent.type(from, '31.12.2025');
    await userEvent.tab();
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(url()).toBe('');
  });
});
