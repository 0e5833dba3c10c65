/**
 * A customer (7, Jan Novák) with one contract (5, S-5) owned by it, and a fake server that
 * answers their rows and lists: the world of the tests of record paths and related lists.
 */
import { contracts, descriptorsByName } from './fixtures';
import { fakeRequest, type Call } from './render';

/** Contracts as a child of their customer (`parent: 'customer'`). */
export const ownedContracts = { ...contracts, parent: 'customer' };

/** The fixtures' descriptors by name, contracts owned by their customer. */
export const ownedByName = { ...descriptorsByName, contracts: ownedContracts };

/** Customer 7 as the API answers it. */
export const customerRow = { id: 7, first_name: 'Jan', last_name: 'Novák' };

/** Contract 5 of customer 7 as the API answers it. */
export const contractRow = {
  id: 5,
  contract_no: 'S-5',
  customer: 7,
  state: 'active',
  valid_from: '2025-01-01',
  price: '10.00',
  is_active: true,
  products: [],
};

/**
 * A fake API with customer 7 and contract 5 (rows with ETags, one-row lists) and empty
 * lists of anything else; its `calls` record what was asked.
 */
export function customerContractsServer() {
  return fakeRequest((call: Call) => {
    if (call.path === '/customers/7/') return { data: customerRow, etag: '"c1"' };
    if (call.path === '/contracts/5/') return { data: contractRow, etag: '"k1"' };
    if (call.path === '/contracts/') return { data: { count: 1, results: [contractRow] } };
    if (call.path === '/customers/') return { data: { count: 1, results: [customerRow] } };
    return { data: { count: 0, results: [] } };
  });
}
