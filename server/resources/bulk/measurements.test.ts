import { describe, expect, it } from 'vitest';
import { renderMetrics } from '../../metrics';
import { DEMO_USERS } from '../../seed';
import { createTariffDevice, signedInServerForFile } from '../../test-support/server';
import { gs1CheckDigit } from '../rules';
import { MAX_BULK_READINGS } from './measurements';

const context = signedInServerForFile();

let serial = 0;
/** A new tariff device; its id. */
const device = () => createTariffDevice(context.server, context.admin, `BULK-${(serial += 1)}`);

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);
const reading = (id: number, day: number, high: number, low = 0, production = 0) => ({
  tariff_device: id,
  timestamp_received: new Date(START + day * DAY).toISOString(),
  obis_181: high.toFixed(3),
  obis_182: low.toFixed(3),
  obis_280: production.toFixed(3),
});

function post(name: string, body: unknown) {
  return context.server.request(`/${name}/`, { method: 'POST', token: context.admin, body });
}

/** A valid 18-digit EAN of no demo point. */
let eans = 0;
function newEan(): string {
  const first17 = `85998${String(++eans).padStart(12, '0')}`;
  return first17 + gs1CheckDigit(first17);
}

function bulk(body: unknown, lang?: string, token = context.admin) {
  return context.server.request('/measurements/bulk/', { method: 'POST', token, body, lang });
}

async function stored(id: number): Promise<string[]> {
  const response = await context.server.request(
    `/measurements/?filter=tariff_device=${id}&sort=timestamp_received&page_size=9999`,
    { token: context.admin },
  );
  return response.body.results.map(
    (row: { timestamp_received: string; obis_181: string }) =>
      `${row.timestamp_received.slice(0, 10)} ${row.obis_181}`,
  );
}

