/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { descriptorsByName } from '../../src/generated/descriptors';
import { mergeOverrides } from '../../src/resources';
import { ResourceTable } from '../../src/resources/list/resource-table';
import { FormHarness } from '../../src/resources/test-support/form-harness';
import {
  apiError,
  fakeRequest,
  renderWithProviders,
} from '../../src/resources/test-support/render';
import { ResourceDialog } from '../../src/resources/form/resource-dialog';
import { overrides } from '../index';
import { fusesOverride } from './index';

const merged = mergeOverrides(descriptorsByName, overrides);
const fuses = merged.fuses!;
const { request } = fakeRequest(() => ({ data: { count: 0, results: [] } }));
const NBSP = '\u00a0';

/** Renders the fuses' form and waits for its range widgets (their code loads on first use). */
async function renderForm(props: {
  initial?: Record<string, unknown>;
  onSubmit?: (data: unknown) => void;
  onData?: (data: unknown) => void;
  extraErrors?: Record<string, { __errors: string[] }>;
  locale?: 'cs' | 'en';
}) {
  renderWithProviders(
    <FormHarness
      descriptor={fuses}
      initial={props.initial ?? { text: '3×25', price_for_every_a: '10.00' }}
      widgets={fusesOverride.widgets}
      validate={fusesOverride.validate}
      extraErrors={props.extraErrors}
      onSubmit={props.onSubmit}
      onData={props.onData}
    />,
    { request, locale: props.locale ?? 'en' },
  );
  await screen.findAllByRole('textbox', { name: (name) => /: (From|Od) \(A\)$/.test(name) });
}

/** The inputs of every range for one end, named `<range>: <end>` ("…: From (A)"). */
const inputs = (end: string) =>
  screen.getAllByRole('textbox', {
    name: (name) => name.endsWith(`: ${end}`),
  });

