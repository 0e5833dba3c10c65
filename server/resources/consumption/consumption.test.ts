import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTariffDevice, signedInServerForFile } from '../../test-support/server';
import { MAX_SPAN_DAYS } from './consumption';

const context = signedInServerForFile();

let serial = 0;
/** A new tariff device; its id. */
const device = () => createTariffDevice(context.server, context.admin, `CONS-${(serial += 1)}`);

/** Stores readings `[instant, HT, LT, production]` through the bulk endpoint. */
async function read(id: number, rows: readonly (readonly [string, number, number, number])[]) {
  const response = await context.server.request('/measurements/bulk/', {
    method: 'POST',
    token: context.admin,
    body: rows.map(([at, a, b, c]) => ({
      tariff_device: id,
      timestamp_received: at,
      obis_181: a.toFixed(3),
      obis_182: b.toFixed(3),
      obis_280: c.toFixed(3),
    })),
  });
  expect(response.body).toMatchObject({ failed: 0, created: rows.length });
}

function consumption(id: number | string, query: string, token = context.admin, lang?: string) {
  return context.server.request(`/tariffdevices/${id}/consumption/?${query}`, { token, lang });
}

/** The answer as `start HT LT production` lines, `-` for null, for compact assertions. */
function lines(
  body: {
    start: string;
    ht_kwh: string | null;
    lt_kwh: string | null;
    production_kwh: string | null;
  }[],
) {
  return body.map((b) =>
    [b.start, b.ht_kwh ?? '-', b.lt_kwh ?? '-', b.production_kwh ?? '-'].join(' '),
  );
}

