/**
 * The reports (**Joule**, docs/billing.md "Reports"; docs/product.md §2 `/reports`), each computed in the
 * database by one SQL statement (PGlite and PostgreSQL alike) and gated by `REPORTS`, the
 * privilege of the settings menu's Reports entry (docs/product.md §2):
 *
 * - `GET /api/v1/reports/billing-totals/?from=YYYY-MM&to=YYYY-MM`: Σ of the lines of the
 *   **issued** invoices (drafts and cancelled ones left out) per month and line kind, the
 *   month being that of the invoice's taxable supply date; CZK without VAT as exact decimal
 *   strings (`numeric` sums, never floats). Months and kinds without a line are absent.
 * - `GET /api/v1/reports/consumption-by-rate/?from=YYYY-MM&to=YYYY-MM`: consumption (high +
 *   low tariff registers, `obis_181` + `obis_182`) per distribution rate (the specification's
 *   `distribution_tariff_code`) and month, in MWh. Each reading's difference to its device's
 *   previous reading counts wholly in the month in which the interval between the two ends
 *   (Europe/Prague; a reading at midnight on the 1st closes the month before), under the code
 *   of the specification of the device in force on that day. A difference where a register
 *   went down (a meter exchange) is left out, as is the device's first reading.
 *   A cancelled specification is in force nowhere (as billing reads them, `billing/load.ts`):
 *   under it a difference counts under no rate, and its point is not listed below.
 * - `GET /api/v1/reports/points-without-reading/?days=30`: consumption points whose
 *   specification is in force today (Europe/Prague) and whose tariff device has no reading
 *   in the last `days` days (or has none at all, or the specification names no device),
 *   the longest silent first.
 *
 * - `GET /api/v1/reports/receivables/`: the overdue invoices today (Europe/Prague; issued,
 *   something due, not paid in full, past the due date: docs/billing.md "Standing") with what
 *   is still owed on each (`amount_due − paid_amount`, CZK), in age buckets by days past the
 *   due date: 0–30, 31–60, 61–90, over 90; the four buckets always, the invoices oldest
 *   first (at most {@link MAX_RECEIVABLES}; `count` tells all).
 *
 * Bad parameters are a 400 naming the parameter; a period spans at most
 * {@link MAX_REPORT_MONTHS} months.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import { LINE_KINDS, LINE_LABELS, type LineKind } from '../../billing';
import type { Database } from '../../db/client';
import { ValidationError, addError, type FieldErrors } from '../../http/errors';
import { requestLang } from '../../http/request-lang';
import { registerPath } from '../../http/routes';
import { lastParam, queryParams } from '../../http/urls';
import { messages } from '../../i18n/messages';
import { text } from '../../i18n/text';
import { JWT_SECURITY, ref, type JsonObject } from '../../openapi/types';

/** The privilege of the reports (that of billing: server/billing/routes.ts). */
export const REPORTS_PRIVILEGE = 'REPORTS';

/** Longest period of a monthly report, in months (ten years). */
export const MAX_REPORT_MONTHS = 120;

/** Default and bounds of `days` of the points without a reading. */
export const SILENCE_DAYS = { default: 30, min: 1, max: 3660 } as const;

/** Most points the points-without-reading report lists (`count` tells the whole number). */
export const MAX_SILENT_POINTS = 10_000;

/** The time zone of months and days (the supplier's market, docs/product.md §1). */
const ZONE = 'Europe/Prague';

const MONTH_FORMAT = text('Enter a month as YYYY-MM.', 'Zadejte měsíc ve tvaru RRRR-MM.');
const TO_BEFORE_FROM = text(
  'The last month must not be before the first.',
  'Poslední měsíc nesmí být před prvním.',
);
const TOO_LONG = text(
  `A report may span at most ${MAX_REPORT_MONTHS} months.`,
  `Report smí zahrnovat nejvýše ${MAX_REPORT_MONTHS} měsíců.`,
);

/** Months `[from, to]` of a monthly report, `YYYY-MM`, both inclusive. */
export interface MonthRange {
  readonly from: string;
  readonly to: string;
}

