/**
 * "Bill preview" in the contract dialog (docs/billing.md): for a period picked as a month, a
 * quarter, a year or an inclusive range of days (the last complete month at first), asked of the
 * API as `[from, to)`, the
 * lines per point and segment with quantities and units, the register values used (estimated
 * ones marked), totals and amount due — or the reasons the contract cannot be billed. Asks
 * `GET /contracts/{id}/bill-preview/`; numbers formatted in the UI language, amounts in CZK.
 */
import { useState, type FormEvent } from 'react';
import { Button, Callout, FormGroup, HTMLTable, Spinner } from '@blueprintjs/core';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { ApiError, unwrap, type ApiSchema } from '../../src/api';
import {
  PeriodInput,
  useResourceRuntime,
  type Period,
  type ResourcePanelProps,
  formatDateText,
} from '../../src/resources';
import { apiPeriod, lastCompleteMonth } from './bill-period';
import { billMessages } from './messages';
import { RefusalText } from './refusal-text';

type Bill = ApiSchema<'Bill'>;
type Segment = ApiSchema<'BillSegment'>;
type Line = ApiSchema<'BillLine'>;
type Registers = ApiSchema<'RegisterValue'>;
type Refusal = ApiSchema<'BillRefusal'>;

type State =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'bill'; bill: Bill }
  | { status: 'refused'; reasons: Refusal[] }
  | { status: 'error'; detail: string };

/** A decimal string formatted exactly (Intl formats numeric strings without rounding to float). */
function decimal(intl: IntlShape, value: string, options: Intl.NumberFormatOptions = {}) {
  return new Intl.NumberFormat(intl.locale, { maximumFractionDigits: 6, ...options }).format(
    value as Intl.StringNumericLiteral,
  );
}
const czk = (intl: IntlShape, value: string) =>
  decimal(intl, value, { style: 'currency', currency: 'CZK', minimumFractionDigits: 2 });
const kwh = (intl: IntlShape, value: string) =>
  decimal(intl, value, { minimumFractionDigits: 3, maximumFractionDigits: 3 });
const day = (intl: IntlShape, iso: string) => formatDateText(iso, intl.locale);
const lastDay = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

function RegisterLine({ segment }: { segment: Segment }) {
  const intl = useIntl();
  const mark = (value: Registers) =>
    value.estimated ? ` ${intl.formatMessage(billMessages.estimated)}` : '';
  return (
    <p className="joule-bill-registers">
      {intl.formatMessage(billMessages.registers, {
        start: day(intl, segment.from) + mark(segment.start),
        end: day(intl, segment.to) + mark(segment.end),
        ht1: kwh(intl, segment.start.obis_181),
        ht2: kwh(intl, segment.end.obis_181),
        lt1: kwh(intl, segment.start.obis_182),
        lt2: kwh(intl, segment.end.obis_182),
        p1: kwh(intl, segment.start.obis_280),
        p2: kwh(intl, segment.end.obis_280),
      })}
    </p>
  );
}

