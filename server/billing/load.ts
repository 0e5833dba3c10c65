/**
 * Reads everything {@link calculateBill} needs for contracts and their periods (docs/billing.md
 * "The calculation"), set-based: the inputs of a whole batch of contracts in a fixed number
 * of statements (`loadBillInputs`), and those of one contract as a batch of one
 * (`loadBillInput`), so the preview and the billing runs read alike. Run it inside one
 * transaction (REPEATABLE READ for the preview, `bill.ts`) so all reads see one snapshot.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import type {
  AdvanceInput,
  BillInput,
  BillPeriod,
  FuseInput,
  ReadingInput,
  SpecificationInput,
  TariffInput,
  VatRateInput,
} from './calculate';
import { addDays, startOfDay } from './dates';

/** One contract and the period to bill it for (`[from, to)`, ISO dates in Europe/Prague). */
export interface BillRequest {
  readonly contract: number;
  readonly period: BillPeriod;
}

/** A date interval `[from, to)` overlaps `period` when it starts before its end and ends
 * (inclusive `validTo`, or open) on or after its start — the SQL filter, in memory. */
const overlaps = (validFrom: string, validTo: string | null, period: BillPeriod) =>
  validFrom < period.to && (validTo === null || validTo >= period.from);

const unique = <T>(values: Iterable<T>): T[] => [...new Set(values)];

/** A PostgreSQL array literal of integers (one parameter, whatever the count). */
const intArray = (values: readonly number[]) => `{${values.map((v) => Math.trunc(v)).join(',')}}`;

/** A PostgreSQL array literal of strings, each quoted. */
const textArray = (values: readonly string[]) =>
  `{${values.map((v) => `"${v.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** A row of the contracts–points–specifications statement. */
interface TreeRow {
  id: number;
  contract_no: string;
  customer: number;
  mode: string;
  product: number | null;
  point: number | null;
  ean: string | null;
  name: string | null;
  spec: number | null;
  valid_from: string | null;
  valid_to: string | null;
  distribution_tariff_code: string | null;
  phases: string | null;
  main_fuse: number | null;
  tariff_device: number | null;
  device_serial: string | null;
}

/**
 * The inputs of the bill of contract `contractId` for `period` (`[from, to)`, ISO dates in
 * Europe/Prague), or `null` when there is no such contract. Readings: those the calculation
 * uses of the points' devices ({@link loadReadings}).
 */
export async function loadBillInput(
  db: Database,
  contractId: number,
  period: BillPeriod,
): Promise<BillInput | null> {
  const [input] = await loadBillInputs(db, [{ contract: contractId, period }]);
  return input ?? null;
}

/**
 * The inputs of the bills of `requests`, in their order (`null` for a contract that does not
 * exist), read in 3 statements whatever their number, each for the whole batch (the widest
 * period of the batch in SQL, each contract's own period in memory): the contracts with their
 * points and specifications; the fuses, tariffs, VAT rates and advances (one JSON document
 * each, numbers as text); the readings ({@link loadReadings}). Each input is what
 * {@link loadBillInput} gives for its contract alone; tariffs, fuses and specifications come
 * in a fixed order (by id; specifications by `valid_from`, id).
 */
