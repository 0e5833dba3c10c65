/**
 * `GET /api/v1/tariffdevices/{id}/consumption/?from=&to=&bucket=day|week|month` (**Joule**,
 * docs/product.md §2 "Tariff device: lists measurements"): a
 * tariff device's consumption per day, week or month, aggregated in the database from its
 * cumulative registers (`obis_181` high tariff, `obis_182` low tariff, `obis_280`
 * production; kWh).
 *
 * - `from`, `to`: required ISO dates (`YYYY-MM-DD`), `from` ≤ `to`, both inclusive, as
 *   calendar days in Europe/Prague. The period is widened to whole buckets (a month bucket
 *   always covers the whole month). At most {@link MAX_SPAN_DAYS} days per bucket kind.
 * - `bucket`: `day` (default), `week` (ISO weeks from Monday) or `month`; buckets are
 *   calendar periods in Europe/Prague, so a day is 23 or 25 hours at the DST changes.
 * - Answer 200: one entry per bucket of the period, oldest first,
 *   `[{"start": "YYYY-MM-DD", "ht_kwh", "lt_kwh", "production_kwh"}]`, amounts as decimal
 *   strings in kWh (3 places) or null when unknown.
 *
 * How a register becomes consumption: each reading's difference to the device's previous
 * reading (window function `lag` over the readings in time order, the last reading before
 * the period included) is attributed wholly to the bucket of the later reading — not split
 * across the buckets between the two readings, so a reading taken every few days shows its
 * consumption on the day it was read. A bucket's amount is the sum of its differences; it is
 * null (a gap in the chart) when the bucket has no difference at all (no reading, or only the
 * device's first one) or when any difference in it is negative (a register that went down:
 * a meter exchange, where the consumption between the old meter's last reading and the new
 * one's first is unknown), never a negative or understated figure.
 *
 * Gated by the measurements' privilege (reading a device's consumption is reading its
 * measurements): 401 / 403; an unknown device is a 404; bad parameters are a 400 naming
 * the parameter. Reads through the unique (device, timestamp) index.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Authenticator } from '../../auth/authenticate';
import type { Database } from '../../db/client';
import { tariffDevices } from '../../db/schema';
import { ValidationError, addError, notFound, type FieldErrors } from '../../http/errors';
import { registerPath } from '../../http/routes';
import { lastParam, queryParams } from '../../http/urls';
import { messages } from '../../i18n/messages';
import { text } from '../../i18n/text';
import { JWT_SECURITY, ref, type JsonObject } from '../../openapi/types';
import { INT32_MAX } from '../engine';
import type { ResourceRegistry } from '../engine';

/** The resource whose rows have consumption, and the one whose readings are aggregated. */
const DEVICES = 'tariffdevices';
const READINGS = 'measurements';

/** Bucket kinds, as PostgreSQL's `date_trunc` names them. */
export const BUCKETS = ['day', 'week', 'month'] as const;
/** One of {@link BUCKETS}. */
export type Bucket = (typeof BUCKETS)[number];

/** Longest period (`to` − `from`, days) per bucket kind: about 3, 10 and 20 years. */
export const MAX_SPAN_DAYS: Readonly<Record<Bucket, number>> = {
  day: 1100,
  week: 3660,
  month: 7320,
};

/** The time zone of the buckets (the supplier's market, docs/product.md §1). */
export const BUCKET_TIME_ZONE = 'Europe/Prague';

/** One bucket of the answer; amounts in kWh as decimal strings, null when unknown. */
export interface ConsumptionBucket {
  /** First day of the bucket in Europe/Prague, `YYYY-MM-DD`. */
  readonly start: string;
  readonly ht_kwh: string | null;
  readonly lt_kwh: string | null;
  readonly production_kwh: string | null;
}

/** Validated query of a consumption request. */
export interface ConsumptionQuery {
  /** `YYYY-MM-DD`, inclusive. */
  readonly from: string;
  /** `YYYY-MM-DD`, inclusive. */
  readonly to: string;
  readonly bucket: Bucket;
}

const spanTooLong = (days: number) =>
  text(
    `The period may span at most ${days} days for this bucket.`,
    `Období smí pro tento úsek trvat nejvýše ${days} dní.`,
  );
const TO_BEFORE_FROM = text(
  'The end of the period must not be before its start.',
  'Konec období nesmí být před jeho začátkem.',
);

