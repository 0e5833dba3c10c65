import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { startTestServer, type TestServer } from '../../test-support/server';
import { MAX_TITLE_IDS } from './titles';

let server: TestServer;
let admin: string;
let clerk: string;
let outsider: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  clerk = await server.login(DEMO_USERS.clerk);
  outsider = await server.loginWithPrivileges(['REPORTS']);
});
afterAll(() => server.close());

/** The first specification of the demo data with a device, distributor and fuse. */
async function referencingSpecification(): Promise<Record<string, unknown>> {
  const list = await server.request('/specifications/?page_size=9999', { token: admin });
  expect(list.status).toBe(200);
  const spec = list.body.results.find(
    (row: Record<string, unknown>) =>
      row.tariff_device !== null && row.energy_distributor !== null && row.main_fuse !== null,
  );
  expect(spec).toBeDefined();
  return spec;
}

describe('embedded titles', () => {
  it('carries each reference’s title beside its id on list and detail', async () => {
    const spec = await referencingSpecification();
    const device = await server.request(`/tariffdevices/${spec.tariff_device}/`, { token: admin });
    const distributor = await server.request(`/distributors/${spec.energy_distributor}/`, {
      token: admin,
    });
    const fuse = await server.request(`/fuses/${spec.main_fuse}/`, { token: admin });
    const point = await server.request(`/points/${spec.point}/`, { token: admin });
    const deviceTitle = `${device.body.serial_number} ${device.body.name}`.trim();
    expect(spec.tariff_device_title).toBe(deviceTitle);
    expect(spec.energy_distributor_title).toBe(`${distributor.body.code} ${distributor.body.name}`);
    expect(spec.main_fuse_title).toBe(fuse.body.text);
    // A point is `EAN – name` everywhere (docs/declarations.md "`defineResource` options").
    expect(spec.point_title).toBe(`${point.body.ean} – ${point.body.name}`);

    // The clerk (POINTS only) reads the same names without the privileges of those rows.
    const detail = await server.request(`/specifications/${spec.id}/`, { token: clerk });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      tariff_device_title: deviceTitle,
      energy_distributor_title: spec.energy_distributor_title,
      main_fuse_title: fuse.body.text,
    });
    const keys = Object.keys(detail.body);
    expect(keys.indexOf('energy_distributor_title')).toBe(keys.indexOf('energy_distributor') + 1);
  });

  it('titles contracts’ customers and points’ contracts; null for no reference', async () => {
    const contracts = await server.request('/contracts/', { token: clerk });
    for (const row of contracts.body.results) {
      expect(typeof row.customer_title).toBe('string');
      if (row.parent_contract === null) expect(row.parent_contract_title).toBeNull();
    }
    const points = await server.request('/points/', { token: clerk });
    for (const row of points.body.results) {
      if (row.contract === null) expect(row.contract_title).toBeNull();
      else expect(typeof row.contract_title).toBe('string');
    }
  });

  it('answers writes with titles and keeps ETags of stored columns only', async () => {
    const spec = await referencingSpecification();
    const read = await server.request(`/specifications/${spec.id}/`, { token: clerk });
    const etag = read.headers.get('etag')!;
    const patched = await server.request(`/specifications/${spec.id}/`, {
      method: 'PATCH',
      token: clerk,
      body: {},
      headers: { 'if-match': etag },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.energy_distributor_title).toBe(spec.energy_distributor_title);
    expect(patched.headers.get('etag')).toBe(etag);
  });

  it('titles reference lists in their order', async () => {
    const users = await server.request('/users/', { token: admin });
    const withRoles = users.body.results.find((u: { roles: number[] }) => u.roles.length > 0);
    const roles = await Promise.all(
      withRoles.roles.map((id: number) => server.request(`/roles/${id}/`, { token: admin })),
    );
    expect(withRoles.roles_titles).toEqual(roles.map((role) => role.body.name));
  });

  it('publishes the titles in OpenAPI and OPTIONS as read-only', async () => {
    const doc = await server.request('/schema/', { token: admin });
    const component = doc.body.components.schemas.Specification;
    expect(component.properties.main_fuse_title).toMatchObject({
      type: 'string',
      nullable: true,
      readOnly: true,
      'x-title-of': 'main_fuse',
    });
    expect(component.required).toContain('main_fuse_title');
    const options = await server.request('/specifications/', { method: 'OPTIONS', token: clerk });
    expect(options.body.actions.POST.main_fuse_title).toMatchObject({
      type: 'string',
      read_only: true,
      required: false,
    });
    const titles = doc.body.paths['/api/v1/fuses/titles/'].get;
    expect(titles.operationId).toBe('fuses_titles');
    expect(titles['x-privileges-any']).toEqual(['FUSES', 'POINTS']);
  });
});