describe.each([
  ['cs', 'Od (A)', 'Do (A)', '„Od“ nesmí být větší než „do“', 'Proud jističe nemůže být záporný'],
  [
    'en',
    'From (A)',
    'To (A)',
    '“From” must not be greater than “to”',
    'A fuse current cannot be negative',
  ],
] as const)('the fuse range widget in %s', (locale, from, to, reversed, negative) => {
  it('says at once that 25–16 is reversed, and blocks the submit', async () => {
    const onSubmit = vi.fn();
    const onData = vi.fn();
    await renderForm({ locale, onSubmit, onData });
    await userEvent.type(inputs(from)[1]!, '25');
    await userEvent.type(inputs(to)[1]!, '16');
    expect(screen.getByRole('alert').textContent).toBe(reversed);
    expect(onData).toHaveBeenLastCalledWith(
      expect.objectContaining({ from_3phase: 25, to_3phase: 16 }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a negative current', async () => {
    await renderForm({ locale });
    await userEvent.type(inputs(from)[0]!, '-5');
    expect(screen.getByRole('alert').textContent).toBe(negative);
  });
});

describe('the fuse range widget', () => {
  it('shows the range as the trade writes it and sends both ends', async () => {
    const onSubmit = vi.fn();
    await renderForm({ onSubmit });
    await userEvent.type(inputs('From (A)')[1]!, '16');
    await userEvent.type(inputs('To (A)')[1]!, '25');
    await userEvent.type(inputs('From (A)')[0]!, '25');
    await userEvent.type(inputs('To (A)')[0]!, '25');
    const previews = screen.getAllByRole('status').map((node) => node.textContent);
    expect(previews).toEqual([`1×25${NBSP}A`, `3×16–25${NBSP}A`]);
    expect(screen.queryByRole('alert')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    expect(onSubmit).toHaveBeenCalledWith(
      expect.objectContaining({ from_1phase: 25, to_1phase: 25, from_3phase: 16, to_3phase: 25 }),
    );
  });

  it("shows the server's refusal of the `to` end beside the range", async () => {
    await renderForm({
      initial: { text: 'x', price_for_every_a: '1.00', from_3phase: 10, to_3phase: 20 },
      extraErrors: { to_3phase: { __errors: ['Range is reversed (server)'] } },
    });
    expect(screen.getByRole('alert').textContent).toBe('Range is reversed (server)');
    expect(inputs('To (A)')[1]!.getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the server's refusal of the `from` end below the field", async () => {
    await renderForm({
      initial: { text: 'x', price_for_every_a: '1.00', from_1phase: 10 },
      extraErrors: { from_1phase: { __errors: ['Must be at least 0 (server)'] } },
    });
    expect(screen.getByText('Must be at least 0 (server)')).toBeTruthy();
  });
});

describe('the fuses list', () => {
  it('shows 1×… A and 3×… A columns instead of four numbers', async () => {
    expect(fuses.columns).toEqual(['text', 'from_1phase', 'from_3phase', 'price_for_every_a']);
    const rows = [
      {
        id: 1,
        text: 'B25',
        from_1phase: 25,
        to_1phase: 25,
        from_3phase: 16,
        to_3phase: 25,
        price_for_every_a: '1.00',
      },
    ];
    renderWithProviders(
      <ResourceTable
        descriptor={fuses}
        rows={rows}
        sort={[]}
        onSortChange={() => undefined}
        onOpen={() => undefined}
      />,
      { request, overrides, locale: 'cs', descriptorsByName: merged },
    );
    await screen.findByRole('row', { name: /B25/ });
    const cells = screen.getAllByRole('cell').map((td) => td.textContent);
    expect(cells.slice(0, 3)).toEqual(['B25', `1×25${NBSP}A`, `3×16–25${NBSP}A`]);
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers.join('|')).toContain('Hlavní jistič, 1 fáze');
    expect(headers.join('|')).toContain('Hlavní jistič, 3 fáze');
  });
});

describe('the tariffs override', () => {
  it('edits the fuse condition as one range without a phase count', () => {
    const tariffs = merged.tariffs!;
    const ui = tariffs.uiSchema as Record<string, Record<string, unknown>>;
    expect(ui.fuse_from?.['ui:widget']).toBe('fuseRange');
    expect(ui.fuse_to?.['ui:widget']).toBe('hidden');
    const cell = overrides.tariffs?.cells?.fuse_from;
    expect(cell?.format({ fuse_from: 16, fuse_to: 25 }, 'en', tariffs)).toBe(`16–25${NBSP}A`);
    expect(overrides.tariffs?.validate?.({ fuse_from: 25, fuse_to: 16 })).toEqual({
      fuse_to: [expect.objectContaining({ id: 'overrides.fuseRange.reversed' })],
    });
  });
});

describe('the fuse dialog', () => {
  it("shows the server's 400 on to_3phase beside the range", async () => {
    const row = {
      id: 3,
      text: 'B25',
      from_1phase: null,
      to_1phase: null,
      from_3phase: 16,
      to_3phase: 25,
      price_for_every_a: '1.00',
    };
    const { request: dialogRequest } = fakeRequest((call) =>
      call.method === 'GET'
        ? { data: row }
        : apiError(400, { to_3phase: ['Horní mez nesmí být nižší než dolní mez.'] }),
    );
    renderWithProviders(<ResourceDialog descriptor={fuses} id={3} onClose={() => undefined} />, {
      request: dialogRequest,
      overrides,
      descriptorsByName: merged,
      locale: 'cs',
    });
    const to3 = await screen.findByRole('textbox', { name: 'Hlavní jistič, 3 fáze: Do (A)' });
    await userEvent.clear(to3);
    await userEvent.type(to3, '20');
    await userEvent.click(screen.getByRole('button', { name: /Uložit/ }));
    // The form's count of errors at the top, then the refusal beside the range.
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      '1 chyba k opravě před uložením',
      'Horní mez nesmí být nižší než dolní mez.',
    ]);
    expect(alerts[1]!.id).toMatch(/_from_3phase-range$/);
  });
});
