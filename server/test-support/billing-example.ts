/**
 * The worked billing example (docs/billing.md "Worked example"), stored in a database so that tests
 * preview it: one point on a 3×25 A main fuse, tariff D02d of product "Example", readings on
 * 1 January and 11 February 2025, an advance of 1,500 CZK on 15 January.
 */
import { asc } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  contracts,
  customers,
  fuses,
  measurements,
  payments,
  points,
  products,
  specifications,
  tariffDevices,
  tariffs,
} from '../db/schema';
import { startOfDay } from '../billing';

/** The ids of the stored example. */
export interface BillingExample {
  readonly contract: number;
  readonly customer: number;
  readonly point: number;
  readonly device: number;
  readonly product: number;
}

/**
 * Stores the example for the first customer of the database; `n` makes the contract number,
 * EAN and serial number unique when it is stored several times.
 */
export async function storeBillingExample(db: Database, n = 1): Promise<BillingExample> {
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .orderBy(asc(customers.id))
    .limit(1);
  if (!customer) throw new Error('no customer to attach the example to');
  const [product] = await db
    .insert(products)
    .values({ name: `Example ${n}` })
    .returning();
  const [fuse] = await db
    .insert(fuses)
    .values({ text: '3×25 A', from3phase: 21, to3phase: 25, priceForEveryA: '10.00' })
    .returning();
  await db.insert(tariffs).values({
    product: product!.id,
    code: 'D02d',
    validFrom: '2025-01-01',
    fuseFrom: 0,
    fuseTo: 32,
    tradePerMwHt: '2000.00',
    tradePerMwLt: '1500.00',
    tradeMonthlyPay: '100.00',
    distributionPerMwhHt: '1000.00',
    distributionPerMwhLt: '200.00',
    otherSvcSystem: '150.00',
    otherSvcPoze: '500.00',
    otherSvcPozePerA: '20.00',
    otherNonNetworkInfra: '10.00',
    electricityTaxPerMw: '28.30',
    productionPerMwhHt: '1000.00',
  });
  const [contract] = await db
    .insert(contracts)
    .values({
      customer: customer.id,
      contractNo: `EXAMPLE-${n}`,
      mode: 'supply',
      validFrom: '2025-01-01',
      state: 'active',
      billingPeriod: 'monthly',
      billingStart: '2025-01-01',
      product: product!.id,
    })
    .returning();
  const [device] = await db
    .insert(tariffDevices)
    .values({ serialNumber: `EXAMPLE-${n}`, name: `Example meter ${n}` })
    .returning();
  const [point] = await db
    .insert(points)
    .values({
      contract: contract!.id,
      ean: `85918249${String(n).padStart(10, '0')}`,
      name: `Example point ${n}`,
      street: 'Vodičkova 1',
      zipCode: '11000',
      city: 'Praha',
    })
    .returning();
  await db.insert(specifications).values({
    point: point!.id,
    tariffDevice: device!.id,
    state: 'active',
    validFrom: '2025-01-01',
    distributionTariffCode: 'D02d',
    mainFuse: fuse!.id,
    phases: '3',
  });
  await db.insert(measurements).values([
    {
      tariffDevice: device!.id,
      timestampReceived: new Date(startOfDay('2025-01-01')),
      obis181: '1000',
      obis182: '500',
      obis280: '0',
    },
    {
      tariffDevice: device!.id,
      timestampReceived: new Date(startOfDay('2025-02-11')),
      obis181: '1410',
      obis182: '541',
      obis280: '0',
    },
  ]);
  await db
    .insert(payments)
    .values({ contract: contract!.id, type: 'advance', amount: '1500.00', ts: '2025-01-15' });
  return {
    contract: contract!.id,
    customer: customer.id,
    point: point!.id,
    device: device!.id,
    product: product!.id,
  };
}
