/**
 * The body of the contract dialog's payments panel (`payments-panel.tsx`, which loads it on
 * first use with the balance arithmetic, decimal.js): the related list of payments with a
 * "Balance after" column and the balance after all of them.
 */
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import { Callout, Spinner } from '@blueprintjs/core';
import {
  RelatedList,
  fetchRelatedRows,
  resourceKeys,
  useResourceRuntime,
  type ColumnCell,
  type ResourcePanelProps,
} from '../../src/resources';
import { formatCzk, runningBalances } from './balance';
import { balanceMessages } from './balance-messages';
import { paymentMessages } from './payment-messages';
import { BALANCE_COLUMN, PAYMENTS } from './payments-panel';

const ORDER = ['ts', 'type', 'amount'];
const EXTRA = [BALANCE_COLUMN];

/** The payments panel's body (see the module comment). */
export function ContractPayments({ id, related }: ResourcePanelProps) {
  const intl = useIntl();
  const { request } = useResourceRuntime();
  const payments = related?.descriptor;
  const field = related?.field ?? '';
  const all = useQuery({
    // Under the payments' key: saving any payment invalidates it.
    queryKey: [...resourceKeys.all(PAYMENTS), 'balance', field, String(id)],
    queryFn: ({ signal }) => fetchRelatedRows(request, payments!, field, id, signal),
    enabled: payments !== undefined,
  });
  const balances = useMemo(() => runningBalances(all.data ?? []), [all.data]);
  const cells = useMemo<Record<string, ColumnCell>>(
    () => ({
      [BALANCE_COLUMN]: {
        header: balanceMessages.balanceAfter.id,
        format: (row, locale) => {
          const after = balances.after.get(String(row.id));
          return after ? formatCzk(after, locale) : '';
        },
      },
    }),
    [balances],
  );
  const descriptor = useMemo(() => {
    if (!payments) return undefined;
    const rest = payments.columns.filter((name) => !ORDER.includes(name));
    return { ...payments, columns: [...ORDER, ...rest] };
  }, [payments]);
  if (!related || !descriptor) return null;
  return (
    <div data-testid="contract-payments">
      <div role="status" aria-live="polite" data-testid="balance" style={{ padding: '8px 8px 0' }}>
        {all.isPending ? (
          <Spinner size={16} aria-label={intl.formatMessage(paymentMessages.loading)} />
        ) : all.isError ? (
          <Callout intent="danger" compact>
            {intl.formatMessage(balanceMessages.failed)}
          </Callout>
        ) : (
          <strong>
            {intl.formatMessage(balanceMessages.balance, {
              amount: formatCzk(balances.total, intl.locale),
            })}
          </strong>
        )}
      </div>
      <RelatedList
        descriptor={descriptor}
        field={related.field}
        parentId={id}
        extraColumns={EXTRA}
        cells={cells}
      />
    </div>
  );
}
