/**
 * One import of a readings file (docs/product.md): the file's records, mapped to bulk rows, sent
 * to `POST /measurements/bulk/` in chunks within the endpoint's limits, two chunks in flight
 * so the server never waits for the browser; the answers summed into created / unchanged /
 * refused, and each refused record kept with its row number, its cells and the server's
 * reasons. Works on any `Blob` (a `File` in the browser, `fs.openAsBlob` in the bench) and
 * any `send` (the SPA's `request`, or `fetch`).
 */
import type { ApiSchema } from '../../../src/api';
import { isBlankRecord, toBulkRow, type BulkRow, type ColumnMapping } from './mapping';
import { readRecords, type FileFormat } from './records';

/** Most readings per request: the endpoint's `maxItems` (`MAX_BULK_READINGS` on the server). */
export const MAX_ROWS_PER_REQUEST = 10_000;

/** Most JSON per request, well under the endpoint's 16 MiB body limit. */
export const MAX_BYTES_PER_REQUEST = 8 * 1024 * 1024;

/** Requests sent before the first of them is answered. */
export const REQUESTS_IN_FLIGHT = 2;

/** Refused records kept for the list and the download; beyond, they are only counted. */
export const MAX_KEPT_REFUSED = 100_000;

/** Field errors of a refused row, as the API answers them: `{"field": ["message"]}`. */
export type RowErrors = Readonly<Record<string, readonly string[]>>;

/**
 * The answer of `POST /measurements/bulk/` (`MeasurementBulkResult`): its `errors` are
 * keyed by index in the request's body (a string key).
 */
export type BulkAnswer = ApiSchema<'MeasurementBulkResult'>;

/** Sends one chunk; rejects on a refused request (4xx/5xx), a lost connection or an abort. */
export type SendChunk = (rows: readonly BulkRow[], signal: AbortSignal) => Promise<BulkAnswer>;

/** A refused record of the file. */
export interface RefusedRow {
  /** 1-based record number in the file (the header row is 1). */
  readonly row: number;
  /** The record's cells as written. */
  readonly cells: readonly string[];
  readonly errors: RowErrors;
}

/** A record stored flagged "to check" (a dry run: that would be), with the server's reasons. */
export interface FlaggedRow {
  /** 1-based record number in the file (the header row is 1). */
  readonly row: number;
  readonly cells: readonly string[];
  readonly reasons: readonly string[];
}

/** Sums of the answers so far. */
export interface ImportCounts {
  readonly created: number;
  readonly unchanged: number;
  readonly refused: number;
  /** Of the created, those flagged to check (docs/billing.md "Readings to check"). */
  readonly toCheck: number;
}

/** How far an import has got. */
export interface ImportProgress extends ImportCounts {
  /** Data records read from the file so far (blank lines not counted). */
  readonly read: number;
  /** Bytes of the file whose records are answered, of `bytesTotal`. */
  readonly bytesDone: number;
  readonly bytesTotal: number;
}

/** How an import ended. */
export interface ImportOutcome extends ImportProgress {
  /** `done`: every record answered; `cancelled` by the user; `failed`: a request was refused. */
  readonly status: 'done' | 'cancelled' | 'failed';
  /** The refused records in file order, at most {@link ImportOptions.keep}. */
  readonly refusedRows: readonly RefusedRow[];
  /** The records flagged to check in file order, at most {@link ImportOptions.keep}. */
  readonly flaggedRows: readonly FlaggedRow[];
  /** The error that stopped a failed import. */
  readonly error?: unknown;
  /** First record number of the chunk that failed (failed only). */
  readonly failedFromRow?: number;
}

/** What {@link runImport} needs. */
export interface ImportOptions {
  readonly file: Blob;
  readonly format: FileFormat;
  readonly mapping: ColumnMapping;
  readonly send: SendChunk;
  /** Aborting it cancels the import: no more reading, the requests in flight aborted. */
  readonly signal?: AbortSignal;
  /** Called at the start, after each chunk sent and after each chunk answered. */
  readonly onProgress?: (progress: ImportProgress) => void;
  /** @default {@link MAX_ROWS_PER_REQUEST} */
  readonly rowsPerRequest?: number;
  /** @default {@link REQUESTS_IN_FLIGHT} */
  readonly inFlight?: number;
  /** Most refused (and flagged) records kept; @default {@link MAX_KEPT_REFUSED} */
  readonly keep?: number;
}

/** A chunk on its way. */
interface Chunk {
  readonly rows: BulkRow[];
  readonly rowNumbers: number[];
  readonly cells: string[][];
  /** Bytes of the file read when the chunk was complete. */
  bytesRead: number;
  bytes: number;
}

