/** @vitest-environment jsdom */
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { descriptors } from '../../generated/descriptors';
import type { ResourceDescriptor } from '../descriptor';
import { FormHarness } from '../test-support/form-harness';
import { fakeRequest, renderWithProviders } from '../test-support/render';
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

const { request } = fakeRequest(() => ({ data: { count: 0, results: [] } }));
const customers = descriptors.find((d) => d.name === 'customers') as ResourceDescriptor;

describe('the dialog form merges its conditional rules with mergeAllOf', () => {
  it('renders, re-renders as the user types and checks a company with it', async () => {
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
    const input = container.querySelector<HTMLInputElement>('input[id$="_tin"]');
    expect(input).not.toBeNull();
    await userEvent.type(input!, 'CZ1');
    await userEvent.click(screen.getByRole('button', { name: 'submit' }));
    // The rule that holds still applies: the company's name and IČO are required.
    await waitFor(() =>
      expect(container.querySelector('[id$="_crn__error"]')?.textContent).toBe(
        'Toto pole je povinné.',
      ),
    );
    expect(onSubmit).not.toHaveBeenCalled();
    expect(merges.calls).toBeGreaterThan(0);
  });
});
