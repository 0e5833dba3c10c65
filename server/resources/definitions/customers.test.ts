import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { PHONE_PATTERN } from '../rules';
import { expectForbidden, startTestServer, type TestServer } from '../../test-support/server';

let server: TestServer;
let admin: string;
let clerk: string;
let noCustomers: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  clerk = await server.login(DEMO_USERS.clerk);
  noCustomers = await server.loginWithPrivileges(['REPORTS']);
});
afterAll(() => server.close());

const company = {
  customer_no: 'C-0001',
  type: 'company',
  company_name: 'Seznam.cz, a.s.',
  crn: '27082440',
  tin: 'CZ27082440',
};
const person = {
  customer_no: 'P-0001',
  type: 'person',
  first_name: 'Jiří',
  last_name: 'Dvořák',
  birth_date: '1980-05-17',
  report_email: 'jiri.dvorak@example.cz',
};

async function post(name: string, body: unknown, lang?: string) {
  return server.request(`/${name}/`, { method: 'POST', token: admin, body, lang });
}

describe('customers', () => {
  it('creates, reads, updates, finds and deletes a customer', async () => {
    const created = await post('customers', company);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      salutation: '',
      title_before: '',
      first_name: '',
      last_name: '',
      title_after: '',
      birth_date: null,
      report_email: '',
      document_email: '',
      language: 'cs',
      phone: '',
      is_active: true,
      ...company,
    });
    const path = `/customers/${created.body.id}/`;
    expect((await server.request(path, { token: admin })).body).toEqual(created.body);
    const patched = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { phone: '+420 777 123 456' },
    });
    expect(patched.body.phone).toBe('+420 777 123 456');
    const found = await server.request('/customers/?search=SEZNAM', { token: admin });
    expect(found.body.results.map((row: { id: number }) => row.id)).toContain(created.body.id);
    expect((await server.request(path, { method: 'DELETE', token: admin })).status).toBe(204);
  });

  it('finds a person without diacritics', async () => {
    const created = await post('customers', person);
    expect(created.status).toBe(201);
    const found = await server.request('/customers/?search=dvorak', { token: admin });
    expect(found.body.results.map((row: { id: number }) => row.id)).toContain(created.body.id);
  });

  it.each([
    [
      { ...company, customer_no: 'C-2', crn: '27082441' },
      { crn: ['Enter a valid company ID (IČO): 8 digits with a valid check digit.'] },
      { crn: ['Zadejte platné IČO: 8 číslic s platnou kontrolní číslicí.'] },
    ],
    [
      { ...company, customer_no: 'C-3', tin: 'SK2708244' },
      { tin: ['Enter a valid VAT number (DIČ): CZ followed by 8 to 10 digits.'] },
      { tin: ['Zadejte platné DIČ: CZ a za ním 8 až 10 číslic.'] },
    ],
    [
      { customer_no: 'C-4', type: 'company' },
      {
        company_name: ['A company customer needs this field.'],
        crn: ['A company customer needs this field.'],
      },
      {
        company_name: ['U firmy je toto pole povinné.'],
        crn: ['U firmy je toto pole povinné.'],
      },
    ],
    [
      { customer_no: 'P-4', type: 'person', first_name: 'Jan' },
      { last_name: ['A person customer needs this field.'] },
      { last_name: ['U fyzické osoby je toto pole povinné.'] },
    ],
    [
      { ...person, type: 'robot', customer_no: 'R-1' },
      { type: ['"robot" is not a valid choice.'] },
      { type: ['"robot" není platná možnost.'] },
    ],
  ])('POST %j → 400 in en and cs', async (body, en, cs) => {
    const english = await post('customers', body);
    expect(english.status).toBe(400);
    expect(english.body).toEqual(en);
    const czech = await post('customers', body, 'cs');
    expect(czech.body).toEqual(cs);
  });

  it.each([
    '+420 777 123 456',
    '+420777123456',
    '+44 20 7946 0958',
    '777 123 456',
    '777123456',
    '',
  ])('accepts the phone %j', async (phone) => {
    const created = await post('customers', { ...person, customer_no: `PH-${phone}`, phone });
    expect(created.status).toBe(201);
    expect(created.body.phone).toBe(phone);
  });

  it.each([
    '1',
    '777 123 45',
    '+420',
    '+0 777 123 456',
    '+420 777 123 456 789 0',
    '777-123-456',
    '00420 777 123 456',
    'abc',
  ])('refuses the phone %j with a 400 in en and cs', async (phone) => {
    const body = { ...person, customer_no: 'PH-BAD', phone };
    const english = await post('customers', body);
    expect(english.status).toBe(400);
    expect(english.body).toEqual({
      phone: ['Enter a valid phone number, e.g. +420 777 123 456.'],
    });
    const czech = await post('customers', body, 'cs');
    expect(czech.body).toEqual({
      phone: ['Zadejte platné telefonní číslo, např. +420 777 123 456.'],
    });
  });

  it('gives every demo customer a valid phone (server/seed)', async () => {
    const list = await server.request('/customers/?page_size=1000', { token: admin });
    const phones = (list.body.results as { phone: string }[]).map((row) => row.phone);
    expect(phones.filter((phone) => phone !== '').length).toBeGreaterThan(0);
    expect(phones.filter((phone) => phone !== '' && !PHONE_PATTERN.test(phone))).toEqual([]);
  });

  it('publishes the phone pattern in the OpenAPI document', async () => {
    const document = await server.request('/schema/');
    expect(document.status).toBe(200);
    const schemas = document.body.components.schemas as Record<
      string,
      { properties?: Record<string, { pattern?: string }> }
    >;
    const pattern = schemas.Customer?.properties?.phone?.pattern;
    expect(pattern).toBeDefined();
    const regex = new RegExp(pattern!);
    expect(regex.test('+420 777 123 456')).toBe(true);
    expect(regex.test('777 123 45')).toBe(false);
    // Blank is allowed (the default), so a form holding '' must pass client-side too.
    expect(regex.test('')).toBe(true);
  });

  it('publishes the person and company fields as x-conditions (docs/product.md)', async () => {
    const document = await server.request('/schema/');
    const customer = document.body.components.schemas.Customer;
    expect(customer['x-conditions']).toEqual([
      {
        if: { properties: { type: { enum: ['company'] } }, required: ['type'] },
        then: {
          required: ['company_name', 'crn'],
          properties: { company_name: { minLength: 1 }, crn: { minLength: 1 } },
        },
        'x-fields': ['company_name', 'crn', 'tin'],
      },
      {
        if: { properties: { type: { enum: ['person'] } }, required: ['type'] },
        then: {
          required: ['first_name', 'last_name'],
          properties: { first_name: { minLength: 1 }, last_name: { minLength: 1 } },
        },
        'x-fields': ['title_before', 'first_name', 'last_name', 'title_after', 'birth_date'],
      },
    ]);
    expect(document.body.components.schemas.PatchedCustomer['x-conditions']).toBeUndefined();
  });

  it('refuses a required choice left empty, never taking a default for it', async () => {
    for (const type of ['', null, undefined]) {
      const response = await post('customers', { ...person, customer_no: 'EMPTY-TYPE', type });
      expect(response.status).toBe(400);
      expect(Object.keys(response.body)).toEqual(['type']);
    }
  });

  it('publishes sections (x-section, OPTIONS section) and units (x-unit)', async () => {
    const document = await server.request('/schema/');
    const schemas = document.body.components.schemas;
    expect(schemas.Customer.properties.crn['x-section']).toBe('identity');
    expect(schemas.Customer.properties.phone['x-section']).toBe('contact');
    expect(schemas.Payment.properties.amount['x-unit']).toBe('CZK');
    const options = await server.request('/customers/', {
      method: 'OPTIONS',
      token: admin,
      lang: 'cs',
    });
    expect(options.body.actions.POST.phone).toMatchObject({
      section: 'contact',
      section_name: 'Kontakt',
    });
  });

  it('numbers a new customer next in the series by default, still editable', async () => {
    const defaults = await server.request('/customers/defaults/', { token: clerk });
    expect(defaults.status).toBe(200);
    const next = defaults.body.customer_no as string;
    expect(next).toMatch(/^\D*\d+$/);
    const created = await server.request('/customers/', {
      method: 'POST',
      token: clerk,
      body: { ...company, customer_no: undefined, crn: '25596641', tin: '' },
    });
    expect(created.status).toBe(201);
    expect(created.body.customer_no).toBe(next);
    const after = await server.request('/customers/defaults/', { token: clerk });
    const digits = (value: string) => BigInt(value.replace(/^\D*/, ''));
    expect(digits(after.body.customer_no)).toBe(digits(next) + 1n);
    const typed = await server.request('/customers/', {
      method: 'POST',
      token: clerk,
      body: { ...company, customer_no: 'X-77', crn: '25596641', tin: '' },
    });
    expect(typed.body.customer_no).toBe('X-77');
    const published = await server.request('/schema/', { token: admin });
    expect(published.body.components.schemas.Customer.properties.customer_no['x-series']).toBe(
      true,
    );
    expect(published.body.paths['/api/v1/customers/defaults/'].get.operationId).toBe(
      'customers_defaults',
    );
    expect((await server.request('/customers/defaults/', { token: noCustomers })).status).toBe(403);
  });

  it('keeps customer_no unique', async () => {
    await post('customers', { ...person, customer_no: 'U-1' });
    const response = await post('customers', { ...person, customer_no: 'U-1' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      customer_no: ['Customer with this customer number already exists.'],
    });
  });

  it('answers format, uniqueness and cross-field errors in one 400 (docs/product.md)', async () => {
    await post('customers', { ...company, customer_no: 'ONE-ROUND', crn: '45274649', tin: '' });
    const body = {
      customer_no: 'ONE-ROUND',
      type: 'company',
      crn: '12345678',
      tin: 'CZ1',
      phone: '1',
    };
    const english = await post('customers', body);
    expect(english.status).toBe(400);
    expect(english.body).toEqual({
      customer_no: ['Customer with this customer number already exists.'],
      company_name: ['A company customer needs this field.'],
      crn: ['Enter a valid company ID (IČO): 8 digits with a valid check digit.'],
      tin: [expect.any(String)],
      phone: ['Enter a valid phone number, e.g. +420 777 123 456.'],
    });
    const czech = await post('customers', body, 'cs');
    expect(czech.body).toMatchObject({
      customer_no: [expect.stringContaining('již existuje')],
      company_name: ['U firmy je toto pole povinné.'],
      crn: ['Zadejte platné IČO: 8 číslic s platnou kontrolní číslicí.'],
    });
    // A field failing its own check is not blamed again by a rule.
    const missing = await post('customers', { customer_no: 'ONE-ROUND', type: 'company' });
    expect(missing.body).toEqual({
      customer_no: ['Customer with this customer number already exists.'],
      company_name: ['A company customer needs this field.'],
      crn: ['A company customer needs this field.'],
    });
  });

  it('checks a reference and a cross-field rule with the format errors of one body', async () => {
    const response = await server.request('/addresses/', {
      method: 'POST',
      token: admin,
      body: { customer: 999999, type: 'billing', street: '', city: 'Praha', zip_code: '1' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual(['customer', 'street', 'zip_code']);
  });

  it('checks the type rule against stored values on PATCH', async () => {
    const created = await post('customers', { ...person, customer_no: 'PATCH-1' });
    const response = await server.request(`/customers/${created.body.id}/`, {
      method: 'PATCH',
      token: admin,
      body: { type: 'company' },
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body)).toEqual(['company_name', 'crn']);
  });

  it('lets the clerk in and answers 403 without CUSTOMERS', async () => {
    expect((await server.request('/customers/', { token: clerk })).status).toBe(200);
    await expectForbidden(server, noCustomers, ['customers', 'addresses']);
  });
});

describe('addresses', () => {
  let zipCase = 0;
  it('creates, updates and deletes an address; a customer with addresses stays', async () => {
    const customer = await post('customers', { ...person, customer_no: 'A-1' });
    const created = await post('addresses', {
      customer: customer.body.id,
      type: 'permanent',
      street: 'Vinohradská 12',
      city: 'Praha',
      zip_code: '120 00',
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      customer: customer.body.id,
      customer_title: expect.any(String),
      type: 'permanent',
      street: 'Vinohradská 12',
      city: 'Praha',
      zip_code: '120 00',
      country: 'CZ',
      flat_no: '',
      floor: '',
    });
    const path = `/addresses/${created.body.id}/`;
    const patched = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { floor: '3', flat_no: '12' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.floor).toBe('3');

    const refused = await server.request(`/customers/${customer.body.id}/`, {
      method: 'DELETE',
      token: admin,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/"Jiří Dvořák".*addresses: Vinohradská 12/);
    const czech = await server.request(`/customers/${customer.body.id}/`, {
      method: 'DELETE',
      token: admin,
      lang: 'cs',
    });
    expect(czech.body.detail).toMatch(/„Jiří Dvořák“.*adresy: Vinohradská 12/);

    expect((await server.request(path, { method: 'DELETE', token: admin })).status).toBe(204);
    const deleted = await server.request(`/customers/${customer.body.id}/`, {
      method: 'DELETE',
      token: admin,
    });
    expect(deleted.status).toBe(204);
  });

  it.each([
    [
      { zip_code: '1200' },
      { zip_code: ['Enter a Czech postal code: 5 digits, e.g. 110 00.'] },
      { zip_code: ['Zadejte PSČ: 5 číslic, např. 110 00.'] },
    ],
    [
      { customer: 999999 },
      { customer: ['Invalid pk "999999" - object does not exist.'] },
      { customer: expect.any(Array) },
    ],
  ])('POST %j → 400 in en and cs', async (change, en, cs) => {
    zipCase += 1;
    const customer = await post('customers', { ...person, customer_no: `ZIP-${zipCase}` });
    expect(customer.status).toBe(201);
    const body = {
      customer: customer.body.id,
      type: 'billing',
      street: 'Náměstí Svobody 1',
      city: 'Brno',
      zip_code: '60200',
      ...change,
    };
    const english = await post('addresses', body);
    expect(english.status).toBe(400);
    expect(english.body).toEqual(en);
    expect((await post('addresses', body, 'cs')).body).toEqual(cs);
  });
});

describe('customers list parameters and versions', () => {
  it('sorts, filters and bounds the seeded customers', async () => {
    const sorted = await server.request('/customers/?sort=-customer_no&page_size=3', {
      token: admin,
    });
    expect(sorted.status).toBe(200);
    const numbers = sorted.body.results.map((row: { customer_no: string }) => row.customer_no);
    expect(numbers).toEqual([...numbers].sort().reverse());
    const companies = await server.request('/customers/?filter=type=company&page_size=9999', {
      token: admin,
    });
    expect(companies.body.count).toBeGreaterThan(0);
    expect(companies.body.results.every((row: { type: string }) => row.type === 'company')).toBe(
      true,
    );
    const dated = await server.request('/contracts/?gte=valid_from=2025-01-01&page_size=9999', {
      token: admin,
    });
    expect(dated.status).toBe(200);
    expect(
      dated.body.results.every((row: { valid_from: string }) => row.valid_from >= '2025-01-01'),
    ).toBe(true);
  });

  it('answers 412 to a stale If-Match and keeps the row', async () => {
    const created = await post('customers', { ...person, customer_no: 'V-1' });
    const path = `/customers/${created.body.id}/`;
    const etag = (await server.request(path, { token: admin })).headers.get('etag')!;
    await server.request(path, { method: 'PATCH', token: admin, body: { phone: '777 000 001' } });
    const stale = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { phone: '777 000 002' },
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(412);
    expect((await server.request(path, { token: admin })).body.phone).toBe('777 000 001');
  });
});
