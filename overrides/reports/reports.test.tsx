/** @vitest-environment jsdom */
import { resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileMap } from '../../codegen/lib/files';
import { buildResources } from '../../codegen/emit/generate';
import { parseSchemaFiles } from '../../codegen/emit/schema-input';
import { buildMenus } from '../../src/app/menus';
import { descriptors, descriptorsByName } from '../../src/generated/descriptors';
import { mergeOverrides, screenOverride, type ResourceDescriptor } from '../../src/resources';
import {
  fakeRequest,
  renderWithProviders,
  type Call,
} from '../../src/resources/test-support/render';
import { inTimeZone } from '../../src/resources/test-support/time-zone';
import { overrides } from '../index';
import { publishesReports } from './index';
import type { ApiSchema } from '../../src/api';
import { monthsBetween, pivotMonthly, silentByMonth } from './report-data';
import ReportsPage from './reports-page';

/** What the fake uPlot was given: one entry per plot created. */
const plots = vi.hoisted(
  () => [] as { options: { series: { label?: string }[] }; data: unknown[][] }[],
);

// jsdom has no canvas: a stand-in records what the chart hands uPlot (the drawing itself is
// checked in Chromium by tests/e2e/billing.spec.ts).
vi.mock('uplot', () => {
  class FakePlot {
    static paths = { bars: () => () => null };
    width = 0;
    constructor(options: { series: { label?: string }[] }, data: unknown[][]) {
      plots.push({ options, data });
    }
    setSize() {}
    destroy() {}
  }
  return { default: FakePlot };
});

afterEach(() => {
  plots.length = 0;
  vi.restoreAllMocks();
});

// Times are shown and written in the browser's zone: Prague's here.
inTimeZone('Europe/Prague');

const merged = mergeOverrides(descriptorsByName, overrides);
const NBSP = /[\u00a0\u202f ]/g;
const text = (element: Element | null) => (element?.textContent ?? '').replace(NBSP, ' ');

const totals = [
  {
    month: '2026-01',
    kind: 'energy_ht',
    label: 'Energy, high tariff',
    amount: '620.30',
    invoices: 2,
  },
  {
    month: '2026-01',
    kind: 'production',
    label: 'Production bought',
    amount: '-12.34',
    invoices: 1,
  },
  {
    month: '2026-02',
    kind: 'energy_ht',
    label: 'Energy, high tariff',
    amount: '1234567.89',
    invoices: 3,
  },
];
const silent: ApiSchema<'SilentPoint'>[] = [
  {
    point: 3,
    ean: '859182400000000903',
    name: 'Byt 3',
    contract: 7,
    contract_no: 'S-7',
    distribution_tariff_code: 'D02d',
    device: null,
    serial_number: null,
    last_reading: null,
    days_since: null,
  },
  {
    point: 2,
    ean: '859182400000000902',
    name: 'Byt 2',
    contract: 7,
    contract_no: 'S-7',
    distribution_tariff_code: 'D25d',
    device: 11,
    serial_number: 'EM-11',
    last_reading: '2026-02-20T10:00:00Z',
    days_since: 277,
  },
];

function server(call: Call) {
  if (call.path === '/reports/billing-totals/') return { data: totals };
  if (call.path === '/reports/consumption-by-rate/')
    return {
      data: [
        {
          month: '2026-01',
          distribution_tariff_code: 'D02d',
          ht_mwh: '0.1',
          lt_mwh: '0.02',
          mwh: '0.12',
          devices: 1,
        },
      ],
    };
  if (call.path === '/reports/points-without-reading/')
    return {
      data: {
        days: Number(call.options.query?.days),
        as_of: '2026-11-24',
        count: 5,
        results: silent,
      },
    };
  throw new Error(`unexpected ${call.path}`);
}

function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

