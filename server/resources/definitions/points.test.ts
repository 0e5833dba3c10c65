import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../seed';
import { expectForbidden, startTestServer, type TestServer } from '../../test-support/server';
import { gs1CheckDigit } from '../rules';

let server: TestServer;
let admin: string;
let clerk: string;
let noPoints: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login(DEMO_USERS.admin);
  clerk = await server.login(DEMO_USERS.clerk);
  noPoints = await server.loginWithPrivileges(['TARIFF']);
});
afterAll(() => server.close());

async function post(name: string, body: unknown, lang?: string) {
  return server.request(`/${name}/`, { method: 'POST', token: admin, body, lang });
}

/** A valid 18-digit EAN not used by the demo data. */
let eanCount = 0;
function newEan(): string {
  const first17 = `85999${String(++eanCount).padStart(12, '0')}`;
  return first17 + gs1CheckDigit(first17);
}

const point = (overrides: Record<string, unknown> = {}) => ({
  ean: newEan(),
  name: 'Rodinný dům',
  street: 'Lipová 7',
  zip_code: '586 01',
  city: 'Jihlava',
  ...overrides,
});

async function newPoint(): Promise<number> {
  const created = await post('points', point());
  expect(created.status).toBe(201);
  return created.body.id;
}

const spec = (pointId: number, overrides: Record<string, unknown> = {}) => ({
  point: pointId,
  valid_from: '2025-01-01',
  distribution_tariff_code: 'D02d',
  ...overrides,
});