describe('POST /measurements/bulk/', () => {
  it('stores many readings of many devices and is idempotent', async () => {
    const devices = [await device(), await device(), await device()];
    const body = devices.flatMap((id) =>
      Array.from({ length: 100 }, (_, day) => reading(id, day, 1000 + day * 7.5, day * 2, day)),
    );
    const first = await bulk(body);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ created: 300, unchanged: 0, failed: 0, errors: {}, to_check: {} });
    const again = await bulk(body);
    expect(again.body).toEqual({ created: 0, unchanged: 300, failed: 0, errors: {}, to_check: {} });
    const rows = await stored(devices[1]!);
    expect(rows).toHaveLength(100);
    expect(rows[0]).toBe('2025-01-01 1000.000');
    expect(rows[99]).toBe('2025-04-10 1742.500');
  });

  it('reports bad rows by index, in en and cs, and keeps the good ones', async () => {
    const id = await device();
    expect((await bulk([reading(id, 10, 500)])).body.created).toBe(1);
    const body = [
      reading(id, 0, 100), // 0: fine, before the stored one
      reading(id, 20, 400), // 1: lower than the stored 500 on day 10
      reading(id, 5, 600), // 2: higher than the stored 500 on day 10
      reading(id, 10, 501), // 3: a different reading at a stored instant
      reading(id, 10, 500), // 4: the stored reading again
      { ...reading(id, 30, 900), obis_182: 'x' }, // 5: not a number
      { ...reading(id, 31, 950), timestamp_received: '2999-01-01T00:00:00Z' }, // 6: future
      reading(999_999, 1, 1), // 7: no such device
      reading(id, 40, 1000), // 8: fine
      'nonsense', // 9: not an object
      reading(id, 41, 999), // 10: lower than row 8 of this request
    ];
    const en = await bulk(body);
    expect(en.status).toBe(200);
    expect(en.body.created).toBe(2);
    expect(en.body.unchanged).toBe(1);
    expect(en.body.failed).toBe(8);
    expect(en.body.errors).toEqual({
      '1': {
        obis_181: [
          'The register cannot decrease: an earlier reading of this device has 500.000 kWh.',
        ],
      },
      '2': {
        obis_181: ['The register cannot decrease: a later reading of this device has 500.000 kWh.'],
      },
      '3': { timestamp_received: ['This device already has a reading at this time.'] },
      '5': { obis_182: ['“x” is not a number.'] },
      '6': { timestamp_received: ['A reading cannot be taken in the future.'] },
      '7': { tariff_device: ['Invalid pk "999999" - object does not exist.'] },
      '9': { non_field_errors: ['Invalid data. Expected a dictionary, but got str.'] },
      '10': {
        obis_181: [
          'The register cannot decrease: an earlier reading of this device has 1,000.000 kWh.',
        ],
      },
    });
    expect(await stored(id)).toEqual([
      '2025-01-01 100.000',
      '2025-01-11 500.000',
      '2025-02-10 1000.000',
    ]);
    const cs = await bulk([reading(id, 20, 400), reading(id, 50, 1)], 'cs');
    expect(cs.body.errors).toEqual({
      '0': {
        obis_181: ['Registr nemůže klesnout: dřívější odečet tohoto zařízení má 500,000 kWh.'],
      },
      '1': {
        obis_181: [
          'Registr nemůže klesnout: dřívější odečet tohoto zařízení má 1\u00a0000,000 kWh.',
        ],
      },
    });
  });

  it('counts what it stored, found unchanged and refused in joule_readings_imported_total', async () => {
    const counted = async (outcome: string) => {
      const { body } = await renderMetrics();
      const line = new RegExp(
        `^joule_readings_imported_total\\{outcome="${outcome}"\\} (\\d+)`,
        'm',
      );
      return Number(line.exec(body)?.[1] ?? 0);
    };
    const before = {
      created: await counted('created'),
      unchanged: await counted('unchanged'),
      failed: await counted('failed'),
    };
    const id = await device();
    await bulk([reading(id, 1, 10), reading(id, 2, 11)]);
    await bulk([reading(id, 2, 11), reading(id, 3, 12), { ...reading(id, 4, 13), obis_181: 'x' }]);
    expect(await counted('created')).toBe(before.created + 3);
    expect(await counted('unchanged')).toBe(before.unchanged + 1);
    expect(await counted('failed')).toBe(before.failed + 1);
  });

  it('says what is wrong with a row in a person’s words: the time or number as written, missing values once', async () => {
    const id = await device();
    const body = [
      { ...reading(id, 1, 10), timestamp_received: '32.13.2026' },
      { tariff_device: id, timestamp_received: reading(id, 2, 0).timestamp_received },
      { ...reading(id, 3, 10), obis_181: '', obis_182: '', obis_280: '' },
      { ...reading(id, 4, 10), obis_280: '12 kWh' },
    ];
    const en = await bulk(body);
    expect(en.body.errors).toEqual({
      '0': { timestamp_received: ['“32.13.2026” is not a valid date and time.'] },
      '1': {
        non_field_errors: [
          'The row has no high tariff 1.8.1, low tariff 1.8.2, and production 2.8.0.',
        ],
      },
      '2': {
        non_field_errors: [
          'The row has no high tariff 1.8.1, low tariff 1.8.2, and production 2.8.0.',
        ],
      },
      '3': { obis_280: ['“12 kWh” is not a number.'] },
    });
    const cs = await bulk(body, 'cs');
    expect(cs.body.errors['0']).toEqual({
      timestamp_received: ['„32.13.2026“ není platné datum a čas.'],
    });
    // Czech joins the last with a no-break space before "a".
    expect(cs.body.errors['1'].non_field_errors).toEqual([
      expect.stringMatching(
        /^Řádku\schybí\svysoký\starif\s1\.8\.1,\snízký\starif\s1\.8\.2\sa\svýroba\s2\.8\.0\.$/u,
      ),
    ]);
  });

  it('treats a repeated row of one request as one reading', async () => {
    const id = await device();
    const response = await bulk([reading(id, 1, 10), reading(id, 1, 10), reading(id, 1, 11)]);
    expect(response.body).toEqual({
      created: 1,
      unchanged: 1,
      failed: 1,
      errors: { '2': { timestamp_received: ['This device already has a reading at this time.'] } },
      to_check: {},
    });
  });

  it('takes 10,000 readings and refuses more, or a body that is not a list', async () => {
    const ids = [await device(), await device()];
    // Hourly readings, so 5,000 per device stay in the past.
    const body = Array.from({ length: MAX_BULK_READINGS }, (_, i) =>
      reading(ids[i % 2]!, Math.floor(i / 2) / 24, i),
    );
    const full = await bulk(body);
    expect(full.status).toBe(200);
    expect(full.body.created).toBe(MAX_BULK_READINGS);
    const count = await context.server.request(`/measurements/?filter=tariff_device=${ids[0]}`, {
      token: context.admin,
    });
    expect(count.body.count).toBe(MAX_BULK_READINGS / 2);

    const tooMany = await bulk([...body, reading(ids[0]!, 300, 99_999)]);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({
      non_field_errors: ['Ensure this list has no more than 10000 readings.'],
    });
    expect((await bulk([...body, reading(ids[0]!, 300, 99_999)], 'cs')).body).toEqual({
      non_field_errors: ['Seznam smí obsahovat nejvýše 10000 odečtů.'],
    });
    const notList = await bulk({ tariff_device: ids[0] });
    expect(notList.status).toBe(400);
    expect(notList.body).toEqual({
      non_field_errors: ['Expected a list of items but got type "dict".'],
    });
  });

  it('needs the measurements privilege', async () => {
    const response = await bulk([], undefined, context.clerk);
    expect(response.status).toBe(403);
    const anonymous = await context.server.request('/measurements/bulk/', {
      method: 'POST',
      body: [],
    });
    expect(anonymous.status).toBe(401);
  });

  it('refuses anonymous and unprivileged callers before reading or parsing the body', async () => {
    // Not JSON at all: were it parsed first, the answer would be 400 "JSON parse error".
    const garbage = `[${'x'.repeat(16 * 1024 * 1024 - 2)}]`;
    const send = (token?: string, headers?: Record<string, string>) =>
      context.server.request('/measurements/bulk/', {
        method: 'POST',
        token,
        body: garbage,
        headers,
      });
    const anonymous = await send();
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    expect(anonymous.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    expect((await send('not-a-token')).status).toBe(401);
    const unprivileged = await send(context.clerk);
    expect(unprivileged.status).toBe(403);
    expect(unprivileged.body).toEqual({
      detail: 'You do not have permission to perform this action.',
    });
    // Nor does a content type the parser would refuse (415) get that far.
    expect((await send(undefined, { 'content-type': 'text/plain' })).status).toBe(401);
    // With the privilege the same body does reach the parser.
    const parsed = await send(context.admin);
    expect(parsed.status).toBe(400);
    expect(parsed.body.detail).toMatch(/^JSON parse error - /);
  });

  it('is described in the OpenAPI document', async () => {
    const schema = await context.server.request('/schema/');
    const operation = schema.body.paths['/api/v1/measurements/bulk/'].post;
    expect(operation.operationId).toBe('measurements_bulk_create');
    expect(operation['x-privilege']).toBe('TARIFF');
    expect(operation.requestBody.content['application/json'].schema).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/MeasurementBulkItem' },
      maxItems: MAX_BULK_READINGS,
    });
    const item = schema.body.components.schemas.MeasurementBulkItem;
    expect(Object.keys(item.properties).sort()).toEqual([
      'ean',
      'obis_181',
      'obis_182',
      'obis_280',
      'serial_number',
      'tariff_device',
      'timestamp_received',
    ]);
    expect(item.properties.serial_number).toMatchObject({ type: 'string', maxLength: 50 });
    expect(item.properties.ean).toMatchObject({ type: 'string', minLength: 18, maxLength: 18 });
    expect(item.properties.tariff_device['x-reference']).toBe('tariffdevices');
    expect(item.required).toEqual(['obis_181', 'obis_182', 'obis_280', 'timestamp_received']);
    expect(schema.body.components.schemas.MeasurementBulkResult.required).toEqual([
      'created',
      'errors',
      'failed',
      'to_check',
      'unchanged',
    ]);
  });

  it('names devices by serial number, or by the EAN of the point they are on that day', async () => {
    // A meter exchange: device A on the point until 2025-06-30, device B from 2025-07-01.
    const a = await device();
    const b = await device();
    const serialOf = async (id: number) =>
      (await context.server.request(`/tariffdevices/${id}/`, { token: context.admin })).body
        .serial_number;
    const [serialA, serialB] = [await serialOf(a), await serialOf(b)];
    const point = await post('points', {
      ean: newEan(),
      name: 'Rodinný dům',
      street: 'Lipová 7',
      zip_code: '586 01',
      city: 'Jihlava',
    });
    expect(point.status).toBe(201);
    const ean = point.body.ean as string;
    const spec = (tariff_device: number, valid_from: string, valid_to: string | null) =>
      post('specifications', {
        point: point.body.id,
        tariff_device,
        valid_from,
        valid_to,
        distribution_tariff_code: 'D02d',
      });
    expect((await spec(a, '2025-01-01', '2025-06-30')).status).toBe(201);
    expect((await spec(b, '2025-07-01', null)).status).toBe(201);
    const at = (iso: string, high: number) => ({
      timestamp_received: iso,
      obis_181: String(high),
      obis_182: '0',
      obis_280: '0',
    });
    const response = await bulk([
      { ean, ...at('2025-03-01T10:00:00Z', 10) }, // 0: A
      { ean, ...at('2025-08-01T10:00:00Z', 5) }, // 1: B
      // 2: 2025-07-01 00:30 in Prague (summer time, UTC+2): B's first day
      { ean, ...at('2025-06-30T22:30:00Z', 4) },
      // 3: 2024-12-31 23:30 in Prague: before any specification with a device
      { ean, ...at('2024-12-31T22:30:00Z', 1) },
      // 4: 2025-01-01 00:30 in Prague (UTC+1): A's first day
      { ean, ...at('2024-12-31T23:30:00Z', 2) },
      { serial_number: serialA, ...at('2025-04-01T10:00:00Z', 20) }, // 5: A
      { serial_number: ` ${serialB} `, ...at('2025-09-01T10:00:00Z', 9) }, // 6: B, trimmed
      { serial_number: 'NO-SUCH-METER', ...at('2025-04-01T10:00:00Z', 1) }, // 7
      { ean: newEan(), ...at('2025-04-01T10:00:00Z', 1) }, // 8: a valid EAN of no point
      { ean: '859182400000000000', ...at('2025-04-01T10:00:00Z', 1) }, // 9: bad check digit
      { tariff_device: a, serial_number: serialA, ...at('2025-05-01T10:00:00Z', 30) }, // 10
      { serial_number: '', ...at('2025-05-01T10:00:00Z', 30) }, // 11
      { ean: null, ...at('2025-05-01T10:00:00Z', 30) }, // 12
      { serial_number: serialA, ...at('2025-05-01T10:00:00Z', 15) }, // 13: below 5's 20
      { ean, ...at('2025-03-01T10:00:00Z', 10) }, // 14: the same as row 0
    ]);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ created: 6, unchanged: 1, failed: 8 });
    expect(response.body.errors).toEqual({
      '3': { ean: ['No tariff device is on this consumption point on 2024-12-31.'] },
      '7': { serial_number: ['No tariff device has this serial number.'] },
      '8': { ean: ['No consumption point has this EAN.'] },
      '9': { ean: ['Enter a valid EAN: 18 digits with a valid GS1 check digit.'] },
      '10': {
        non_field_errors: [
          'Name the device by one of tariff_device, serial_number or ean, not several.',
        ],
      },
      '11': { serial_number: ['This field may not be blank.'] },
      '12': { ean: ['This field may not be null.'] },
      '13': {
        obis_181: [
          'The register cannot decrease: an earlier reading of this device has 20.000 kWh.',
        ],
      },
    });
    expect(await stored(a)).toEqual(['2024-12-31 2.000', '2025-03-01 10.000', '2025-04-01 20.000']);
    expect(await stored(b)).toEqual(['2025-06-30 4.000', '2025-08-01 5.000', '2025-09-01 9.000']);
    const cs = await bulk(
      [
        { ean, ...at('2024-12-31T22:30:00Z', 1) },
        { serial_number: 'NO-SUCH-METER', ...at('2025-04-01T10:00:00Z', 1) },
        { ean: newEan(), ...at('2025-04-01T10:00:00Z', 1) },
        { tariff_device: a, ean, ...at('2025-04-01T10:00:00Z', 1) },
      ],
      'cs',
    );
    expect(cs.body.errors).toEqual({
      '0': { ean: ['Na tomto odběrném místě není 2024-12-31 žádné tarifní zařízení.'] },
      '1': { serial_number: ['Žádné tarifní zařízení nemá toto výrobní číslo.'] },
      '2': { ean: ['Žádné odběrné místo nemá tento EAN.'] },
      '3': {
        non_field_errors: [
          'Zařízení určete jen jedním z polí tariff_device, serial_number nebo ean.',
        ],
      },
    });
  });

  it('records each created reading in the audit log as a single create does', async () => {
    const id = await device();
    const single = await context.server.request('/measurements/', {
      method: 'POST',
      token: context.admin,
      body: reading(id, 1, 10.5, 2, 0),
    });
    expect(single.status).toBe(201);
    const serial = (await context.server.request(`/tariffdevices/${id}/`, { token: context.admin }))
      .body.serial_number;
    const { tariff_device: _id, ...rest } = reading(id, 2, 11.25, 3, 0.5);
    expect((await bulk([{ serial_number: serial, ...rest }])).body.created).toBe(1);
    const rows = await context.server.request(
      `/measurements/?filter=tariff_device=${id}&sort=timestamp_received`,
      { token: context.admin },
    );
    const history = async (row: { id: number }) =>
      (await context.server.request(`/measurements/${row.id}/history/`, { token: context.admin }))
        .body.results[0];
    const [first, second] = [
      await history(rows.body.results[0]),
      await history(rows.body.results[1]),
    ];
    expect(first.action).toBe('create');
    expect(second.action).toBe('create');
    expect(second.user.email).toBe(DEMO_USERS.admin);
    expect(second.user).toEqual(first.user);
    expect(Object.keys(second.changes).sort()).toEqual(Object.keys(first.changes).sort());
    expect(second.changes).toEqual({
      tariff_device: [null, id],
      timestamp_received: [null, '2025-01-03T00:00:00Z'],
      obis_181: [null, '11.250'],
      obis_182: [null, '3.000'],
      obis_280: [null, '0.500'],
      to_check: [null, false],
    });
    expect(first.changes.obis_181).toEqual([null, '10.500']);
  });
});
