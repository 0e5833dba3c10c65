import { describe, expect, it } from 'vitest';
import { contracts, customers } from '../test-support/fixtures';
import { isNestedResource, relatedResources } from './related-resources';

const ownedContracts = { ...contracts, parent: 'customer' };
const byName = { customers, contracts: ownedContracts };
const everything = () => true;

describe('relatedResources (docs/product.md §2 "Screen contents")', () => {
  it('lists the resources whose parent field references the resource', () => {
    expect(relatedResources(byName, 'customers', everything)).toEqual([
      { descriptor: ownedContracts, field: 'customer' },
    ]);
    expect(relatedResources(byName, 'contracts', everything)).toEqual([]);
  });

  it('leaves out what the user may not use', () => {
    const mayUse = (privilege: string | null) => privilege !== 'CONTRACTS';
    expect(relatedResources(byName, 'customers', mayUse)).toEqual([]);
  });

  it('leaves out resources without a parent (plain DRF) or without a list', () => {
    expect(relatedResources({ customers, contracts }, 'customers', everything)).toEqual([]);
    const unlisted = { ...ownedContracts, operations: { ...contracts.operations, list: false } };
    expect(relatedResources({ customers, contracts: unlisted }, 'customers', everything)).toEqual(
      [],
    );
  });
});

describe('relatedResources listed in other dialogs (x-listed-in)', () => {
  const listedContracts = {
    ...contracts,
    listedIn: [{ resource: 'customers', filter: 'owner_of_customer' }],
  };

  it('lists a resource in the dialog its listedIn names, through that filter key', () => {
    const registry = { customers, contracts: listedContracts };
    expect(relatedResources(registry, 'customers', everything)).toEqual([
      { descriptor: listedContracts, field: 'owner_of_customer' },
    ]);
    expect(relatedResources(registry, 'contracts', everything)).toEqual([]);
  });

  it('keeps the resource on its own page (not nested)', () => {
    expect(isNestedResource(listedContracts, { customers, contracts: listedContracts })).toBe(
      false,
    );
  });
});

describe('isNestedResource', () => {
  it('is true only when the parent resource is there', () => {
    expect(isNestedResource(ownedContracts, byName)).toBe(true);
    expect(isNestedResource(ownedContracts, { contracts: ownedContracts })).toBe(false);
    expect(isNestedResource(contracts, byName)).toBe(false);
  });
});