describe('points', () => {
  it('creates, reads, updates and deletes; a point with specifications stays', async () => {
    const ean = newEan();
    const created = await server.request('/points/', {
      method: 'POST',
      token: clerk,
      body: point({ ean, name: 'Chata Šumava', building: 'A', floor: '1' }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      contract: null,
      contract_title: null,
      ean,
      name: 'Chata Šumava',
      pod_no: '',
      street: 'Lipová 7',
      zip_code: '586 01',
      city: 'Jihlava',
      country: 'CZ',
      building: 'A',
      flat_no: '',
      floor: '1',
    });
    const path = `/points/${created.body.id}/`;
    expect((await server.request(path, { token: clerk })).body.name).toBe('Chata Šumava');
    const patched = await server.request(path, {
      method: 'PATCH',
      token: clerk,
      body: { pod_no: 'POD-1' },
    });
    expect(patched.body.pod_no).toBe('POD-1');

    const specification = await post('specifications', spec(created.body.id));
    expect(specification.status).toBe(201);
    const refused = await server.request(path, { method: 'DELETE', token: admin });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(
      new RegExp(`"${ean} – Chata Šumava".*specifications: ${ean} – Chata Šumava 1/1/2025\\.`),
    );
    const czech = await server.request(path, { method: 'DELETE', token: admin, lang: 'cs' });
    expect(czech.body.detail).toMatch(
      new RegExp(`„${ean} – Chata Šumava“.*specifikace: ${ean} – Chata Šumava 1\\. 1\\. 2025\\.`),
    );

    const specPath = `/specifications/${specification.body.id}/`;
    expect((await server.request(specPath, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await server.request(path, { method: 'DELETE', token: admin })).status).toBe(204);
    expect((await server.request(path, { token: admin })).status).toBe(404);
  });

  it('refuses an EAN with a wrong check digit or length, in en and cs', async () => {
    const good = newEan();
    const wrong = good.slice(0, 17) + ((Number(good[17]) + 1) % 10);
    const en = await post('points', point({ ean: wrong }));
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      ean: ['Enter a valid EAN: 18 digits with a valid GS1 check digit.'],
    });
    expect((await post('points', point({ ean: wrong }), 'cs')).body).toEqual({
      ean: ['Zadejte platný EAN: 18 číslic s platnou kontrolní číslicí GS1.'],
    });
    const short = await post('points', point({ ean: good.slice(0, 17) }));
    expect(short.body).toEqual({ ean: ['Ensure this field has at least 18 characters.'] });
    const letters = await post('points', point({ ean: `${good.slice(0, 16)}AB` }));
    expect(letters.body.ean).toHaveLength(1);
  });

  it('keeps the EAN unique, in en and cs', async () => {
    const ean = newEan();
    expect((await post('points', point({ ean }))).status).toBe(201);
    const en = await post('points', point({ ean }));
    expect(en.status).toBe(400);
    expect(en.body).toEqual({ ean: ['Consumption point with this EAN already exists.'] });
    const cs = await post('points', point({ ean }), 'cs');
    expect(cs.body.ean).toHaveLength(1);
    expect(cs.body.ean[0]).toMatch(/EAN/);
  });

  it('answers 403 without POINTS, and lets the clerk in', async () => {
    expect((await server.request('/points/', { token: clerk })).status).toBe(200);
    expect((await server.request('/specifications/', { token: clerk })).status).toBe(200);
    await expectForbidden(server, noPoints, ['points', 'specifications']);
  });

  it('answers 412 to a stale If-Match on PATCH and DELETE and changes nothing', async () => {
    const id = await newPoint();
    const path = `/points/${id}/`;
    const etag = (await server.request(path, { token: admin })).headers.get('etag')!;
    await server.request(path, { method: 'PATCH', token: admin, body: { floor: '2' } });
    const stale = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { floor: '5' },
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(412);
    const gone = await server.request(path, {
      method: 'DELETE',
      token: admin,
      headers: { 'if-match': etag },
    });
    expect(gone.status).toBe(412);
    expect((await server.request(path, { token: admin })).body.floor).toBe('2');
  });

  it('takes every list parameter', async () => {
    const city = 'Kostelec nad Černými lesy';
    const ids: number[] = [];
    for (const name of ['Bytový dům', 'Garáž', 'Dílna']) {
      ids.push((await post('points', point({ name, city, zip_code: '281 63' }))).body.id);
    }
    const list = (query: string) => server.request(`/points/?${query}`, { token: admin });
    const searched = await list('search=cernymi%20dilna');
    expect(searched.body.results.map((row: { name: string }) => row.name)).toEqual(['Dílna']);
    const filtered = await list(`filter=city=${encodeURIComponent(city)}&sort=-name`);
    expect(filtered.body.results.map((row: { name: string }) => row.name)).toEqual([
      'Garáž',
      'Dílna',
      'Bytový dům',
    ]);
    const first = await list(`filter=city=${encodeURIComponent(city)}&sort=name&page_size=1`);
    expect(first.body.count).toBe(3);
    expect(first.body.next).toMatch(/page=2/);
    const second = await server.request(first.body.next, { token: admin });
    expect(second.body.results[0].name).toBe('Dílna');
    const keyset = await list(
      `filter=city=${encodeURIComponent(city)}&sort=name&page_after_id=${ids[0]}&page_size=1`,
    );
    expect(keyset.body.results.map((row: { name: string }) => row.name)).toEqual(['Dílna']);
    const back = await list(
      `filter=city=${encodeURIComponent(city)}&sort=name&page_after_id=${ids[2]}&direction=prev`,
    );
    expect(back.body.results.map((row: { name: string }) => row.name)).toEqual(['Bytový dům']);
    const bounded = await list(`filter=city=${encodeURIComponent(city)}&gte=id=${ids[1]}`);
    expect(bounded.body.count).toBe(2);
    const unknown = await list('sort=street');
    expect(unknown.status).toBe(400);
    expect(unknown.body.sort).toHaveLength(1);
  });

  it('finds a point by its EAN and by its customer’s name (docs/product.md)', async () => {
    const customer = await post('customers', {
      customer_no: 'K-SEARCH-1',
      type: 'person',
      first_name: 'Květoslava',
      last_name: 'Zelinková',
    });
    expect(customer.status).toBe(201);
    const contract = await post('contracts', {
      customer: customer.body.id,
      contract_no: 'S-SEARCH-1',
      valid_from: '2025-01-01',
    });
    expect(contract.status).toBe(201);
    const ean = newEan();
    const created = await post('points', point({ ean, name: 'Sklad', contract: contract.body.id }));
    expect(created.status).toBe(201);
    const names = async (search: string) => {
      const answer = await server.request(`/points/?search=${encodeURIComponent(search)}`, {
        token: admin,
      });
      expect(answer.status).toBe(200);
      return answer.body.results.map((row: { id: number }) => row.id);
    };
    expect(await names('zelinkova')).toEqual([created.body.id]);
    expect(await names('Květoslava sklad')).toEqual([created.body.id]);
    expect(await names('K-SEARCH-1')).toEqual([created.body.id]);
    expect(await names(ean)).toEqual([created.body.id]);
    expect(await names('zelinkova chata')).toEqual([]);
  });
});

