/**
 * Test data for billing runs: contracts that can be billed (a product with one tariff, a
 * fuse, points with a specification, a device and readings) written straight into the
 * database, many at a time.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** What {@link seedBillable} made. */
export interface Billable {
  readonly customer: number;
  readonly product: number;
  readonly contracts: number[];
}

/** Options of {@link seedBillable}. */
export interface BillableOptions {
  /** Contracts to make. */
  readonly count: number;
  /** Points per contract. @default 1 */
  readonly points?: number;
  /** `contract_no` prefix, unique per call. */
  readonly prefix: string;
  /** `billing_start` (also `valid_from`). @default '2026-01-01' */
  readonly start?: string;
  readonly billingPeriod?: string;
  /** Leave out the readings after this instant, so the contracts cannot be billed. */
  readonly noReadingsAfter?: string;
}

/**
 * Makes `count` active monthly contracts, each with `points` points read on the 1st of
 * every month of 2026 (1,000 kWh HT and 500 kWh LT a month): the bill of any month of 2026
 * is 1 MWh HT, 0.5 MWh LT per point.
 */
export async function seedBillable(db: Database, options: BillableOptions): Promise<Billable> {
  const start = options.start ?? '2026-01-01';
  const perContract = options.points ?? 1;
  const rows = (await db.execute(sql`
    with customer as (
      insert into customers (customer_no, type, first_name, last_name)
      values (${`${options.prefix}-C`}, 'person', 'Eva', 'Nováková') returning id),
    product as (insert into products (name) values (${`${options.prefix} product`}) returning id),
    fuse as (
      insert into fuses (text, to_1phase, to_3phase, price_for_every_a)
      values (${`${options.prefix} 3x25`}, 25, 25, '10.00') returning id),
    tariff as (
      insert into tariffs (product_id, code, valid_from, fuse_from, fuse_to,
        trade_per_mw_ht, trade_per_mw_lt, trade_monthly_pay, distribution_per_mwh_ht,
        distribution_per_mwh_lt, other_svc_system, other_svc_poze, other_svc_poze_per_a,
        other_non_network_infra, electricity_tax_per_mw, production_per_mwh_ht)
      select id, 'D02d', '2020-01-01', 0, 100, '2000.00', '1500.00', '100.00', '1000.00',
        '500.00', '150.00', '500.00', '20.00', '10.00', '28.30', '1000.00' from product
      returning id)
    select (select id from customer) as customer, (select id from product) as product,
      (select id from fuse) as fuse, (select id from tariff) as tariff`)) as unknown as {
    rows: { customer: number; product: number; fuse: number }[];
  };
  const { customer, product, fuse } = rows.rows[0]!;
  const readingsUntil = options.noReadingsAfter ?? '2027-12-31';
  const created = (await db.execute(sql`
    with c as (
      insert into contracts (customer_id, contract_no, mode, valid_from, state, billing_period,
        billing_start, product_id)
      select ${customer}, ${options.prefix} || '-' || g, 'supply', ${start}, 'active',
        ${options.billingPeriod ?? 'monthly'}, ${start}, ${product}
      from generate_series(1, ${options.count}) g
      returning id),
    p as (
      insert into points (contract_id, ean, name, street, zip_code, city)
      select c.id, lpad((c.id * 100 + k)::text, 18, '8'), 'Point ' || k, 'Main 1', '11000', 'Praha'
      from c cross join generate_series(1, ${perContract}) k
      returning id, contract_id),
    d as (
      insert into tariff_devices (serial_number, name)
      select 'SN-' || ${options.prefix} || '-' || p.id, 'Meter ' || p.id from p
      returning id, serial_number),
    pd as (
      select p.id as point, d.id as device from p
      join d on d.serial_number = 'SN-' || ${options.prefix} || '-' || p.id),
    s as (
      insert into specifications (point_id, tariff_device_id, state, valid_from,
        distribution_tariff_code, main_fuse_id, phases)
      select point, device, 'active', '2020-01-01', 'D02d', ${fuse}, '3' from pd
      returning id),
    m as (
      insert into measurements (tariff_device_id, timestamp_received, obis_181, obis_182, obis_280)
      select pd.device, (make_date(2026, 1, 1) + make_interval(months => k))::timestamp
          at time zone 'Europe/Prague',
        1000 * k, 500 * k, 0
      from pd cross join generate_series(0, 12) k
      where make_date(2026, 1, 1) + make_interval(months => k) <= ${readingsUntil}::date
      returning id)
    select id from c order by id`)) as unknown as { rows: { id: number }[] };
  return { customer, product, contracts: created.rows.map((row) => Number(row.id)) };
}
