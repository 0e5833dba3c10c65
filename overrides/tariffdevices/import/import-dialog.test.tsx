/** @vitest-environment jsdom */
import { File as NodeFile } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { descriptorsByName } from '../../../src/generated/descriptors';
import { mergeOverrides, ResourcePage, type ResourceDescriptor } from '../../../src/resources';
import {
  fakeRequest,
  renderWithProviders,
  type Call,
} from '../../../src/resources/test-support/render';
import { inTimeZone } from '../../../src/resources/test-support/time-zone';
import { overrides } from '../../index';
import type { BulkAnswer } from './run-import';

// Times are shown and written in the browser's zone: Prague's here.
inTimeZone('Europe/Prague');

const merged = mergeOverrides(descriptorsByName, overrides);

/** jsdom's File lacks `stream()`: Node's has it, and is what the dialog reads. */
function csvFile(text: string): File {
  return new NodeFile([text], 'readings.csv', { type: 'text/csv' }) as unknown as File;
}

const FILE = [
  'Výrobní číslo;Čas odečtu;VT;NT;Výroba',
  'EM-1;2025-01-02T06:00:00Z;1 234,5;17;0',
  'EM-1;2025-01-03T06:00:00Z;1 240,5;18;0',
  '',
  'NOPE;2025-01-03T06:00:00Z;1;1;0',
].join('\r\n');

function page(
  handle: (call: Call) => Promise<{ data: unknown }> | { data: unknown },
  byName: Readonly<Record<string, ResourceDescriptor>> = merged,
  locale: 'en' | 'cs' = 'en',
) {
  const { request, calls } = fakeRequest((call) =>
    call.method === 'POST' ? handle(call) : { data: { count: 0, results: [] } },
  );
  renderWithProviders(<ResourcePage descriptor={byName.tariffdevices!} />, {
    request,
    overrides,
    descriptorsByName: byName,
    locale,
  });
  return calls;
}

async function openWith(
  text: string,
  names = { button: 'Import readings', dialog: 'Import readings from a file' },
) {
  await userEvent.click(await screen.findByRole('button', { name: names.button }));
  const dialog = await screen.findByRole('dialog', { name: names.dialog });
  const input = dialog.querySelector<HTMLInputElement>('input[type=file]')!;
  await userEvent.upload(input, csvFile(text));
  return dialog;
}

afterEach(() => vi.restoreAllMocks());

