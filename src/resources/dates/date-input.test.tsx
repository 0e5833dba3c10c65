/** @vitest-environment jsdom */
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeRequest, renderWithProviders } from '../test-support/render';
import { DateTimeInput, MonthInput } from './date-input';
import { PeriodInput } from './period-input';
import type { Period } from './period';

const { request } = fakeRequest(() => ({ data: null }));

/** A controlled input whose changes the test sees. */
function Controlled<V>({
  initial,
  onValue,
  render,
}: {
  initial: V;
  onValue: (value: V) => void;
  render: (value: V, set: (value: V) => void) => React.ReactNode;
}) {
  const [value, setValue] = useState(initial);
  return render(value, (next) => {
    setValue(next);
    onValue(next);
  });
}

describe('DateTimeInput', () => {
  it.each([
    ['cs', '1. 4. 2025 8:00', '1. 4. 2025 8:00'],
    ['cs', '2025-04-01 08:00', '1. 4. 2025 8:00'],
    ['en', '4/1/2025, 8:00 AM', '4/1/2025, 8:00\u202fAM'],
  ] as const)(
    '%s: %s is that local instant, shown as the lists show it',
    async (locale, typed, shown) => {
      const onValue = vi.fn();
      renderWithProviders(
        <Controlled<string | null>
          initial={null}
          onValue={onValue}
          render={(value, set) => (
            <DateTimeInput aria-label="Čas odečtu" value={value} onChange={set} />
          )}
        />,
        { request, locale },
      );
      const input = screen.getByRole('textbox', { name: 'Čas odečtu' }) as HTMLInputElement;
      await userEvent.type(input, typed);
      await userEvent.tab();
      expect(onValue).toHaveBeenLastCalledWith(new Date(2025, 3, 1, 8, 0).toISOString());
      expect(input.value.replace(/\s/g, ' ')).toBe(shown.replace(/\s/g, ' '));
    },
  );

  it('keeps the value while the text names none, and says which format it takes', async () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Controlled<string | null>
        initial="2025-04-01T06:00:00Z"
        onValue={onValue}
        render={(value, set) => <DateTimeInput aria-label="Čas" value={value} onChange={set} />}
      />,
      { request, locale: 'cs' },
    );
    const input = screen.getByRole('textbox', { name: 'Čas' });
    await userEvent.clear(input);
    await userEvent.type(input, '1. 4. 2025 25:00');
    await userEvent.tab();
    expect(screen.getByRole('alert').textContent).toBe(
      'Datum a čas musí být ve formátu D. M. RRRR H:MM',
    );
    expect(onValue).toHaveBeenLastCalledWith(null); // emptied on the way, nothing since
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('MonthInput', () => {
  it('takes a typed month and picks one in the grid, in Czech', async () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Controlled<string | null>
        initial="2025-12"
        onValue={onValue}
        render={(value, set) => <MonthInput aria-label="Měsíc" value={value} onChange={set} />}
      />,
      { request, locale: 'cs' },
    );
    const input = screen.getByRole('textbox', { name: 'Měsíc' }) as HTMLInputElement;
    expect(input.value).toBe('prosinec 2025');
    await userEvent.clear(input);
    await userEvent.type(input, '3/2025');
    await userEvent.tab();
    expect(onValue).toHaveBeenLastCalledWith('2025-03');
    expect(input.value).toBe('březen 2025');
    fireEvent.click(screen.getByRole('button', { name: 'Kalendář' }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Předchozí rok' }, { timeout: 20_000 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'listopad 2024' }));
    expect(onValue).toHaveBeenLastCalledWith('2024-11');
    expect(input.value).toBe('listopad 2024');
  });
});

describe('PeriodInput', () => {
  it('picks a month, a quarter, a year and a range, each as inclusive days', async () => {
    const onValue = vi.fn();
    renderWithProviders(
      <Controlled<Period | null>
        initial={{ from: '2025-05-01', to: '2025-05-31' }}
        onValue={onValue}
        render={(value, set) => <PeriodInput id="p" label="Období" value={value} onChange={set} />}
      />,
      { request, locale: 'cs' },
    );
    const kind = screen.getByRole('combobox', { name: 'Období: období podle' });
    expect((kind as HTMLSelectElement).value).toBe('month');
    expect((screen.getByRole('textbox', { name: 'Období: Měsíc' }) as HTMLInputElement).value).toBe(
      'květen 2025',
    );

    await userEvent.selectOptions(kind, 'quarter');
    expect(onValue).toHaveBeenLastCalledWith({ from: '2025-04-01', to: '2025-06-30' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Období: Čtvrtletí' }), '4');
    expect(onValue).toHaveBeenLastCalledWith({ from: '2025-10-01', to: '2025-12-31' });

    await userEvent.selectOptions(kind, 'year');
    const year = screen.getByRole('textbox', { name: 'Období: Rok' });
    await userEvent.clear(year);
    await userEvent.type(year, '2024');
    expect(onValue).toHaveBeenLastCalledWith({ from: '2024-01-01', to: '2024-12-31' });

    await userEvent.selectOptions(kind, 'range');
    const to = screen.getByRole('textbox', { name: 'Období: do' });
    await userEvent.clear(to);
    await userEvent.type(to, '15. 2. 2024');
    expect(onValue).toHaveBeenLastCalledWith({ from: '2024-01-01', to: '2024-02-15' });
    const from = screen.getByRole('textbox', { name: 'Období: od' });
    await userEvent.clear(from);
    await userEvent.type(from, '1. 3. 2024');
    await userEvent.tab();
    expect(screen.getByRole('alert').textContent).toBe('Konec nesmí být před začátkem');
    expect(onValue).toHaveBeenLastCalledWith({ from: '2024-01-01', to: '2024-02-15' });
  });
});