/** Months since year 0 of `YYYY-MM`, or undefined when it is not a month. */
function monthIndex(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month] = [Number(match[1]), Number(match[2])];
  if (year < 1900 || month < 1 || month > 12) return undefined;
  return year * 12 + month - 1;
}

/**
 * Reads `from` and `to` (`YYYY-MM`, required, `to` not before `from`, at most
 * {@link MAX_REPORT_MONTHS} months).
 *
 * @throws {ValidationError} 400 naming each bad parameter.
 */
export function parseMonthRange(params: URLSearchParams): MonthRange {
  const errors: FieldErrors = {};
  const months: Partial<Record<'from' | 'to', number>> = {};
  for (const name of ['from', 'to'] as const) {
    const value = lastParam(params, name);
    if (value === undefined || value === '') addError(errors, name, messages.required);
    else {
      const index = monthIndex(value);
      if (index === undefined) addError(errors, name, MONTH_FORMAT);
      else months[name] = index;
    }
  }
  if (months.from !== undefined && months.to !== undefined) {
    if (months.to < months.from) addError(errors, 'to', TO_BEFORE_FROM);
    else if (months.to - months.from + 1 > MAX_REPORT_MONTHS) addError(errors, 'to', TOO_LONG);
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { from: lastParam(params, 'from')!, to: lastParam(params, 'to')! };
}

/**
 * Reads `days` (an integer from {@link SILENCE_DAYS}.min to .max, default 30).
 *
 * @throws {ValidationError} 400 naming `days`.
 */
export function parseSilenceDays(params: URLSearchParams): number {
  const value = lastParam(params, 'days');
  if (value === undefined || value === '') return SILENCE_DAYS.default;
  const errors: FieldErrors = {};
  if (!/^\d{1,9}$/.test(value)) addError(errors, 'days', messages.invalidInteger);
  else if (Number(value) < SILENCE_DAYS.min)
    addError(errors, 'days', messages.minValue(SILENCE_DAYS.min));
  else if (Number(value) > SILENCE_DAYS.max)
    addError(errors, 'days', messages.maxValue(SILENCE_DAYS.max));
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return Number(value);
}

/** First day of the month after `month` (`YYYY-MM` → `YYYY-MM-01`). */
function nextMonthStart(month: string): string {
  const index = monthIndex(month)! + 1;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}-01`;
}

type Rows = { rows: Record<string, unknown>[] };

/** One row of the billing totals. */
export interface BillingTotal {
  /** `YYYY-MM` of the taxable supply date. */
  readonly month: string;
  readonly kind: LineKind;
  /** CZK without VAT, 2 decimal places. */
  readonly amount: string;
  /** Number of issued invoices with a line of this kind in the month. */
  readonly invoices: number;
}

/** Σ of the issued invoices' lines per month and kind (see the module comment). */
export async function billingTotals(db: Database, range: MonthRange): Promise<BillingTotal[]> {
  const kinds = sql.raw(`array[${LINE_KINDS.map((kind) => `'${kind}'`).join(', ')}]::text[]`);
  const result = (await db.execute(sql`
    select to_char(i.taxable_supply_date, 'YYYY-MM') as month, l.kind,
           sum(l.amount)::text as amount, count(distinct i.id)::int as invoices
      from invoices i
      join invoice_lines l on l.invoice_id = i.id
     where i.state = 'issued'
       and i.taxable_supply_date >= ${`${range.from}-01`}::date
       and i.taxable_supply_date < ${nextMonthStart(range.to)}::date
     group by 1, 2
     order by 1, array_position(${kinds}, l.kind::text), 2`)) as unknown as Rows;
  return result.rows.map((row) => ({
    month: String(row.month),
    kind: String(row.kind) as LineKind,
    amount: String(row.amount),
    invoices: Number(row.invoices),
  }));
}

/** One row of the consumption per distribution rate. */
export interface RateConsumption {
  /** `YYYY-MM`. */
  readonly month: string;
  /** The specification's `distribution_tariff_code`. */
  readonly distribution_tariff_code: string;
  /** High tariff (`obis_181`), MWh. */
  readonly ht_mwh: string;
  /** Low tariff (`obis_182`), MWh. */
  readonly lt_mwh: string;
  /** High + low, MWh. */
  readonly mwh: string;
  /** Devices with a difference counted here. */
  readonly devices: number;
}

/**
 * Consumption per distribution rate and month (see the module comment). One statement:
 * the readings of the period `(start, end]`, each device's last reading at or before the
 * start (one index lookup per device), `lag` per device, the specification in force on the
 * day each difference ends, grouped.
 */
export async function consumptionByRate(
  db: Database,
  range: MonthRange,
): Promise<RateConsumption[]> {
  const lo = sql`(${`${range.from}-01`}::timestamp at time zone ${ZONE})`;
  const hi = sql`(${nextMonthStart(range.to)}::timestamp at time zone ${ZONE})`;
  const result = (await db.execute(sql`
    with inside as (
      select m.tariff_device_id as d, m.timestamp_received as t, m.obis_181 as a, m.obis_182 as b
        from measurements m
       where m.timestamp_received > ${lo} and m.timestamp_received <= ${hi}
    ),
    readings as (
      select d, t, a, b from inside
      union all
      select p.d, p.t, p.a, p.b
        from (select distinct d from inside) as devices
        cross join lateral (
          select m.tariff_device_id as d, m.timestamp_received as t, m.obis_181 as a, m.obis_182 as b
            from measurements m
           where m.tariff_device_id = devices.d and m.timestamp_received <= ${lo}
           order by m.timestamp_received desc
           limit 1) as p
    ),
    differences as (
      select d, t,
             a - lag(a) over w as da,
             b - lag(b) over w as db,
             ((t at time zone ${ZONE}) - interval '1 microsecond') as ends
        from readings
      window w as (partition by d order by t)
    ),
    counted as (
      select x.d, date_trunc('month', x.ends) as month, s.code, x.da, x.db
        from differences x
        cross join lateral (
          select sp.distribution_tariff_code as code
            from specifications sp
           where sp.tariff_device_id = x.d
             and sp.state <> 'cancelled'
             and sp.valid_from <= x.ends::date
             and (sp.valid_to is null or sp.valid_to >= x.ends::date)
           order by sp.valid_from desc, sp.id desc
           limit 1) as s
       where x.t > ${lo} and x.da is not null and x.da >= 0 and x.db >= 0
    )
    select to_char(month, 'YYYY-MM') as month, code,
           trim_scale(sum(da) * 0.001)::text as ht,
           trim_scale(sum(db) * 0.001)::text as lt,
           trim_scale(sum(da + db) * 0.001)::text as total,
           count(distinct d)::int as devices
      from counted
     group by month, code
     order by month, code`)) as unknown as Rows;
  return result.rows.map((row) => ({
    month: String(row.month),
    distribution_tariff_code: String(row.code),
    ht_mwh: String(row.ht),
    lt_mwh: String(row.lt),
    mwh: String(row.total),
    devices: Number(row.devices),
  }));
}

/** One point without a recent reading. */
export interface SilentPoint {
  readonly point: number;
  readonly ean: string;
  readonly name: string;
  readonly contract: number | null;
  readonly contract_no: string | null;
  readonly distribution_tariff_code: string;
  readonly device: number | null;
  readonly serial_number: string | null;
  /** ISO 8601 UTC, or null when the device has no reading (or there is no device). */
  readonly last_reading: string | null;
  /** Whole days since the last reading, or null. */
  readonly days_since: number | null;
}

/** The answer of the points without a reading. */
export interface SilentPoints {
  readonly days: number;
  /** Today in Europe/Prague, `YYYY-MM-DD`. */
  readonly as_of: string;
  /** Every point the report selects; `results` holds at most {@link MAX_SILENT_POINTS}. */
  readonly count: number;
  readonly results: readonly SilentPoint[];
}

/** Points whose specification in force has no reading in the last `days` days. */
export async function pointsWithoutReading(db: Database, days: number): Promise<SilentPoints> {
  const result = (await db.execute(sql`
    with today as (select (now() at time zone ${ZONE})::date as day),
    current as (
      select distinct on (sp.point_id) sp.point_id, sp.tariff_device_id, sp.distribution_tariff_code
        from specifications sp, today
       where sp.state <> 'cancelled'
         and sp.valid_from <= today.day and (sp.valid_to is null or sp.valid_to >= today.day)
       order by sp.point_id, sp.valid_from desc, sp.id desc
    ),
    silent as (
      select c.*, last.t
        from current c
        left join lateral (
          select max(m.timestamp_received) as t
            from measurements m
           where m.tariff_device_id = c.tariff_device_id) as last on true
       where last.t is null or last.t < now() - make_interval(days => ${days})
    )
    select p.id as point, p.ean, p.name, p.contract_id as contract, k.contract_no,
           s.distribution_tariff_code as code, s.tariff_device_id as device, dv.serial_number,
           to_char(s.t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as last_reading,
           (extract(epoch from now() - s.t) / 86400)::int as days_since,
           count(*) over ()::int as total,
           to_char((select day from today), 'YYYY-MM-DD') as as_of
      from silent s
      join points p on p.id = s.point_id
      left join contracts k on k.id = p.contract_id
      left join tariff_devices dv on dv.id = s.tariff_device_id
     order by s.t asc nulls first, p.ean, p.id
     limit ${MAX_SILENT_POINTS}`)) as unknown as Rows;
  const rows = result.rows;
  const asOf = rows[0]?.as_of ?? (await todayInPrague(db));
  const nullable = <T>(value: unknown, as: (value: unknown) => T): T | null =>
    value == null ? null : as(value);
  return {
    days,
    as_of: String(asOf),
    count: Number(rows[0]?.total ?? 0),
    results: rows.map((row) => ({
      point: Number(row.point),
      ean: String(row.ean),
      name: String(row.name),
      contract: nullable(row.contract, Number),
      contract_no: nullable(row.contract_no, String),
      distribution_tariff_code: String(row.code),
      device: nullable(row.device, Number),
      serial_number: nullable(row.serial_number, String),
      last_reading: nullable(row.last_reading, String),
      days_since: nullable(row.days_since, Number),
    })),
  };
}

/** The age buckets of receivables, by days past the due date (both ends inclusive). */
export const RECEIVABLE_BUCKETS = [
  { bucket: '0-30', from: 1, to: 30 },
  { bucket: '31-60', from: 31, to: 60 },
  { bucket: '61-90', from: 61, to: 90 },
  { bucket: '90+', from: 91, to: null },
] as const;

/** Most overdue invoices the receivables report lists. */
export const MAX_RECEIVABLES = 10_000;

/** One age bucket of the receivables. */
export interface ReceivableBucket {
  readonly bucket: (typeof RECEIVABLE_BUCKETS)[number]['bucket'];
  readonly invoices: number;
  /** Still owed, CZK. */
  readonly amount: string;
}

/** One overdue invoice. */
export interface Receivable {
  readonly invoice: number;
  readonly number: string | null;
  readonly contract: number;
  readonly contract_no: string;
  readonly customer: number;
  readonly customer_name: string;
  readonly due_date: string;
  readonly days_overdue: number;
  readonly bucket: ReceivableBucket['bucket'];
  readonly amount_due: string;
  readonly paid_amount: string;
  /** amount_due − paid_amount, CZK. */
  readonly outstanding: string;
}

/** The receivables report's answer. */
export interface Receivables {
  /** Today in Europe/Prague. */
  readonly as_of: string;
  readonly buckets: readonly ReceivableBucket[];
  /** Every overdue invoice; `results` holds at most {@link MAX_RECEIVABLES}. */
  readonly count: number;
  /** Σ still owed, CZK. */
  readonly total: string;
  readonly results: readonly Receivable[];
}

/** The overdue invoices by age (see the module comment), in one statement. */
export async function receivables(db: Database): Promise<Receivables> {
  const buckets = sql.raw(
    RECEIVABLE_BUCKETS.map(
      (b, index) => `('${b.bucket}', ${b.from}, ${b.to ?? 'null'}, ${index})`,
    ).join(', '),
  );
  const result = (await db.execute(sql`
    with today as (select (now() at time zone ${ZONE})::date as day),
    buckets (bucket, lo, hi, position) as (values ${buckets}),
    overdue as (
      select i.id, i.number, i.contract_id, k.contract_no, i.customer_id,
             coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name)) as customer_name,
             i.due_date, (t.day - i.due_date) as days, i.amount_due, i.paid_amount,
             i.amount_due - i.paid_amount as outstanding
        from invoices i
        join contracts k on k.id = i.contract_id
        join customers c on c.id = i.customer_id
        cross join today t
       where i.state = 'issued' and i.amount_due > 0
         and i.payment_state in ('unpaid', 'partly_paid') and i.due_date < t.day
    ),
    aged as (
      select o.*, b.bucket
        from overdue o
        join buckets b on o.days >= b.lo and (b.hi is null or o.days <= b.hi)
    )
    select
      (select to_char(day, 'YYYY-MM-DD') from today) as as_of,
      (select json_agg(json_build_object('bucket', b.bucket, 'invoices', coalesce(s.n, 0),
                'amount', coalesce(s.amount, 0)::numeric(14, 2)::text) order by b.position)
         from buckets b
         left join (select bucket, count(*)::int as n, sum(outstanding) as amount
                      from aged group by bucket) s on s.bucket = b.bucket) as buckets,
      (select count(*)::int from aged) as count,
      (select coalesce(sum(outstanding), 0)::numeric(14, 2)::text from aged) as total,
      (select coalesce(json_agg(json_build_object('invoice', a.id, 'number', a.number,
                'contract', a.contract_id, 'contract_no', a.contract_no,
                'customer', a.customer_id, 'customer_name', a.customer_name,
                'due_date', to_char(a.due_date, 'YYYY-MM-DD'), 'days_overdue', a.days,
                'bucket', a.bucket, 'amount_due', a.amount_due::text,
                'paid_amount', a.paid_amount::text, 'outstanding', a.outstanding::text)
                order by a.days desc, a.id), '[]')
         from (select * from aged order by days desc, id limit ${MAX_RECEIVABLES}) a) as results`)) as unknown as Rows;
  const row = result.rows[0]!;
  const json = <T>(value: unknown): T =>
    (typeof value === 'string' ? JSON.parse(value) : value) as T;
  return {
    as_of: String(row.as_of),
    buckets: json<ReceivableBucket[]>(row.buckets),
    count: Number(row.count),
    total: String(row.total),
    results: json<Receivable[]>(row.results),
  };
}

async function todayInPrague(db: Database): Promise<string> {
  const result = (await db.execute(
    sql`select to_char((now() at time zone ${ZONE})::date, 'YYYY-MM-DD') as day`,
  )) as unknown as Rows;
  return String(result.rows[0]!.day);
}

/** What the report routes need from the app. */
export interface ReportRouteContext {
  readonly db: Database;
  readonly auth: Authenticator;
  /** URL prefix of the API, e.g. `/api/v1`. */
  readonly prefix: string;
}

/** The report paths below the prefix, by operation. */
export const REPORT_PATHS = {
  billingTotals: '/reports/billing-totals/',
  consumptionByRate: '/reports/consumption-by-rate/',
  pointsWithoutReading: '/reports/points-without-reading/',
  receivables: '/reports/receivables/',
} as const;

/** Registers the report routes. */
export function registerReportRoutes(app: FastifyInstance, context: ReportRouteContext): void {
  const { db, auth, prefix } = context;
  registerPath(app, `${prefix}${REPORT_PATHS.billingTotals}`, {
    async GET(request) {
      await auth.authorize(request, REPORTS_PRIVILEGE);
      const range = parseMonthRange(queryParams(request));
      const lang = requestLang(request);
      const rows = await billingTotals(db, range);
      return rows.map((row) => ({ ...row, label: LINE_LABELS[row.kind]?.[lang] ?? row.kind }));
    },
  });
  registerPath(app, `${prefix}${REPORT_PATHS.consumptionByRate}`, {
    async GET(request) {
      await auth.authorize(request, REPORTS_PRIVILEGE);
      return consumptionByRate(db, parseMonthRange(queryParams(request)));
    },
  });
  registerPath(app, `${prefix}${REPORT_PATHS.pointsWithoutReading}`, {
    async GET(request) {
      await auth.authorize(request, REPORTS_PRIVILEGE);
      return pointsWithoutReading(db, parseSilenceDays(queryParams(request)));
    },
  });
  registerPath(app, `${prefix}${REPORT_PATHS.receivables}`, {
    async GET(request) {
      await auth.authorize(request, REPORTS_PRIVILEGE);
      return receivables(db);
    },
  });
}

const decimal = (description: string): JsonObject => ({
  type: 'string',
  format: 'decimal',
  description,
});
const month = (name: string, description: string): JsonObject => ({
  name,
  in: 'query',
  required: true,
  description,
  schema: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
});
const object = (properties: Record<string, JsonObject>, nullable: string[] = []): JsonObject => ({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(properties).map(([key, schema]) => [
      key,
      nullable.includes(key) ? { ...schema, nullable: true } : schema,
    ]),
  ),
  required: Object.keys(properties).sort(),
});
const arrayOf = (component: string): JsonObject => ({
  content: {
    'application/json': { schema: { type: 'array', items: ref(component) } },
  },
  description: '',
});

/** The report operations' OpenAPI paths (`reports_billing_totals`, …) and components. */
export function reportsOpenApi(prefix: string): {
  paths: Record<string, JsonObject>;
  schemas: Record<string, JsonObject>;
} {
  const range = [
    month('from', 'First month, YYYY-MM (inclusive).'),
    month('to', `Last month, YYYY-MM (inclusive); at most ${MAX_REPORT_MONTHS} months.`),
  ];
  const operation = (id: string, description: string, extra: JsonObject): JsonObject => ({
    get: {
      operationId: `reports_${id}`,
      description: `${description} Needs ${REPORTS_PRIVILEGE}.`,
      tags: ['reports'],
      security: JWT_SECURITY,
      'x-privilege': REPORTS_PRIVILEGE,
      ...extra,
    },
  });
  const badRequest = { description: 'Bad parameters, by name.' };
  return {
    paths: {
      [`${prefix}${REPORT_PATHS.billingTotals}`]: operation(
        'billing_totals',
        'Σ of the issued invoices’ lines per month of the taxable supply date and line kind, ' +
          'CZK without VAT.',
        {
          parameters: range,
          responses: { '200': arrayOf('BillingTotal'), '400': badRequest },
        },
      ),
      [`${prefix}${REPORT_PATHS.consumptionByRate}`]: operation(
        'consumption_by_rate',
        'Consumption (high + low tariff) per distribution rate and month (Europe/Prague), MWh, ' +
          'from the differences of consecutive readings; each counts in the month where its ' +
          'interval ends, under the specification in force that day. A register that went ' +
          'down is left out.',
        {
          parameters: range,
          responses: { '200': arrayOf('RateConsumption'), '400': badRequest },
        },
      ),
      [`${prefix}${REPORT_PATHS.pointsWithoutReading}`]: operation(
        'points_without_reading',
        'Consumption points whose specification is in force today and whose tariff device has ' +
          'no reading in the last `days` days, the longest silent first ' +
          `(at most ${MAX_SILENT_POINTS}; \`count\` tells all).`,
        {
          parameters: [
            {
              name: 'days',
              in: 'query',
              required: false,
              description: `Days without a reading (default ${SILENCE_DAYS.default}).`,
              schema: {
                type: 'integer',
                minimum: SILENCE_DAYS.min,
                maximum: SILENCE_DAYS.max,
                default: SILENCE_DAYS.default,
              },
            },
          ],
          responses: {
            '200': {
              content: { 'application/json': { schema: ref('PointsWithoutReading') } },
              description: '',
            },
            '400': badRequest,
          },
        },
      ),
      [`${prefix}${REPORT_PATHS.receivables}`]: operation(
        'receivables',
        'Overdue invoices today (Europe/Prague) with what is still owed, in age buckets by days ' +
          `past the due date (0–30, 31–60, 61–90, over 90), oldest first (at most ${MAX_RECEIVABLES}; ` +
          '`count` tells all).',
        {
          responses: {
            '200': {
              content: { 'application/json': { schema: ref('Receivables') } },
              description: '',
            },
          },
        },
      ),
    },
    schemas: {
      ReceivableBucket: object({
        bucket: { type: 'string', enum: RECEIVABLE_BUCKETS.map((b) => b.bucket) },
        invoices: { type: 'integer' },
        amount: { ...decimal('Still owed, CZK.'), pattern: '^-?\\d+\\.\\d{2}$' },
      }),
      Receivable: object(
        {
          invoice: { type: 'integer' },
          number: { type: 'string' },
          contract: { type: 'integer' },
          contract_no: { type: 'string' },
          customer: { type: 'integer' },
          customer_name: { type: 'string' },
          due_date: { type: 'string', format: 'date' },
          days_overdue: { type: 'integer', description: 'Days past the due date.' },
          bucket: { type: 'string', enum: RECEIVABLE_BUCKETS.map((b) => b.bucket) },
          amount_due: decimal('CZK.'),
          paid_amount: decimal('CZK.'),
          outstanding: decimal('amount_due − paid_amount, CZK.'),
        },
        ['number'],
      ),
      Receivables: object({
        as_of: { type: 'string', format: 'date', description: 'Today in Europe/Prague.' },
        buckets: { type: 'array', items: ref('ReceivableBucket') },
        count: { type: 'integer', description: 'Every overdue invoice.' },
        total: decimal('Σ still owed, CZK.'),
        results: { type: 'array', items: ref('Receivable') },
      }),
      BillingTotal: object({
        month: { type: 'string', description: 'YYYY-MM of the taxable supply date.' },
        kind: { type: 'string', enum: [...LINE_KINDS] },
        label: { type: 'string', description: 'The kind in the language asked for.' },
        amount: { ...decimal('CZK without VAT.'), pattern: '^-?\\d+\\.\\d{2}$' },
        invoices: { type: 'integer', description: 'Issued invoices with such a line.' },
      }),
      RateConsumption: object({
        month: { type: 'string', description: 'YYYY-MM (Europe/Prague).' },
        distribution_tariff_code: { type: 'string' },
        ht_mwh: decimal('High tariff (1.8.1), MWh.'),
        lt_mwh: decimal('Low tariff (1.8.2), MWh.'),
        mwh: decimal('High + low, MWh.'),
        devices: { type: 'integer', description: 'Devices counted.' },
      }),
      SilentPoint: object(
        {
          point: { type: 'integer' },
          ean: { type: 'string' },
          name: { type: 'string' },
          contract: { type: 'integer' },
          contract_no: { type: 'string' },
          distribution_tariff_code: { type: 'string' },
          device: { type: 'integer' },
          serial_number: { type: 'string' },
          last_reading: { type: 'string', format: 'date-time' },
          days_since: { type: 'integer', description: 'Whole days since the last reading.' },
        },
        ['contract', 'contract_no', 'device', 'serial_number', 'last_reading', 'days_since'],
      ),
      PointsWithoutReading: object({
        days: { type: 'integer' },
        as_of: { type: 'string', format: 'date', description: 'Today in Europe/Prague.' },
        count: { type: 'integer', description: 'Every point selected.' },
        results: { type: 'array', items: ref('SilentPoint') },
      }),
    },
  };
}
