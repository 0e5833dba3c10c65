/**
 * The "Assign" panel of an incoming payment's dialog (docs/billing.md "Bank statements"):
 * for an unmatched credit, find the invoice it pays (issued, by number or variable symbol)
 * or the contract whose advance it is, and assign it there with one click
 * (`POST /incoming-payments/{id}/assign/`). An assigned or matched one says so.
 */
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { ApiError, unwrap } from '../../src/api';
import { resourceKeys, useResourceRuntime, type ResourcePanelProps } from '../../src/resources';
import { stateText } from './statement-dialog';
import { assignMessages as m } from './messages';

/** Rows offered per search. */
const OFFERED = 8;

/** The panel; see the module comment. */
export function AssignPanel({ id, row }: ResourcePanelProps) {
  const intl = useIntl();
  const client = useQueryClient();
  const { api } = useResourceRuntime();
  const invoiceId = useId();
  const contractId = useId();
  const [invoiceText, setInvoiceText] = useState(String(row.variable_symbol ?? ''));
  const [contractText, setContractText] = useState('');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const unmatched = row.state === 'unmatched' && outcome?.ok !== true;

  const invoices = useQuery({
    queryKey: ['assign', 'invoices', invoiceText],
    enabled: unmatched && invoiceText.trim() !== '',
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/invoices/', {
          params: {
            query: { search: invoiceText.trim(), filter: 'state=issued', page_size: OFFERED },
          },
          signal,
        }),
      ),
  });
  const contracts = useQuery({
    queryKey: ['assign', 'contracts', contractText],
    enabled: unmatched && contractText.trim() !== '',
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/contracts/', {
          params: { query: { search: contractText.trim(), page_size: OFFERED } },
          signal,
        }),
      ),
  });

  const assign = async (body: { invoice: number } | { contract: number }) => {
    setBusy(true);
    try {
      await unwrap(
        api.POST('/incoming-payments/{id}/assign/', {
          params: { path: { id: Number(id) } },
          body,
        }),
      );
      setOutcome({ ok: true, text: intl.formatMessage(m.assigned) });
      for (const name of ['incoming-payments', 'payments', 'invoices'])
        void client.invalidateQueries({ queryKey: resourceKeys.all(name) });
    } catch (error) {
      const reason =
        error instanceof ApiError
          ? [
              error.detail,
              ...error.nonFieldErrors,
              ...Object.values(error.fieldErrors).flatMap((value) =>
                Array.isArray(value) ? value : [],
              ),
            ]
              .filter(Boolean)
              .join(' ') || `HTTP ${error.status}`
          : String(error);
      setOutcome({ ok: false, text: intl.formatMessage(m.failed, { reason }) });
    } finally {
      setBusy(false);
    }
  };

  const money = (value: string) =>
    new Intl.NumberFormat(intl.locale, { style: 'currency', currency: 'CZK' }).format(
      value as Intl.StringNumericLiteral,
    );

  if (!unmatched)
    return (
      <div data-testid="assign-panel" style={{ padding: 8 }}>
        <Callout intent="success" role="status" compact>
          {outcome?.text ?? intl.formatMessage(m.done)}
        </Callout>
      </div>
    );
  return (
    <div data-testid="assign-panel" style={{ padding: 8 }}>
      <p>{intl.formatMessage(m.help)}</p>
      {outcome && !outcome.ok && (
        <Callout intent="danger" role="alert" compact style={{ marginBottom: 8 }}>
          {outcome.text}
        </Callout>
      )}
      <FormGroup label={intl.formatMessage(m.invoiceSearch)} labelFor={invoiceId}>
        <InputGroup
          id={invoiceId}
          type="search"
          value={invoiceText}
          onValueChange={setInvoiceText}
        />
      </FormGroup>
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {(invoices.data?.results ?? []).map((invoice) => (
          <li key={invoice.id} style={{ marginBottom: 4 }}>
            <Button
              disabled={busy}
              icon="link"
              text={intl.formatMessage(m.toInvoice, { number: invoice.number ?? invoice.id })}
              onClick={() => void assign({ invoice: invoice.id })}
            />{' '}
            {intl.formatMessage(m.due, {
              amount: money(invoice.amount_due),
              paid: money(invoice.paid_amount),
            })}{' '}
            ({stateText(intl, invoice.payment_state)})
          </li>
        ))}
        {invoices.data?.results.length === 0 && <li>{intl.formatMessage(m.none)}</li>}
      </ul>
      <FormGroup label={intl.formatMessage(m.contractSearch)} labelFor={contractId}>
        <InputGroup
          id={contractId}
          type="search"
          value={contractText}
          onValueChange={setContractText}
        />
      </FormGroup>
      <ul style={{ listStyle: 'none', padding: 0 }}>
        {(contracts.data?.results ?? []).map((contract) => (
          <li key={contract.id} style={{ marginBottom: 4 }}>
            <Button
              disabled={busy}
              icon="link"
              text={intl.formatMessage(m.toContract, { number: contract.contract_no })}
              onClick={() => void assign({ contract: contract.id })}
            />
          </li>
        ))}
        {contracts.data?.results.length === 0 && <li>{intl.formatMessage(m.none)}</li>}
      </ul>
    </div>
  );
}
