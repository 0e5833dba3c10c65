/**
 * The receivables report (docs/billing.md "Receivables"): the overdue invoices today in age
 * buckets (0–30, 31–60, 61–90, over 90 days) with what is still owed, as a bar chart (the
 * reports' uPlot chart, lazy), a table per bucket and per invoice, and a CSV
 * export of the invoices (`GET /reports/receivables/`, through the typed client).
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Button, Callout, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { unwrap, type ApiSchema } from '../../src/api';
import { downloadFile, toCsv, useResourceRuntime, formatDateText, Link } from '../../src/resources';
import { reportMessages } from './messages';
import { csvDecimal, reportFileName, type MonthlyChartData } from './report-data';
import { receivablesMessages as m } from './receivables-messages';

type Receivables = ApiSchema<'Receivables'>;

const Chart = lazy(() => import('./report-chart'));

const right = { textAlign: 'right' } as const;

/** A bucket's name for people: `0–30`, …, `over 90`. */
export function bucketLabel(intl: IntlShape, bucket: string): string {
  return bucket === '90+' ? intl.formatMessage(m.over90) : bucket.replace('-', '–');
}

/** The chart's data: one bar per bucket, the amount still owed (numbers for drawing only). */
export function bucketChart(answer: Receivables, label: string): MonthlyChartData {
  return {
    months: answer.buckets.map((bucket) => bucket.bucket),
    series: [{ key: 'owed', label, values: answer.buckets.map((bucket) => Number(bucket.amount)) }],
  };
}

function decimal(intl: IntlShape, value: string): string {
  return new Intl.NumberFormat(intl.locale, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(value as Intl.StringNumericLiteral);
}

/** The report; a tab of the reports page. */
export function ReceivablesReport() {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const { api } = useResourceRuntime();
  const query = useQuery({
    queryKey: ['reports', 'receivables'],
    queryFn: ({ signal }) => unwrap(api.GET('/reports/receivables/', { signal })),
  });
  const answer = query.data;
  const chartLabel = intl.formatMessage(m.chart);
  const chart = useMemo(
    () => (answer ? bucketChart(answer, intl.formatMessage(m.owed)) : undefined),
    [answer, intl],
  );
  const format = useMemo(
    () => (value: number) =>
      intl.formatMessage(reportMessages.czk, {
        value: intl.formatNumber(value, { maximumFractionDigits: 0 }),
      }),
    [intl],
  );
  const columns = [
    m.invoice,
    m.customer,
    m.contract,
    m.dueDate,
    m.days,
    m.bucket,
    m.amountDue,
    m.paid,
    m.owed,
  ];
  const download = async () => {
    if (!answer) return;
    setBusy(true);
    try {
      const table = [
        columns.map((column) => intl.formatMessage(column)),
        ...answer.results.map((row) => [
          row.number ?? '',
          row.customer_name,
          row.contract_no,
          row.due_date,
          String(row.days_overdue),
          row.bucket,
          csvDecimal(row.amount_due, intl.locale),
          csvDecimal(row.paid_amount, intl.locale),
          csvDecimal(row.outstanding, intl.locale),
        ]),
      ];
      const csv = await toCsv(table, intl.locale);
      downloadFile(
        new Blob([csv], { type: 'text/csv;charset=utf-8' }),
        reportFileName('receivables'),
      );
    } finally {
      setBusy(false);
    }
  };
  if (query.error)
    return (
      <Callout intent="danger" role="alert">
        <FormattedMessage {...reportMessages.failed} values={{ detail: query.error.message }} />
      </Callout>
    );
  if (!answer) return <Spinner size={24} aria-label={intl.formatMessage(reportMessages.loading)} />;
  return (
    <section>
      <p>
        <FormattedMessage
          {...m.help}
          values={{ date: intl.formatDate(`${answer.as_of}T12:00:00`, { dateStyle: 'long' }) }}
        />
      </p>
      {answer.count === 0 ? (
        <NonIdealState icon="tick-circle" title={intl.formatMessage(m.none)} />
      ) : (
        <>
          <p role="status">
            <FormattedMessage {...m.count} values={{ count: answer.count }} />
          </p>
          {chart && (
            <Suspense
              fallback={
                <Spinner size={20} aria-label={intl.formatMessage(reportMessages.loading)} />
              }
            >
              <Chart
                data={chart}
                label={chartLabel}
                format={format}
                bars
                labels={answer.buckets.map((bucket) => bucketLabel(intl, bucket.bucket))}
              />
            </Suspense>
          )}
          <HTMLTable compact striped className="joule-report-table" aria-label={chartLabel}>
            <thead>
              <tr>
                <th>{intl.formatMessage(m.bucket)}</th>
                <th style={right}>{intl.formatMessage(m.invoices)}</th>
                <th style={right}>{intl.formatMessage(m.owed)}</th>
              </tr>
            </thead>
            <tbody>
              {answer.buckets.map((bucket) => (
                <tr key={bucket.bucket} data-bucket={bucket.bucket}>
                  <td>{bucketLabel(intl, bucket.bucket)}</td>
                  <td style={right}>{bucket.invoices}</td>
                  <td style={right}>{decimal(intl, bucket.amount)}</td>
                </tr>
              ))}
              <tr>
                <th>{intl.formatMessage(m.total)}</th>
                <th style={right}>{answer.count}</th>
                <th style={right}>{decimal(intl, answer.total)}</th>
              </tr>
            </tbody>
          </HTMLTable>
          <HTMLTable compact striped className="joule-report-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.id}>{intl.formatMessage(column)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {answer.results.map((row) => (
                <tr key={row.invoice}>
                  <td>
                    <Link to={`/invoices/${row.invoice}`}>{row.number ?? row.invoice}</Link>
                  </td>
                  <td>{row.customer_name}</td>
                  <td>
                    <Link to={`/contracts/${row.contract}`}>{row.contract_no}</Link>
                  </td>
                  <td>{formatDateText(row.due_date, intl.locale)}</td>
                  <td style={right}>{row.days_overdue}</td>
                  <td>{bucketLabel(intl, row.bucket)}</td>
                  <td style={right}>{decimal(intl, row.amount_due)}</td>
                  <td style={right}>{decimal(intl, row.paid_amount)}</td>
                  <td style={right}>{decimal(intl, row.outstanding)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      )}
      <p>
        <Button
          icon="download"
          loading={busy}
          disabled={answer.count === 0}
          onClick={() => void download()}
        >
          <FormattedMessage {...reportMessages.exportCsv} />
        </Button>
      </p>
    </section>
  );
}
