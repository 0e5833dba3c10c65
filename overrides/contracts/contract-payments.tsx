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
  ALL_PAGE_SIZE,
  RelatedList,
  resourceKeys,
  useResourceRuntime,
  type ColumnCell,
  type RequestFn,
  type ResourceDescriptor,
  type ResourcePanelProps,
  type ResourceRow,
  type RowId,
} from '../../src/resources';
import { formatCzk, runningBalances } from './balance';
import { paymentMessages } from './messages';
import { BALANCE_COLUMN, PAYMENTS } from './payments-panel';

const ORDER = ['ts', 'type', 'amount'];
const EXTRA = [BALANCE_COLUMN];

/** Every payment of the contract (`field` = `parentId`), page after page. */
async function allPayments(
  request: RequestFn,
  descriptor: ResourceDescriptor,
  field: string,
  parentId: RowId,
  signal: AbortSignal,
): Promise<ResourceRow[]> {
  const rows: ResourceRow[] = [];
  for (let page = 1; ; page += 1) {
    const query = { filter: `${field}=${parentId}`, page_size: ALL_PAGE_SIZE, page };
    const { data } = await request<{ count?: number; results?: ResourceRow[] }>(
      'GET',
      descriptor.path,
      { query, signal },
    );
    const results = data.results ?? [];
    rows.push(...results);
    if (results.length === 0 || rows.length >= (data.count ?? rows.length)) return rows;
  }
}

/** The payments panel's body (see the module comment). */
export function ContractPayments({ id, related }: ResourcePanelProps) {
  const intl = useIntl();
  const { request } = useResourceRuntime();
  const payments = related?.descriptor;
  const field = related?.field ?? '';
  const all = useQuery({
    // Under the payments' key: saving any payment invalidates it.
    queryKey: [...resourceKeys.all(PAYMENTS), 'balance', field, String(id)],
    queryFn: ({ signal }) => allPayments(request, payments!, field, id, signal),
    enabled: payments !== undefined,
  });
  const balances = useMemo(() => runningBalances(all.data ?? []), [all.data]);
  const cells = useMemo<Record<string, ColumnCell>>(
    () => ({
      [BALANCE_COLUMN]: {
        header: paymentMessages.balanceAfter.id,
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
            {intl.formatMessage(paymentMessages.failed)}
          </Callout>
        ) : (
          <strong>
            {intl.formatMessage(paymentMessages.balance, {
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
