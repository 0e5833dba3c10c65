/**
 * Reads everything {@link calculateBill} needs for one contract and period (issue #15 "The
 * calculation"). Run it inside one REPEATABLE READ transaction (`index.ts`) so all reads see
 * one snapshot.
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
import { startOfDay } from './dates';

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
  const [contract] = await db
    .select({
      id: contracts.id,
      contract_no: contracts.contractNo,
      customer: contracts.customer,
      mode: contracts.mode,
      product: contracts.product,
    })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  if (!contract) return null;
  const pointRows = await db
    .select({ id: points.id, ean: points.ean, name: points.name })
    .from(points)
    .where(eq(points.contract, contractId))
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
              lt(specifications.validFrom, period.to),
              or(isNull(specifications.validTo), gte(specifications.validTo, period.from)),
            ),
          )
          .orderBy(asc(specifications.validFrom), asc(specifications.id));
  const fuseIds = [
    ...new Set(specRows.flatMap((spec) => (spec.main_fuse === null ? [] : [spec.main_fuse]))),
  ];
  const deviceIds = [
    ...new Set(
      specRows.flatMap((spec) => (spec.tariff_device === null ? [] : [spec.tariff_device])),
    ),
  ];
  const codes = [...new Set(specRows.map((spec) => spec.distribution_tariff_code))];
  const [fuseRows, tariffRows, readings, rates, advances] = [
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
          .where(inArray(fuses.id, fuseIds)),
    contract.product === null || codes.length === 0
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
              eq(tariffs.product, contract.product),
              inArray(tariffs.code, codes),
              lt(tariffs.validFrom, period.to),
              or(isNull(tariffs.validTo), gte(tariffs.validTo, period.from)),
            ),
          ),
    await loadReadings(db, deviceIds, period),
    await db
      .select({ rate: vatRates.rate, valid_from: vatRates.validFrom })
      .from(vatRates)
      .orderBy(asc(vatRates.validFrom)),
    await db
      .select({ id: payments.id, ts: payments.ts, amount: payments.amount })
      .from(payments)
      .where(
        and(
          eq(payments.contract, contractId),
          eq(payments.type, 'advance'),
          gte(payments.ts, period.from),
          lt(payments.ts, period.to),
        ),
      )
      .orderBy(asc(payments.ts), asc(payments.id)),
  ];
  return {
    contract,
    period: { from: period.from, to: period.to },
    points: pointRows.map((point) => ({
      ...point,
      specifications: specRows.filter((spec) => spec.point === point.id),
    })),
    readings,
    fuses: fuseRows,
    tariffs: tariffRows,
    vatRates: rates,
    advances,
  };
}

/** Readings of `devices` in the period's instants plus the neighbours just outside. */
async function loadReadings(
  db: Database,
  devices: readonly number[],
  period: BillPeriod,
): Promise<ReadingInput[]> {
  if (devices.length === 0) return [];
  const from = new Date(startOfDay(period.from)).toISOString();
  const to = new Date(startOfDay(period.to)).toISOString();
  const list = sql.join(
    devices.map((device) => sql`${device}::int`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    SELECT r.tariff_device_id AS device,
           to_char(r.timestamp_received AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at,
           r.obis_181::text AS obis_181, r.obis_182::text AS obis_182, r.obis_280::text AS obis_280
      FROM unnest(ARRAY[${list}]) AS d(id)
      CROSS JOIN LATERAL (
        (SELECT * FROM measurements m
          WHERE m.tariff_device_id = d.id AND m.timestamp_received < ${from}::timestamptz
          ORDER BY m.timestamp_received DESC LIMIT 1)
        UNION ALL
        (SELECT * FROM measurements m
          WHERE m.tariff_device_id = d.id
            AND m.timestamp_received >= ${from}::timestamptz
            AND m.timestamp_received <= ${to}::timestamptz)
        UNION ALL
        (SELECT * FROM measurements m
          WHERE m.tariff_device_id = d.id AND m.timestamp_received > ${to}::timestamptz
          ORDER BY m.timestamp_received ASC LIMIT 1)
      ) AS r
  `)) as unknown as {
    rows: { device: number; at: string; obis_181: string; obis_182: string; obis_280: string }[];
  };
  return result.rows.map((row) => ({
    device: Number(row.device),
    at: row.at,
    obis_181: row.obis_181,
    obis_182: row.obis_182,
    obis_280: row.obis_280,
  }));
}