function Lines({ lines }: { lines: Line[] }) {
  const intl = useIntl();
  const units = {
    MWh: billMessages.unitMWh,
    month: billMessages.unitMonth,
    'A·month': billMessages.unitAmonth,
  } as const;
  const right = { textAlign: 'right' } as const;
  return (
    <HTMLTable compact striped className="joule-bill-lines">
      <thead>
        <tr>
          <th>{intl.formatMessage(billMessages.line)}</th>
          <th style={right}>{intl.formatMessage(billMessages.quantity)}</th>
          <th style={right}>{intl.formatMessage(billMessages.unitPrice)}</th>
          <th style={right}>{intl.formatMessage(billMessages.amount)}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((line) => (
          <tr key={line.kind} data-kind={line.kind}>
            <td>{line.label}</td>
            <td style={right}>
              {decimal(intl, line.quantity)} {intl.formatMessage(units[line.unit])}
            </td>
            <td style={right}>{czk(intl, line.unit_price)}</td>
            <td style={right}>{czk(intl, line.amount)}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

function BillView({ bill }: { bill: Bill }) {
  const intl = useIntl();
  const refund = bill.amount_due.startsWith('-');
  const totals: [string, string][] = [
    [intl.formatMessage(billMessages.base), bill.base],
    [intl.formatMessage(billMessages.vat, { rate: decimal(intl, bill.vat_rate) }), bill.vat],
    ...(bill.production === '0.00'
      ? []
      : [[intl.formatMessage(billMessages.production), bill.production] as [string, string]]),
    [intl.formatMessage(billMessages.total), bill.total],
    [intl.formatMessage(billMessages.advances), bill.advances],
  ];
  return (
    <div className="joule-bill" data-testid="bill">
      {bill.points.map((point) => (
        <section key={point.point}>
          <h4>{intl.formatMessage(billMessages.point, { ean: point.ean, name: point.name })}</h4>
          {point.segments.map((segment) => (
            <div key={segment.from}>
              <h5>
                {intl.formatMessage(billMessages.segment, {
                  from: day(intl, segment.from),
                  last: day(intl, lastDay(segment.to)),
                  code: segment.tariff_code,
                  current: segment.current_a,
                  months: decimal(intl, segment.months, { maximumFractionDigits: 4 }),
                })}
              </h5>
              <RegisterLine segment={segment} />
              <Lines lines={segment.lines} />
            </div>
          ))}
        </section>
      ))}
      <HTMLTable compact className="joule-bill-totals">
        <tbody>
          {totals.map(([label, value]) => (
            <tr key={label}>
              <th>{label}</th>
              <td style={{ textAlign: 'right' }}>{czk(intl, value)}</td>
            </tr>
          ))}
          <tr data-testid="amount-due">
            <th>{intl.formatMessage(refund ? billMessages.refund : billMessages.amountDue)}</th>
            <td style={{ textAlign: 'right' }}>
              <strong>{czk(intl, refund ? bill.amount_due.slice(1) : bill.amount_due)}</strong>
            </td>
          </tr>
        </tbody>
      </HTMLTable>
    </div>
  );
}

/** The panel: a period form and the bill or the reasons. */
export function BillPreviewPanel({ id }: ResourcePanelProps) {
  const intl = useIntl();
  const { api } = useResourceRuntime();
  const [period, setPeriod] = useState<Period>(() => lastCompleteMonth());
  const [state, setState] = useState<State>({ status: 'idle' });

  /** A new period: what was shown for the old one goes, so no bill shows under other dates. */
  function choose(next: Period) {
    setPeriod(next);
    if (state.status !== 'loading') setState({ status: 'idle' });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setState({ status: 'loading' });
    try {
      const bill = await unwrap(
        api.GET('/contracts/{id}/bill-preview/', {
          params: { path: { id: Number(id) }, query: apiPeriod(period) },
        }),
      );
      setState({ status: 'bill', bill });
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        const body = error.body as Partial<ApiSchema<'BillRefused'>>;
        setState({ status: 'refused', reasons: body.reasons ?? [] });
      } else if (error instanceof ApiError) {
        const fields = Object.values(error.fieldErrors).flat().map(String);
        setState({ status: 'error', detail: [error.detail, ...fields].filter(Boolean).join(' ') });
      } else setState({ status: 'error', detail: String(error) });
    }
  }

  return (
    <div className="joule-bill-preview">
      <form
        onSubmit={onSubmit}
        className="joule-bill-period"
        style={{ display: 'flex', gap: 12, alignItems: 'flex-end' }}
      >
        <FormGroup
          label={intl.formatMessage(billMessages.period)}
          labelFor={`bill-period-${id}-kind`}
        >
          <PeriodInput
            id={`bill-period-${id}`}
            label={intl.formatMessage(billMessages.period)}
            value={period}
            onChange={choose}
            rangeLabels={{
              from: intl.formatMessage(billMessages.from),
              to: intl.formatMessage(billMessages.to),
            }}
          />
        </FormGroup>
        <FormGroup>
          <Button type="submit" intent="primary" loading={state.status === 'loading'}>
            <FormattedMessage {...billMessages.show} />
          </Button>
        </FormGroup>
      </form>
      {state.status === 'loading' && <Spinner size={20} />}
      {state.status === 'bill' && <BillView bill={state.bill} />}
      {state.status === 'refused' && (
        <Callout intent="warning" data-testid="bill-refused">
          <FormattedMessage {...billMessages.cannotBill} />
          <ul>
            {state.reasons.map((reason, index) => (
              <li key={index}>
                <RefusalText reason={reason} />
              </li>
            ))}
          </ul>
        </Callout>
      )}
      {state.status === 'error' && (
        <Callout intent="danger">
          {intl.formatMessage(billMessages.failed, { detail: state.detail })}
        </Callout>
      )}
    </div>
  );
}
