/**
 * The reports page (`/reports`, docs/product.md §2; docs/billing.md "Reports"), in place of the generic
 * list of the `reports` resource: three reports computed by the server, one tab each (the tab in
 * the URL, `?report=consumption-by-rate`), each with its parameters, a table, a chart
 * (uPlot, lazy) and a CSV export of the table.
 */
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import {
  Button,
  Callout,
  FormGroup,
  H1,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl, type IntlShape, type MessageDescriptor } from 'react-intl';
import { ApiError, unwrap, type ApiClient, type ApiSchema } from '../../src/api';
import {
  MonthInput,
  downloadFile,
  localDateTime,
  toCsv,
  useResourceRuntime,
  type ResourceScreenOverrideProps,
  formatDateTimeText,
  Link,
  useSearchParams,
} from '../../src/resources';
import { reportMessages as m } from './messages';
import { ReceivablesReport } from './receivables-report';
import { receivablesMessages } from './receivables-messages';
import {
  csvDecimal,
  isMonth,
  lastTwelveMonths,
  monthsBetween,
  pivotMonthly,
  reportFileName,
  silentByMonth,
  type MonthlyChartData,
} from './report-data';

type BillingTotal = ApiSchema<'BillingTotal'>;
type RateConsumption = ApiSchema<'RateConsumption'>;

/** A report's URL name (`?report=`), its API path's last segment. */
export type ReportName =
  'billing-totals' | 'consumption-by-rate' | 'points-without-reading' | 'receivables';

/** URL parameter of the selected report. */
export const REPORT_PARAM = 'report';

const Chart = lazy(() => import('./report-chart'));

/** The chart (lazy). */
function LazyChart(props: {
  data: MonthlyChartData;
  label: string;
  format: (value: number) => string;
  bars?: boolean;
}) {
  const intl = useIntl();
  if (props.data.months.length === 0 || props.data.series.length === 0) return null;
  return (
    <Suspense fallback={<Spinner size={20} aria-label={intl.formatMessage(m.loading)} />}>
      <Chart {...props} />
    </Suspense>
  );
}

/** A decimal string in the UI language, exactly (Intl formats numeric strings as they are). */
function decimal(intl: IntlShape, value: string, min: number, max: number): string {
  return new Intl.NumberFormat(intl.locale, {
    minimumFractionDigits: min,
    maximumFractionDigits: max,
  }).format(value as Intl.StringNumericLiteral);
}

