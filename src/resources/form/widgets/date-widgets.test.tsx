/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contracts } from '../../test-support/fixtures';
import { FormHarness } from '../../test-support/form-harness';
import { fakeRequest, renderWithProviders } from '../../test-support/render';
import { isIsoDate, parseLocalDateTime, toLocalInput } from './date-widgets';

const base = { contract_no: 'S-1', customer: 1, valid_from: '2025-01-01' };
const { request } = fakeRequest(() => ({ data: { id: 1, last_name: 'Novák' } }));

describe.each([
  ['2025-02-28', true],
  ['2024-02-29', true],
  ['2025-02-29', false],
  ['2025-13-01', false],
  ['1. 2. 2025', false],
  ['2025-1-1', false],
])('isIsoDate(%s)', (text, want) => {
  it(`is ${want}`, () => expect(isIsoDate(text)).toBe(want));
});

describe.each([
  ['cs', 'Datum musí být ve formátu RRRR-MM-DD', 'RRRR-MM-DD'],
  ['en', 'Date must be in YYYY-MM-DD', 'YYYY-MM-DD'],
] as const)('DateWidget in %s', (locale, message, placeholder) => {
  it('names the format when leaving a wrong date, and blocks the submit', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<FormHarness descriptor={contracts} initial={base} onSubmit={onSubmit} />, {
      request,
      locale,
    });
    const input = screen.getByLabelText('Platnost od', { exact: false });
    expect(input.getAttribute('placeholder')).toBe(placeholder);
    await userEvent.clear(input);
    await userEvent.type(input, '1. 2. 2025');
    await userEvent.tab();
    expect(screen.getByRole('alert').textContent).toBe(message);
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it('accepts a correct date', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<FormHarness descriptor={contracts} initial={base} onSubmit={onSubmit} />, {
      request,
      locale,
    });
    const input = screen.getByLabelText('Platnost od', { exact: false });
    await userEvent.clear(input);
    await userEvent.type(input, '2025-03-05');
    await userEvent.tab();
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ valid_from: '2025-03-05' }));
  });
});

describe('the calendar (issue 17)', () => {
  it('picks a date in Czech: month and day names of the app, not the browser', async () => {
    // Blueprint's legacy Popover (react-popper) warns under React 19; PopoverNext does not.
    const warnings = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')];
    const onSubmit = vi.fn();
    renderWithProviders(<FormHarness descriptor={contracts} initial={base} onSubmit={onSubmit} />, {
      request,
      locale: 'cs',
    });
    const input = screen.getByLabelText('Platnost od', { exact: false });
    expect(input.getAttribute('type')).toBe('text');
    const group = input.closest('.bp6-input-group') as HTMLElement;
    // One click event, not userEvent's hover-press-click: the popover's code (deferred) may
    // arrive after the hover and render the button anew, and userEvent would then press the
    // detached one. A user presses the button on screen, whichever it is.
    fireEvent.click(within(group).getByRole('button', { name: 'Kalendář' }));
    // January 2025 (the field's month), in Czech.
    expect((await screen.findAllByText(/leden/i, {}, { timeout: 20_000 })).length).toBeGreaterThan(
      0,
    );
    expect(screen.getAllByText(/^po$/i).length).toBeGreaterThan(0); // pondělí, first day
    const fifteenth = [...document.querySelectorAll<HTMLElement>('.rdp-day')].find(
      (cell) => cell.textContent === '15',
    );
    expect(fifteenth).toBeTruthy();
    await userEvent.click(fifteenth as HTMLElement);
    expect((input as HTMLInputElement).value).toBe('2025-01-15');
    // A date (no time) closes the calendar once picked.
    await waitFor(() => expect(screen.queryAllByText(/leden/i)).toHaveLength(0));
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ valid_from: '2025-01-15' }));
    for (const spy of warnings) {
      expect(spy.mock.calls.map((call) => String(call[0]))).toEqual([]);
      spy.mockRestore();
    }
  });
});

describe('date-time text', () => {
  it.each([
    ['2025-12-31 0:00', new Date(2025, 11, 31, 0, 0)],
    ['2025-12-31T13:05', new Date(2025, 11, 31, 13, 5)],
    ['2025-02-30 10:00', null],
    ['2025-12-31 24:00', null],
    ['31. 12. 2025 0:00', null],
  ])('%s', (text, want) => {
    expect(parseLocalDateTime(text)?.getTime() ?? null).toBe(want?.getTime() ?? null);
  });

  it('shows an API date-time in local time', () => {
    expect(toLocalInput(new Date(2025, 11, 31, 7, 5).toISOString())).toBe('2025-12-31 07:05');
    expect(toLocalInput('')).toBe('');
  });
});
