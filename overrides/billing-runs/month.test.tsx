/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { descriptorsByName } from '../../src/generated/descriptors';
import { mergeOverrides } from '../../src/resources';
import { FormHarness } from '../../src/resources/test-support/form-harness';
import { fakeRequest, renderWithProviders } from '../../src/resources/test-support/render';
import { overrides } from '../index';
import { billingRunsOverride } from './index';
import { firstDayOfMonth, monthOfDate, monthText } from './month';

const runs = mergeOverrides(descriptorsByName, overrides)['billing-runs']!;
const { request } = fakeRequest(() => ({ data: { count: 0, results: [] } }));

/** Renders the runs' form and waits for its month widget (its code loads on first use). */
async function renderForm(initial: Record<string, unknown>, onSubmit = vi.fn()) {
  renderWithProviders(
    <FormHarness
      descriptor={runs}
      initial={initial}
      widgets={billingRunsOverride.widgets}
      onSubmit={onSubmit}
    />,
    { request, locale: 'en' },
  );
  await screen.findByLabelText(/^month/);
  return onSubmit;
}

describe("a billing run's month", () => {
  // The form harness labels a field by its name.
  it('is picked as a month and sent as its first day', async () => {
    const onSubmit = await renderForm({});
    const input = screen.getByLabelText<HTMLInputElement>(/^month/);
    expect(input.type).toBe('text');
    await userEvent.type(input, '3/2025');
    await userEvent.tab();
    expect(input.value).toBe('March 2025');
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ month: '2025-03-01' }));
  });

  it("shows a run's first day as its month", async () => {
    await renderForm({ month: '2025-11-01' });
    expect(screen.getByLabelText<HTMLInputElement>(/^month/).value).toBe('November 2025');
  });

  it.each([
    ['cs', 'březen 2025'],
    ['en', 'March 2025'],
  ])('is listed by name in %s', (locale, text) => {
    const cell = billingRunsOverride.cells!.month!;
    expect(cell.format({ id: 1, month: '2025-03-01' }, locale, runs)).toBe(text);
  });

  it('converts between the API date and the month input', () => {
    expect(monthOfDate('2025-03-01')).toBe('2025-03');
    expect(monthOfDate(null)).toBe('');
    expect(firstDayOfMonth('2025-12')).toBe('2025-12-01');
    expect(firstDayOfMonth('')).toBeUndefined();
    expect(monthText('soon', 'en')).toBe('soon');
  });
});