/** A month (`YYYY-MM`) as the UI language writes it. */
function monthName(intl: IntlShape, month: string): string {
  return intl.formatDate(Date.parse(`${month}-01T00:00:00Z`), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** A month range of a monthly report's query: `YYYY-MM`, both inclusive. */
interface MonthQuery {
  readonly from: string;
  readonly to: string;
}

/**
 * A report's answer from the server by its typed call `load`, asked only while `enabled`;
 * `query` keys the cache.
 */
function useReport<T>(
  name: ReportName,
  query: object,
  enabled: boolean,
  load: (api: ApiClient, signal: AbortSignal) => Promise<T>,
) {
  const { api } = useResourceRuntime();
  return useQuery({
    queryKey: ['reports', name, query],
    queryFn: ({ signal }) => load(api, signal),
    enabled,
  });
}

/** "Export CSV" of a table (`table()` builds header and rows when clicked). */
function CsvButton({
  name,
  table,
  disabled,
}: {
  readonly name: ReportName;
  readonly table: () => string[][];
  readonly disabled: boolean;
}) {
  const intl = useIntl();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const csv = await toCsv(table(), intl.locale);
      downloadFile(new Blob([csv], { type: 'text/csv;charset=utf-8' }), reportFileName(name));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon="download" loading={busy} disabled={disabled} onClick={() => void download()}>
      <FormattedMessage {...m.exportCsv} />
    </Button>
  );
}

/** Spinner while loading, the reason when the report failed, else `children`. */
function ReportState({
  query,
  children,
}: {
  readonly query: { isPending: boolean; isFetching: boolean; error: Error | null };
  readonly children: ReactNode;
}) {
  const intl = useIntl();
  if (query.error) {
    const error = query.error;
    const detail =
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
        : error.message;
    return (
      <Callout intent={Intent.DANGER} role="alert">
        <FormattedMessage {...m.failed} values={{ detail }} />
      </Callout>
    );
  }
  if (query.isPending && query.isFetching)
    return <Spinner size={24} aria-label={intl.formatMessage(m.loading)} />;
  return <>{children}</>;
}

/** The months of a monthly report: two of the app's month inputs (`YYYY-MM` each). */
function MonthRange({
  value,
  onChange,
  idPrefix,
}: {
  readonly value: { from: string; to: string };
  readonly onChange: (value: { from: string; to: string }) => void;
  readonly idPrefix: string;
}) {
  return (
    <div style={{ display: 'flex', gap: 12, alignItems: 'flex-end', flexWrap: 'wrap' }}>
      {(['from', 'to'] as const).map((end) => (
        <FormGroup
          key={end}
          label={<FormattedMessage {...(end === 'from' ? m.fromMonth : m.toMonth)} />}
          labelFor={`${idPrefix}-${end}`}
        >
          <MonthInput
            id={`${idPrefix}-${end}`}
            value={value[end]}
            onChange={(next) => onChange({ ...value, [end]: next ?? '' })}
          />
        </FormGroup>
      ))}
    </div>
  );
}

/** A table header row from messages. */
function HeaderRow({ columns }: { readonly columns: readonly MessageDescriptor[] }) {
  return (
    <tr>
      {columns.map((column) => (
        <th key={column.id}>
          <FormattedMessage {...column} />
        </th>
      ))}
    </tr>
  );
}

const right = { textAlign: 'right' } as const;

/** What a monthly report shows beside its months: help, chart, table and CSV. */
interface MonthlyReportProps<T> {
  readonly name: ReportName;
  /** The report's typed call for a month range. */
  readonly load: (api: ApiClient, query: MonthQuery, signal: AbortSignal) => Promise<T[]>;
  readonly help: MessageDescriptor;
  readonly chartLabel: MessageDescriptor;
  /** The chart's value labels (`12 345 Kč`, `1,5 MWh`). */
  readonly format: (value: number) => string;
  readonly columns: readonly MessageDescriptor[];
  /** The rows' key in the chart (a series) and their label there. */
  readonly series: { key: (row: T) => string; label: (row: T) => string };
  readonly value: (row: T) => number;
  /** One row's table cells after its month, and its CSV cells (the month first). */
  readonly cells: (row: T) => ReactNode;
  readonly csv: (row: T) => string[];
  readonly rowKey: (row: T) => string;
}

/**
 * A report per month over a range the user picks (the last twelve months at first): its
 * help, the month inputs, a chart of one series per `series.key`, the table and "Export
 * CSV" (billing totals, consumption by rate).
 */
function MonthlyReport<T extends { readonly month: string }>(props: MonthlyReportProps<T>) {
  const { name, series, value } = props;
  const intl = useIntl();
  const [range, setRange] = useState(() => lastTwelveMonths());
  const valid = isMonth(range.from) && isMonth(range.to) && range.from <= range.to;
  const query = useReport(name, range, valid, (api, signal) => props.load(api, range, signal));
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const chart = useMemo(
    () => pivotMonthly(rows, monthsBetween(range.from, range.to), series.key, series.label, value),
    [rows, range.from, range.to, series, value],
  );
  const table = () => [
    props.columns.map((column) => intl.formatMessage(column)),
    ...rows.map(props.csv),
  ];
  return (
    <section>
      <p>
        <FormattedMessage {...props.help} />
      </p>
      <MonthRange value={range} onChange={setRange} idPrefix={name} />
      <ReportState query={query}>
        {rows.length === 0 ? (
          query.data && <NonIdealState icon="search" title={intl.formatMessage(m.empty)} />
        ) : (
          <>
            <LazyChart
              data={chart}
              label={intl.formatMessage(props.chartLabel)}
              format={props.format}
            />
            <HTMLTable compact striped className="joule-report-table">
              <thead>
                <HeaderRow columns={props.columns} />
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={props.rowKey(row)}>
                    <td>{monthName(intl, row.month)}</td>
                    {props.cells(row)}
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </>
        )}
      </ReportState>
      <p>
        <CsvButton name={name} table={table} disabled={rows.length === 0} />
      </p>
    </section>
  );
}

const BILLING_COLUMNS = [m.month, m.kind, m.invoices, m.amount];
const BILLING_SERIES = {
  key: (row: BillingTotal) => row.kind,
  label: (row: BillingTotal) => row.label,
};
const billingAmount = (row: BillingTotal) => Number(row.amount);
const loadBillingTotals = (api: ApiClient, query: MonthQuery, signal: AbortSignal) =>
  unwrap(api.GET('/reports/billing-totals/', { params: { query }, signal }));

/** Billing totals per month and line kind. */
export function BillingTotalsReport() {
  const intl = useIntl();
  const format = useMemo(
    () => (value: number) =>
      intl.formatMessage(m.czk, {
        value: intl.formatNumber(value, { maximumFractionDigits: 0 }),
      }),
    [intl],
  );
  return (
    <MonthlyReport<BillingTotal>
      name="billing-totals"
      load={loadBillingTotals}
      help={m.billingTotalsHelp}
      chartLabel={m.chartBilling}
      format={format}
      columns={BILLING_COLUMNS}
      series={BILLING_SERIES}
      value={billingAmount}
      rowKey={(row) => `${row.month}-${row.kind}`}
      cells={(row) => (
        <>
          <td>{row.label}</td>
          <td style={right}>{row.invoices}</td>
          <td style={right}>{decimal(intl, row.amount, 2, 2)}</td>
        </>
      )}
      csv={(row) => [
        row.month,
        row.label,
        String(row.invoices),
        csvDecimal(row.amount, intl.locale),
      ]}
    />
  );
}

const RATE_COLUMNS = [m.month, m.rate, m.htMwh, m.ltMwh, m.totalMwh, m.devices];
const rateCode = (row: RateConsumption) => row.distribution_tariff_code;
const RATE_SERIES = { key: rateCode, label: rateCode };
const rateMwh = (row: RateConsumption) => Number(row.mwh);
const loadRates = (api: ApiClient, query: MonthQuery, signal: AbortSignal) =>
  unwrap(api.GET('/reports/consumption-by-rate/', { params: { query }, signal }));

/** Consumption per distribution rate and month. */
export function ConsumptionByRateReport() {
  const intl = useIntl();
  const format = useMemo(
    () => (value: number) =>
      intl.formatMessage(m.mwh, {
        value: intl.formatNumber(value, { maximumFractionDigits: 3 }),
      }),
    [intl],
  );
  const mwh = (value: string) => decimal(intl, value, 3, 6);
  return (
    <MonthlyReport<RateConsumption>
      name="consumption-by-rate"
      load={loadRates}
      help={m.consumptionHelp}
      chartLabel={m.chartConsumption}
      format={format}
      columns={RATE_COLUMNS}
      series={RATE_SERIES}
      value={rateMwh}
      rowKey={(row) => `${row.month}-${row.distribution_tariff_code}`}
      cells={(row) => (
        <>
          <td>{row.distribution_tariff_code}</td>
          <td style={right}>{mwh(row.ht_mwh)}</td>
          <td style={right}>{mwh(row.lt_mwh)}</td>
          <td style={right}>{mwh(row.mwh)}</td>
          <td style={right}>{row.devices}</td>
        </>
      )}
      csv={(row) => [
        row.month,
        row.distribution_tariff_code,
        csvDecimal(row.ht_mwh, intl.locale),
        csvDecimal(row.lt_mwh, intl.locale),
        csvDecimal(row.mwh, intl.locale),
        String(row.devices),
      ]}
    />
  );
}

/** Consumption points without a reading in the last N days. */
export function PointsWithoutReadingReport() {
  const intl = useIntl();
  const [days, setDays] = useState('30');
  const valid = /^\d{1,4}$/.test(days) && Number(days) >= 1;
  const query = useReport('points-without-reading', { days }, valid, (api, signal) =>
    unwrap(
      api.GET('/reports/points-without-reading/', {
        params: { query: { days: Number(days) } },
        signal,
      }),
    ),
  );
  const answer = query.data;
  const rows = useMemo(() => answer?.results ?? [], [answer]);
  const chart = useMemo(() => silentByMonth(rows, intl.formatMessage(m.points)), [rows, intl]);
  const columns = [m.ean, m.pointName, m.contract, m.rate, m.device, m.lastReading, m.daysSince];
  const format = useMemo(
    () => (value: number) => intl.formatNumber(value, { maximumFractionDigits: 0 }),
    [intl],
  );
  // The lists' date-time (src/i18n/dates.ts, docs/product.md "Lists").
  const when = (iso: string) => formatDateTimeText(iso, intl.locale);
  const table = () => [
    columns.map((column) => intl.formatMessage(column)),
    ...rows.map((row) => [
      row.ean,
      row.name,
      row.contract_no ?? '',
      row.distribution_tariff_code,
      row.serial_number ?? '',
      // CSV date-times are local with their offset, as the lists' export (docs/product.md).
      row.last_reading ? localDateTime(row.last_reading) : '',
      row.days_since === null ? '' : String(row.days_since),
    ]),
  ];
  return (
    <section>
      <p>
        <FormattedMessage {...m.silentHelp} values={{ days: valid ? days : '…' }} />
      </p>
      <FormGroup label={<FormattedMessage {...m.days} />} labelFor="points-without-reading-days">
        <InputGroup
          id="points-without-reading-days"
          type="number"
          min={1}
          max={3660}
          value={days}
          onValueChange={setDays}
          style={{ maxWidth: 120 }}
        />
      </FormGroup>
      <ReportState query={query}>
        {answer && rows.length === 0 ? (
          <NonIdealState
            icon="tick-circle"
            title={intl.formatMessage(m.noSilent, { days: answer.days })}
          />
        ) : (
          answer && (
            <>
              <p role="status">
                <FormattedMessage
                  {...m.count}
                  values={{ count: answer.count, shown: rows.length }}
                />
              </p>
              <LazyChart
                data={chart}
                label={intl.formatMessage(m.chartSilent)}
                format={format}
                bars
              />
              <HTMLTable compact striped className="joule-report-table">
                <thead>
                  <HeaderRow columns={columns} />
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.point}>
                      <td>{row.ean}</td>
                      <td>{row.name}</td>
                      <td>
                        {row.contract !== null && (
                          <Link to={`/contracts/${row.contract}`}>{row.contract_no}</Link>
                        )}
                      </td>
                      <td>{row.distribution_tariff_code}</td>
                      <td>
                        {row.device === null ? (
                          <FormattedMessage {...m.noMeter} />
                        ) : (
                          <Link to={`/tariffdevices/${row.device}`}>{row.serial_number}</Link>
                        )}
                      </td>
                      <td>
                        {row.last_reading ? (
                          when(row.last_reading)
                        ) : (
                          <FormattedMessage {...m.never} />
                        )}
                      </td>
                      <td style={right}>{row.days_since}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </>
          )
        )}
      </ReportState>
      <p>
        <CsvButton name="points-without-reading" table={table} disabled={rows.length === 0} />
      </p>
    </section>
  );
}