/** Catches the next download: its file's text and name. */
function catchDownloads() {
  const files: Blob[] = [];
  const names: string[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        files.push(blob);
        return 'blob:test';
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return { files, names };
}

describe('the reports page', () => {
  it('shows the billing totals: exact amounts, a chart per kind, and a CSV', async () => {
    const { request, calls } = fakeRequest(server);
    const downloads = catchDownloads();
    renderWithProviders(<ReportsPage descriptor={merged.reports!} />, {
      request,
      locale: 'en',
      url: '/reports',
    });
    expect(screen.getByRole('heading', { name: 'Reports' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Billing totals', selected: true })).toBeTruthy();
    const table = await screen.findByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => text(row));
    expect(rows).toEqual([
      'MonthItemInvoicesAmount (CZK)',
      'January 2026Energy, high tariff2620.30',
      'January 2026Production bought1-12.34',
      'February 2026Energy, high tariff31,234,567.89',
    ]);
    // Twelve months up to this one are asked for.
    const query = calls[0]!.options.query as { from: string; to: string };
    expect(monthsBetween(query.from, query.to)).toHaveLength(12);
    expect(await screen.findByRole('img', { name: /Chart of billing totals/ })).toBeTruthy();
    await waitFor(() => expect(plots).toHaveLength(1));
    expect(plots[0]!.options.series.slice(1).map((series) => series.label)).toEqual([
      'Energy, high tariff',
      'Production bought',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(downloads.names[0]).toMatch(/^billing-totals-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readBlob(downloads.files[0]!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv).toEqual([
      'Month,Item,Invoices,Amount (CZK)',
      '2026-01,"Energy, high tariff",2,620.30',
      '2026-01,Production bought,1,-12.34',
      '2026-02,"Energy, high tariff",3,1234567.89',
    ]);
  });

  it('asks again for the months chosen', async () => {
    const { request, calls } = fakeRequest(server);
    renderWithProviders(<ReportsPage descriptor={merged.reports!} />, {
      request,
      locale: 'en',
      url: '/reports?report=consumption-by-rate',
    });
    const table = await screen.findByRole('table');
    expect(text(within(table).getAllByRole('row')[1]!)).toBe('January 2026D02d0.1000.0200.1201');
    expect(await screen.findByRole('img', { name: /Chart of consumption/ })).toBeTruthy();
    await waitFor(() => expect(plots.at(-1)?.options.series.slice(1)).toHaveLength(1));
    expect(plots.at(-1)!.options.series[1]!.label).toBe('D02d');
    const downloads = catchDownloads();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(downloads.names[0]).toMatch(/^consumption-by-rate-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readBlob(downloads.files[0]!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv).toEqual([
      'Month,Distribution rate,High tariff (MWh),Low tariff (MWh),Total (MWh),Meters',
      '2026-01,D02d,0.1,0.02,0.12,1',
    ]);
    const from = screen.getByLabelText('From month');
    await userEvent.clear(from);
    await userEvent.type(from, '2025-06');
    await waitFor(() => expect(calls.at(-1)?.options.query).toMatchObject({ from: '2025-06' }));
    expect(calls.every((call) => call.path === '/reports/consumption-by-rate/')).toBe(true);
  });

  it('charts the consumption per rate and exports it as CSV with decimal commas in Czech', async () => {
    const { request } = fakeRequest(server);
    const downloads = catchDownloads();
    renderWithProviders(<ReportsPage descriptor={merged.reports!} />, {
      request,
      locale: 'cs',
      url: '/reports?report=consumption-by-rate',
    });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await waitFor(() => expect(plots).toHaveLength(1));
    expect(plots[0]!.options.series.slice(1).map((series) => series.label)).toEqual(['D02d']);
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(downloads.names[0]).toMatch(/^consumption-by-rate-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = (await readBlob(downloads.files[0]!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv).toHaveLength(2);
    expect(csv[0]!.split(';')).toHaveLength(6);
    expect(csv[1]).toBe('2026-01;D02d;0,1;0,02;0,12;1');
  });

  it('lists the points without a reading, linking to their records, in Czech', async () => {
    // The CSV writes local time with its offset (docs/product.md), Prague's in this file.
    const { request, calls } = fakeRequest(server);
    const downloads = catchDownloads();
    renderWithProviders(<ReportsPage descriptor={merged.reports!} />, {
      request,
      locale: 'cs',
      url: '/reports?report=points-without-reading',
    });
    expect(screen.getByRole('tab', { name: 'Místa bez odečtu', selected: true })).toBeTruthy();
    expect(text(await screen.findByRole('status'))).toBe('5 míst (zobrazeno 2)');
    expect(calls[0]!.options.query).toEqual({ days: 30 });
    const links = screen.getAllByRole('link', { name: 'S-7' });
    expect(links[0]!.getAttribute('href')).toBe('/contracts/7');
    expect(screen.getByRole('link', { name: 'EM-11' }).getAttribute('href')).toBe(
      '/tariffdevices/11',
    );
    expect(screen.getByText('bez elektroměru')).toBeTruthy();
    expect(screen.getByText('nikdy')).toBeTruthy();
    // The lists' date-time (src/i18n/dates.ts), in Prague time.
    expect(screen.getByText('20. 2. 2026 11:00')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads.names).toHaveLength(1));
    const csv = (await readBlob(downloads.files[0]!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(csv[0]).toBe(
      'EAN;Odběrné místo;Smlouva;Distribuční sazba;Elektroměr;Poslední odečet;Dní od odečtu',
    );
    expect(csv[2]).toBe('859182400000000902;Byt 2;S-7;D25d;EM-11;2026-02-20T11:00:00+01:00;277');
    const days = screen.getByLabelText('Dní bez odečtu');
    await userEvent.clear(days);
    await userEvent.type(days, '90');
    await waitFor(() => expect(calls.at(-1)?.options.query).toEqual({ days: 90 }));
  });
});

describe('dates in the reports', () => {
  it('shows the last reading as the lists show a date-time, in English too', async () => {
    const { request } = fakeRequest(server);
    renderWithProviders(<ReportsPage descriptor={merged.reports!} />, {
      request,
      locale: 'en',
      url: '/reports?report=points-without-reading',
    });
    // `4/1/2025` as in the lists, not `dateStyle: 'medium'` (`Feb 20, 2026, 11:00 AM`).
    expect(await screen.findByText('2/20/2026, 11:00 AM')).toBeTruthy();
  });
});

describe('the reports data', () => {
  it('pivots rows into one series per key over the months, gaps as null', () => {
    const months = monthsBetween('2025-12', '2026-02');
    expect(months).toEqual(['2025-12', '2026-01', '2026-02']);
    const chart = pivotMonthly(
      totals,
      months,
      (row) => row.kind,
      (row) => row.label,
      (row) => Number(row.amount),
    );
    expect(chart.series).toEqual([
      { key: 'energy_ht', label: 'Energy, high tariff', values: [null, 620.3, 1234567.89] },
      { key: 'production', label: 'Production bought', values: [null, -12.34, null] },
    ]);
    expect(monthsBetween('2026-02', '2026-01')).toEqual([]);
  });

  it('counts the silent points per month of their last reading', () => {
    const chart = silentByMonth(
      [...silent, { ...silent[1]!, point: 4, last_reading: '2025-12-31T22:00:00Z' }],
      'Points',
    );
    expect(chart.months).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(chart.series[0]!.values).toEqual([1, 0, 1]);
  });
});

describe('where the reports come from', () => {
  it('takes the reports resource’s page and REPORTS when the API publishes the reports', () => {
    expect(publishesReports(descriptorsByName.reports)).toBe(true);
    expect(merged.reports!.privilege).toBe('REPORTS');
    expect(screenOverride(merged.reports!, overrides, merged)).toBeDefined();
    const menus = buildMenus(
      mergeOverrides(descriptors, overrides),
      (privilege) => privilege === 'REPORTS',
    );
    expect(menus.settings.map((entry) => entry.path)).toContain('/reports');
  });

  it('leaves a reports resource without the endpoints its generic list', () => {
    const plain: ResourceDescriptor = {
      ...descriptorsByName.reports!,
      operations: { ...descriptorsByName.reports!.operations, extraActions: undefined },
    };
    const byName = mergeOverrides({ ...descriptorsByName, reports: plain }, overrides);
    expect(byName.reports!.privilege).toBe(plain.privilege);
    expect(screenOverride(byName.reports!, overrides, byName)).toBeUndefined();
  });

  it('offers no entry on a plain DRF back-end (tests/fixtures/drf)', async () => {
    const fixture = resolve(process.cwd(), 'tests/fixtures/drf');
    const drf = buildResources(parseSchemaFiles(await readFileMap(fixture))).map(
      ({ descriptor }) => descriptor,
    );
    const menus = buildMenus(mergeOverrides(drf, overrides), () => true);
    expect([...menus.main, ...menus.settings].map((entry) => entry.path)).not.toContain('/reports');
  });
});