describe('title cases (x-title-cases)', () => {
  it('names a person by titles and names, a company by its name and IČO', async () => {
    const made = await Promise.all([
      server.request('/customers/', {
        token: admin,
        method: 'POST',
        body: {
          customer_no: 'TC-P1',
          type: 'person',
          title_before: 'Ing.',
          first_name: 'Jana',
          last_name: 'Titulová',
          title_after: 'Ph.D.',
        },
      }),
      server.request('/customers/', {
        token: admin,
        method: 'POST',
        body: { customer_no: 'TC-P2', type: 'person', first_name: 'Petr', last_name: 'Prostý' },
      }),
      server.request('/customers/', {
        token: admin,
        method: 'POST',
        body: {
          customer_no: 'TC-C1',
          type: 'company',
          company_name: 'Titul s.r.o.',
          crn: '25596641',
        },
      }),
    ]);
    for (const answer of made) expect(answer.status).toBe(201);
    const ids = made.map((answer) => answer.body.id as number);
    const titles = await server.request(`/customers/titles/?ids=${ids.join(',')}`, {
      token: admin,
    });
    expect(
      Object.fromEntries(
        titles.body.results.map((r: { id: number; title: string }) => [r.id, r.title]),
      ),
    ).toEqual({
      [ids[0]!]: 'Ing. Jana Titulová, Ph.D.',
      [ids[1]!]: 'Petr Prostý',
      [ids[2]!]: 'Titul s.r.o., IČO 25596641',
    });
    const contract = await server.request('/contracts/?page_size=1', { token: admin });
    const row = contract.body.results[0];
    const customer = await server.request(`/customers/${row.customer}/`, { token: admin });
    const expected = (
      await server.request(`/customers/titles/?ids=${row.customer}`, { token: admin })
    ).body.results[0].title;
    expect(row.customer_title).toBe(expected);
    expect(expected).toContain(
      customer.body.type === 'company' ? customer.body.company_name : customer.body.last_name,
    );
    const doc = await server.request('/schema/', { token: admin });
    expect(doc.body.paths['/api/v1/customers/'].get['x-title-cases'].field).toBe('type');
  });
});

describe('titles lookup', () => {
  it('lets the POINTS-only clerk name and search what a specification references', async () => {
    for (const name of ['fuses', 'distributors', 'suppliers', 'tariffdevices', 'discounts']) {
      expect((await server.request(`/${name}/`, { token: clerk })).status, name).toBe(403);
      const titles = await server.request(`/${name}/titles/`, { token: clerk });
      expect(titles.status, name).toBe(200);
      for (const row of titles.body.results)
        expect(Object.keys(row).sort()).toEqual(['id', 'title']);
    }
    const all = await server.request('/distributors/titles/?page_size=9999', { token: clerk });
    const first = all.body.results[0];
    const term = String(first.title).split(' ').pop();
    const found = await server.request(
      `/distributors/titles/?search=${encodeURIComponent(term!)}`,
      { token: clerk },
    );
    expect(found.body.results).toContainEqual(first);
    const byIds = await server.request(`/distributors/titles/?ids=${first.id},999999`, {
      token: clerk,
    });
    expect(byIds.body).toEqual({ count: 1, next: null, previous: null, results: [first] });
  });

  it('refuses a user without a related privilege', async () => {
    for (const name of ['fuses', 'distributors', 'tariffdevices', 'customers']) {
      expect((await server.request(`/${name}/titles/`, { token: outsider })).status).toBe(403);
    }
    expect((await server.request('/fuses/titles/')).status).toBe(401);
    // A privilege that references nothing of the resource does not open it.
    expect((await server.request('/roles/titles/', { token: clerk })).status).toBe(403);
  });

  it('bounds ids and search', async () => {
    const ids = Array.from({ length: MAX_TITLE_IDS + 1 }, (_, i) => i + 1).join(',');
    const tooMany = await server.request(`/fuses/titles/?ids=${ids}`, { token: clerk });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.ids).toHaveLength(1);
    const bad = await server.request('/fuses/titles/?ids=1,x', { token: clerk });
    expect(bad.status).toBe(400);
    const long = await server.request(`/fuses/titles/?search=${'a'.repeat(201)}`, {
      token: clerk,
    });
    expect(long.status).toBe(400);
    expect(Object.keys(long.body)).toEqual(['search']);
  });

  it('offers a parent contract only among the same customer’s (x-reference-filter)', async () => {
    const schema = await server.request('/schema/', { token: admin });
    const parent = schema.body.components.schemas.Contract.properties.parent_contract;
    expect(parent['x-reference-filter']).toEqual({ customer: 'customer' });

    const all = await server.request('/contracts/?page_size=100', { token: admin });
    const customer = all.body.results[0].customer as number;
    const theirs = all.body.results
      .filter((row: { customer: number }) => row.customer === customer)
      .map((row: { id: number }) => row.id)
      .sort((a: number, b: number) => a - b);
    expect(theirs.length).toBeLessThan(all.body.results.length);
    const picked = await server.request(
      `/contracts/titles/?filter=customer=${customer}&page_size=100`,
      { token: admin },
    );
    expect(picked.status).toBe(200);
    expect(
      picked.body.results
        .map((row: { id: number }) => row.id)
        .sort((a: number, b: number) => a - b),
    ).toEqual(theirs);
  });

  it('accepts no other filter in a title lookup', async () => {
    const other = await server.request('/contracts/titles/?filter=state=active', { token: admin });
    expect(other.status).toBe(400);
    expect(Object.keys(other.body)).toEqual(['filter']);
    const none = await server.request('/fuses/titles/?filter=text=x', { token: clerk });
    expect(none.status).toBe(400);
  });
});

