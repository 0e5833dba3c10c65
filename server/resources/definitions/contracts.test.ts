import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { expectForbidden, startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
let clerk: string;
let customerA: number;
let customerB: number;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  clerk = await server.login(DEMO_USERS.clerk);
  const person = (no: string, last: string) =>
    post('customers', { customer_no: no, type: 'person', first_name: 'Eva', last_name: last });
  customerA = (await person('K-A', 'Nováková')).body.id;
  customerB = (await person('K-B', 'Svobodová')).body.id;
});
afterAll(() => server.close());

async function post(name: string, body: unknown, lang?: string) {
  return server.request(`/${name}/`, { method: 'POST', token: admin, body, lang });
}

let contractCount = 0;
const contract = (overrides: Record<string, unknown> = {}) => ({
  customer: customerA,
  contract_no: `S-T-${++contractCount}`,
  valid_from: '2025-01-01',
  ...overrides,
});

describe('contracts', () => {
  it('creates, reads, updates and deletes; refuses to delete a customer with contracts', async () => {
    const created = await post('contracts', contract({ contract_no: 'S-2025-001' }));
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      customer: customerA,
      customer_title: expect.any(String),
      contract_no: 'S-2025-001',
      parent_contract: null,
      parent_contract_title: null,
      mode: 'supply',
      valid_from: '2025-01-01',
      valid_to: null,
      state: 'draft',
      billing_period: 'monthly',
      billing_start: null,
      account_no: '',
      product: null,
      product_title: null,
    });
    const path = `/contracts/${created.body.id}/`;
    const patched = await server.request(path, {
      method: 'PATCH',
      token: clerk,
      body: { state: 'active', account_no: '19-2000145399/0800' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.state).toBe('active');

    const refused = await server.request(`/customers/${customerA}/`, {
      method: 'DELETE',
      token: admin,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/contracts.*S-2025-001/);
    expect((await server.request(path, { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('keeps contract_no unique', async () => {
    await post('contracts', contract({ contract_no: 'S-DUP' }));
    const response = await post('contracts', contract({ contract_no: 'S-DUP' }));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      contract_no: ['Contract with this contract number already exists.'],
    });
  });

  it('refuses valid_to before valid_from in en and cs', async () => {
    const body = contract({ valid_to: '2024-12-31' });
    expect((await post('contracts', body)).body).toEqual({
      valid_to: ['The end of validity must not be before its start.'],
    });
    expect((await post('contracts', body, 'cs')).body).toEqual({
      valid_to: ['Konec platnosti nesmí být před jejím začátkem.'],
    });
  });

  it('needs a parent contract of the same customer, in en and cs', async () => {
    const parent = await post('contracts', contract());
    const child = await post('contracts', contract({ parent_contract: parent.body.id }));
    expect(child.status).toBe(201);
    const other = contract({ customer: customerB, parent_contract: parent.body.id });
    const en = await post('contracts', other);
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      parent_contract: ['The parent contract must belong to the same customer.'],
    });
    expect((await post('contracts', other, 'cs')).body).toEqual({
      parent_contract: ['Nadřazená smlouva musí patřit stejnému zákazníkovi.'],
    });
    const itself = await server.request(`/contracts/${parent.body.id}/`, {
      method: 'PATCH',
      token: admin,
      body: { parent_contract: parent.body.id },
    });
    expect(itself.body).toEqual({ parent_contract: ['A contract cannot be its own parent.'] });
    const czech = await server.request(`/contracts/${parent.body.id}/`, {
      method: 'PATCH',
      token: admin,
      lang: 'cs',
      body: { parent_contract: parent.body.id },
    });
    expect(czech.body).toEqual({
      parent_contract: ['Smlouva nemůže být nadřazená sama sobě.'],
    });
  });
});

describe('payments', () => {
  it('creates, lists, updates and deletes a payment; a contract with payments stays', async () => {
    const owner = await post('contracts', contract({ contract_no: 'S-PAY' }));
    const created = await post('payments', {
      contract: owner.body.id,
      type: 'advance',
      amount: '1500.5',
      ts: '2025-02-15',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      contract: owner.body.id,
      contract_title: 'S-PAY',
      type: 'advance',
      amount: '1500.50',
      ts: '2025-02-15',
      invoice: null,
      invoice_title: null,
    });
    const list = await server.request(`/payments/?filter=contract=${owner.body.id}`, {
      token: admin,
    });
    expect(list.body.count).toBe(1);
    const path = `/payments/${created.body.id}/`;
    const patched = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { amount: '1600.00' },
    });
    expect(patched.body.amount).toBe('1600.00');
    const refused = await server.request(`/contracts/${owner.body.id}/`, {
      method: 'DELETE',
      token: admin,
    });
    expect(refused.status).toBe(400);
    expect((await server.request(path, { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('refuses an unknown type and a bad amount', async () => {
    const owner = await post('contracts', contract());
    const response = await post('payments', {
      contract: owner.body.id,
      type: 'gift',
      amount: '1.234',
      ts: '2025-02-15',
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual(['type', 'amount']);
  });
});

describe('contracts permissions', () => {
  it('answers 403 without CONTRACTS (and without PAYMENTS to payments)', async () => {
    const token = await server.loginWithPrivileges(['CUSTOMERS']);
    await expectForbidden(server, token, ['contracts', 'payments']);
  });
});
