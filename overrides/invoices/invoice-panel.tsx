/**
 * Invoices (issue #15 "Invoices"): the dialog lists the invoice's lines per point and
 * segment (`GET /invoices/{id}/lines/`; a segment shown from its first to its last day,
 * numbers exact in the UI's language), moves it draft → issued → cancelled
 * (`POST /invoices/{id}/issue/`, `/cancel/`) and downloads it as a PDF in the UI's
 * language (`GET /invoices/{id}/pdf/?lang=`).
 */
import { useState } from 'react';
import { Alert, Button, ButtonGroup, Callout, HTMLTable, Intent } from '@blueprintjs/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { apiUrl, authFetch, toApiError } from '../../src/api';
import { useResourceRuntime, type ResourcePanelProps } from '../../src/resources';
import { invoiceMessages } from './messages';

/** One line as `GET /invoices/{id}/lines/` answers it. */
export interface InvoiceLine {
  readonly id: number;
  readonly ean: string | null;
  readonly segment_from: string | null;
  readonly segment_to: string | null;
  readonly kind: string;
  readonly label: string;
  readonly quantity: string;
  readonly unit: string;
  readonly unit_price: string;
  readonly amount: string;
}

/**
 * A decimal string in the UI's language, keeping its places, exactly: `Intl.NumberFormat`
 * formats the numeric string itself, never a binary float (`numeric(18, 6)` has more digits
 * than a double keeps).
 */
function useDecimal(): (value: string) => string {
  const intl = useIntl();
  return (value) => {
    const places = value.split('.')[1]?.length ?? 0;
    return new Intl.NumberFormat(intl.locale, {
      minimumFractionDigits: Math.min(places, 2),
      maximumFractionDigits: places,
    }).format(value as Intl.StringNumericLiteral);
  };
}

/** `from` and the day before `to` (ISO dates), as the UI's language writes them. */
function useSegment(): (from: string, to: string) => string {
  const intl = useIntl();
  const day = (iso: string) =>
    intl.formatDate(new Date(`${iso}T00:00:00Z`), { dateStyle: 'medium', timeZone: 'UTC' });
  return (from, to) => {
    const last = new Date(Date.parse(`${to}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    return intl.formatMessage(invoiceMessages.segmentDays, { from: day(from), last: day(last) });
  };
}

/** The lines table of one invoice. */
export function InvoiceLinesTable({ lines }: { readonly lines: readonly InvoiceLine[] }) {
  const decimal = useDecimal();
  const segment = useSegment();
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
              {decimal(line.quantity)} {line.unit}
            </td>
            <td style={{ textAlign: 'right' }}>{decimal(line.unit_price)}</td>
            <td style={{ textAlign: 'right' }}>{decimal(line.amount)}</td>
          </tr>
        ))}
      </tbody>
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

/** The panel: actions by state, then the lines. */
export function InvoicePanel({ id, row }: ResourcePanelProps) {
  const intl = useIntl();
  const client = useQueryClient();
  const { request } = useResourceRuntime();
  const [error, setError] = useState<string | null>(null);
  // Cancelling cannot be undone (issue #15: a correction is a cancellation and a new invoice).
  const [confirming, setConfirming] = useState(false);
  const lines = useQuery({
    queryKey: ['invoices', 'lines', String(id)],
    queryFn: async () =>
      (await request<{ results: InvoiceLine[] }>('GET', `/invoices/${id}/lines/`)).data.results,
  });
  const transition = useMutation({
    mutationFn: (action: 'issue' | 'cancel') =>
      request<{ state: string; number: string | null }>('POST', `/invoices/${id}/${action}/`),
    onSuccess: () => client.invalidateQueries(),
    onError: (failure: Error) => setError(failure.message),
  });
  // The dialog keeps the row it read; the answer of the last issue/cancel is newer.
  const current = { ...row, ...transition.data?.data };
  const download = async () => {
    setError(null);
    const lang = intl.locale.startsWith('cs') ? 'cs' : 'en';
    const response = await authFetch(apiUrl(`/invoices/${id}/pdf/?lang=${lang}`));
    if (!response.ok) {
      setError((await toApiError(response)).message);
      return;
    }
    saveBlob(await response.blob(), `invoice-${String(current.number ?? id)}.pdf`);
  };
  return (
    <div>
      <ButtonGroup style={{ marginBottom: 8, gap: 8 }}>
        {current.state === 'draft' && (
          <Button
            intent={Intent.PRIMARY}
            loading={transition.isPending}
            onClick={() => transition.mutate('issue')}
          >
            <FormattedMessage {...invoiceMessages.issue} />
          </Button>
        )}
        {current.state === 'issued' && (
          <Button
            intent={Intent.DANGER}
            loading={transition.isPending}
            onClick={() => setConfirming(true)}
          >
            <FormattedMessage {...invoiceMessages.cancel} />
          </Button>
        )}
        <Button icon="download" onClick={() => void download()}>
          <FormattedMessage {...invoiceMessages.pdf} />
        </Button>
      </ButtonGroup>
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="warning-sign"
        confirmButtonText={intl.formatMessage(invoiceMessages.cancel)}
        cancelButtonText={intl.formatMessage(invoiceMessages.keep)}
        onConfirm={() => {
          setConfirming(false);
          transition.mutate('cancel');
        }}
        onCancel={() => setConfirming(false)}
        canEscapeKeyCancel
      >
        <p>
          <FormattedMessage
            {...invoiceMessages.cancelConfirm}
            values={{ number: String(current.number ?? id) }}
          />
        </p>
      </Alert>
      {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      {lines.data && <InvoiceLinesTable lines={lines.data} />}
    </div>
  );
}