describe('readable titles of every resource (docs/product.md: no raw id where a person reads)', () => {
  it('titles a reading by its device and time, in rows and in the lookup', async () => {
    const devices = await server.request('/tariffdevices/?page_size=1', { token: admin });
    const device = devices.body.results[0];
    const readings = await server.request(
      `/measurements/?filter=tariff_device=${device.id}&page_size=1`,
      { token: admin },
    );
    const reading = readings.body.results[0];
    expect(reading).toBeDefined();
    const titles = await server.request(`/measurements/titles/?ids=${reading.id}`, {
      token: admin,
    });
    const title: string = titles.body.results[0].title;
    expect(title.startsWith(device.serial_number)).toBe(true);
    // The time as the SPA writes it in each language (src/i18n/dates.ts), in Prague time.
    expect(title).toMatch(/ \d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2} [AP]M$/);
    expect(title).not.toBe(String(reading.id));
    const czech = await server.request(`/measurements/titles/?ids=${reading.id}`, {
      token: admin,
      lang: 'cs',
    });
    const prague = new Intl.DateTimeFormat('cs', {
      timeZone: 'Europe/Prague',
      day: 'numeric',
      month: 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(reading.timestamp_received));
    expect(czech.body.results[0].title).toBe(`${device.serial_number} ${device.name} ${prague}`);
  });

  it('titles a payment by its type (in the request language), amount and date', async () => {
    const payments = await server.request('/payments/?page_size=1', { token: admin });
    const payment = payments.body.results[0];
    const english = await server.request(`/payments/titles/?ids=${payment.id}`, { token: admin });
    const czech = await server.request(`/payments/titles/?ids=${payment.id}`, {
      token: admin,
      lang: 'cs',
    });
    const [year, month, day] = String(payment.ts).split('-').map(Number);
    expect(english.body.results[0].title).toMatch(
      new RegExp(`^[A-Z].* ${payment.amount.replace('.', '\\.')} ${month}/${day}/${year}$`),
    );
    expect(czech.body.results[0].title).toMatch(new RegExp(` ${day}\\. ${month}\\. ${year}$`));
    expect(czech.body.results[0].title).not.toBe(english.body.results[0].title);
    expect(czech.body.results[0].title).toContain(payment.amount);
  });

  it('titles a specification by its point and validity; a parent shows that title', async () => {
    const spec = await referencingSpecification();
    const titles = await server.request(`/specifications/titles/?ids=${spec.id}`, {
      token: admin,
    });
    const title: string = titles.body.results[0].title;
    expect(title.startsWith(String(spec.point_title))).toBe(true);
    // Dates as the request's language writes them (`2025-01-01` → `1/1/2025`, `1. 1. 2025`).
    const [year, month, day] = String(spec.valid_from).split('-').map(Number);
    expect(title).toContain(`${month}/${day}/${year}`);
    expect(title).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    const czech = await server.request(`/specifications/titles/?ids=${spec.id}`, {
      token: admin,
      lang: 'cs',
    });
    expect(czech.body.results[0].title).toContain(`${day}. ${month}. ${year}`);
    const child = await server.request('/specifications/?page_size=9999', { token: admin });
    const withParent = child.body.results.find(
      (row: Record<string, unknown>) => row.parent_specification !== null,
    );
    if (withParent) {
      expect(withParent.parent_specification_title).toMatch(/\d{1,2}\/\d{1,2}\/\d{4}/);
      expect(withParent.parent_specification_title).not.toMatch(/^#/);
    }
  });
});