describe('specifications', () => {
  it('creates with every field, reads, updates and deletes', async () => {
    const pointId = await newPoint();
    const pick = async (name: string) =>
      (await server.request(`/${name}/?page_size=1`, { token: admin })).body.results[0].id;
    const [distributor, supplier, fuse, discount] = await Promise.all(
      // A fuse for the three phases below (docs/declarations.md "Dependent fields").
      ['distributors', 'suppliers', 'fuses/?filter=phases=3&', 'discounts'].map((name) =>
        name.includes('?')
          ? server
              .request(`/${name}page_size=1`, { token: admin })
              .then((answer) => answer.body.results[0].id)
          : pick(name),
      ),
    );
    const device = await post('tariffdevices', { serial_number: 'SPEC-1', name: 'Elektroměr' });
    const created = await server.request('/specifications/', {
      method: 'POST',
      token: clerk,
      body: spec(pointId, {
        tariff_device: device.body.id,
        state: 'active',
        distribution_tariff_code: 'D57d',
        energy_distributor: distributor,
        energy_supplier: supplier,
        main_fuse: fuse,
        phases: '3',
        reserved_capacity: '17.5',
        estimated_annual_consumption: '6.25',
        discount,
        production_type: 'pv',
        producer_name: 'FVE Lipová',
        installed_power: '9.9',
        reserved_power: '8',
      }),
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(Number),
      point: pointId,
      point_title: expect.stringMatching(/^\d{18} – Rodinný dům$/),
      tariff_device: device.body.id,
      tariff_device_title: `${device.body.serial_number} ${device.body.name}`,
      state: 'active',
      parent_specification: null,
      parent_specification_title: null,
      valid_from: '2025-01-01',
      valid_to: null,
      distribution_tariff_code: 'D57d',
      energy_distributor: distributor,
      energy_distributor_title: expect.any(String),
      energy_supplier: supplier,
      energy_supplier_title: expect.any(String),
      main_fuse: fuse,
      main_fuse_title: expect.any(String),
      phases: '3',
      reserved_capacity: '17.50',
      estimated_annual_consumption: '6.250',
      discount,
      discount_title: expect.any(String),
      production_type: 'pv',
      producer_name: 'FVE Lipová',
      installed_power: '9.90',
      reserved_power: '8.00',
    });
    const path = `/specifications/${created.body.id}/`;
    const patched = await server.request(path, {
      method: 'PATCH',
      token: clerk,
      body: { state: 'ended', valid_to: '2025-06-30' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.valid_to).toBe('2025-06-30');
    const refused = await server.request(`/tariffdevices/${device.body.id}/`, {
      method: 'DELETE',
      token: admin,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/SPEC-1.*specifications/);
    expect((await server.request(path, { method: 'DELETE', token: clerk })).status).toBe(204);
  });

  it('stores no production as null, the value of an empty optional choice', async () => {
    const pointId = await newPoint();
    const created = await server.request('/specifications/', {
      method: 'POST',
      token: clerk,
      body: spec(pointId, { production_type: null }),
    });
    expect(created.status).toBe(201);
    expect(created.body.production_type).toBeNull();
    const unset = await server.request('/specifications/', {
      method: 'POST',
      token: clerk,
      body: spec(await newPoint()),
    });
    expect(unset.body.production_type).toBeNull();
  });

  it('offers and takes only a fuse for the phases (docs/declarations.md "Dependent fields")', async () => {
    const fuses = await server.request('/fuses/?page_size=100', { token: admin });
    const byText = new Map(
      (fuses.body.results as { id: number; text: string }[]).map((f) => [f.text, f.id]),
    );
    const offered = await server.request('/fuses/titles/?filter=phases=1&page_size=100', {
      token: clerk,
    });
    expect(offered.status).toBe(200);
    const titles = (offered.body.results as { title: string }[]).map((row) => row.title);
    expect(titles).toContain('1×25 A');
    expect(titles).not.toContain('3×25 A');
    const published = await server.request('/schema/', { token: admin });
    const property = published.body.components.schemas.Specification.properties.main_fuse;
    expect(property['x-reference-filter']).toEqual({ phases: 'phases' });

    const pointId = await newPoint();
    const body = spec(pointId, { phases: '1', main_fuse: byText.get('3×25 A') });
    const refused = await post('specifications', body);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ main_fuse: ['This fuse is not for a single-phase supply.'] });
    expect((await post('specifications', body, 'cs')).body).toEqual({
      main_fuse: ['Tento jistič není pro jednofázové připojení.'],
    });
    const created = await post('specifications', { ...body, main_fuse: byText.get('1×25 A') });
    expect(created.status).toBe(201);
    const switched = await server.request(`/specifications/${created.body.id}/`, {
      method: 'PATCH',
      token: admin,
      body: { phases: '3' },
    });
    expect(switched.body).toEqual({ main_fuse: ['This fuse is not for a three-phase supply.'] });
  });

  it('offers and takes only a device on no other point in the period', async () => {
    const device = await post('tariffdevices', {
      serial_number: `DEP-${Date.now()}`,
      name: 'Elektroměr',
    });
    expect(device.status).toBe(201);
    const first = await newPoint();
    const today = new Date().toISOString().slice(0, 10);
    const installed = await post(
      'specifications',
      spec(first, { valid_from: '2020-01-01', tariff_device: device.body.id }),
    );
    expect(installed.status).toBe(201);
    const second = await newPoint();
    const free = async (point: number) => {
      const answer = await server.request(
        `/tariffdevices/titles/?filter=free_for_point=${point}&ids=${device.body.id}`,
        { token: clerk },
      );
      expect(answer.status).toBe(200);
      return answer.body.count === 1;
    };
    expect(await free(second)).toBe(false);
    expect(await free(first)).toBe(true);
    const refused = await post(
      'specifications',
      spec(second, { valid_from: today, tariff_device: device.body.id }),
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body)).toEqual(['tariff_device']);
    expect(refused.body.tariff_device[0]).toMatch(/installed on another consumption point/);
  });

  it('refuses valid_to before valid_from, in en and cs', async () => {
    const body = spec(await newPoint(), { valid_to: '2024-12-31' });
    expect((await post('specifications', body)).body).toEqual({
      valid_to: ['The end of validity must not be before its start.'],
    });
    expect((await post('specifications', body, 'cs')).body).toEqual({
      valid_to: ['Konec platnosti nesmí být před jejím začátkem.'],
    });
  });

  it('refuses unknown choice values', async () => {
    const response = await post(
      'specifications',
      spec(await newPoint(), { distribution_tariff_code: 'X99', phases: '2' }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      distribution_tariff_code: ['"X99" is not a valid choice.'],
      phases: ['"2" is not a valid choice.'],
    });
  });

  it('closes the open specification the day before a later one starts', async () => {
    const pointId = await newPoint();
    const first = await post('specifications', spec(pointId, { valid_from: '2024-01-01' }));
    const second = await post(
      'specifications',
      spec(pointId, { valid_from: '2025-03-01', parent_specification: first.body.id }),
    );
    expect(second.status).toBe(201);
    const closed = await server.request(`/specifications/${first.body.id}/`, { token: admin });
    expect(closed.body.valid_to).toBe('2025-02-28');
    const listed = await server.request(`/specifications/?filter=point=${pointId}`, {
      token: admin,
    });
    expect(
      listed.body.results.map((row: { valid_from: string; valid_to: string | null }) => [
        row.valid_from,
        row.valid_to,
      ]),
    ).toEqual([
      ['2025-03-01', null],
      ['2024-01-01', '2025-02-28'],
    ]);
  });

  it('never lets specifications of one point overlap, in en and cs', async () => {
    const pointId = await newPoint();
    const first = await post(
      'specifications',
      spec(pointId, { valid_from: '2024-01-01', valid_to: '2024-12-31' }),
    );
    expect(first.status).toBe(201);
    const inside = spec(pointId, { valid_from: '2024-06-01', valid_to: '2024-07-31' });
    const en = await post('specifications', inside);
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      valid_from: [
        'The validity overlaps another specification of this point (1/1/2024 – 12/31/2024).',
      ],
    });
    expect((await post('specifications', inside, 'cs')).body).toEqual({
      valid_from: [
        'Platnost se překrývá s jinou specifikací tohoto odběrného místa (1. 1. 2024 – 31. 12. 2024).',
      ],
    });
    // An open one starting earlier than a closed one would overlap it too.
    const before = await post('specifications', spec(pointId, { valid_from: '2023-01-01' }));
    expect(before.status).toBe(400);
    // Adjacent periods are fine; the open one that follows is closed by a later one.
    const next = await post('specifications', spec(pointId, { valid_from: '2025-01-01' }));
    expect(next.status).toBe(201);
    // Extending the closed one into the next period is refused on update too.
    const extended = await server.request(`/specifications/${first.body.id}/`, {
      method: 'PATCH',
      token: admin,
      body: { valid_to: '2025-01-01' },
    });
    expect(extended.status).toBe(400);
    expect(extended.body.valid_from[0]).toMatch(/1\/1\/2025 – open/);
    // Another point's specifications do not count.
    expect((await post('specifications', spec(await newPoint()))).status).toBe(201);
  });

  it('needs a parent specification of the same point, in en and cs', async () => {
    const a = await post('specifications', spec(await newPoint()));
    const b = spec(await newPoint(), { parent_specification: a.body.id });
    expect((await post('specifications', b)).body).toEqual({
      parent_specification: ['The parent specification must belong to the same consumption point.'],
    });
    expect((await post('specifications', b, 'cs')).body).toEqual({
      parent_specification: ['Nadřazená specifikace musí patřit stejnému odběrnému místu.'],
    });
    const itself = await server.request(`/specifications/${a.body.id}/`, {
      method: 'PATCH',
      token: admin,
      body: { parent_specification: a.body.id },
    });
    expect(itself.body).toEqual({
      parent_specification: ['A specification cannot be its own parent.'],
    });
  });

  it('answers 412 to a stale If-Match and keeps the row', async () => {
    const created = await post('specifications', spec(await newPoint()));
    const path = `/specifications/${created.body.id}/`;
    const etag = (await server.request(path, { token: admin })).headers.get('etag')!;
    await server.request(path, { method: 'PATCH', token: admin, body: { state: 'active' } });
    const stale = await server.request(path, {
      method: 'PATCH',
      token: admin,
      body: { state: 'cancelled' },
      headers: { 'if-match': etag },
    });
    expect(stale.status).toBe(412);
    expect((await server.request(path, { token: admin })).body.state).toBe('active');
  });

  it('sorts and filters by state and rate', async () => {
    const pointId = await newPoint();
    await post('specifications', spec(pointId, { valid_from: '2023-01-01', state: 'ended' }));
    await post('specifications', spec(pointId, { valid_from: '2024-01-01', state: 'active' }));
    const active = await server.request(
      `/specifications/?filter=point=${pointId},state=active&sort=valid_from`,
      { token: admin },
    );
    expect(active.body.count).toBe(1);
    expect(active.body.results[0].valid_from).toBe('2024-01-01');
    const ranged = await server.request(
      `/specifications/?filter=point=${pointId}&lte=valid_from=2023-12-31`,
      { token: admin },
    );
    expect(ranged.body.results.map((row: { state: string }) => row.state)).toEqual(['ended']);
  });
});

