/**
 * "Import a bank statement" (docs/billing.md "Bank statements"): choose a camt.053 file,
 * send it to `POST /incoming-payments/import/`, and see what became of it as the readings
 * import shows its outcome: created (matched to invoices, unmatched), unchanged and refused
 * counts, then every entry with its result or reason. Loaded on the first click of the
 * toolbar action.
 */
import { useId, useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  FileInput,
  H2,
  ProgressBar,
} from '@blueprintjs/core';
import { ApiError, unwrap, type ApiSchema } from '../../src/api';
import {
  ImportResult,
  resourceKeys,
  useResourceRuntime,
  type ImportCount,
  formatDateText,
} from '../../src/resources';
import { statementMessages as m } from './messages';

type ImportAnswer = ApiSchema<'StatementImportResult'>;
type Entry = ApiSchema<'StatementImportEntry'>;

/** Largest file sent, in bytes (the server takes at most 5 Mi characters). */
export const MAX_STATEMENT_BYTES = 5 * 1024 * 1024;

/** Entries listed in the dialog (a statement has at most 5,000). */
const LISTED = 500;

type Step =
  | { readonly kind: 'choose'; readonly error?: string }
  | { readonly kind: 'running'; readonly name: string }
  | { readonly kind: 'finished'; readonly result: ImportAnswer };

/** The import's failure as people read it: the server's reasons, else the status. */
function failure(intl: IntlShape, error: unknown): string {
  if (error instanceof ApiError) {
    const reasons = [
      error.detail,
      ...error.nonFieldErrors,
      ...Object.values(error.fieldErrors).flatMap((value) => (Array.isArray(value) ? value : [])),
    ].filter(Boolean);
    return intl.formatMessage(m.failed, { reason: reasons.join(' ') || `HTTP ${error.status}` });
  }
  return intl.formatMessage(m.failed, { reason: String((error as Error)?.message ?? error) });
}

/** An invoice's payment state in words. */
export function stateText(intl: IntlShape, state: string | null | undefined): string {
  const words: Record<string, typeof m.statePaid> = {
    unpaid: m.stateUnpaid,
    partly_paid: m.statePartlyPaid,
    paid: m.statePaid,
    overpaid: m.stateOverpaid,
  };
  const message = state ? words[state] : undefined;
  return message ? intl.formatMessage(message) : (state ?? '');
}

function czk(intl: IntlShape, amount: string): string {
  return new Intl.NumberFormat(intl.locale, {
    style: 'currency',
    currency: 'CZK',
    minimumFractionDigits: 2,
  }).format(amount as Intl.StringNumericLiteral);
}

/** The import's counts as `ImportResult` shows them. */
function counts(intl: IntlShape, result: ImportAnswer): ImportCount[] {
  return (
    [
      // What the import created: the credits matched to invoices and those left unmatched.
      [m.created, result.matched + result.unmatched],
      [m.matched, result.matched],
      [m.unmatched, result.unmatched],
      [m.unchanged, result.unchanged],
      [m.refused, result.refused],
    ] as const
  ).map(([label, value]) => ({ id: label.id, label: intl.formatMessage(label), value }));
}

function outcomeText(intl: IntlShape, entry: Entry): string {
  if (entry.outcome === 'matched')
    return intl.formatMessage(m.outcomeMatched, {
      number: entry.invoice_number ?? String(entry.invoice),
      state: stateText(intl, entry.payment_state),
    });
  const label = {
    unmatched: m.unmatched,
    unchanged: m.unchanged,
    refused: m.refused,
  }[entry.outcome];
  return entry.reason ? `${intl.formatMessage(label)}: ${entry.reason}` : intl.formatMessage(label);
}

