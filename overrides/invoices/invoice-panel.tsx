/**
 * The invoice dialog's panel (docs/billing.md "Invoices", "Sending"): the invoice's state
 * as a badge and only the actions its state allows — a draft: Issue (confirmed, naming the
 * number it will take); issued: Download PDF, Send, Cancel (confirmed); cancelled: Download
 * PDF — each ending in a snackbar; then the lines per point and segment
 * (`GET /invoices/{id}/lines/`; a segment from its first to its last day, quantities to 3
 * decimals with their unit, unit prices to 2 with theirs) and the totals under the amounts.
 */
import { useState } from 'react';
import { Alert, Button, ButtonGroup, Callout, HTMLTable, Intent, Tag } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { ApiError, apiClient, unwrap, type ApiSchema } from '../../src/api';
import { useResourceRuntime, type ResourcePanelProps, formatDateText } from '../../src/resources';
import { invoiceMessages } from './messages';

/** What the table shows of a line of `GET /invoices/{id}/lines/` (all but its point's id). */
export type InvoiceLine = Omit<ApiSchema<'InvoiceLineList'>['results'][number], 'point'>;

/** `from` and the day before `to` (ISO dates), as the UI's language writes them. */
function useSegment(): (from: string, to: string) => string {
  const intl = useIntl();
  // The lists' date (src/i18n/dates.ts, docs/product.md "Lists").
  const day = (iso: string) => formatDateText(iso, intl.locale);
  return (from, to) => {
    const last = new Date(Date.parse(`${to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    return intl.formatMessage(invoiceMessages.segmentDays, { from: day(from), last: day(last) });
  };
}

/** A decimal string rounded half-up to `places`, in the UI's language. */
function useFixed(): (value: string, places: number) => string {
  const intl = useIntl();
  return (value, places) =>
    new Intl.NumberFormat(intl.locale, {
      minimumFractionDigits: places,
      maximumFractionDigits: places,
      roundingMode: 'halfExpand',
    } as Intl.NumberFormatOptions).format(value as Intl.StringNumericLiteral);
}

const UNITS = {
  MWh: invoiceMessages.unitMWh,
  month: invoiceMessages.unitMonth,
  'A·month': invoiceMessages.unitAMonth,
} as const;

/**
 * The totals the table shows under the amounts: the invoice's own fields, named as the API's
 * `Bill` names them (strings of CZK or percent when present).
 */
export type InvoiceTotals = Partial<
  Record<
    keyof Pick<
      ApiSchema<'Bill'>,
      'base' | 'vat_rate' | 'vat' | 'production' | 'total' | 'advances' | 'amount_due'
    >,
    unknown
  >
>;

/** The lines table of one invoice, with its totals under the amounts when given. */
export function InvoiceLinesTable({
  lines,
  totals,
}: {
  readonly lines: readonly InvoiceLine[];
  readonly totals?: InvoiceTotals;
}) {
  const intl = useIntl();
  const fixed = useFixed();
  const segment = useSegment();
  const unit = (name: string) =>
    name in UNITS ? intl.formatMessage(UNITS[name as keyof typeof UNITS]) : name;
  const money = (value: unknown) => (typeof value === 'string' ? fixed(value, 2) : '');
  const totalRows: [string, unknown, boolean][] =
    typeof totals?.total === 'string'
      ? [
          [intl.formatMessage(invoiceMessages.base), totals.base, false],
          [
            intl.formatMessage(invoiceMessages.vat, {
              rate: typeof totals.vat_rate === 'string' ? fixed(totals.vat_rate, 0) : '',
            }),
            totals.vat,
            false,
          ],
          ...(typeof totals.production === 'string' && Number(totals.production) !== 0
            ? [
                [intl.formatMessage(invoiceMessages.production), totals.production, false] as [
                  string,
                  unknown,
                  boolean,
                ],
              ]
            : []),
          [intl.formatMessage(invoiceMessages.total), totals.total, true],
          [intl.formatMessage(invoiceMessages.advances), totals.advances, false],
          [intl.formatMessage(invoiceMessages.amountDue), totals.amount_due, true],
        ]
      : [];
  if (lines.length === 0)
    return (
      <p>
        <FormattedMessage {...invoiceMessages.noLines} />
      </p>
    );
  return (
    <HTMLTable compact striped className="joule-invoice-lines">
      <thead>
        <tr>
          <th>
            <FormattedMessage {...invoiceMessages.point} />
          </th>
          <th>
            <FormattedMessage {...invoiceMessages.segment} />
          </th>
          <th>
            <FormattedMessage {...invoiceMessages.item} />
          </th>
          <th>
            <FormattedMessage {...invoiceMessages.quantity} />
          </th>
          <th>
            <FormattedMessage {...invoiceMessages.unitPrice} />
          </th>
          <th>
            <FormattedMessage {...invoiceMessages.amount} />
          </th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.id}>
            <td>{line.ean}</td>
            <td>
              {line.segment_from && line.segment_to && segment(line.segment_from, line.segment_to)}
            </td>
            <td>{line.label}</td>
            <td style={{ textAlign: 'right' }}>
              {fixed(line.quantity, 3)} {unit(line.unit)}
            </td>
            <td style={{ textAlign: 'right' }}>
              {fixed(line.unit_price, 2)}{' '}
              {intl.formatMessage(invoiceMessages.perUnit, { unit: unit(line.unit) })}
            </td>
            <td style={{ textAlign: 'right' }}>{fixed(line.amount, 2)}</td>
          </tr>
        ))}
      </tbody>
      {totalRows.length > 0 && (
        <tfoot>
          {totalRows.map(([label, value, strong]) => (
            <tr key={label}>
              <td colSpan={5} style={{ textAlign: 'right', fontWeight: strong ? 600 : undefined }}>
                {label}
              </td>
              <td style={{ textAlign: 'right', fontWeight: strong ? 600 : undefined }}>
                {money(value)}
              </td>
            </tr>
          ))}
        </tfoot>
      )}
    </HTMLTable>
  );
}

/** Saves `blob` as `name` through a temporary link. */
function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The number issuing takes now: the next of this year's series (docs/billing.md "Invoices"). */
function nextNumber(highest: readonly (string | null | undefined)[], year: number): string {
  const ofYear = highest
    .filter((number): number is string => typeof number === 'string')
    .filter((number) => number.startsWith(String(year)))
    .map((number) => Number(number.slice(4)));
  const last = ofYear.length > 0 ? Math.max(...ofYear) : 0;
  return `${year}${String(last + 1).padStart(6, '0')}`;
}

type Action = 'issue' | 'cancel' | 'send' | 'resend';

/** The panel: the state's badge and actions, then the lines and totals. */
export function InvoicePanel({ id, row }: ResourcePanelProps) {
  const intl = useIntl();
  const client = useQueryClient();
  const { api, onEvent } = useResourceRuntime();
  const path = { id: Number(id) };
  const [error, setError] = useState<string | null>(null);
  // Issuing takes a number and cancelling cannot be undone: both are confirmed.
  const [confirming, setConfirming] = useState<'issue' | 'cancel' | null>(null);
  const [upcoming, setUpcoming] = useState<string | null>(null);
  // What the actions answered, newest last: the dialog keeps the row it read, and a mutation's
  // data goes while the next action runs (a Send after an Issue must not show the draft).
  const [answered, setAnswered] = useState<Record<string, unknown>>({});
  const lines = useQuery({
    queryKey: ['invoices', 'lines', String(id)],
    queryFn: async () =>
      (await unwrap(api.GET('/invoices/{id}/lines/', { params: { path } }))).results,
  });
  const say = (message: string, failed = false) =>
    onEvent({ type: 'done', resource: 'invoices', message, failed });
  const action = useMutation({
    mutationFn: async (which: Action) => {
      if (which === 'issue')
        return {
          which,
          issued: await unwrap(api.POST('/invoices/{id}/issue/', { params: { path } })),
        };
      if (which === 'cancel')
        return {
          which,
          issued: await unwrap(api.POST('/invoices/{id}/cancel/', { params: { path } })),
        };
      return {
        which,
        sent: await unwrap(
          api.POST('/invoices/{id}/send/', {
            params: { path },
            body: { resend: which === 'resend' },
          }),
        ),
      };
    },
    onSuccess: (result) => {
      void client.invalidateQueries();
      const now = {
        ...answered,
        ...result.issued,
        ...(result.sent ? { sent_at: result.sent.sent_at, sent_to: result.sent.sent_to } : {}),
      };
      setAnswered(now);
      const number = String(now.number ?? row.number ?? id);
      if (result.which === 'issue') say(intl.formatMessage(invoiceMessages.issued, { number }));
      else if (result.which === 'cancel')
        say(intl.formatMessage(invoiceMessages.cancelled, { number }));
      else if (result.sent)
        say(
          intl.formatMessage(
            result.sent.sent ? invoiceMessages.sent : invoiceMessages.alreadySent,
            {
              number,
              to: result.sent.sent_to,
            },
          ),
        );
    },
    onError: (failure: Error) => {
      setError(failure.message);
      say(
        intl.formatMessage(invoiceMessages.failed, {
          number: String(current.number ?? id),
          reason: failure.message,
        }),
        true,
      );
    },
  });
  // The dialog keeps the row it read; the answers of the actions are newer.
  const current: Record<string, unknown> = { ...row, ...answered };
  const state = String(current.state ?? '');
  const number = String(current.number ?? id);
  const askIssue = async () => {
    setError(null);
    // The highest numbers given so far, issued or cancelled: the next one is this draft's.
    const highest = await Promise.all(
      ['issued', 'cancelled'].map(async (given) =>
        unwrap(
          api.GET('/invoices/', {
            params: { query: { filter: `state=${given}`, sort: '-number', page_size: 1 } },
          }),
        ).then((page) => page.results[0]?.number),
      ),
    ).catch(() => []);
    const year = Number(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Prague', year: 'numeric' }).format(
        new Date(),
      ),
    );
    setUpcoming(nextNumber(highest, year));
    setConfirming('issue');
  };
  const download = async () => {
    setError(null);
    const lang = intl.locale.startsWith('cs') ? 'cs' : 'en';
    // A file, not JSON: the app's own client, which answers a Blob.
    const pdf = await unwrap(
      apiClient.GET('/invoices/{id}/pdf/', {
        params: { path, query: { lang } },
        parseAs: 'blob',
      }),
    ).catch((failure: unknown) => {
      if (failure instanceof ApiError) return failure;
      throw failure;
    });
    if (pdf instanceof ApiError) {
      setError(pdf.message);
      say(intl.formatMessage(invoiceMessages.failed, { number, reason: pdf.message }), true);
      return;
    }
    saveBlob(pdf, `invoice-${number}.pdf`);
    say(intl.formatMessage(invoiceMessages.downloaded, { number }));
  };
  const badge = {
    draft: [invoiceMessages.stateDraft, Intent.NONE],
    issued: [invoiceMessages.stateIssued, Intent.PRIMARY],
    cancelled: [invoiceMessages.stateCancelled, Intent.DANGER],
  }[state] as [typeof invoiceMessages.stateDraft, Intent] | undefined;
  return (
    <div>
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', marginBottom: 8 }}>
        {badge && (
          <Tag large round intent={badge[1]} data-testid="invoice-state">
            {intl.formatMessage(badge[0])}
          </Tag>
        )}
        <ButtonGroup style={{ gap: 8 }}>
          {state === 'draft' && (
            <Button
              intent={Intent.PRIMARY}
              loading={action.isPending}
              onClick={() => void askIssue()}
            >
              <FormattedMessage {...invoiceMessages.issue} />
            </Button>
          )}
          {(state === 'issued' || state === 'cancelled') && (
            <Button icon="download" onClick={() => void download()}>
              <FormattedMessage {...invoiceMessages.pdf} />
            </Button>
          )}
          {state === 'issued' && (
            <Button
              icon="envelope"
              loading={action.isPending}
              onClick={() => action.mutate(current.sent_at ? 'resend' : 'send')}
            >
              <FormattedMessage
                {...(current.sent_at ? invoiceMessages.sendAgain : invoiceMessages.send)}
              />
            </Button>
          )}
          {state === 'issued' && (
            <Button
              intent={Intent.DANGER}
              loading={action.isPending}
              onClick={() => setConfirming('cancel')}
            >
              <FormattedMessage {...invoiceMessages.cancel} />
            </Button>
          )}
        </ButtonGroup>
      </div>
      <Alert
        isOpen={confirming === 'issue'}
        intent={Intent.PRIMARY}
        icon="confirm"
        confirmButtonText={intl.formatMessage(invoiceMessages.issue)}
        cancelButtonText={intl.formatMessage(invoiceMessages.notYet)}
        onConfirm={() => {
          setConfirming(null);
          action.mutate('issue');
        }}
        onCancel={() => setConfirming(null)}
        canEscapeKeyCancel
      >
        <p>
          <FormattedMessage {...invoiceMessages.issueConfirm} values={{ number: upcoming ?? '' }} />
        </p>
      </Alert>
      <Alert
        isOpen={confirming === 'cancel'}
        intent={Intent.DANGER}
        icon="warning-sign"
        confirmButtonText={intl.formatMessage(invoiceMessages.cancel)}
        cancelButtonText={intl.formatMessage(invoiceMessages.keep)}
        onConfirm={() => {
          setConfirming(null);
          action.mutate('cancel');
        }}
        onCancel={() => setConfirming(null)}
        canEscapeKeyCancel
      >
        <p>
          <FormattedMessage {...invoiceMessages.cancelConfirm} values={{ number }} />
        </p>
      </Alert>
      {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      {lines.data && <InvoiceLinesTable lines={lines.data} totals={current} />}
    </div>
  );
}