/** Days since 1970-01-01 of an ISO date, or undefined when it is not a real `YYYY-MM-DD`. */
function isoDay(value: string): number | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900) return undefined;
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return time / 86_400_000;
}

/**
 * Reads and bounds `from`, `to` and `bucket` (repeated names: the last wins).
 *
 * @throws {ValidationError} 400 naming each bad parameter.
 */
export function parseConsumptionQuery(params: URLSearchParams): ConsumptionQuery {
  const errors: FieldErrors = {};
  const days: Partial<Record<'from' | 'to', number>> = {};
  for (const name of ['from', 'to'] as const) {
    const value = lastParam(params, name);
    if (value === undefined || value === '') addError(errors, name, messages.required);
    else {
      const day = isoDay(value);
      if (day === undefined) addError(errors, name, messages.dateFormat);
      else days[name] = day;
    }
  }
  const bucket = lastParam(params, 'bucket') ?? 'day';
  if (!(BUCKETS as readonly string[]).includes(bucket))
    addError(errors, 'bucket', messages.invalidChoice(bucket.slice(0, 20)));
  if (days.from !== undefined && days.to !== undefined && errors.bucket === undefined) {
    const span = days.to - days.from;
    if (span < 0) addError(errors, 'to', TO_BEFORE_FROM);
    else if (span > MAX_SPAN_DAYS[bucket as Bucket])
      addError(errors, 'to', spanTooLong(MAX_SPAN_DAYS[bucket as Bucket]));
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return {
    from: lastParam(params, 'from')!,
    to: lastParam(params, 'to')!,
    bucket: bucket as Bucket,
  };
}

/** A register's difference column summed per bucket; null when unknown (see module). */
const bucketSum = (column: string) =>
  sql.raw(`case when bool_or(${column} < 0) then null else sum(${column}) end::text`);

/**
 * The consumption of device `device` per bucket (see the module comment), oldest first.
 * Runs one statement: the last reading before the period and the period's readings through
 * the (device, timestamp) index, `lag` over them, grouped by bucket and joined to the
 * series of buckets.
 */
export async function readConsumption(
  db: Database,
  device: number,
  query: ConsumptionQuery,
): Promise<ConsumptionBucket[]> {
  const { from, to, bucket } = query;
  const zone = BUCKET_TIME_ZONE;
  const step = sql`('1 ' || ${bucket})::interval`;
  const first = sql`date_trunc(${bucket}, ${from}::timestamp)`;
  const last = sql`date_trunc(${bucket}, ${to}::timestamp)`;
  // The period's instants as scalar expressions, not a joined CTE, so that both reads are
  // index range scans on (tariff_device_id, timestamp_received).
  const lo = sql`(${first} at time zone ${zone})`;
  const hi = sql`((${last} + ${step}) at time zone ${zone})`;
  const result = await db.execute(sql`
    with readings as (
      (select m.timestamp_received as t, m.obis_181 as a, m.obis_182 as b, m.obis_280 as c
         from measurements m
        where m.tariff_device_id = ${device} and m.timestamp_received < ${lo}
        order by m.timestamp_received desc limit 1)
      union all
      (select m.timestamp_received, m.obis_181, m.obis_182, m.obis_280
         from measurements m
        where m.tariff_device_id = ${device}
          and m.timestamp_received >= ${lo} and m.timestamp_received < ${hi})
    ),
    differences as (
      select t,
             a - lag(a) over w as da,
             b - lag(b) over w as db,
             c - lag(c) over w as dc
        from readings
      window w as (order by t)
    ),
    sums as (
      select date_trunc(${bucket}, t at time zone ${zone}) as start,
             ${bucketSum('da')} as ht, ${bucketSum('db')} as lt, ${bucketSum('dc')} as pr
        from differences
       where t >= ${lo}
       group by 1
    )
    select to_char(s.start, 'YYYY-MM-DD') as start, sums.ht, sums.lt, sums.pr
      from generate_series(${first}, ${last}, ${step}) as s(start)
      left join sums on sums.start = s.start
     order by s.start`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const amount = (value: unknown) => (value == null ? null : String(value));
  return rows.map((row) => ({
    start: String(row.start),
    ht_kwh: amount(row.ht),
    lt_kwh: amount(row.lt),
    production_kwh: amount(row.pr),
  }));
}

/** What the consumption route needs from the app. */
export interface ConsumptionRouteContext {
  readonly db: Database;
  readonly registry: ResourceRegistry;
  readonly auth: Authenticator;
  /** URL prefix of the API, e.g. `/api/v1`. */
  readonly prefix: string;
}

function serves(registry: ResourceRegistry): boolean {
  const names = new Set(registry.all().map((resource) => resource.name));
  return names.has(DEVICES) && names.has(READINGS);
}

/** The device id in the URL, or undefined when it cannot name a row (→ 404). */
function parseId(request: FastifyRequest): number | undefined {
  const raw = (request.params as { id?: string }).id ?? '';
  if (!/^[1-9]\d{0,9}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id <= INT32_MAX ? id : undefined;
}

/** Registers `GET <prefix>/tariffdevices/:id/consumption/` when both resources are served. */
export function registerConsumptionRoute(
  app: FastifyInstance,
  context: ConsumptionRouteContext,
): void {
  const { db, registry, auth, prefix } = context;
  if (!serves(registry)) return;
  const privilege = registry.get(READINGS).def.privilege;
  registerPath(app, `${prefix}/${DEVICES}/:id/consumption/`, {
    async GET(request) {
      await auth.authorize(request, privilege);
      const id = parseId(request);
      if (id === undefined) throw notFound();
      const query = parseConsumptionQuery(queryParams(request));
      const [device] = await db
        .select({ id: tariffDevices.id })
        .from(tariffDevices)
        .where(eq(tariffDevices.id, id))
        .limit(1);
      if (!device) throw notFound();
      return readConsumption(db, id, query);
    },
  });
}

/** Component name of one bucket. */
const BUCKET_COMPONENT = 'ConsumptionBucket';

/** The consumption operation's OpenAPI path (`tariffdevices_consumption`) and component. */
export function consumptionOpenApi(
  registry: ResourceRegistry,
  prefix: string,
): { paths: Record<string, JsonObject>; schemas: Record<string, JsonObject> } {
  if (!serves(registry)) return { paths: {}, schemas: {} };
  const privilege = registry.get(READINGS).def.privilege;
  const date = (name: string, description: string): JsonObject => ({
    name,
    in: 'query',
    required: true,
    description,
    schema: { type: 'string', format: 'date' },
  });
  const kwh = (description: string): JsonObject => ({
    type: 'string',
    format: 'decimal',
    nullable: true,
    description: `${description} in kWh; null when unknown (no reading, or a register that went down).`,
  });
  return {
    paths: {
      [`${prefix}/${DEVICES}/{id}/consumption/`]: {
        get: {
          operationId: `${DEVICES}_consumption`,
          description:
            "The device's consumption per bucket (Europe/Prague calendar days, ISO weeks or " +
            'months), from the differences of consecutive readings; each difference counts ' +
            'in the bucket of the later reading. The period is widened to whole buckets. ' +
            `At most ${MAX_SPAN_DAYS.day} days with day buckets, ${MAX_SPAN_DAYS.week} with ` +
            `week, ${MAX_SPAN_DAYS.month} with month.`,
          parameters: [
            {
              name: 'id',
              in: 'path',
              required: true,
              description: 'A unique integer value identifying this tariff device.',
              schema: { type: 'integer' },
            },
            date('from', 'First day of the period (inclusive, Europe/Prague).'),
            date('to', 'Last day of the period (inclusive, Europe/Prague).'),
            {
              name: 'bucket',
              in: 'query',
              required: false,
              description: 'Length of a bucket (default day).',
              schema: { type: 'string', enum: [...BUCKETS] },
            },
          ],
          tags: [DEVICES],
          security: JWT_SECURITY,
          'x-privilege': privilege,
          responses: {
            '200': {
              content: {
                'application/json': { schema: { type: 'array', items: ref(BUCKET_COMPONENT) } },
              },
              description: '',
            },
          },
        },
      },
    },
    schemas: {
      [BUCKET_COMPONENT]: {
        type: 'object',
        properties: {
          start: {
            type: 'string',
            format: 'date',
            description: 'First day of the bucket (Europe/Prague).',
          },
          ht_kwh: kwh('High tariff (1.8.1) consumption'),
          lt_kwh: kwh('Low tariff (1.8.2) consumption'),
          production_kwh: kwh('Production (2.8.0)'),
        },
        required: ['ht_kwh', 'lt_kwh', 'production_kwh', 'start'],
      },
    },
  };
}