function Result({ result }: { result: ImportAnswer }) {
  const intl = useIntl();
  return (
    <ImportResult<Entry>
      intent={result.refused > 0 ? 'warning' : 'success'}
      message={intl.formatMessage(m.done, {
        ids: intl.formatList(result.statements.map((statement) => statement.id)),
        accounts: intl.formatList([...new Set(result.statements.map((s) => s.account))]),
      })}
      counts={counts(intl, result)}
      rowsTitle={intl.formatMessage(m.entriesTitle)}
      columns={[
        { header: intl.formatMessage(m.entry), cell: (entry) => entry.index },
        {
          header: intl.formatMessage(m.date),
          cell: (entry) =>
            entry.booking_date ? formatDateText(entry.booking_date, intl.locale) : '',
        },
        {
          header: intl.formatMessage(m.amount),
          numeric: true,
          cell: (entry) =>
            /^\d+(\.\d+)?$/.test(entry.amount) ? czk(intl, entry.amount) : entry.amount,
        },
        { header: intl.formatMessage(m.symbol), cell: (entry) => entry.variable_symbol },
        { header: intl.formatMessage(m.payer), cell: (entry) => entry.counterparty_name },
        { header: intl.formatMessage(m.outcome), cell: (entry) => outcomeText(intl, entry) },
      ]}
      rows={result.entries.slice(0, LISTED)}
      rowKey={(entry) => entry.index}
      rowData={(entry) => ({ 'data-outcome': entry.outcome })}
    />
  );
}

/** The dialog; see the module comment. */
export function StatementDialog({ onClose }: { readonly onClose: () => void }) {
  const intl = useIntl();
  const client = useQueryClient();
  const { api } = useResourceRuntime();
  const titleId = useId();
  const [step, setStep] = useState<Step>({ kind: 'choose' });

  const choose = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_STATEMENT_BYTES) {
      setStep({
        kind: 'choose',
        error: intl.formatMessage(m.tooLarge, {
          size: intl.formatNumber(MAX_STATEMENT_BYTES / 1024 / 1024, {
            style: 'unit',
            unit: 'megabyte',
            unitDisplay: 'short',
          }),
        }),
      });
      return;
    }
    setStep({ kind: 'running', name: file.name });
    try {
      const statement = await file.text();
      const result = await unwrap(api.POST('/incoming-payments/import/', { body: { statement } }));
      // Open lists of payments, credits and invoices show what came in.
      for (const name of ['incoming-payments', 'payments', 'invoices'])
        void client.invalidateQueries({ queryKey: resourceKeys.all(name) });
      setStep({ kind: 'finished', result });
    } catch (error) {
      setStep({ kind: 'choose', error: failure(intl, error) });
    }
  };

  const running = step.kind === 'running';
  return (
    <Dialog
      isOpen
      onClose={running ? undefined : onClose}
      canEscapeKeyClose={!running}
      canOutsideClickClose={false}
      aria-labelledby={titleId}
      style={{ width: 'min(920px, 96vw)' }}
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
      <DialogBody>
        {step.kind === 'choose' && (
          <>
            <p>{intl.formatMessage(m.help)}</p>
            <label htmlFor={`${titleId}-file`} className={Classes.LABEL}>
              {intl.formatMessage(m.chooseFile)}
            </label>
            <FileInput
              fill
              text={intl.formatMessage(m.noFile)}
              buttonText={intl.formatMessage(m.browse)}
              inputProps={{
                id: `${titleId}-file`,
                accept: '.xml,application/xml,text/xml',
                'aria-label': intl.formatMessage(m.chooseFile),
              }}
              onInputChange={(event) => void choose(event.currentTarget.files?.[0])}
            />
            {step.error && (
              <Callout intent="danger" role="alert" style={{ marginTop: 12 }}>
                {step.error}
              </Callout>
            )}
          </>
        )}
        {step.kind === 'running' && (
          <>
            <p role="status">{intl.formatMessage(m.importing, { name: step.name })}</p>
            <ProgressBar intent="primary" />
          </>
        )}
        {step.kind === 'finished' && <Result result={step.result} />}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {step.kind === 'finished' && (
              <Button
                text={intl.formatMessage(m.another)}
                onClick={() => setStep({ kind: 'choose' })}
              />
            )}
            <Button
              intent={step.kind === 'finished' ? 'primary' : 'none'}
              text={intl.formatMessage(m.close)}
              disabled={running}
              onClick={onClose}
            />
          </>
        }
      />
    </Dialog>
  );
}
