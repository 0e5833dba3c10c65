import { describe, expect, it, vi } from 'vitest';
import type { ResourceDescriptor } from '../descriptor';
import { contracts, customers } from '../test-support/fixtures';
import { mergeFieldUi, mergeOverrides, type ResourceOverrides } from './overrides';

const list = [customers, contracts];
const byName = { customers, contracts };
const narrow = (d: ResourceDescriptor): ResourceDescriptor => ({
  ...d,
  columns: d.columns.slice(0, 1),
});

describe.each<[string, { overrides: ResourceOverrides; want: Record<string, readonly string[]> }]>([
  [
    'no overrides',
    { overrides: {}, want: { customers: customers.columns, contracts: contracts.columns } },
  ],
  [
    'a descriptor change',
    {
      overrides: { contracts: { descriptor: narrow } },
      want: { customers: customers.columns, contracts: ['contract_no'] },
    },
  ],
  [
    'panels only',
    {
      overrides: { customers: { panels: [] } },
      want: { customers: customers.columns, contracts: contracts.columns },
    },
  ],
])('mergeOverrides with %s', (_name, { overrides, want }) => {
  it('changes the list', () => {
    const merged = mergeOverrides(list, overrides);
    expect(Object.fromEntries(merged.map((d) => [d.name, d.columns]))).toEqual(want);
  });

  it('changes the record the same way', () => {
    const merged = mergeOverrides(byName, overrides);
    expect(Object.fromEntries(Object.entries(merged).map(([k, d]) => [k, d.columns]))).toEqual(
      want,
    );
  });
});

describe('mergeOverrides', () => {
  it('keeps untouched descriptors as the same objects and never mutates', () => {
    const merged = mergeOverrides(list, { contracts: { descriptor: narrow } });
    expect(merged[0]).toBe(customers);
    expect(contracts.columns.length).toBeGreaterThan(1);
  });

  it('refuses a renamed resource', () => {
    const overrides = {
      customers: { descriptor: (d: ResourceDescriptor) => ({ ...d, name: 'clients' }) },
    };
    expect(() => mergeOverrides(list, overrides)).toThrow(/renamed/);
    expect(() => mergeOverrides(byName, overrides)).toThrow(/renamed/);
  });

  it('ignores, with a warning, an override of a resource the back-end lacks', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(mergeOverrides(list, { contrakts: { descriptor: narrow } })).toEqual(list);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/no resource named contrakts/));
    warn.mockRestore();
  });
});

describe('mergeFieldUi', () => {
  const ui = {
    'ui:order': ['roles', 'password'],
    roles: { 'ui:widget': 'references', 'ui:options': { reference: 'roles' } },
    password: { 'ui:widget': 'password' },
  };

  it('lays field entries over the base, merging ui:options key by key', () => {
    const acceptRow = () => true;
    const merged = mergeFieldUi(ui, {
      roles: { 'ui:disabled': true, 'ui:options': { acceptRow } },
      password: { 'ui:widget': 'hidden' },
    });
    expect(merged).toEqual({
      'ui:order': ['roles', 'password'],
      roles: {
        'ui:widget': 'references',
        'ui:disabled': true,
        'ui:options': { reference: 'roles', acceptRow },
      },
      password: { 'ui:widget': 'hidden', 'ui:options': {} },
    });
    expect(ui.roles).toEqual({ 'ui:widget': 'references', 'ui:options': { reference: 'roles' } });
  });

  it('returns the base itself without a patch', () => {
    expect(mergeFieldUi(ui, undefined)).toBe(ui);
  });
});