describe('Import readings', () => {
  it('previews the columns and rows, imports, counts and lists the refused rows', async () => {
    const calls = page(() => ({
      data: {
        created: 1,
        unchanged: 1,
        failed: 1,
        errors: { '2': { serial_number: ['No tariff device has this serial number.'] } },
        to_check: {},
      } satisfies BulkAnswer,
    }));
    const dialog = await openWith(FILE);
    expect(
      await within(dialog).findByText(/readings\.csv: .*UTF-8, separated by semicolons/),
    ).toBeTruthy();
    expect(within(dialog).getByText('Serial number ← „Výrobní číslo“')).toBeTruthy();
    const preview = within(dialog).getByRole('table', {
      name: 'The first rows as they will be sent',
    });
    const rows = within(preview).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Serial number EM-1');
    expect(rows[0]!.textContent).toContain('1,234.5');
    // Judged by the server's dry run before anything is stored: its words, by row.
    expect(
      await within(dialog).findByText(
        'All 3 rows checked before importing: 1 refused, none to check.',
      ),
    ).toBeTruthy();
    expect(within(preview).getAllByRole('row')[3]!.textContent).toContain(
      'Refused Výrobní číslo: No tariff device has this serial number.',
    );
    const dryRuns = calls.filter(
      (call) => call.method === 'POST' && (call.options.query as { validate?: number })?.validate,
    );
    expect(dryRuns).toHaveLength(1);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('The import is finished.')).toBeTruthy();
    const bulk = calls.filter(
      (call) => call.method === 'POST' && !(call.options.query as { validate?: number })?.validate,
    );
    expect(bulk).toHaveLength(1);
    expect(bulk[0]!.path).toBe('/measurements/bulk/');
    expect(bulk[0]!.options.body).toEqual([
      {
        serial_number: 'EM-1',
        timestamp_received: '2025-01-02T06:00:00Z',
        obis_181: '1234.5',
        obis_182: '17',
        obis_280: '0',
      },
      {
        serial_number: 'EM-1',
        timestamp_received: '2025-01-03T06:00:00Z',
        obis_181: '1240.5',
        obis_182: '18',
        obis_280: '0',
      },
      {
        serial_number: 'NOPE',
        timestamp_received: '2025-01-03T06:00:00Z',
        obis_181: '1',
        obis_182: '1',
        obis_280: '0',
      },
    ]);
    const count = (id: string) => dialog.querySelector(`[data-count="overrides.import.${id}"]`)!;
    expect(count('created').textContent).toBe('1');
    expect(count('unchanged').textContent).toBe('1');
    expect(count('refused').textContent).toBe('1');
    const refused = within(dialog).getByRole('table', { name: 'Refused rows' });
    expect(within(refused).getAllByRole('row')[1]!.textContent).toBe(
      '5NOPE1/3/2025, 7:00 AMVýrobní číslo: No tariff device has this serial number.',
    );

    // The download: the refused rows as written, with their row and reason.
    let saved: Blob | undefined;
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved = blob;
      return 'blob:refused';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Download refused rows (CSV)' }),
    );
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(saved!);
    });
    expect(text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'Row;Výrobní číslo;Čas odečtu;VT;NT;Výroba;Reason',
      '5;NOPE;2025-01-03T06:00:00Z;1;1;0;Výrobní číslo: No tariff device has this serial number.',
    ]);
  });

  it.each([
    [
      'en',
      '1/2/2025, 7:00 AM',
      { button: 'Import readings', dialog: 'Import readings from a file' },
    ],
    ['cs', '2. 1. 2025 7:00', { button: 'Importovat odečty', dialog: 'Import odečtů ze souboru' }],
  ] as const)(
    'previews the reading times as the lists show date-times, without seconds (%s)',
    async (locale, shown, names) => {
      page(() => ({ data: { created: 3, unchanged: 0, failed: 0, errors: {} } }), merged, locale);
      const dialog = await openWith(FILE, names);
      const preview = await within(dialog).findByRole('table');
      const first = within(preview).getAllByRole('row')[1]!;
      expect(within(first).getAllByRole('cell')[2]!.textContent).toBe(shown);
    },
  );

  it('checks every row of a long file before importing, in the import’s chunks', async () => {
    // 10,002 readings: two dry runs (10,000 + 2); the last row is refused, the one before flagged.
    const lines = ['serial;time;ht;lt;production'];
    for (let i = 0; i < 10_002; i++) lines.push(`EM-1;2025-01-01T00:00:00Z;${i};0;0`);
    const calls = page((call) => {
      const body = call.options.body as unknown[];
      const last = body.length - 1;
      const failed = body.length < 10_000 ? 1 : 0;
      return {
        data: {
          created: body.length - failed,
          unchanged: 0,
          failed,
          errors: body.length < 10_000 ? { [last]: { obis_181: ['Too high.'] } } : {},
          to_check: body.length < 10_000 ? { [last - 1]: ['A jump.'] } : {},
        } satisfies BulkAnswer,
      };
    });
    const dialog = await openWith(lines.join('\n'));
    expect(
      await within(dialog).findByText(
        'All 10,002 rows checked before importing: 1 refused, 1 to check.',
      ),
    ).toBeTruthy();
    const dryRuns = calls.filter(
      (call) => call.method === 'POST' && (call.options.query as { validate?: number })?.validate,
    );
    expect(dryRuns.map((call) => (call.options.body as unknown[]).length)).toEqual([10_000, 2]);
    const preview = within(dialog).getByRole('table', {
      name: 'The first rows as they will be sent',
    });
    // The file's rows 10,002 and 10,003 (the header is row 1), after the first ten.
    const rows = within(preview).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.getAttribute('data-row')).slice(-2)).toEqual(['10002', '10003']);
    expect(rows.at(-2)!.textContent).toContain('To check A jump.');
    expect(rows.at(-1)!.textContent).toContain('Refused');
    expect(rows.at(-1)!.textContent).toContain('Too high.');
  });

  it('says so when the rows could not be checked, and still imports', async () => {
    const calls = page((call) => {
      if ((call.options.query as { validate?: number })?.validate) {
        throw new TypeError('Failed to fetch');
      }
      const body = call.options.body as unknown[];
      return {
        data: {
          created: body.length,
          unchanged: 0,
          failed: 0,
          errors: {},
          to_check: {},
        } satisfies BulkAnswer,
      };
    });
    const dialog = await openWith(FILE);
    expect(
      await within(dialog).findByText(
        'The rows could not be checked with the server; the import still judges each row.',
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByText(/Checking the rows/)).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(await within(dialog).findByText('The import is finished.')).toBeTruthy();
    expect(
      calls.filter(
        (call) =>
          call.method === 'POST' && !(call.options.query as { validate?: number })?.validate,
      ),
    ).toHaveLength(1);
  });

  it('shows progress and stops when cancelled', async () => {
    // 25,000 readings: three chunks; the server answers none until the request is aborted.
    const lines = ['serial;time;ht;lt;production'];
    for (let i = 0; i < 25_000; i++) lines.push(`EM-1;2025-01-01T00:00:00Z;${i};0;0`);
    let aborted = 0;
    const calls = page(
      (call) =>
        new Promise((_resolve, reject) => {
          call.options.signal?.addEventListener('abort', () => {
            // The preview's dry run is stopped by the import too; only the import's count.
            if (!(call.options.query as { validate?: number })?.validate) aborted += 1;
            reject(new DOMException('aborted', 'AbortError'));
          });
        }),
    );
    const imports = () =>
      calls.filter(
        (call) =>
          call.method === 'POST' && !(call.options.query as { validate?: number })?.validate,
      );
    const dialog = await openWith(lines.join('\n'));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByRole('progressbar', { name: 'Import progress' }),
    ).toBeTruthy();
    await waitFor(() => expect(imports()).toHaveLength(2));
    expect(within(dialog).getByRole('status').textContent).toBe(
      '20,000 rows read: 0 created, 0 unchanged, 0 refused',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel import' }));
    expect(await within(dialog).findByText(/The import was cancelled/)).toBeTruthy();
    expect(aborted).toBe(2);
    expect(imports()).toHaveLength(2);
  });

  it('refuses to start without the columns it needs', async () => {
    const calls = page(() => ({ data: {} }));
    const dialog = await openWith('serial;time;ht\nEM-1;2025-01-01;1\n');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The file lacks these columns: LT 1.8.2 (kWh) and Production 2.8.0 (kWh).',
    );
    expect(within(dialog).getByRole('button', { name: 'Import' }).hasAttribute('disabled')).toBe(
      true,
    );
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('steps aside on a back-end without the bulk endpoint', async () => {
    const { extraActions: _extraActions, ...operations } = merged.measurements!.operations;
    const plain = { ...merged, measurements: { ...merged.measurements!, operations } };
    page(() => ({ data: {} }), plain);
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Import readings' })).toBeNull();
  });
});