const TABS: readonly { name: ReportName; title: MessageDescriptor; component: () => ReactNode }[] =
  [
    { name: 'billing-totals', title: m.billingTotals, component: BillingTotalsReport },
    { name: 'consumption-by-rate', title: m.consumptionByRate, component: ConsumptionByRateReport },
    {
      name: 'points-without-reading',
      title: m.pointsWithoutReading,
      component: PointsWithoutReadingReport,
    },
    { name: 'receivables', title: receivablesMessages.tab, component: ReceivablesReport },
  ];

/** The extra action (operationId `reports_<action>`) a tab needs beyond the three first. */
const OPTIONAL: Partial<Record<ReportName, string>> = { receivables: 'receivables' };

/** The page: title and one tab per report; `default` export for `React.lazy`. */
export default function ReportsPage({ descriptor }: ResourceScreenOverrideProps) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const wanted = params.get(REPORT_PARAM);
  // A report the back-end does not publish (receivables on an older server) has no tab.
  const actions = descriptor.operations.extraActions ?? [];
  const tabs = TABS.filter((tab) => {
    const action = OPTIONAL[tab.name];
    return action === undefined || actions.includes(action);
  });
  const selected = tabs.find((tab) => tab.name === wanted) ?? tabs[0]!;
  return (
    <section aria-labelledby="reports-title">
      <H1 id="reports-title">{intl.formatMessage(m.title)}</H1>
      <Tabs
        id="reports-tabs"
        selectedTabId={selected.name}
        renderActiveTabPanelOnly
        size="large"
        onChange={(tab) => setParams(new URLSearchParams({ [REPORT_PARAM]: String(tab) }))}
      >
        {tabs.map((tab) => {
          const Report = tab.component;
          return (
            <Tab
              key={tab.name}
              id={tab.name}
              title={intl.formatMessage(tab.title)}
              panel={<Report />}
            />
          );
        })}
      </Tabs>
    </section>
  );
}
