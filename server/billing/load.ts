/**
 * Reads everything {@link calculateBill} needs for contracts and their periods (issue #15
 * "The calculation"), set-based: the inputs of a whole batch of contracts in a fixed number
 * of statements (`loadBillInputs`), and those of one contract as a batch of one
 * (`loadBillInput`), so the preview and the billing runs read alike. Run it inside one
 * transaction (REPEATABLE READ for the preview, `bill.ts`) so all reads see one snapshot.
 */
import { and, asc, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  contracts,
  fuses,
  payments,
  points,
  specifications,
  tariffs,
  vatRates,
} from '../db/schema';
import type { BillInput, BillPeriod, ReadingInput } from './calculate';
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

/**
 * The inputs of the bill of contract `contractId` for `period` (`[from, to)`, ISO dates in
 * Europe/Prague), or `null` when there is no such contract. Readings: every reading of the
 * points' devices within the period plus the last one before it and the first one after it.
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
 * exist), read in 8 statements whatever their number: contracts, points, specifications,
 * fuses, tariffs, readings, VAT rates and advances, each for the whole batch (the widest
 * period of the batch in SQL, each contract's own period in memory). Each input is what
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
  const contractRows = await db
    .select({
      id: contracts.id,
      contract_no: contracts.contractNo,
      customer: contracts.customer,
      mode: contracts.mode,
      product: contracts.product,
    })
    .from(contracts)
    .where(inArray(contracts.id, contractIds));
  const contractById = new Map(contractRows.map((row) => [row.id, row]));
  const found = contractRows.map((row) => row.id);
  const pointRows =
    found.length === 0
      ? []
      : await db
          .select({
            id: points.id,
            contract: points.contract,
            ean: points.ean,
            name: points.name,
          })
          .from(points)
          .where(inArray(points.contract, found))
          .orderBy(asc(points.id));
  const pointIds = pointRows.map((point) => point.id);
  const specRows =
    pointIds.length === 0
      ? []
      : await db
          .select({
            id: specifications.id,
            point: specifications.point,
            valid_from: specifications.validFrom,
            valid_to: specifications.validTo,
            distribution_tariff_code: specifications.distributionTariffCode,
            phases: specifications.phases,
            main_fuse: specifications.mainFuse,
            tariff_device: specifications.tariffDevice,
          })
          .from(specifications)
          .where(
            and(
              inArray(specifications.point, pointIds),
              ne(specifications.state, 'cancelled'),
              lt(specifications.validFrom, maxTo),
              or(isNull(specifications.validTo), gte(specifications.validTo, minFrom)),
            ),
          )
          .orderBy(asc(specifications.validFrom), asc(specifications.id));

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
  const fuseRows =
    fuseIds.length === 0
      ? []
      : await db
          .select({
            id: fuses.id,
            text: fuses.text,
            to_1phase: fuses.to1phase,
            to_3phase: fuses.to3phase,
            price_for_every_a: fuses.priceForEveryA,
          })
          .from(fuses)
          .where(inArray(fuses.id, fuseIds))
          .orderBy(asc(fuses.id));
  const tariffRows =
    products.length === 0 || codes.length === 0
      ? []
      : await db
          .select({
            id: tariffs.id,
            product: tariffs.product,
            code: tariffs.code,
            valid_from: tariffs.validFrom,
            valid_to: tariffs.validTo,
            fuse_from: tariffs.fuseFrom,
            fuse_to: tariffs.fuseTo,
            trade_per_mw_ht: tariffs.tradePerMwHt,
            trade_per_mw_lt: tariffs.tradePerMwLt,
            trade_monthly_pay: tariffs.tradeMonthlyPay,
            distribution_per_mwh_ht: tariffs.distributionPerMwhHt,
            distribution_per_mwh_lt: tariffs.distributionPerMwhLt,
            other_svc_system: tariffs.otherSvcSystem,
            other_svc_poze: tariffs.otherSvcPoze,
            other_svc_poze_per_a: tariffs.otherSvcPozePerA,
            other_non_network_infra: tariffs.otherNonNetworkInfra,
            electricity_tax_per_mw: tariffs.electricityTaxPerMw,
            production_per_mwh_ht: tariffs.productionPerMwhHt,
          })
          .from(tariffs)
          .where(
            and(
              inArray(tariffs.product, products),
              inArray(tariffs.code, codes),
              lt(tariffs.validFrom, maxTo),
              or(isNull(tariffs.validTo), gte(tariffs.validTo, minFrom)),
            ),
          )
          .orderBy(asc(tariffs.id));
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
  const rates = await db
    .select({ rate: vatRates.rate, valid_from: vatRates.validFrom })
    .from(vatRates)
    .orderBy(asc(vatRates.validFrom));
  const advanceRows =
    found.length === 0
      ? []
      : await db
          .select({
            id: payments.id,
            contract: payments.contract,
            ts: payments.ts,
            amount: payments.amount,
          })
          .from(payments)
          .where(
            and(
              inArray(payments.contract, found),
              eq(payments.type, 'advance'),
              gte(payments.ts, minFrom),
              lt(payments.ts, maxTo),
            ),
          )
          .orderBy(asc(payments.ts), asc(payments.id));

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
      advances: advanceRows
        .filter(
          (row) => row.contract === contract.id && row.ts >= period.from && row.ts < period.to,
        )
        .map(({ id, ts, amount }) => ({ id, ts, amount })),
    };
  });
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
 * is lower than in the reading before, with that one (a window over one index range scan,
 * compared in the database: only those rows travel). The calculation gives on these
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
    SELECT q.k, r.at, r.obis_181, r.obis_182, r.obis_280
      FROM q
      CROSS JOIN LATERAL (
        SELECT m.timestamp_received AS at, m.obis_181, m.obis_182, m.obis_280
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
        SELECT v.at, v.obis_181, v.obis_182, v.obis_280
          FROM (
            SELECT m.timestamp_received AS at, m.obis_181, m.obis_182, m.obis_280,
                   lag(m.timestamp_received) OVER w AS p_at,
                   lag(m.obis_181) OVER w AS p_181,
                   lag(m.obis_182) OVER w AS p_182,
                   lag(m.obis_280) OVER w AS p_280
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
            (w.at, w.obis_181, w.obis_182, w.obis_280),
            (w.p_at, w.p_181, w.p_182, w.p_280)) AS v(at, obis_181, obis_182, obis_280)
         WHERE w.obis_181 < w.p_181 OR w.obis_182 < w.p_182 OR w.obis_280 < w.p_280
      ) AS r
     ORDER BY q.k, r.at
  `)) as unknown as {
    rows: {
      k: number;
      at: Date | string;
      obis_181: string;
      obis_182: string;
      obis_280: string;
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
    });
    byKey.set(k, list);
  }
  return byKey;
}