const newChunk = (): Chunk => ({ rows: [], rowNumbers: [], cells: [], bytesRead: 0, bytes: 0 });

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * Imports the records of `options.file` (after the header row, when the mapping has one).
 * Resolves when every record is answered, the user cancelled, or a request failed; never
 * rejects for those (see {@link ImportOutcome.status}). A file that cannot be read (e.g. an
 * `UnendedRecordError`) is a failed outcome too.
 */
export async function runImport(options: ImportOptions): Promise<ImportOutcome> {
  const { file, format, mapping, send, onProgress } = options;
  const rowsPerRequest = Math.min(
    options.rowsPerRequest ?? MAX_ROWS_PER_REQUEST,
    MAX_ROWS_PER_REQUEST,
  );
  const inFlight = Math.max(1, options.inFlight ?? REQUESTS_IN_FLIGHT);
  // One controller for the reading and the requests: the user's cancel, or a failed chunk.
  const controller = new AbortController();
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel);
  if (options.signal?.aborted) controller.abort();

  let created = 0;
  let unchanged = 0;
  let refused = 0;
  let toCheck = 0;
  let read = 0;
  let bytesDone = 0;
  const keep = options.keep ?? MAX_KEPT_REFUSED;
  const refusedRows: RefusedRow[] = [];
  const flaggedRows: FlaggedRow[] = [];
  let failure: { error: unknown; fromRow?: number } | undefined;
  const progress = (): ImportProgress => ({
    created,
    unchanged,
    refused,
    toCheck,
    read,
    bytesDone,
    bytesTotal: file.size,
  });

  const answer = (chunk: Chunk, result: BulkAnswer) => {
    created += result.created;
    unchanged += result.unchanged;
    refused += result.failed;
    for (const [key, errors] of Object.entries(result.errors)) {
      const index = Number(key);
      if (refusedRows.length < keep && chunk.rowNumbers[index] !== undefined)
        refusedRows.push({ row: chunk.rowNumbers[index]!, cells: chunk.cells[index]!, errors });
    }
    for (const [key, reasons] of Object.entries(result.to_check ?? {})) {
      const index = Number(key);
      toCheck += 1;
      if (flaggedRows.length < keep && chunk.rowNumbers[index] !== undefined)
        flaggedRows.push({ row: chunk.rowNumbers[index]!, cells: chunk.cells[index]!, reasons });
    }
    bytesDone = Math.max(bytesDone, chunk.bytesRead);
    onProgress?.(progress());
  };

  const pending: Promise<void>[] = [];
  const dispatch = (chunk: Chunk) => {
    const sent = send(chunk.rows, controller.signal).then(
      (result) => answer(chunk, result),
      (error: unknown) => {
        if (!failure && !controller.signal.aborted)
          failure = { error, fromRow: chunk.rowNumbers[0] };
        controller.abort();
      },
    );
    pending.push(sent);
  };

  onProgress?.(progress());
  let chunk = newChunk();
  let rowNumber = 0;
  try {
    for await (const piece of readRecords(file, format, controller.signal)) {
      for (const cells of piece.records) {
        rowNumber += 1;
        if ((rowNumber === 1 && mapping.header) || isBlankRecord(cells)) continue;
        const row = toBulkRow(cells, mapping);
        read += 1;
        chunk.rows.push(row);
        chunk.rowNumbers.push(rowNumber);
        chunk.cells.push(cells);
        chunk.bytes += 100 + cells.reduce((sum, value) => sum + value.length, 0);
        if (chunk.rows.length >= rowsPerRequest || chunk.bytes >= MAX_BYTES_PER_REQUEST) {
          chunk.bytesRead = piece.bytesRead;
          dispatch(chunk);
          chunk = newChunk();
          onProgress?.(progress());
          // Two chunks out: wait for the older before reading on (the file is not read
          // faster than the server takes it).
          if (pending.length >= inFlight) await pending.shift();
          if (controller.signal.aborted) break;
        }
      }
      if (controller.signal.aborted) break;
      chunk.bytesRead = piece.bytesRead;
    }
    if (!controller.signal.aborted && chunk.rows.length > 0) {
      chunk.bytesRead = file.size;
      dispatch(chunk);
    }
  } catch (error) {
    if (!isAbort(error) && !failure) failure = { error };
    controller.abort();
  }
  await Promise.all(pending);
  options.signal?.removeEventListener('abort', cancel);
  if (!failure && !options.signal?.aborted) bytesDone = file.size;
  refusedRows.sort((a, b) => a.row - b.row);
  flaggedRows.sort((a, b) => a.row - b.row);
  const status = failure ? 'failed' : options.signal?.aborted ? 'cancelled' : 'done';
  return {
    ...progress(),
    status,
    refusedRows,
    flaggedRows,
    ...(failure ? { error: failure.error, failedFromRow: failure.fromRow } : {}),
  };
}
