/**
 * Readings to check (docs/billing.md "Readings to check") through the API: a reading whose
 * consumption since the previous one is implausible is stored flagged `to_check` (single
 * create and bulk, with the reasons), listed by the `to_check` filter, refused by billing,
 * and confirmed by a person (the bulk action `confirm`, or unticking it); the bulk ingest's
 * dry run judges without storing. The worked example's meter: a 3×25 A main fuse (414 kWh a
 * day at most).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { startOfDay } from '../../billing';
import { storeBillingExample, type BillingExample } from '../../test-support/billing-example';
import { signedInServerForFile } from '../../test-support/server';
import { medianDailyKwhs, medianDailyKwh, pragueDay } from '../plausibility';

const context = signedInServerForFile();
let example: BillingExample;

const day = (iso: string) => new Date(startOfDay(iso)).toISOString();
const reading = (iso: string, high: number, low: number) => ({
  tariff_device: example.device,
  timestamp_received: day(iso),
  obis_181: high.toFixed(3),
  obis_182: low.toFixed(3),
  obis_280: '0.000',
});

function request(path: string, options: { method?: string; body?: unknown; lang?: string } = {}) {
  return context.server.request(path, { token: context.admin, ...options });
}

/** The example's readings as `day high to_check`, oldest first. */
async function stored(): Promise<string[]> {
  const response = await request(
    `/measurements/?filter=tariff_device=${example.device}&sort=timestamp_received&page_size=500`,
  );
  return response.body.results.map(
    (row: { timestamp_received: string; obis_181: string; to_check: boolean }) =>
      `${pragueDay(new Date(row.timestamp_received))} ${row.obis_181}${row.to_check ? ' to check' : ''}`,
  );
}

beforeAll(async () => {
  example = await storeBillingExample(context.server.database.db);
  // The example reads 1,410 HT + 541 LT kWh on 11 February; then 10 + 3 kWh a day to 31 March.
  const daily = Array.from({ length: 48 }, (_, i) => {
    const date = new Date(Date.UTC(2025, 1, 12 + i)).toISOString().slice(0, 10);
    return reading(date, 1410 + 10 * (i + 1), 541 + 3 * (i + 1));
  });
  const answer = await request('/measurements/bulk/', { method: 'POST', body: daily });
  expect(answer.body).toMatchObject({ created: 48, failed: 0, to_check: {} });
});

