import { describe, expect, it } from 'vitest';
import { detectColumns, type BulkRow } from './mapping';
import { completeRecordsEnd, readRecords, sniffFile, UnendedRecordError } from './records';
import { refusedTable } from './refused';
import { runImport, type BulkAnswer, type SendChunk } from './run-import';

const utf8 = (text: string) => new Blob([new TextEncoder().encode(text)]);

describe('reading records', () => {
  it('cuts after the last line end outside quotes', () => {
    expect(completeRecordsEnd('a;b\nc;d')).toBe(4);
    expect(completeRecordsEnd('a;"b\nc";d\ne')).toBe(10);
    expect(completeRecordsEnd('a;"b\nc')).toBe(0);
  });

  it('keeps characters whole across the pieces of a stream', async () => {
    // Many rows of two-byte letters: the stream's pieces end inside some of them.
    const lines = Array.from({ length: 20_000 }, (_, i) => `Měřič ${i};"žluť\n${i}"`);
    const records: string[][] = [];
    for await (const piece of readRecords(utf8(lines.join('\r\n')), {
      encoding: 'utf-8',
      delimiter: ';',
    }))
      records.push(...piece.records);
    expect(records).toHaveLength(20_000);
    expect(records[12_345]).toEqual(['Měřič 12345', 'žluť\n12345']);
    expect(records.flat().join('')).not.toContain('\ufffd');
  });

  it('tells the encoding and delimiter from the start of the file', async () => {
    const sniffed = await sniffFile(utf8('\ufeffVýrobní číslo;Čas\nEM-1;2025-01-01\n'));
    expect(sniffed.format).toEqual({ encoding: 'utf-8', delimiter: ';' });
    expect(sniffed.records).toEqual([
      ['Výrobní číslo', 'Čas'],
      ['EM-1', '2025-01-01'],
    ]);
    // "Výrobní číslo" in windows-1250: ý = 0xFD, í = 0xED, č = 0xE8.
    const cp1250 = new Uint8Array([0x56, 0xfd, 0x72, 0x6f, 0x62, 0x6e, 0xed, 0x2c, 0xe8, 0x0a]);
    const legacy = await sniffFile(new Blob([cp1250]));
    expect(legacy.format).toEqual({ encoding: 'windows-1250', delimiter: ',' });
    expect(legacy.records).toEqual([['Výrobní', 'č']]);
  });

  it('refuses a record that never ends', async () => {
    const text = `a;b\nc;"${'x'.repeat(1_100_000)}`;
    const read = async () => {
      for await (const _piece of readRecords(utf8(text), { encoding: 'utf-8', delimiter: ';' }));
    };
    await expect(read()).rejects.toBeInstanceOf(UnendedRecordError);
  });
});

const HEADER = 'serial;time;ht;lt;production';
const mapping = detectColumns(HEADER.split(';'));
const format = { encoding: 'utf-8', delimiter: ';' } as const;

/** A file of `count` readings of meter EM-1, hourly, refusing rows whose HT ends in 7. */
function file(count: number): Blob {
  const rows = Array.from(
    { length: count },
    (_, i) => `EM-1;2025-01-01T${String(i % 24).padStart(2, '0')}:00:00Z;${i},5;0;0`,
  );
  return utf8([HEADER, '', ...rows].join('\n') + '\n');
}

/** A fake endpoint: refuses rows whose HT ends in 7; records each request's rows. */
function endpoint() {
  const requests: BulkRow[][] = [];
  const send: SendChunk = async (rows) => {
    requests.push([...rows]);
    const errors: Record<string, Record<string, string[]>> = {};
    rows.forEach((row, index) => {
      if (row.obis_181.startsWith('7')) errors[index] = { obis_181: ['Too high.'] };
    });
    const failed = Object.keys(errors).length;
    return { created: rows.length - failed, unchanged: 0, failed, errors, to_check: {} };
  };
  return { requests, send };
}

describe('runImport', () => {
  it('sends the records in chunks and sums the answers, keeping refused rows', async () => {
    const { requests, send } = endpoint();
    const progress: number[] = [];
    const outcome = await runImport({
      file: file(100),
      format,
      mapping,
      send,
      rowsPerRequest: 30,
      onProgress: (p) => progress.push(p.created),
    });
    expect(requests.map((rows) => rows.length)).toEqual([30, 30, 30, 10]);
    expect(requests[0]![0]).toEqual({
      serial_number: 'EM-1',
      timestamp_received: '2025-01-01T00:00:00Z',
      obis_181: '0.5',
      obis_182: '0',
      obis_280: '0',
    });
    expect(outcome).toMatchObject({ status: 'done', read: 100, created: 89, refused: 11 });
    expect(outcome.bytesDone).toBe(outcome.bytesTotal);
    // Records 7 and 70–79 (rows 10 and 73–82: the header is row 1, a blank line row 2).
    expect(outcome.refusedRows.map((row) => row.row)).toEqual([
      10, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82,
    ]);
    expect(outcome.refusedRows[0]).toEqual({
      row: 10,
      cells: ['EM-1', '2025-01-01T07:00:00Z', '7,5', '0', '0'],
      errors: { obis_181: ['Too high.'] },
    });
    expect(progress.at(-1)).toBe(89);
    const table = refusedTable(outcome.refusedRows, mapping, {
      row: 'Row',
      reason: 'Reason',
      roleLabel: (role) => role,
    });
    expect(table[0]).toEqual(['Row', 'serial', 'time', 'ht', 'lt', 'production', 'Reason']);
    expect(table[1]).toEqual([
      '10',
      'EM-1',
      '2025-01-01T07:00:00Z',
      '7,5',
      '0',
      '0',
      'ht: Too high.',
    ]);
  });

  it('stops when cancelled and says so', async () => {
    const controller = new AbortController();
    let calls = 0;
    const send: SendChunk = (rows, signal) =>
      new Promise<BulkAnswer>((resolve, reject) => {
        calls += 1;
        if (calls === 2) controller.abort();
        if (signal.aborted) reject(new DOMException('aborted', 'AbortError'));
        else resolve({ created: rows.length, unchanged: 0, failed: 0, errors: {}, to_check: {} });
      });
    const outcome = await runImport({
      file: file(1000),
      format,
      mapping,
      send,
      rowsPerRequest: 100,
      inFlight: 1,
      signal: controller.signal,
    });
    expect(outcome.status).toBe('cancelled');
    expect(outcome.created).toBe(100);
    expect(calls).toBe(2);
  });

  it('stops at a refused request, naming its first row', async () => {
    let calls = 0;
    const send: SendChunk = async (rows) => {
      calls += 1;
      if (calls === 2) throw new Error('503');
      return { created: rows.length, unchanged: 0, failed: 0, errors: {}, to_check: {} };
    };
    const outcome = await runImport({
      file: file(1000),
      format,
      mapping,
      send,
      rowsPerRequest: 100,
      inFlight: 1,
    });
    expect(outcome).toMatchObject({ status: 'failed', created: 100, failedFromRow: 103 });
    expect(calls).toBe(2);
  });
});
