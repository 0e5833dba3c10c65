/**
 * The "Import readings" dialog (docs/product.md): choose a CSV file, see what was found in it
 * (encoding, separator, the columns and the first rows as they will be sent), import it in
 * chunks with a progress bar and a cancel button, and end with created / unchanged /
 * refused counts and the refused rows with their reasons, downloadable as CSV. Loaded on
 * the first click of the toolbar action, with Papa Parse.
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import Papa from 'papaparse';
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  H2,
  H3,
  HTMLTable,
  ProgressBar,
  Tag,
} from '@blueprintjs/core';
import { unwrap } from '../../../src/api';
import {
  ImportResult,
  resourceKeys,
  useResourceRuntime,
  type ImportCount,
  formatDateTimeText,
} from '../../../src/resources';
import {
  detectColumns,
  isBlankRecord,
  toBulkRow,
  type BulkRow,
  type ColumnMapping,
  type ColumnRole,
} from './mapping';
import { importMessages as m } from './messages';
import { reasonText, refusedTable } from './refused';
import { UnendedRecordError, sniffFile, type FileFormat } from './records';
import {
  runImport,
  type ImportOutcome,
  type ImportProgress,
  type RowErrors,
  type SendChunk,
} from './run-import';

/** Rows of the preview, and refused rows listed in the dialog (all are in the download). */
const PREVIEW_ROWS = 10;

/** What the dry run said of a previewed row: refused (why) or stored flagged to check (why). */
interface RowCheck {
  readonly errors?: RowErrors;
  readonly toCheck?: readonly string[];
}
const LISTED_REFUSED = 100;

/** What the dry run found in the whole file. */
interface CheckCounts {
  readonly rows: number;
  readonly refused: number;
  readonly toCheck: number;
}

/** Props of {@link ImportDialog}. */
export interface ImportDialogProps {
  readonly onClose: () => void;
}

type Step =
  | { readonly kind: 'choose'; readonly unreadable?: boolean }
  | {
      readonly kind: 'preview';
      readonly file: File;
      readonly format: FileFormat;
      readonly mapping: ColumnMapping;
      readonly rows: readonly (readonly [number, BulkRow])[];
      /** The dry run's verdict by row number; undefined while it runs or where it failed. */
      readonly checks?: ReadonlyMap<number, RowCheck>;
      /** The dry run's counts over the whole file, once it is done. */
      readonly checked?: CheckCounts;
      /** Rows judged so far while the dry run goes through a long file in chunks. */
      readonly checking?: number;
      /** The dry run could not finish (the server or the network failed): the import still judges each row. */
      readonly checkFailed?: boolean;
    }
  | {
      readonly kind: 'running';
      readonly file: File;
      readonly mapping: ColumnMapping;
      readonly progress: ImportProgress;
    }
  | {
      readonly kind: 'finished';
      readonly file: File;
      readonly format: FileFormat;
      readonly mapping: ColumnMapping;
      readonly outcome: ImportOutcome;
    };

function roleLabeller(intl: IntlShape): (role: ColumnRole) => string {
  const labels: Record<ColumnRole, string> = {
    serial_number: intl.formatMessage(m.roleSerial),
    ean: intl.formatMessage(m.roleEan),
    device: intl.formatMessage(m.roleDevice),
    timestamp_received: intl.formatMessage(m.roleTime),
    obis_181: intl.formatMessage(m.roleHigh),
    obis_182: intl.formatMessage(m.roleLow),
    obis_280: intl.formatMessage(m.roleProduction),
  };
  return (role) => labels[role];
}

function sizeText(intl: IntlShape, bytes: number): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return intl.formatNumber(value, {
    style: 'unit',
    unit: units[unit],
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  });
}

/** The number as the language writes it, or the text as sent when it is no number. */
function numberText(intl: IntlShape, value: string): string {
  return /^\d+(\.\d+)?$/.test(value)
    ? intl.formatNumber(Number(value), { minimumFractionDigits: 0, maximumFractionDigits: 3 })
    : value;
}

/** The instant as the lists show it (src/i18n/dates.ts), as typed when it is no time. */
function timeText(intl: IntlShape, value: string): string {
  const time = Date.parse(value);
  return Number.isNaN(time) ? value : formatDateTimeText(new Date(time), intl.locale);
}