describe('readings to check', () => {
  it('takes the median daily consumption in the database as the rule defines it', async () => {
    const rows = (
      await request(
        `/measurements/?filter=tariff_device=${example.device}&sort=timestamp_received&page_size=500`,
      )
    ).body.results as { timestamp_received: string; obis_181: string; obis_182: string }[];
    const before = new Date(Date.UTC(2025, 3, 1));
    const [fromDatabase] = await medianDailyKwhs(context.server.database.db, [
      { device: example.device, before },
    ]);
    const defined = medianDailyKwh(
      rows
        .filter((row) => Date.parse(row.timestamp_received) < before.getTime())
        .map((row) => ({
          at: Date.parse(row.timestamp_received),
          high: row.obis_181,
          low: row.obis_182,
        })),
    );
    expect(fromDatabase?.toNumber()).toBeCloseTo(defined!.toNumber(), 9);
    expect(defined?.toString()).toBe('13');
  });

  it('stores an implausible reading flagged, a plausible one not', async () => {
    const usual = await request('/measurements/', {
      method: 'POST',
      body: reading('2025-04-01', 1900 + 10, 685 + 3),
    });
    expect(usual.status).toBe(201);
    expect(usual.body.to_check).toBe(false);
    // 200 kWh in a day: over 10 × 13 kWh, under the fuse's 414 kWh.
    const jump = await request('/measurements/', {
      method: 'POST',
      body: reading('2025-04-02', 2110, 688),
    });
    expect(jump.status).toBe(201);
    expect(jump.body.to_check).toBe(true);
    // A client cannot unflag it on create.
    const sneaky = await request('/measurements/', {
      method: 'POST',
      body: { ...reading('2025-04-03', 2900, 700), to_check: false },
    });
    expect(sneaky.body.to_check).toBe(true);
  });

  it('judges a bulk row the same, says why in the request’s language, and a dry run stores nothing', async () => {
    const body = [reading('2025-04-04', 2913, 703), reading('2025-04-05', 90_010, 703)];
    const dry = await request('/measurements/bulk/?validate=1', {
      method: 'POST',
      body,
      lang: 'cs',
    });
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ created: 2, failed: 0 });
    expect(Object.keys(dry.body.to_check)).toEqual(['1']);
    expect(dry.body.to_check['1']).toEqual([
      expect.stringMatching(
        /^Ke kontrole: 87\u00a0097,000 kWh od předchozího odečtu je víc, než dovoluje 10× medián/,
      ),
      'Ke kontrole: 87\u00a0097,000 kWh od předchozího odečtu je víc, než hlavní jistič za tu dobu propustí (414,000 kWh).',
    ]);
    expect((await stored()).filter((row) => row >= '2025-04-04')).toEqual([]);
    const real = await request('/measurements/bulk/', { method: 'POST', body });
    expect(real.body).toMatchObject({ created: 2, failed: 0 });
    expect(real.body.to_check['1'][1]).toBe(
      'To check: 87,097.000 kWh since the previous reading is more than the main fuse can carry in that time (414.000 kWh).',
    );
    expect((await stored()).filter((row) => row >= '2025-04-01')).toEqual([
      '2025-04-01 1910.000',
      '2025-04-02 2110.000 to check',
      '2025-04-03 2900.000 to check',
      '2025-04-04 2913.000',
      '2025-04-05 90010.000 to check',
    ]);
  });

  it('lists them by the to_check filter', async () => {
    const response = await request('/measurements/?filter=to_check=true&sort=timestamp_received');
    expect(response.status).toBe(200);
    expect(
      response.body.results.map((row: { timestamp_received: string }) =>
        pragueDay(new Date(row.timestamp_received)),
      ),
    ).toEqual(['2025-04-02', '2025-04-03', '2025-04-05']);
  });

  it('keeps them out of billing until a person confirms them', async () => {
    const preview = () =>
      request(`/contracts/${example.contract}/bill-preview/?from=2025-03-01&to=2025-04-04`);
    const refused = await preview();
    expect(refused.status).toBe(422);
    expect(refused.body.reasons).toEqual([
      expect.objectContaining({
        code: 'reading_to_check',
        day: '2025-04-02',
        device_id: example.device,
        message: expect.stringMatching(
          /^Point 85918249\d{10} – Example point \d+: the reading of meter EXAMPLE-\d+ on 2025-04-02 is to check; confirm or correct it \(Readings to check\) before billing\.$/,
        ),
      }),
    ]);
    // March alone does not depend on them.
    expect(
      (await request(`/contracts/${example.contract}/bill-preview/?from=2025-03-01&to=2025-04-01`))
        .status,
    ).toBe(200);

    const flagged = (await request('/measurements/?filter=to_check=true')).body.results.map(
      (row: { id: number }) => row.id,
    );
    // Two confirmed at once by the bulk action, as the to-check list offers it.
    const confirm = await request('/measurements/bulk/confirm/', {
      method: 'POST',
      body: { ids: flagged.slice(0, 2) },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({ action: 'confirm', count: 2, failed: [] });
    // The third by unticking it in its dialog.
    const untick = await request(`/measurements/${flagged[2]}/`, {
      method: 'PATCH',
      body: { to_check: false },
    });
    expect(untick.status).toBe(200);
    expect((await request('/measurements/?filter=to_check=true')).body.count).toBe(0);
    expect((await preview()).status).toBe(200);
  });

  it('publishes the confirm action and the flag', async () => {
    const document = (await context.server.request('/schema/')).body;
    const list = document.paths['/api/v1/measurements/'].get;
    expect(list['x-bulk-actions']).toEqual([{ name: 'confirm', label: 'Confirm' }]);
    expect(document.paths['/api/v1/measurements/bulk/confirm/'].post.operationId).toBe(
      'measurements_bulk_confirm',
    );
    expect(document.components.schemas.Measurement.properties.to_check.type).toBe('boolean');
  });

  it('judges a corrected reading again', async () => {
    const created = await request('/measurements/', {
      method: 'POST',
      body: reading('2025-04-06', 90_023, 706),
    });
    expect(created.body.to_check).toBe(false);
    const typo = await request(`/measurements/${created.body.id}/`, {
      method: 'PATCH',
      body: { obis_181: '95000' },
    });
    expect(typo.body.to_check).toBe(true);
    const fixed = await request(`/measurements/${created.body.id}/`, {
      method: 'PATCH',
      body: { obis_181: '90023' },
    });
    expect(fixed.body.to_check).toBe(false);
  });

  it('confirms by a filter only the readings still to check, leaving the others unaudited', async () => {
    const created = await request('/measurements/', {
      method: 'POST',
      body: reading('2025-04-07', 90_030, 706),
    });
    const typo = await request(`/measurements/${created.body.id}/`, {
      method: 'PATCH',
      body: { obis_181: '96000' },
    });
    expect(typo.body.to_check).toBe(true);
    const all = (await request('/measurements/')).body.count;
    const audited = (await request('/audit/')).body.count;
    const confirm = await request('/measurements/bulk/confirm/', {
      method: 'POST',
      body: { filter: {} },
    });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({ action: 'confirm', count: all, failed: [] });
    expect(confirm.body.succeeded).toHaveLength(all);
    expect((await request('/measurements/?filter=to_check=true')).body.count).toBe(0);
    // One change audited: the reading that was to check.
    expect((await request('/audit/')).body.count).toBe(audited + 1);
  });
});
