/**
 * Reading a CSV file of any size as records, a piece at a time (docs/product.md: "a 100 MB file
 * must not freeze the tab"). The file's bytes are read as a stream (`Blob.stream()`) and
 * decoded by one `TextDecoder` carried across pieces; each piece is cut after its last line
 * end outside quotes and parsed by Papa Parse (`papaparse`) as a string; the rest waits for
 * the next piece. Between pieces the caller's `await` (sending a chunk of readings) lets the
 * browser breathe, and the next bytes are read only when they are wanted, so memory holds
 * one piece and what is in flight, never the file.
 *
 * Why not Papa Parse's own file streaming (`Papa.parse(file, { chunk })`): it decodes each
 * byte slice on its own, so a multi-byte character cut by a slice edge turns into U+FFFD,
 * and its `pause()` does not hold back reading (mholt/PapaParse#751, #1132). Here the
 * decoder and the cutting are ours, and Papa Parse parses whole records.
 */
import Papa from 'papaparse';
import { detectDelimiter } from './mapping';

/** How a file is written. */
export interface FileFormat {
  /** `utf-8` (with or without a byte order mark), else what a Czech Windows writes. */
  readonly encoding: 'utf-8' | 'windows-1250';
  readonly delimiter: ';' | ',' | '\t';
}

/** Bytes read to tell the format and show the preview. */
export const SNIFF_BYTES = 64 * 1024;

/** Longest text without a record end before the file is refused (an unclosed quote). */
export const MAX_RECORD_CHARS = 1024 * 1024;

/** Thrown when a record never ends within {@link MAX_RECORD_CHARS} (an unclosed quote). */
export class UnendedRecordError extends Error {
  /** 1-based number of the record that does not end. */
  readonly row: number;

  constructor(row: number) {
    super(`Record ${row} does not end (an unclosed quote?)`);
    this.name = 'UnendedRecordError';
    this.row = row;
  }
}

/** Index just past the last line end (`\n`) outside quotes in `text`; 0 when none. */
export function completeRecordsEnd(text: string): number {
  if (!text.includes('"')) return text.lastIndexOf('\n') + 1;
  let quoted = false;
  let end = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 34) quoted = !quoted;
    else if (code === 10 && !quoted) end = i + 1;
  }
  return end;
}

/**
 * The records of `text` (whole records, e.g. up to {@link completeRecordsEnd}): a blank line
 * is a record of one empty cell; the empty record after a final line end is not a record.
 */
export function parseRecords(text: string, delimiter: FileFormat['delimiter']): string[][] {
  if (text === '') return [];
  const { data } = Papa.parse<string[]>(text, { delimiter, skipEmptyLines: false });
  if (text.endsWith('\n') && data.length > 0) data.pop();
  return data;
}

/** The first line of `text` (without its line end). */
function firstLine(text: string): string {
  const end = text.indexOf('\n');
  return (end < 0 ? text : text.slice(0, end)).replace(/\r$/, '');
}

/** The format of a file and its first records (those within {@link SNIFF_BYTES}). */
export interface Sniffed {
  readonly format: FileFormat;
  readonly records: string[][];
}

/**
 * Tells the encoding (valid UTF-8, else windows-1250) and delimiter of `file` from its first
 * {@link SNIFF_BYTES} and parses the whole records among them.
 */
export async function sniffFile(file: Blob): Promise<Sniffed> {
  const bytes = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  let encoding: FileFormat['encoding'] = 'utf-8';
  try {
    // `stream: true`: a character cut by the sniff's end is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
  } catch {
    encoding = 'windows-1250';
  }
  const whole = file.size <= SNIFF_BYTES;
  const text = new TextDecoder(encoding).decode(bytes, { stream: !whole });
  const delimiter = detectDelimiter(firstLine(text));
  const records = parseRecords(whole ? text : text.slice(0, completeRecordsEnd(text)), delimiter);
  return { format: { encoding, delimiter }, records };
}

/** A piece of a file: its records and how far the reading has got. */
export interface RecordPiece {
  readonly records: string[][];
  /** Bytes of the file read so far. */
  readonly bytesRead: number;
}

/**
 * The records of `file`, a piece at a time, in order. Stops (returns) when `signal` aborts.
 *
 * @throws {UnendedRecordError} when a record does not end within {@link MAX_RECORD_CHARS}.
 */
export async function* readRecords(
  file: Blob,
  format: FileFormat,
  signal?: AbortSignal,
): AsyncGenerator<RecordPiece> {
  const reader = file.stream().getReader();
  const decoder = new TextDecoder(format.encoding);
  let carry = '';
  let bytesRead = 0;
  let recordsSoFar = 0;
  try {
    for (;;) {
      if (signal?.aborted) return;
      const { done, value } = await reader.read();
      if (done) break;
      bytesRead += value.byteLength;
      const text = carry + decoder.decode(value, { stream: true });
      const end = completeRecordsEnd(text);
      carry = text.slice(end);
      if (carry.length > MAX_RECORD_CHARS) throw new UnendedRecordError(recordsSoFar + 1);
      if (end === 0) continue;
      const records = parseRecords(text.slice(0, end), format.delimiter);
      recordsSoFar += records.length;
      yield { records, bytesRead };
    }
    const rest = carry + decoder.decode();
    if (rest !== '' && !signal?.aborted)
      yield { records: parseRecords(rest, format.delimiter), bytesRead };
  } finally {
    // Stops the file reading when the consumer leaves early (cancel, a failed chunk).
    await reader.cancel().catch(() => undefined);
  }
}