describe('a customer’s and a contract’s points (docs/product.md)', () => {
  it('filters points by their contract’s customer and publishes where they are listed', async () => {
    const points = await server.request('/points/?page_size=1', { token: admin });
    const point = points.body.results[0];
    const contract = await server.request(`/contracts/${point.contract}/`, { token: admin });
    const customerId = contract.body.customer;
    const ofCustomer = await server.request(
      `/points/?filter=customer=${customerId}&page_size=9999`,
      {
        token: admin,
      },
    );
    expect(ofCustomer.status).toBe(200);
    expect(ofCustomer.body.results.map((row: { id: number }) => row.id)).toContain(point.id);
    const contracts = await server.request(
      `/contracts/?filter=customer=${customerId}&page_size=9999`,
      { token: admin },
    );
    const ids = new Set(contracts.body.results.map((row: { id: number }) => row.id));
    for (const row of ofCustomer.body.results) expect(ids.has(row.contract)).toBe(true);

    const bad = await server.request('/points/?filter=customer=abc', { token: admin });
    expect(bad.status).toBe(400);
    const schema = await server.request('/schema/', { token: admin });
    expect(schema.body.paths['/api/v1/points/'].get['x-listed-in']).toEqual([
      { filter: 'contract', resource: 'contracts' },
      { filter: 'customer', resource: 'customers' },
    ]);
  });
});
