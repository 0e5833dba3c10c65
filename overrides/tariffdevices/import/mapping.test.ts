import { describe, expect, it } from 'vitest';
import {
  detectColumns,
  detectDelimiter,
  foldHeader,
  roleOfHeader,
  tidyDecimal,
  tidyTimestamp,
  toBulkRow,
} from './mapping';

/** ISO 8601 with the test machine's offset, of a local date-time. */
function local(...parts: [number, number, number, number?, number?, number?]): number {
  const [year, month, day, hour = 0, minute = 0, second = 0] = parts;
  return new Date(year, month - 1, day, hour, minute, second).getTime();
}

describe('header names', () => {
  it.each([
    ['Výrobní číslo', 'serial_number'],
    ['serial_number', 'serial_number'],
    ['EAN', 'ean'],
    ['Zařízení', 'device'],
    ['Čas odečtu', 'timestamp_received'],
    ['timestamp_received', 'timestamp_received'],
    ['Vysoký tarif 1.8.1 (kWh)', 'obis_181'],
    ['High tariff 1.8.1 (kWh)', 'obis_181'],
    ['VT', 'obis_181'],
    ['NT [kWh]', 'obis_182'],
    ['obis_182', 'obis_182'],
    ['Výroba 2.8.0', 'obis_280'],
    ['production', 'obis_280'],
    ['Poznámka', undefined],
    ['', undefined],
  ])('%j is %s', (name, role) => {
    expect(roleOfHeader(name)).toBe(role);
  });

  it('folds case, accents and punctuation, and drops the unit', () => {
    expect(foldHeader('  Vysoký Tarif – 1.8.1 (kWh) ')).toBe('vysoky_tarif_1_8_1');
  });
});

describe('detectColumns', () => {
  it('maps a header row and names what is missing', () => {
    const mapping = detectColumns(['Výrobní číslo', 'Čas', 'VT', 'Poznámka', 'NT']);
    expect(mapping.header).toBe(true);
    expect(mapping.columns).toEqual({
      serial_number: 0,
      timestamp_received: 1,
      obis_181: 2,
      obis_182: 4,
    });
    expect(mapping.missing).toEqual(['obis_280']);
  });

  it('reads a file without a header in the order device, time, HT, LT, production', () => {
    const mapping = detectColumns(['EM-1', '2025-01-01 00:00', '1,5', '2', '0']);
    expect(mapping.header).toBe(false);
    expect(mapping.columns).toEqual({
      device: 0,
      timestamp_received: 1,
      obis_181: 2,
      obis_182: 3,
      obis_280: 4,
    });
    expect(mapping.missing).toEqual([]);
    expect(detectColumns(['EM-1', '2025-01-01']).missing).toEqual([
      'obis_181',
      'obis_182',
      'obis_280',
    ]);
  });
});

describe('detectDelimiter', () => {
  it('takes ; when the first line has one outside quotes, else a tab, else ,', () => {
    expect(detectDelimiter('serial;time;ht;lt;production')).toBe(';');
    expect(detectDelimiter('"a;b",time,ht')).toBe(',');
    expect(detectDelimiter('serial\ttime')).toBe('\t');
    expect(detectDelimiter('serial,time,ht')).toBe(',');
  });
});

describe('tidyDecimal', () => {
  it.each([
    ['1234,5', '1234.5'],
    ['1 234,567', '1234.567'],
    ['1\u00a0234,5', '1234.5'],
    ['1\u202f234.5', '1234.5'],
    ["1'234.5", '1234.5'],
    ['12', '12'],
    [' 0,000 ', '0.000'],
    ['1,234.5', '1,234.5'],
    ['12 kWh', '12 kWh'],
    ['abc', 'abc'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(tidyDecimal(input)).toBe(output);
  });
});

describe('tidyTimestamp', () => {
  it('keeps a time with a zone as written', () => {
    expect(tidyTimestamp(' 2025-01-03T06:00:00Z ')).toBe('2025-01-03T06:00:00Z');
    expect(tidyTimestamp('2025-01-03 06:00+01:00')).toBe('2025-01-03 06:00+01:00');
  });

  it.each([
    ['2025-01-03 06:30', local(2025, 1, 3, 6, 30)],
    ['2025-01-03T06:30:15', local(2025, 1, 3, 6, 30, 15)],
    ['2025-07-03', local(2025, 7, 3)],
    ['3. 1. 2025 6:30', local(2025, 1, 3, 6, 30)],
    ['03.01.2025 06:30:15', local(2025, 1, 3, 6, 30, 15)],
    ['3.7.2025', local(2025, 7, 3)],
  ])('reads %j in the local time zone, with its offset', (input, instant) => {
    const tidy = tidyTimestamp(input);
    expect(tidy).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
    expect(Date.parse(tidy)).toBe(instant);
  });

  it('leaves what names no moment as written', () => {
    expect(tidyTimestamp('31. 2. 2025 6:00')).toBe('31. 2. 2025 6:00');
    expect(tidyTimestamp('2025-01-03 24:00')).toBe('2025-01-03 24:00');
    expect(tidyTimestamp('yesterday')).toBe('yesterday');
  });
});

describe('toBulkRow', () => {
  const withBoth = detectColumns(['serial', 'ean', 'time', 'ht', 'lt', 'production']);
  const mixed = detectColumns(['device', 'time', 'ht', 'lt', 'production']);

  it('names the device by serial number, else by EAN', () => {
    expect(toBulkRow(['EM-1', '', '2025-01-03T06:00:00Z', '1,5', '2', '0'], withBoth)).toEqual({
      serial_number: 'EM-1',
      timestamp_received: '2025-01-03T06:00:00Z',
      obis_181: '1.5',
      obis_182: '2',
      obis_280: '0',
    });
    expect(
      toBulkRow([' ', '859182400000000017', '2025-01-03T06:00:00Z', '1', '2', '0'], withBoth),
    ).toMatchObject({ ean: '859182400000000017' });
  });

  it('tells an EAN (18 digits) from a serial number in a device column', () => {
    const row = (device: string) =>
      toBulkRow([device, '2025-01-03T06:00:00Z', '1', '2', '0'], mixed);
    expect(row('859182400000000017')).toMatchObject({ ean: '859182400000000017' });
    expect(row('EM-2400001')).toMatchObject({ serial_number: 'EM-2400001' });
    expect(row('')).toMatchObject({ serial_number: '' });
  });

  it('cuts a huge cell, so a request stays within the body limit', () => {
    const row = toBulkRow(['x'.repeat(10_000), '2025-01-03T06:00:00Z', '1', '2', '0'], mixed);
    expect(row.serial_number).toHaveLength(200);
  });
});