function failureText(intl: IntlShape, outcome: ImportOutcome): string {
  const { error } = outcome;
  const reason =
    error instanceof UnendedRecordError
      ? intl.formatMessage(m.unended, { row: error.row })
      : error instanceof TypeError ||
          (error as { name?: string } | undefined)?.name === 'NetworkError'
        ? intl.formatMessage(m.networkError)
        : intl.formatMessage(m.serverError);
  return outcome.failedFromRow !== undefined
    ? intl.formatMessage(m.failed, { row: outcome.failedFromRow, reason })
    : intl.formatMessage(m.failedNoRow, { reason });
}

/** The import's counts as `ImportResult` shows them. */
function counts(intl: IntlShape, progress: ImportProgress): ImportCount[] {
  return (
    [
      [m.created, progress.created],
      [m.unchanged, progress.unchanged],
      [m.refused, progress.refused],
    ] as const
  ).map(([label, value]) => ({ id: label.id, label: intl.formatMessage(label), value }));
}

function ColumnsFound({ mapping }: { mapping: ColumnMapping }) {
  const intl = useIntl();
  const label = roleLabeller(intl);
  const found = (Object.entries(mapping.columns) as [ColumnRole, number][]).sort(
    ([, a], [, b]) => a - b,
  );
  return (
    <>
      <H3>{intl.formatMessage(m.columnsTitle)}</H3>
      {!mapping.header && <p>{intl.formatMessage(m.headerless)}</p>}
      <ul>
        {found.map(([role, index]) => (
          <li key={role}>
            {label(role)} ←{' '}
            {mapping.header
              ? `„${mapping.names[index] ?? ''}“`
              : intl.formatMessage(m.columnOf, { number: index + 1 })}
          </li>
        ))}
      </ul>
      {mapping.missing.length > 0 && (
        <Callout intent="danger" role="alert">
          {intl.formatMessage(m.missing, {
            columns: intl.formatList(
              mapping.missing.map((role) => label(role === 'device' ? 'device' : role)),
            ),
          })}
        </Callout>
      )}
    </>
  );
}

