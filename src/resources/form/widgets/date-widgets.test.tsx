/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { contracts } from '../../test-support/fixtures';
import { FormHarness } from '../../test-support/form-harness';
import { fakeRequest, renderWithProviders } from '../../test-support/render';

const base = { contract_no: 'S-1', customer: 1, valid_from: '2025-01-01' };
const { request } = fakeRequest(() => ({ data: { id: 1, last_name: 'Novák' } }));

describe.each([
  ['cs', 'Datum musí být ve formátu D. M. RRRR', 'D. M. RRRR', '1. 1. 2025', '5. 3. 2025'],
  ['en', 'Date must be in M/D/YYYY', 'M/D/YYYY', '1/1/2025', '3/5/2025'],
] as const)('DateWidget in %s', (locale, message, placeholder, shown, typed) => {
  it('shows the value as the lists do, and names the format when left with a wrong date', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(<FormHarness descriptor={contracts} initial={base} onSubmit={onSubmit} />, {
      request,
      locale,
    });
    const input = screen.getByLabelText('Platnost od', { exact: false }) as HTMLInputElement;
    expect(input.value).toBe(shown);
    expect(input.getAttribute('placeholder')).toBe(placeholder);
    await userEvent.clear(input);
    await userEvent.type(input, '32. 13. 2026');
    await userEvent.tab();
    expect(screen.getByRole('alert').textContent).toBe(message);
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByText(message)).toBeTruthy();
  });

  it.each([typed, '2025-03-05'])('accepts %s and sends it as 2025-03-05', async (text) => {
    const onSubmit = vi.fn();
    renderWithProviders(<FormHarness descriptor={contracts} initial={base} onSubmit={onSubmit} />, {
      request,
      locale,
    });
    const input = screen.getByLabelText('Platnost od', { exact: false }) as HTMLInputElement;
    await userEvent.clear(input);
    await userEvent.type(input, text);
    await userEvent.tab();
    expect(screen.queryByRole('alert')).toBeNull();
    // Once left, it reads as the lists write it.
    expect(input.value).toBe(typed);
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ valid_from: '2025-03-05' }));
  });
});

describe('the calendar', () => {
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
    // One click event, not userEvent's hover-press-click: the popover's code (lazy) may
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
    expect((input as HTMLInputElement).value).toBe('15. 1. 2025');
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
