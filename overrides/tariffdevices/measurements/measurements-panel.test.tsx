/** @vitest-environment jsdom */
import { resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileMap } from '../../../codegen/lib/files';
import { buildResources } from '../../../codegen/emit/generate';
import { parseSchemaFiles } from '../../../codegen/emit/schema-input';
import { descriptorsByName } from '../../../src/generated/descriptors';
import { mergeOverrides, type ResourceDescriptor } from '../../../src/resources';
import { ResourceDialog } from '../../../src/resources/form/resource-dialog';
import {
  apiError,
  fakeRequest,
  renderWithProviders,
  type Call,
} from '../../../src/resources/test-support/render';
import { overrides } from '../../index';
import { hasConsumption } from './index';
import { pragueToday } from './readings';

/** What the fake uPlot was given: one entry per plot created. */
const plots = vi.hoisted(() => [] as { options: unknown; data: (number | null)[][] }[]);

// jsdom has no canvas: a stand-in records what the chart hands uPlot (the drawing itself is
// checked in Chromium by tests/e2e/measurements.spec.ts).
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    width = 0;
    constructor(options: unknown, data: (number | null)[][]) {
      plots.push({ options, data });
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
});

const merged = mergeOverrides(descriptorsByName, overrides);
const devices = merged.tariffdevices!;
const NBSP = /[\u00a0\u202f ]/g;
const text = (element: Element | null) => (element?.textContent ?? '').replace(NBSP, ' ');

interface StoredReading {
  id: number;
  tariff_device: number;
  timestamp_received: string;
  obis_181: string;
  obis_182: string;
  obis_280: string;
}

const device = {
  id: 1,
  collector: 3,
  collector_title: 'KC-1 Koncentrátor Praha',
  serial_number: 'EM-1',
  model: '',
  ean_production: null,
  ean_consumption: null,
  name: 'Elektroměr 1',
  calibration_date: '2020-01-15',
  active: true,
};

function reading(id: number, day: number, high: string, low: string, production = '0.000') {
  return {
    id,
    tariff_device: 1,
    timestamp_received: `2025-03-${String(day).padStart(2, '0')}T08:00:00Z`,
    obis_181: high,
    obis_182: low,
    obis_280: production,
  };
}

/** A server for device 1: its readings (newest first), consumption, collector, history. */
function server(stored: StoredReading[]) {
  const sorted = () =>
    [...stored].sort((a, b) => b.timestamp_received.localeCompare(a.timestamp_received));
  return fakeRequest((call: Call) => {
    const query = (call.options.query ?? {}) as Record<string, string | number | undefined>;
    if (call.method === 'GET' && call.path === '/tariffdevices/1/') return { data: device };
    if (call.path === '/collectors/3/')
      return {
        data: {
          id: 3,
          name: 'Praha',
          last_seen: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        },
      };
    if (call.path === '/tariffdevices/1/consumption/')
      return {
        data: [
          { start: '2025-03-01', ht_kwh: '10.500', lt_kwh: '4.000', production_kwh: '1.000' },
          { start: '2025-03-02', ht_kwh: null, lt_kwh: null, production_kwh: null },
          { start: '2025-03-03', ht_kwh: '2.000', lt_kwh: null, production_kwh: '0.000' },
        ].map((bucket) => ({ ...bucket, bucket: query.bucket })),
      };
    if (call.path === '/measurements/' && call.method === 'GET') {
      const all = sorted();
      const after = query.page_after_id;
      const start = after === undefined ? 0 : all.findIndex((r) => r.id === Number(after)) + 1;
      return {
        data: { count: all.length, results: all.slice(start, start + Number(query.page_size)) },
      };
    }
    if (call.path === '/measurements/' && call.method === 'POST') {
      const body = call.options.body as StoredReading;
      const latest = sorted()[0]!;
      if (Number(body.obis_181) < Number(latest.obis_181))
        return apiError(400, {
          obis_181: [
            `Registr nemůže klesnout: dřívější odečet tohoto zařízení má ${latest.obis_181} kWh.`,
          ],
        });
      const created = { ...body, id: stored.length + 100 };
      stored.push(created);
      return { data: created, status: 201 };
    }
    return { data: { count: 0, results: [] } };
  });
}