export async function loadBillInputs(
  db: Database,
  requests: readonly BillRequest[],
): Promise<(BillInput | null)[]> {
  if (requests.length === 0) return [];
  const contractIds = unique(requests.map((request) => request.contract));
  const minFrom = requests.reduce(
    (min, request) => (request.period.from < min ? request.period.from : min),
    requests[0]!.period.from,
  );
  const maxTo = requests.reduce(
    (max, request) => (request.period.to > max ? request.period.to : max),
    requests[0]!.period.to,
  );
  // 1. The contracts, their points and the specifications overlapping the batch's widest
  // period, in one statement (one row per specification; a point or contract without any
  // still comes, with nulls).
  const tree = (
    (await db.execute(sql`
      SELECT c.id, c.contract_no, c.customer_id AS customer, c.mode, c.product_id AS product,
             p.id AS point, p.ean, p.name,
             s.id AS spec, to_char(s.valid_from, 'YYYY-MM-DD') AS valid_from,
             to_char(s.valid_to, 'YYYY-MM-DD') AS valid_to, s.distribution_tariff_code,
             s.phases, s.main_fuse_id AS main_fuse, s.tariff_device_id AS tariff_device,
             d.serial_number AS device_serial
        FROM contracts c
        LEFT JOIN points p ON p.contract_id = c.id
        LEFT JOIN specifications s ON s.point_id = p.id AND s.state <> 'cancelled'
             AND s.valid_from < ${maxTo}::date
             AND (s.valid_to IS NULL OR s.valid_to >= ${minFrom}::date)
        LEFT JOIN tariff_devices d ON d.id = s.tariff_device_id
       WHERE c.id = ANY(${intArray(contractIds)}::int[])
       ORDER BY c.id, p.id, s.valid_from, s.id`)) as unknown as { rows: TreeRow[] }
  ).rows;
  const contractById = new Map<number, BillInput['contract']>();
  const pointRows: { id: number; contract: number; ean: string; name: string }[] = [];
  const specRows: (SpecificationInput & { point: number })[] = [];
  for (const row of tree) {
    const id = Number(row.id);
    if (!contractById.has(id))
      contractById.set(id, {
        id,
        contract_no: row.contract_no,
        customer: Number(row.customer),
        mode: row.mode,
        product: row.product === null ? null : Number(row.product),
      });
    if (row.point === null) continue;
    const point = Number(row.point);
    if (pointRows[pointRows.length - 1]?.id !== point)
      pointRows.push({ id: point, contract: id, ean: row.ean!, name: row.name! });
    if (row.spec !== null)
      specRows.push({
        id: Number(row.spec),
        point,
        valid_from: row.valid_from!,
        valid_to: row.valid_to,
        distribution_tariff_code: row.distribution_tariff_code!,
        phases: row.phases!,
        main_fuse: row.main_fuse === null ? null : Number(row.main_fuse),
        tariff_device: row.tariff_device === null ? null : Number(row.tariff_device),
        tariff_device_serial: row.device_serial,
      });
  }
  pointRows.sort((x, y) => x.id - y.id);
  specRows.sort((x, y) =>
    x.valid_from < y.valid_from ? -1 : x.valid_from > y.valid_from ? 1 : x.id - y.id,
  );
  const found = [...contractById.keys()];

  // Per request: its points and the specifications overlapping its own period.
  const pointsOf = new Map<number, typeof pointRows>();
  for (const point of pointRows) {
    if (point.contract === null) continue;
    const list = pointsOf.get(point.contract) ?? [];
    list.push(point);
    pointsOf.set(point.contract, list);
  }
  const planned = requests.map((request) => {
    const contract = contractById.get(request.contract);
    if (!contract) return null;
    const own = pointsOf.get(request.contract) ?? [];
    const ownIds = new Set(own.map((point) => point.id));
    const specs = specRows.filter(
      (spec) => ownIds.has(spec.point) && overlaps(spec.valid_from, spec.valid_to, request.period),
    );
    return {
      request,
      contract,
      points: own,
      specs,
      fuseIds: unique(specs.flatMap((spec) => (spec.main_fuse === null ? [] : [spec.main_fuse]))),
      deviceIds: unique(
        specs.flatMap((spec) => (spec.tariff_device === null ? [] : [spec.tariff_device])),
      ),
      codes: unique(specs.map((spec) => spec.distribution_tariff_code)),
    };
  });
  const live = planned.flatMap((plan) => (plan ? [plan] : []));
  const fuseIds = unique(live.flatMap((plan) => plan.fuseIds));
  const products = unique(
    live.flatMap((plan) =>
      plan.contract.product === null || plan.codes.length === 0 ? [] : [plan.contract.product],
    ),
  );
  const codes = unique(live.flatMap((plan) => (plan.contract.product === null ? [] : plan.codes)));
  // 2. The fuses, tariffs, VAT rates and advances, in one statement (numbers as text: exact).
  const [prices] = (
    (await db.execute(sql`
      SELECT
        (SELECT coalesce(json_agg(json_build_object('id', f.id, 'text', f.text,
            'to_1phase', f.to_1phase, 'to_3phase', f.to_3phase,
            'price_for_every_a', f.price_for_every_a::text) ORDER BY f.id), '[]')
           FROM fuses f WHERE f.id = ANY(${intArray(fuseIds)}::int[])) AS fuses,
        (SELECT coalesce(json_agg(json_build_object('id', t.id, 'product', t.product_id,
            'code', t.code, 'valid_from', to_char(t.valid_from, 'YYYY-MM-DD'),
            'valid_to', to_char(t.valid_to, 'YYYY-MM-DD'), 'fuse_from', t.fuse_from,
            'fuse_to', t.fuse_to, 'trade_per_mw_ht', t.trade_per_mw_ht::text,
            'trade_per_mw_lt', t.trade_per_mw_lt::text,
            'trade_monthly_pay', t.trade_monthly_pay::text,
            'distribution_per_mwh_ht', t.distribution_per_mwh_ht::text,
            'distribution_per_mwh_lt', t.distribution_per_mwh_lt::text,
            'other_svc_system', t.other_svc_system::text,
            'other_svc_poze', t.other_svc_poze::text,
            'other_svc_poze_per_a', t.other_svc_poze_per_a::text,
            'other_non_network_infra', t.other_non_network_infra::text,
            'electricity_tax_per_mw', t.electricity_tax_per_mw::text,
            'production_per_mwh_ht', t.production_per_mwh_ht::text) ORDER BY t.id), '[]')
           FROM tariffs t
          WHERE t.product_id = ANY(${intArray(products)}::int[])
            AND t.code = ANY(${textArray(codes)}::text[])
            AND t.valid_from < ${maxTo}::date
            AND (t.valid_to IS NULL OR t.valid_to >= ${minFrom}::date)) AS tariffs,
        (SELECT coalesce(json_agg(json_build_object('rate', v.rate::text,
            'valid_from', to_char(v.valid_from, 'YYYY-MM-DD')) ORDER BY v.valid_from), '[]')
           FROM vat_rates v) AS rates,
        (SELECT coalesce(json_agg(json_build_object('id', a.id, 'contract', a.contract_id,
            'type', a.type, 'ts', to_char(a.ts, 'YYYY-MM-DD'), 'amount', a.amount::text)
            ORDER BY a.ts, a.id), '[]')
           FROM payments a
          WHERE a.contract_id = ANY(${intArray(found)}::int[])
            AND a.type IN ('advance', 'refund') AND a.invoice_id IS NULL
            AND a.ts >= ${minFrom}::date AND a.ts < ${maxTo}::date) AS payments`)) as unknown as {
      rows: Record<'fuses' | 'tariffs' | 'rates' | 'payments', unknown>[];
    }
  ).rows;
  const json = <T>(value: unknown): T[] =>
    (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as T[];
  const fuseRows = json<FuseInput>(prices!.fuses);
  const tariffRows = json<TariffInput>(prices!.tariffs);
  const rates = json<VatRateInput>(prices!.rates);
  const paymentRows = json<AdvanceInput & { contract: number; type: string }>(prices!.payments);

  // Per contract, device and period: the instants a segment may start or end at (the
  // period's bounds and every day inside it on which one of its specifications or tariffs
  // starts or ends) — a superset of the cuts `calculateBill` makes.
  const readingKeys = new Map<string, ReadingKey>();
  const keyOf = (contract: number, device: number, period: BillPeriod) =>
    `${contract}|${device}|${period.from}|${period.to}`;
  for (const plan of live) {
    if (plan.deviceIds.length === 0) continue;
    const { period } = plan.request;
    const days = new Set<string>();
    const cut = (day: string) => {
      if (day > period.from && day < period.to) days.add(day);
    };
    for (const spec of plan.specs) {
      cut(spec.valid_from);
      if (spec.valid_to !== null) cut(addDays(spec.valid_to, 1));
    }
    for (const tariff of tariffRows)
      if (tariff.product === plan.contract.product) {
        cut(tariff.valid_from);
        if (tariff.valid_to !== null) cut(addDays(tariff.valid_to, 1));
      }
    const instant = (day: string) => new Date(startOfDay(day)).toISOString();
    const at = [instant(period.from), ...[...days].sort().map(instant), instant(period.to)];
    for (const device of plan.deviceIds) {
      const key = keyOf(plan.contract.id, device, period);
      if (!readingKeys.has(key)) readingKeys.set(key, { k: readingKeys.size, d: device, at });
    }
  }
  const readings = await loadReadings(db, [...readingKeys.values()]);
  return planned.map((plan) => {
    if (!plan) return null;
    const { request, contract } = plan;
    const { period } = request;
    const fuseSet = new Set(plan.fuseIds);
    const codeSet = new Set(plan.codes);
    return {
      contract,
      period: { from: period.from, to: period.to },
      points: plan.points.map(({ id, ean, name }) => ({
        id,
        ean,
        name,
        specifications: plan.specs.filter((spec) => spec.point === id),
      })),
      readings: plan.deviceIds.flatMap(
        (device) => readings.get(readingKeys.get(keyOf(contract.id, device, period))!.k) ?? [],
      ),
      fuses: fuseRows.filter((fuse) => fuseSet.has(fuse.id)),
      tariffs:
        contract.product === null
          ? []
          : tariffRows.filter(
              (tariff) =>
                tariff.product === contract.product &&
                codeSet.has(tariff.code) &&
                overlaps(tariff.valid_from, tariff.valid_to, period),
            ),
      vatRates: rates,
      ...paymentsOf(paymentRows, contract.id, period),
    };
  });
}

/**
 * The advances and the refunds paid out of `contract` dated in `period` that settle no
 * invoice (docs/billing.md "Payments"): what the bill counts.
 */
function paymentsOf(
  rows: readonly (AdvanceInput & { contract: number; type: string })[],
  contract: number,
  period: BillPeriod,
): { advances: AdvanceInput[]; refunds: AdvanceInput[] } {
  const inside = rows.filter(
    (row) => row.contract === contract && row.ts >= period.from && row.ts < period.to,
  );
  const of = (type: string) =>
    inside.filter((row) => row.type === type).map(({ id, ts, amount }) => ({ id, ts, amount }));
  return { advances: of('advance'), refunds: of('refund') };
}

/** A device's readings to read for one contract and period: `at` = the instants (ISO) a
 * segment may start or end at, the period's bounds first and last. */
interface ReadingKey {
  readonly k: number;
  readonly d: number;
  readonly at: readonly string[];
}

/**
 * The readings {@link calculateBill} needs of device `d` for each key, by `k`, in one
 * statement: around each instant of `at`, the last reading at or before it and the first at
 * or after it (two index probes on `measurements_device_timestamp_key`); and, between the
 * last reading before the period and the first after it, every reading in which a register
 * is lower than in the reading before, with that one, and every reading to check (a window
 * over one index range scan, compared in the database: only those rows travel; docs/billing.md
 * "Readings to check"). The calculation gives on these
 * readings what it gives on all of the device's readings from the last one before the period
 * to the first one after it: the register values at each segment's bounds come from the
 * readings around them, and the first reading of a segment in which a register went down is
 * among them with its predecessor (a subsequence of non-decreasing readings is
 * non-decreasing). Sorted by time, without duplicates.
 */
async function loadReadings(
  db: Database,
  keys: readonly ReadingKey[],
): Promise<Map<number, ReadingInput[]>> {
  const byKey = new Map<number, ReadingInput[]>();
  if (keys.length === 0) return byKey;
  const result = (await db.execute(sql`
    WITH q AS (
      SELECT * FROM json_to_recordset(${JSON.stringify(keys)}::json)
        AS q(k int, d int, at timestamptz[])
    )
    SELECT q.k, r.at, r.obis_181, r.obis_182, r.obis_280, r.to_check
      FROM q
      CROSS JOIN LATERAL (
        SELECT m.timestamp_received AS at, m.obis_181, m.obis_182, m.obis_280, m.to_check
          FROM unnest(q.at) AS i(at)
          CROSS JOIN LATERAL (
            (SELECT * FROM measurements m
              WHERE m.tariff_device_id = q.d AND m.timestamp_received <= i.at
              ORDER BY m.timestamp_received DESC LIMIT 1)
            UNION ALL
            (SELECT * FROM measurements m
              WHERE m.tariff_device_id = q.d AND m.timestamp_received >= i.at
              ORDER BY m.timestamp_received ASC LIMIT 1)
          ) AS m
        UNION
        SELECT v.at, v.obis_181, v.obis_182, v.obis_280, v.to_check
          FROM (
            SELECT m.timestamp_received AS at, m.obis_181, m.obis_182, m.obis_280, m.to_check,
                   lag(m.timestamp_received) OVER w AS p_at,
                   lag(m.obis_181) OVER w AS p_181,
                   lag(m.obis_182) OVER w AS p_182,
                   lag(m.obis_280) OVER w AS p_280,
                   lag(m.to_check) OVER w AS p_to_check
              FROM measurements m
             WHERE m.tariff_device_id = q.d
               AND m.timestamp_received >= coalesce(
                 (SELECT max(b.timestamp_received) FROM measurements b
                   WHERE b.tariff_device_id = q.d AND b.timestamp_received < q.at[1]), q.at[1])
               AND m.timestamp_received <= coalesce(
                 (SELECT min(a.timestamp_received) FROM measurements a
                   WHERE a.tariff_device_id = q.d
                     AND a.timestamp_received > q.at[array_length(q.at, 1)]),
                 q.at[array_length(q.at, 1)])
            WINDOW w AS (ORDER BY m.timestamp_received)
          ) AS w
          CROSS JOIN LATERAL (VALUES
            (w.at, w.obis_181, w.obis_182, w.obis_280, w.to_check),
            (w.p_at, w.p_181, w.p_182, w.p_280, w.p_to_check))
            AS v(at, obis_181, obis_182, obis_280, to_check)
         WHERE (w.obis_181 < w.p_181 OR w.obis_182 < w.p_182 OR w.obis_280 < w.p_280
                OR w.to_check) AND v.at IS NOT NULL
      ) AS r
     ORDER BY q.k, r.at
  `)) as unknown as {
    rows: {
      k: number;
      at: Date | string;
      obis_181: string;
      obis_182: string;
      obis_280: string;
      to_check: boolean | string;
    }[];
  };
  const deviceOf = new Map(keys.map((key) => [key.k, key.d]));
  for (const row of result.rows) {
    const k = Number(row.k);
    const list = byKey.get(k) ?? [];
    list.push({
      device: deviceOf.get(k)!,
      at: (row.at instanceof Date ? row.at : new Date(row.at)).toISOString(),
      obis_181: String(row.obis_181),
      obis_182: String(row.obis_182),
      obis_280: String(row.obis_280),
      ...(row.to_check === true || row.to_check === 't' ? { to_check: true } : {}),
    });
    byKey.set(k, list);
  }
  return byKey;
}