function PreviewTable({
  rows,
  checks,
  checked,
  checking,
  checkFailed,
  mapping,
}: {
  rows: readonly (readonly [number, BulkRow])[];
  checks: ReadonlyMap<number, RowCheck> | undefined;
  checked: CheckCounts | undefined;
  checking: number | undefined;
  checkFailed: boolean | undefined;
  mapping: ColumnMapping;
}) {
  const intl = useIntl();
  const label = roleLabeller(intl);
  return (
    <>
      <H3>{intl.formatMessage(m.previewTitle)}</H3>
      {checkFailed ? (
        <Callout role="status" intent="warning" style={{ marginBottom: 8 }}>
          {intl.formatMessage(m.checkFailed)}
        </Callout>
      ) : checks === undefined || checked === undefined ? (
        <p role="status">
          {checking
            ? intl.formatMessage(m.checkingProgress, { done: checking })
            : intl.formatMessage(m.checking)}
        </p>
      ) : (
        <Callout
          role="status"
          intent={checked.refused > 0 ? 'danger' : checked.toCheck > 0 ? 'warning' : 'success'}
          style={{ marginBottom: 8 }}
        >
          {intl.formatMessage(m.checkedSummary, {
            checked: checked.rows,
            refused: checked.refused,
            toCheck: checked.toCheck,
          })}
        </Callout>
      )}
      <div style={{ overflowX: 'auto' }}>
        <HTMLTable compact striped aria-label={intl.formatMessage(m.previewTitle)}>
          <thead>
            <tr>
              <th scope="col">{intl.formatMessage(m.row)}</th>
              <th scope="col">{label('device')}</th>
              <th scope="col">{label('timestamp_received')}</th>
              <th scope="col">{label('obis_181')}</th>
              <th scope="col">{label('obis_182')}</th>
              <th scope="col">{label('obis_280')}</th>
              <th scope="col">{intl.formatMessage(m.check)}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([row, data]) => (
              <tr key={row} data-row={row}>
                <td>{row}</td>
                <td>
                  {data.ean !== undefined
                    ? `${label('ean')} ${data.ean}`
                    : `${label('serial_number')} ${data.serial_number ?? ''}`}
                </td>
                <td>{timeText(intl, data.timestamp_received)}</td>
                <td style={{ textAlign: 'right' }}>{numberText(intl, data.obis_181)}</td>
                <td style={{ textAlign: 'right' }}>{numberText(intl, data.obis_182)}</td>
                <td style={{ textAlign: 'right' }}>{numberText(intl, data.obis_280)}</td>
                <td>
                  <CheckCell
                    check={checks?.get(row)}
                    known={checks !== undefined}
                    mapping={mapping}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    </>
  );
}

/** The dry run's verdict of one previewed row. */
function CheckCell({
  check,
  known,
  mapping,
}: {
  check: RowCheck | undefined;
  known: boolean;
  mapping: ColumnMapping;
}) {
  const intl = useIntl();
  const label = roleLabeller(intl);
  if (!known) return null;
  if (check?.errors)
    return (
      <span className="bp6-text-danger">
        <Tag intent="danger" minimal>
          {intl.formatMessage(m.refusedTag)}
        </Tag>{' '}
        {reasonText(check.errors, mapping, label)}
      </span>
    );
  if (check?.toCheck)
    return (
      <span>
        <Tag intent="warning" minimal>
          {intl.formatMessage(m.toCheckTag)}
        </Tag>{' '}
        {check.toCheck.join(' ')}
      </span>
    );
  return (
    <Tag intent="success" minimal>
      {intl.formatMessage(m.fine)}
    </Tag>
  );
}

function downloadCsv(table: string[][], delimiter: string, name: string): void {
  const csv = `\uFEFF${Papa.unparse(table, { delimiter, newline: '\r\n', escapeFormulae: true })}`;
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

function Result({ step }: { step: Extract<Step, { kind: 'finished' }> }) {
  const intl = useIntl();
  const { outcome, mapping, format, file } = step;
  const label = roleLabeller(intl);
  const listed = outcome.refusedRows.slice(0, LISTED_REFUSED);
  const message =
    outcome.status === 'done'
      ? intl.formatMessage(m.done)
      : outcome.status === 'cancelled'
        ? intl.formatMessage(m.cancelled)
        : failureText(intl, outcome);
  const download = () => {
    const table = refusedTable(outcome.refusedRows, mapping, {
      row: intl.formatMessage(m.row),
      reason: intl.formatMessage(m.reason),
      roleLabel: label,
    });
    const base = file.name.replace(/\.[^.]*$/, '');
    downloadCsv(table, format.delimiter, `${base}-${intl.formatMessage(m.refusedFile)}.csv`);
  };
  type Refused = (typeof listed)[number];
  return (
    <ImportResult<Refused>
      intent={outcome.status === 'done' ? (outcome.refused > 0 ? 'warning' : 'success') : 'danger'}
      role={outcome.status === 'failed' ? 'alert' : 'status'}
      message={message}
      counts={counts(intl, outcome)}
      rowsTitle={intl.formatMessage(m.refusedTitle)}
      beforeRows={
        <>
          {outcome.refused > listed.length && (
            <p>
              {intl.formatMessage(m.refusedShown, {
                shown: listed.length,
                total: outcome.refused,
                kept: outcome.refusedRows.length,
              })}
            </p>
          )}
          <Button icon="download" text={intl.formatMessage(m.download)} onClick={download} />
        </>
      }
      columns={[
        { header: intl.formatMessage(m.row), cell: (row) => row.row },
        {
          header: label('device'),
          cell: (row) => {
            const data = toBulkRow(row.cells, mapping);
            return data.serial_number ?? data.ean;
          },
        },
        {
          header: label('timestamp_received'),
          // As the preview showed it (the download keeps the cells as written).
          cell: (row) => timeText(intl, toBulkRow(row.cells, mapping).timestamp_received),
        },
        {
          header: intl.formatMessage(m.reason),
          cell: (row) => reasonText(row.errors, mapping, label),
        },
      ]}
      rows={listed}
      rowKey={(row) => row.row}
    />
  );
}

/** The dialog; see the module comment. Needs the registry, react-query and react-intl above. */
export function ImportDialog({ onClose }: ImportDialogProps) {
  const intl = useIntl();
  const { api } = useResourceRuntime();
  const client = useQueryClient();
  const titleId = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const abort = useRef<AbortController | null>(null);
  /** The preview's dry run under way, stopped by another file, the import or leaving. */
  const checking = useRef<AbortController | null>(null);
  const zone = useMemo(() => Intl.DateTimeFormat().resolvedOptions().timeZone, []);
  // Leaving the dialog (unmount) stops a running import and a running check.
  useEffect(
    () => () => {
      abort.current?.abort();
      checking.current?.abort();
    },
    [],
  );

  const choose = async (file: File | undefined) => {
    if (!file) return;
    checking.current?.abort();
    try {
      const { format, records } = await sniffFile(file);
      const first = records[0];
      if (!first) throw new Error('empty');
      const mapping = detectColumns(first);
      const opening: (readonly [number, BulkRow])[] = [];
      records.forEach((cells, index) => {
        if ((index === 0 && mapping.header) || isBlankRecord(cells)) return;
        if (opening.length < PREVIEW_ROWS) opening.push([index + 1, toBulkRow(cells, mapping)]);
      });
      const preview = { kind: 'preview', file, format, mapping } as const;
      setStep({ ...preview, rows: opening });
      if (mapping.missing.length > 0 || opening.length === 0) return;
      const controller = new AbortController();
      checking.current = controller;
      const current = (update: (step: Extract<Step, { kind: 'preview' }>) => Step) =>
        setStep((step) => (step.kind === 'preview' && step.file === file ? update(step) : step));
      const failed = () => {
        if (!controller.signal.aborted) current((step) => ({ ...step, checkFailed: true }));
      };
      void check(file, format, mapping, controller.signal, (done) =>
        current((step) => ({ ...step, checking: done })),
      ).then((verdict) => {
        if (!verdict) return failed();
        // The opening rows, and every row the server would refuse or flag (up to the list's size).
        const byRow = new Map(opening);
        for (const [row, data] of verdict.rows) byRow.set(row, data);
        const shown = [...byRow].sort(([a], [b]) => a - b);
        const rows = shown.filter(
          ([row], index) => index < PREVIEW_ROWS || verdict.checks.has(row),
        );
        current(() => ({
          ...preview,
          rows: rows.slice(0, LISTED_REFUSED),
          checks: verdict.checks,
          checked: verdict.counts,
        }));
      }, failed);
    } catch {
      setStep({ kind: 'choose', unreadable: true });
    }
  };

  /**
   * The server's verdict on every row of the file by a dry run of the bulk ingest
   * (`?validate=1`: the same rules and words as the import, readings to check included;
   * nothing is stored): the file is read and sent as the import sends it (run-import.ts, in
   * chunks, so a long file is checked whole without being held in memory), and the rows it
   * would refuse or flag come back by row number, with the counts over the whole file.
   * Undefined when the back-end cannot say (the server or the network failed) or the check
   * was stopped (the import still judges each row). As in the import, a chunk is judged against what is stored, not against the
   * rows of the chunks before it.
   */
  const check = async (
    file: File,
    format: FileFormat,
    mapping: ColumnMapping,
    signal: AbortSignal,
    onProgress: (done: number) => void,
  ) => {
    const dryRun: SendChunk = async (rows, chunkSignal) =>
      unwrap(
        api.POST('/measurements/bulk/', {
          params: { query: { validate: 1 } },
          body: [...rows],
          signal: chunkSignal,
        }),
      );
    const outcome = await runImport({
      file,
      format,
      mapping,
      send: dryRun,
      signal,
      keep: LISTED_REFUSED,
      onProgress: (progress) => {
        const done = progress.created + progress.unchanged + progress.refused;
        if (done > 0) onProgress(done);
      },
    });
    if (outcome.status !== 'done') return undefined;
    const checks = new Map<number, RowCheck>();
    const rows: (readonly [number, BulkRow])[] = [];
    for (const { row, cells, errors } of outcome.refusedRows) {
      checks.set(row, { errors });
      rows.push([row, toBulkRow(cells, mapping)]);
    }
    for (const { row, cells, reasons } of outcome.flaggedRows) {
      checks.set(row, { toCheck: reasons });
      rows.push([row, toBulkRow(cells, mapping)]);
    }
    const counts: CheckCounts = {
      rows: outcome.created + outcome.unchanged + outcome.refused,
      refused: outcome.refused,
      toCheck: outcome.toCheck,
    };
    return { checks, rows, counts };
  };

  const start = async (preview: Extract<Step, { kind: 'preview' }>) => {
    const controller = new AbortController();
    abort.current = controller;
    checking.current?.abort();
    const { file, format, mapping } = preview;
    const send: SendChunk = async (rows, signal) =>
      unwrap(api.POST('/measurements/bulk/', { body: [...rows], signal }));
    setStep({
      kind: 'running',
      file,
      mapping,
      progress: {
        created: 0,
        unchanged: 0,
        refused: 0,
        toCheck: 0,
        read: 0,
        bytesDone: 0,
        bytesTotal: file.size,
      },
    });
    const outcome = await runImport({
      file,
      format,
      mapping,
      send,
      signal: controller.signal,
      onProgress: (progress) =>
        setStep((current) => (current.kind === 'running' ? { ...current, progress } : current)),
    });
    abort.current = null;
    // Open lists and panels of readings show what came in.
    void client.invalidateQueries({ queryKey: resourceKeys.all('measurements') });
    setStep({ kind: 'finished', file, format, mapping, outcome });
  };

  const running = step.kind === 'running';
  const delimiterName = (delimiter: FileFormat['delimiter']) =>
    intl.formatMessage(delimiter === ';' ? m.semicolon : delimiter === ',' ? m.comma : m.tab);

  return (
    <Dialog
      isOpen
      onClose={running ? undefined : onClose}
      canEscapeKeyClose={!running}
      canOutsideClickClose={false}
      aria-labelledby={titleId}
      style={{ width: 'min(860px, 96vw)' }}
    >
      <div className={Classes.DIALOG_HEADER}>
        <H2 id={titleId}>{intl.formatMessage(m.title)}</H2>
        <Button
          variant="minimal"
          icon="small-cross"
          aria-label={intl.formatMessage(m.close)}
          disabled={running}
          onClick={onClose}
        />
      </div>
      {/* A long preview scrolls the body: focusable, so the keyboard scrolls it too (WCAG 2.1.1). */}
      <DialogBody tabIndex={0} role="region" aria-labelledby={titleId}>
        {step.kind === 'choose' && (
          <>
            <p>{intl.formatMessage(m.help, { zone })}</p>
            <label htmlFor={`${titleId}-file`} className={Classes.LABEL}>
              {intl.formatMessage(m.chooseFile)}
            </label>
            <FileInput
              fill
              text={intl.formatMessage(m.noFile)}
              buttonText={intl.formatMessage(m.browse)}
              inputProps={{
                id: `${titleId}-file`,
                accept: '.csv,.txt,text/csv,text/plain',
                'aria-label': intl.formatMessage(m.chooseFile),
              }}
              onInputChange={(event) => void choose(event.currentTarget.files?.[0])}
            />
            {step.unreadable && (
              <Callout intent="danger" role="alert" style={{ marginTop: 12 }}>
                {intl.formatMessage(m.unreadable)}
              </Callout>
            )}
          </>
        )}
        {step.kind === 'preview' && (
          <>
            <p>
              {intl.formatMessage(m.fileSummary, {
                name: step.file.name,
                size: sizeText(intl, step.file.size),
                encoding: step.format.encoding.toUpperCase(),
                delimiter: delimiterName(step.format.delimiter),
              })}
            </p>
            <ColumnsFound mapping={step.mapping} />
            {step.mapping.missing.length === 0 && (
              <PreviewTable
                rows={step.rows}
                checks={step.checks}
                checked={step.checked}
                checking={step.checking}
                checkFailed={step.checkFailed}
                mapping={step.mapping}
              />
            )}
          </>
        )}
        {step.kind === 'running' && (
          <>
            <p>{step.file.name}</p>
            <ProgressBar
              intent="primary"
              value={
                step.progress.bytesTotal ? step.progress.bytesDone / step.progress.bytesTotal : 0
              }
              aria-label={intl.formatMessage(m.progressLabel)}
            />
            <p role="status" style={{ marginTop: 12 }}>
              {intl.formatMessage(m.progress, { ...step.progress })}
            </p>
          </>
        )}
        {step.kind === 'finished' && <Result step={step} />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {step.kind === 'preview' && (
              <>
                <Button
                  text={intl.formatMessage(m.another)}
                  onClick={() => {
                    checking.current?.abort();
                    setStep({ kind: 'choose' });
                  }}
                />
                <Button
                  intent="primary"
                  icon="import"
                  text={intl.formatMessage(m.start)}
                  disabled={step.mapping.missing.length > 0}
                  onClick={() => void start(step)}
                />
              </>
            )}
            {step.kind === 'running' && (
              <Button
                intent="danger"
                text={intl.formatMessage(m.cancel)}
                onClick={() => abort.current?.abort()}
              />
            )}
            {step.kind === 'finished' && (
              <>
                <Button
                  text={intl.formatMessage(m.another)}
                  onClick={() => setStep({ kind: 'choose' })}
                />
                <Button intent="primary" text={intl.formatMessage(m.close)} onClick={onClose} />
              </>
            )}
            {step.kind === 'choose' && (
              <Button text={intl.formatMessage(m.close)} onClick={onClose} />
            )}
          </>
        }
      />
    </Dialog>
  );
}
