/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { descriptors } from '../../generated/descriptors';
import type { ResourceDescriptor } from '../descriptor';
import { FormHarness } from '../test-support/form-harness';
import { fakeRequest, renderWithProviders } from '../test-support/render';
import { generatedLabels } from '../test-support/generated-labels';
import { hiddenFields } from './form-schema';
import type { mergeAllOf } from './merge-all-of';

// The form's allOf merger, watched: rjsf must use it rather than its default (the
// library's json-schema-merge-allof, some 40 ms of a customer dialog's first render).
const merges = vi.hoisted(() => ({ calls: 0 }));
vi.mock('./merge-all-of', async (importOriginal) => {
  const actual = await importOriginal<{ mergeAllOf: typeof mergeAllOf }>();
  return {
    mergeAllOf: (...args: Parameters<typeof mergeAllOf>) => {
      merges.calls += 1;
      return actual.mergeAllOf(...args);
    },
  };
});

const generatedCs = generatedLabels('cs');

const { request } = fakeRequest(() => ({ data: { count: 0, results: [] } }));
const customers = descriptors.find((d) => d.name === 'customers') as ResourceDescriptor;
const COMPANY = ['company_name', 'crn', 'tin'];
const PERSON = ['title_before', 'first_name', 'last_name', 'title_after', 'birth_date'];

function shown(container: HTMLElement, name: string): boolean {
  return container.querySelector(`[id$="_${name}"]`) !== null;
}

describe('conditional fields (x-conditions, docs/product.md)', () => {
  it('hides each group until its type is chosen', () => {
    const conditions = customers.conditions ?? [];
    expect(conditions.length).toBeGreaterThan(0);
    expect([...hiddenFields(conditions, {})].sort()).toEqual([...COMPANY, ...PERSON].sort());
    expect([...hiddenFields(conditions, { type: 'company' })].sort()).toEqual([...PERSON].sort());
    expect([...hiddenFields(conditions, { type: 'person' })].sort()).toEqual([...COMPANY].sort());
    expect(hiddenFields([], { type: 'person' }).size).toBe(0);
  });

  it('shows a company its name, IČO and DIČ, a person titles, names and birth date', () => {
    const company = renderWithProviders(
      <FormHarness descriptor={customers} initial={{ type: 'company' }} mode="create" />,
      { request },
    );
    for (const name of COMPANY) expect(shown(company.container, name), name).toBe(true);
    for (const name of PERSON) expect(shown(company.container, name), name).toBe(false);
    company.unmount();
    const person = renderWithProviders(
      <FormHarness descriptor={customers} initial={{ type: 'person' }} mode="create" />,
      { request },
    );
    for (const name of PERSON) expect(shown(person.container, name), name).toBe(true);
    for (const name of COMPANY) expect(shown(person.container, name), name).toBe(false);
  });

  it('requires a company name and IČO before sending, blank counting as missing', async () => {
    const onSubmit = vi.fn();
    const { container } = renderWithProviders(
      <FormHarness
        descriptor={customers}
        initial={{ customer_no: 'C-1', type: 'company', company_name: '' }}
        mode="create"
        onSubmit={onSubmit}
      />,
      { request },
    );
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() =>
      expect(container.querySelector('[id$="_company_name__error"]')?.textContent).toBe(
        'Toto pole je povinné.',
      ),
    );
    expect(container.querySelector('[id$="_crn__error"]')?.textContent).toBe(
      'Toto pole je povinné.',
    );
    expect(onSubmit).not.toHaveBeenCalled();
    // The rules were resolved with the form's own allOf merger (merge-all-of.ts).
    expect(merges.calls).toBeGreaterThan(0);
  });

  it('neither checks nor sends a field its condition hides', async () => {
    const onSubmit = vi.fn();
    renderWithProviders(
      <FormHarness
        descriptor={customers}
        initial={{
          customer_no: 'P-1',
          type: 'person',
          first_name: 'Jan',
          last_name: 'Novák',
          crn: '1',
        }}
        stored={{ crn: '' }}
        mode="edit"
        onSubmit={onSubmit}
      />,
      { request },
    );
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ crn: '', first_name: 'Jan' });
  });
});

describe('sections and units of the API (x-section, x-unit, docs/product.md)', () => {
  it('groups the fields in the declared sections, in order, each under its name', () => {
    const { container } = renderWithProviders(
      <FormHarness descriptor={customers} initial={{ type: 'person' }} mode="create" />,
      { request, labels: generatedCs },
    );
    const sections = [...container.querySelectorAll('fieldset.joule-form-section')];
    expect(sections.map((section) => section.querySelector('legend')?.textContent)).toEqual([
      'Identita',
      'Kontakt',
    ]);
    expect(sections[0]!.querySelector('[id$="_first_name"]')).not.toBeNull();
    expect(sections[1]!.querySelector('[id$="_phone"]')).not.toBeNull();
    // A field of no section follows them, in the same two-column grid.
    const rest = container.querySelector(
      'form > .joule-form-grid, .joule-form-grid:not(fieldset *)',
    );
    expect(rest?.querySelector('[id$="_is_active"]')).not.toBeNull();
  });

  it('shows a number with its unit beside it', () => {
    const payments = descriptors.find((d) => d.name === 'payments') as ResourceDescriptor;
    const { container } = renderWithProviders(
      <FormHarness descriptor={payments} initial={{ amount: '12.50' }} mode="create" />,
      { request },
    );
    const amount = container.querySelector('[id$="_amount"]')!;
    expect(amount.closest('.joule-number-input')?.querySelector('.joule-unit')?.textContent).toBe(
      'CZK',
    );
  });
});