describe('GET /tariffdevices/{id}/consumption/', () => {
  it('sums register differences per day, each in the bucket of the later reading', async () => {
    const id = await device();
    await read(id, [
      ['2025-01-31T10:00:00Z', 100, 50, 0], // before the period: the base of the first difference
      ['2025-02-01T10:00:00Z', 110, 55, 1],
      ['2025-02-01T20:00:00Z', 112.5, 55, 1],
      ['2025-02-04T08:00:00Z', 130, 70, 4], // three days later: all on 4 February
    ]);
    const response = await consumption(id, 'from=2025-02-01&to=2025-02-05&bucket=day');
    expect(response.status).toBe(200);
    expect(lines(response.body)).toEqual([
      '2025-02-01 12.500 5.000 1.000',
      '2025-02-02 - - -',
      '2025-02-03 - - -',
      '2025-02-04 17.500 15.000 3.000',
      '2025-02-05 - - -',
    ]);
  });

  it('cuts days at Prague midnight across both DST changes (23- and 25-hour days)', async () => {
    const id = await device();
    await read(id, [
      ['2025-03-28T12:00:00Z', 0, 0, 0],
      ['2025-03-29T23:30:00Z', 1, 0, 0], // 30 March 00:30 CET
      ['2025-03-30T21:59:00Z', 3, 0, 0], // 30 March 23:59 CEST
      ['2025-03-30T22:30:00Z', 7, 0, 0], // 31 March 00:30 CEST
      ['2025-10-25T22:30:00Z', 10, 0, 0], // 26 October 00:30 CEST
      ['2025-10-26T22:59:00Z', 20, 0, 0], // 26 October 23:59 CET
      ['2025-10-26T23:00:00Z', 40, 0, 0], // 27 October 00:00 CET
    ]);
    const spring = await consumption(id, 'from=2025-03-29&to=2025-03-31');
    expect(lines(spring.body)).toEqual([
      '2025-03-29 - - -',
      '2025-03-30 3.000 0.000 0.000',
      '2025-03-31 4.000 0.000 0.000',
    ]);
    const autumn = await consumption(id, 'from=2025-10-26&to=2025-10-27');
    expect(lines(autumn.body)).toEqual([
      '2025-10-26 13.000 0.000 0.000',
      '2025-10-27 20.000 0.000 0.000',
    ]);
  });

  it('groups by ISO week from Monday and by month, widening the period to whole buckets', async () => {
    const id = await device();
    await read(id, [
      ['2025-01-01T12:00:00Z', 0, 0, 0],
      ['2025-01-05T12:00:00Z', 2, 1, 0], // Sunday: week of 30 December 2024
      ['2025-01-06T12:00:00Z', 5, 1, 0], // Monday
      ['2025-01-31T23:30:00Z', 9, 2, 1], // 1 February 00:30 in Prague
      ['2025-02-10T12:00:00Z', 10, 4, 1],
    ]);
    const weeks = await consumption(id, 'from=2025-01-02&to=2025-01-12&bucket=week');
    expect(lines(weeks.body)).toEqual([
      '2024-12-30 2.000 1.000 0.000',
      '2025-01-06 3.000 0.000 0.000',
    ]);
    const months = await consumption(id, 'from=2025-01-15&to=2025-02-15&bucket=month');
    expect(lines(months.body)).toEqual([
      '2025-01-01 5.000 1.000 0.000',
      '2025-02-01 5.000 3.000 1.000',
    ]);
  });

  it('shows a register that went down (a meter exchange) as a gap, not as negative consumption', async () => {
    const id = await device();
    await read(id, [
      ['2025-05-01T12:00:00Z', 5000, 3000, 10],
      ['2025-05-02T12:00:00Z', 5010, 3004, 10],
    ]);
    // The API refuses a lower reading; a meter exchange reaches the table by other ways.
    await context.server.database.db.execute(sql`
      insert into measurements (tariff_device_id, timestamp_received, obis_181, obis_182, obis_280)
      values (${id}, '2025-05-03T12:00:00Z', 2, 3100, 10), (${id}, '2025-05-04T12:00:00Z', 9, 3101, 12)`);
    const response = await consumption(id, 'from=2025-05-02&to=2025-05-04');
    expect(lines(response.body)).toEqual([
      '2025-05-02 10.000 4.000 0.000',
      '2025-05-03 - 96.000 0.000',
      '2025-05-04 7.000 1.000 2.000',
    ]);
    const month = await consumption(id, 'from=2025-05-01&to=2025-05-31&bucket=month');
    expect(lines(month.body)).toEqual(['2025-05-01 - 101.000 2.000']);
  });

  it('answers buckets of a device without readings as unknown', async () => {
    const id = await device();
    const response = await consumption(id, 'from=2025-01-01&to=2025-03-31&bucket=month');
    expect(lines(response.body)).toEqual([
      '2025-01-01 - - -',
      '2025-02-01 - - -',
      '2025-03-01 - - -',
    ]);
  });

  it.each([
    ['to=2025-01-01', { from: ['This field is required.'] }],
    ['from=2025-01-01', { to: ['This field is required.'] }],
    [
      'from=1.1.2025&to=2025-02-30',
      {
        from: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
        to: ['Date has wrong format. Use one of these formats instead: YYYY-MM-DD.'],
      },
    ],
    ['from=2025-01-01&to=2025-01-02&bucket=hour', { bucket: ['"hour" is not a valid choice.'] }],
    [
      'from=2025-02-01&to=2025-01-01',
      { to: ['The end of the period must not be before its start.'] },
    ],
    [
      'from=2020-01-01&to=2025-01-01&bucket=day',
      { to: [`The period may span at most ${MAX_SPAN_DAYS.day} days for this bucket.`] },
    ],
  ])('refuses %s with a 400 naming the parameter', async (query, errors) => {
    const id = await device();
    const response = await consumption(id, query);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(errors);
  });

  it('accepts the longest allowed period, and speaks Czech', async () => {
    const id = await device();
    const ok = await consumption(id, 'from=2023-01-01&to=2025-12-31&bucket=week');
    expect(ok.status).toBe(200);
    const cs = await consumption(id, 'from=2025-02-01&to=2025-01-01', context.admin, 'cs');
    expect(cs.body).toEqual({ to: ['Konec období nesmí být před jeho začátkem.'] });
  });

  it('is gated by the measurements privilege: 401 without a token, 403 without TARIFF', async () => {
    const id = await device();
    const query = 'from=2025-01-01&to=2025-01-31';
    expect(
      (await context.server.request(`/tariffdevices/${id}/consumption/?${query}`)).status,
    ).toBe(401);
    const refused = await consumption(id, query, context.clerk);
    expect(refused.status).toBe(403);
    expect(refused.body).toHaveProperty('detail');
    // The privilege comes before the parameters: no hint about them to a refused caller.
    expect((await consumption(id, 'bucket=hour', context.clerk)).status).toBe(403);
  });

  it('answers 404 for an unknown device or an id that names none', async () => {
    const query = 'from=2025-01-01&to=2025-01-31';
    expect((await consumption(999_999, query)).status).toBe(404);
    expect((await consumption('abc', query)).status).toBe(404);
    expect((await consumption('99999999999', query)).status).toBe(404);
  });

  it('is published in the OpenAPI document with its parameters and privilege', async () => {
    const doc = (await context.server.request('/schema/', { token: context.admin })).body;
    const op = doc.paths['/api/v1/tariffdevices/{id}/consumption/'].get;
    expect(op.operationId).toBe('tariffdevices_consumption');
    expect(op['x-privilege']).toBe('TARIFF');
    expect(op.parameters.map((p: { name: string }) => p.name)).toEqual([
      'id',
      'from',
      'to',
      'bucket',
    ]);
    expect(doc.components.schemas.ConsumptionBucket.required).toEqual([
      'ht_kwh',
      'lt_kwh',
      'production_kwh',
      'start',
    ]);
  });
});