function open(stored: StoredReading[], locale: 'cs' | 'en' = 'cs') {
  const fake = server(stored);
  renderWithProviders(<ResourceDialog descriptor={devices} id={1} onClose={() => undefined} />, {
    request: fake.request,
    overrides,
    descriptorsByName: merged,
    locale,
  });
  return fake;
}

const threeReadings = () => [
  reading(1, 1, '1000.000', '500.000'),
  reading(2, 2, '1010.500', '504.000', '1.000'),
  reading(3, 3, '1234.500', '510.250', '2.500'),
];

beforeEach(() => {
  plots.length = 0;
});

describe('the measurements panel (docs/product.md)', () => {
  it('is offered only where the back-end publishes the consumption endpoint', () => {
    expect(hasConsumption(merged)).toBe(true);
    const without = {
      ...merged,
      tariffdevices: { ...devices, operations: { ...devices.operations, extraActions: [] } },
    };
    expect(hasConsumption(without)).toBe(false);
  });

  it('lists the readings newest first with the consumption since the previous one, in Czech numbers with kWh', async () => {
    open(threeReadings());
    const table = await screen.findByRole('table', { name: 'Odečty, nejnovější první' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(1).map(text))).toEqual([
      ['1 234,500 kWh', '510,250 kWh', '2,500 kWh', '230,250 kWh'],
      ['1 010,500 kWh', '504,000 kWh', '1,000 kWh', '14,500 kWh'],
      ['1 000,000 kWh', '500,000 kWh', '0,000 kWh', '—'],
    ]);
    // The generic measurements list is replaced, not shown beside the panel.
    expect(screen.queryByRole('button', { name: /Nový Odečty|Přidat Odečty/ })).toBeNull();
  });

  it('shows the collector, its last contact as relative time, and a past-due calibration', async () => {
    open(threeReadings());
    expect(await screen.findByText('KC-1 Koncentrátor Praha')).toBeTruthy();
    expect(await screen.findByText('před 2 hodinami')).toBeTruthy();
    expect(screen.getByText('Po termínu')).toBeTruthy();
  });

  it('draws HT and LT stacked and production as a line, with unknown buckets as gaps', async () => {
    open(threeReadings());
    await waitFor(() => expect(plots.length).toBeGreaterThan(0));
    const [x, stackTop, high, production] = plots[plots.length - 1]!.data;
    expect(x).toEqual([0, 1, 2]);
    expect(stackTop).toEqual([14.5, null, 2]);
    expect(high).toEqual([10.5, null, 2]);
    expect(production).toEqual([1, null, 0]);
    expect(screen.getByRole('img', { name: 'Spotřeba po dnech' })).toBeTruthy();
  });

  it('opens on the 30 days up to the newest reading, however old it is', async () => {
    const { calls } = open(threeReadings());
    await screen.findByRole('img', { name: 'Spotřeba po dnech' });
    const asked = calls.filter((call) => call.path === '/tariffdevices/1/consumption/');
    // Only that period: never first an empty "last 30 days".
    expect(asked.map((call) => call.options.query)).toEqual([
      { from: '2025-02-02', to: '2025-03-03', bucket: 'day' },
    ]);
    expect((screen.getByLabelText('Období') as HTMLSelectElement).value).toBe('latest');
  });

  it('shows every amount in MWh when switched, exactly', async () => {
    open(threeReadings(), 'en');
    const table = await screen.findByRole('table', { name: 'Readings, newest first' });
    await waitFor(() => expect(plots.length).toBeGreaterThan(0));
    await userEvent.click(screen.getByRole('button', { name: 'MWh' }));
    expect(screen.getByRole('button', { name: 'MWh' }).getAttribute('aria-pressed')).toBe('true');
    await waitFor(() =>
      expect(text(within(table).getAllByRole('row')[1]!)).toContain('1.234500 MWh'),
    );
    expect(text(within(table).getAllByRole('row')[1]!)).toContain('0.230250 MWh');
    await waitFor(() => expect(plots[plots.length - 1]!.data[1]).toEqual([0.0145, null, 0.002]));
    const buckets = screen.getByRole('table', { name: 'Consumption per bucket (table)' });
    expect(text(within(buckets).getAllByRole('row')[1]!)).toContain('0.0105 MWh');
  });

  it('asks the endpoint for week and month buckets when switched', async () => {
    const { calls } = open(threeReadings());
    await screen.findByRole('img', { name: 'Spotřeba po dnech' });
    await userEvent.click(screen.getByRole('button', { name: 'Týden' }));
    expect(await screen.findByRole('img', { name: 'Spotřeba po týdnech' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Měsíc' }));
    expect(await screen.findByRole('img', { name: 'Spotřeba po měsících' })).toBeTruthy();
    const buckets = calls
      .filter((call) => call.path === '/tariffdevices/1/consumption/')
      .map((call) => (call.options.query as { bucket: string }).bucket);
    expect(buckets).toEqual(['day', 'week', 'month']);
    expect(screen.getByRole('button', { name: 'Měsíc' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('refuses a custom period that ends before it starts without asking the server', async () => {
    const { calls } = open(threeReadings());
    await screen.findByRole('img', { name: 'Spotřeba po dnech' });
    await userEvent.selectOptions(screen.getByLabelText('Období'), 'custom');
    const to = screen.getByLabelText('Do');
    await userEvent.clear(to);
    await userEvent.type(to, '2000-01-01');
    expect(
      await screen.findByText('Zvolte období, jehož začátek není po jeho konci.'),
    ).toBeTruthy();
    const asked = calls.filter((call) => call.path === '/tariffdevices/1/consumption/');
    expect(asked.every((call) => (call.options.query as { to: string }).to !== '2000-01-01')).toBe(
      true,
    );
  });

  it('pre-fills the form with the newest reading and shows the server’s refusal beside the field, keeping the input', async () => {
    const { calls } = open(threeReadings());
    const high = await screen.findByLabelText('Vysoký tarif (VT) (kWh)');
    // Written as Czech writes numbers (a decimal comma), and taken back as typed.
    await waitFor(() => expect((high as HTMLInputElement).value).toBe('1234,500'));
    expect((screen.getByLabelText('Nízký tarif (NT) (kWh)') as HTMLInputElement).value).toBe(
      '510,250',
    );
    await userEvent.clear(high);
    await userEvent.type(high, '1200,5');
    await userEvent.click(screen.getByRole('button', { name: 'Přidat odečet' }));
    const message = await screen.findByText(
      'Registr nemůže klesnout: dřívější odečet tohoto zařízení má 1234.500 kWh.',
    );
    expect(message.closest('.bp6-form-group')?.contains(high)).toBe(true);
    expect(high.getAttribute('aria-invalid')).toBe('true');
    expect((high as HTMLInputElement).value).toBe('1200,5');
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.options.body).toMatchObject({ tariff_device: 1, obis_181: '1200.5' });
  });

  it('checks the numbers before sending', async () => {
    const { calls } = open(threeReadings());
    const production = await screen.findByLabelText('Výroba (kWh)');
    await userEvent.clear(production);
    await userEvent.type(production, '12,34567');
    await userEvent.click(screen.getByRole('button', { name: 'Přidat odečet' }));
    expect(
      await screen.findByText(
        'Zadejte kWh jako číslo s nejvýše 3 desetinnými místy, např. 1234,5.',
      ),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows a new reading in the table and asks for the chart again, without a reload', async () => {
    const stored = threeReadings();
    const { calls } = open(stored);
    const high = await screen.findByLabelText('Vysoký tarif (VT) (kWh)');
    await waitFor(() => expect((high as HTMLInputElement).value).toBe('1234,500'));
    await userEvent.clear(high);
    await userEvent.type(high, '1300');
    const before = calls.filter((call) => call.path === '/tariffdevices/1/consumption/').length;
    await userEvent.click(screen.getByRole('button', { name: 'Přidat odečet' }));
    expect(await screen.findByText('Odečet byl přidán.')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Odečty, nejnovější první' });
    await waitFor(() =>
      expect(text(within(table).getAllByRole('row')[1]!)).toContain('1 300,000 kWh'),
    );
    expect(text(within(table).getAllByRole('row')[1]!)).toContain('65,500 kWh');
    // The chart asked again, now for the 30 days up to the new reading (today).
    const asked = calls.filter((call) => call.path === '/tariffdevices/1/consumption/');
    expect(asked.length).toBeGreaterThan(before);
    expect((asked[asked.length - 1]!.options.query as { to: string }).to).toBe(
      pragueToday(new Date()),
    );
    // The form starts again from the new reading.
    await waitFor(() => expect((high as HTMLInputElement).value).toBe('1300'));
  });

  it('pages to older readings by keyset (page_after_id) and back', async () => {
    const many = Array.from({ length: 25 }, (_, i) =>
      reading(i + 1, i + 1, (1000 + i).toFixed(3), '0.000'),
    );
    const { calls } = open(many);
    const table = await screen.findByRole('table', { name: 'Odečty, nejnovější první' });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    await userEvent.click(screen.getByRole('button', { name: 'Starší' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Odečty, nejnovější první' })).getAllByRole('row'),
      ).toHaveLength(6),
    );
    const paged = calls.filter((call) => call.path === '/measurements/' && call.method === 'GET');
    expect(
      (paged[paged.length - 1]!.options.query as { page_after_id?: number }).page_after_id,
    ).toBe(6);
    await userEvent.click(screen.getByRole('button', { name: 'Novější' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('table', { name: 'Odečty, nejnovější první' })).getAllByRole('row'),
      ).toHaveLength(21),
    );
  });
});

describe('the measurements panel on a plain DRF back-end (tests/fixtures/drf)', async () => {
  const fixture = resolve(process.cwd(), 'tests/fixtures/drf');
  const resources = buildResources(parseSchemaFiles(await readFileMap(fixture)));
  const drf: Record<string, ResourceDescriptor> = Object.fromEntries(
    resources.map(({ descriptor }) => [descriptor.name, descriptor]),
  );

  function openDrf(byName: Record<string, ResourceDescriptor>) {
    const mergedDrf = mergeOverrides(byName, overrides);
    const fake = fakeRequest((call) => {
      if (call.path === '/tariffdevices/1/') return { data: device };
      if (call.path === '/measurements/')
        return { data: { count: 1, results: [reading(1, 1, '777.000', '1.000')] } };
      return { data: { count: 0, results: [] } };
    });
    renderWithProviders(
      <ResourceDialog descriptor={mergedDrf.tariffdevices!} id={1} onClose={() => undefined} />,
      { request: fake.request, overrides, descriptorsByName: mergedDrf, locale: 'en' },
    );
    return fake.calls;
  }

  it('has no consumption endpoint, so the panel steps aside', () => {
    expect(drf.tariffdevices?.operations.extraActions).toBeUndefined();
    expect(hasConsumption(drf)).toBe(false);
  });

  it('opens the device dialog without the panel and without asking an unlisted endpoint', async () => {
    const calls = openDrf(drf);
    await waitFor(() => expect(document.querySelector('input[id$="serial_number"]')).toBeTruthy());
    expect(screen.queryByTestId('measurements-panel')).toBeNull();
    expect(
      calls.map((call) => call.path).filter((path) => /consumption|collectors/.test(path)),
    ).toEqual([]);
  });

  it('shows the generic related list where the back-end declares readings as the device’s children', async () => {
    const withParent = { ...drf, measurements: { ...drf.measurements!, parent: 'tariff_device' } };
    const calls = openDrf(withParent);
    expect(await screen.findByText('777.000', { exact: false })).toBeTruthy();
    expect(screen.queryByTestId('measurements-panel')).toBeNull();
    expect(calls.some((call) => call.path.includes('consumption'))).toBe(false);
  });
});
