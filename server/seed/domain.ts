/**
 * Deterministic demo domain data: products, discounts, price lists, the real Czech
 * distributors, some suppliers, tariffs for the distribution rates D01d … D61d, fuses 1×25 A … 3×80 A, the OBIS codes 1.8.0, 1.8.1,
 * 1.8.2 and 2.8.0, 10 collectors and 200 customers (Czech people and firms with valid
 * IČO/DIČ) with addresses, contracts and advance payments, and (`points.ts`) a consumption
 * point per contract with its specification history and a meter with daily readings. Each table is only filled when
 * it is empty, so running the seed again changes nothing. A fixed pseudo-random sequence
 * makes every run produce the same rows.
 */
import { count, eq } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import {
  addresses,
  collectors,
  contracts,
  customers,
  discounts,
  distributors,
  fuses,
  obises,
  payments,
  pricelists,
  products,
  reports,
  suppliers,
  tariffs,
} from '../db/schema';
import { icoCheckDigit } from '../resources/definitions';
import { seedPointsAndDevices } from './points';
import { seededRandom } from './random';

/** Number of demo customers. */
export const DEMO_CUSTOMER_COUNT = 200;

const MEN = [
  'Jiří',
  'Jan',
  'Petr',
  'Josef',
  'Pavel',
  'Martin',
  'Tomáš',
  'Jaroslav',
  'Miroslav',
  'Zdeněk',
  'Václav',
  'Michal',
  'František',
  'Lukáš',
  'Ondřej',
  'Matěj',
];
const WOMEN = [
  'Jana',
  'Marie',
  'Eva',
  'Hana',
  'Anna',
  'Lenka',
  'Kateřina',
  'Lucie',
  'Věra',
  'Alena',
  'Petra',
  'Zuzana',
  'Tereza',
  'Markéta',
  'Jitka',
  'Růžena',
];
/** Surnames as [male, female]. */
const SURNAMES: readonly (readonly [string, string])[] = [
  ['Novák', 'Nováková'],
  ['Svoboda', 'Svobodová'],
  ['Novotný', 'Novotná'],
  ['Dvořák', 'Dvořáková'],
  ['Černý', 'Černá'],
  ['Procházka', 'Procházková'],
  ['Kučera', 'Kučerová'],
  ['Veselý', 'Veselá'],
  ['Horák', 'Horáková'],
  ['Němec', 'Němcová'],
  ['Pokorný', 'Pokorná'],
  ['Marek', 'Marková'],
  ['Pospíšil', 'Pospíšilová'],
  ['Hájek', 'Hájková'],
  ['Jelínek', 'Jelínková'],
  ['Růžička', 'Růžičková'],
  ['Beneš', 'Benešová'],
  ['Fiala', 'Fialová'],
  ['Sedláček', 'Sedláčková'],
  ['Doležal', 'Doležalová'],
  ['Zeman', 'Zemanová'],
  ['Kolář', 'Kolářová'],
  ['Šťastný', 'Šťastná'],
  ['Říha', 'Říhová'],
];
const FIRM_WORDS = [
  'Stavby',
  'Pekárna',
  'Truhlářství',
  'Zahradnictví',
  'Autoservis',
  'Elektro',
  'Strojírny',
  'Kovovýroba',
  'Tiskárna',
  'Řeznictví',
  'Účetnictví',
  'Vinařství',
];
const FIRM_PLACES = [
  'Šumava',
  'Vysočina',
  'Krkonoše',
  'Haná',
  'Podřipsko',
  'Žďár',
  'Třeboň',
  'Říčany',
  'Beskydy',
  'Polabí',
];
const FIRM_FORMS = ['s.r.o.', 'a.s.', 'spol. s r.o.', 'v.o.s.'];
const CITIES: readonly (readonly [string, string])[] = [
  ['Praha', '110 00'],
  ['Brno', '602 00'],
  ['Ostrava', '702 00'],
  ['Plzeň', '301 00'],
  ['Liberec', '460 01'],
  ['Olomouc', '779 00'],
  ['České Budějovice', '370 01'],
  ['Hradec Králové', '500 02'],
  ['Ústí nad Labem', '400 01'],
  ['Pardubice', '530 02'],
  ['Zlín', '760 01'],
  ['Jihlava', '586 01'],
];
const STREETS = [
  'Masarykova',
  'Husova',
  'Palackého',
  'Nádražní',
  'Školní',
  'Komenského',
  'Žižkova',
  'Smetanova',
  'Jiráskova',
  'Havlíčkova',
  'Náměstí Míru',
  'Třída Svobody',
];
const SALUTATIONS = { man: 'Vážený pane', woman: 'Vážená paní' };

async function isEmptyTable(db: Database, table: PgTable): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(table);
  return Number(row?.n ?? 0) === 0;
}

const pad = (value: number, length: number) => String(value).padStart(length, '0');

/** `name` lower-case without diacritics, for an e-mail address (`Šťastná` → `stastna`). */
const ascii = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Inserts the demo domain data into empty tables; `readingDays` of daily readings per device. */
export async function seedDomain(
  db: Database,
  options: { readonly readingDays: number },
): Promise<void> {
  const random = seededRandom(20250101);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

  if (await isEmptyTable(db, products))
    await db
      .insert(products)
      .values([
        { name: 'Elektřina Standard' },
        { name: 'Elektřina Fix 24' },
        { name: 'Elektřina Spot' },
        { name: 'Výkup FVE' },
      ]);
  if (await isEmptyTable(db, pricelists))
    await db.insert(pricelists).values([
      { name: 'Ceník 2024', validFrom: '2024-01-01', validTo: '2024-12-31' },
      { name: 'Ceník 2025', validFrom: '2025-01-01', validTo: null },
    ]);
  if (await isEmptyTable(db, tariffs)) {
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    // The 2025 tariffs belong to the 2025 price list.
    const [priceList] = await db
      .select({ id: pricelists.id })
      .from(pricelists)
      .where(eq(pricelists.validFrom, '2025-01-01'))
      .limit(1);
    const rates = ['D01d', 'D02d', 'D25d', 'D26d', 'D45d', 'D56d', 'D57d', 'D61d'];
    await db.insert(tariffs).values(
      rates.map((code, index) => ({
        product: product!.id,
        priceList: priceList?.id ?? null,
        code,
        distributionPerMwhHt: `${2100 + index * 85}.00`,
        distributionPerMwhLt: index < 2 ? null : `${180 + index * 12}.50`,
        otherSvcSystem: '164.55',
        otherSvcPoze: '495.00',
        otherSvcPozePerA: '0.00',
        otherNonNetworkInfra: '11.13',
        tradeMonthlyPay: '129.00',
        tradePerMwHt: `${2890 + index * 20}.00`,
        tradePerMwLt: index < 2 ? null : `${2590 + index * 20}.00`,
        electricityTaxPerMw: '28.30',
        productionPerMwhHt: '1450.00',
        validFrom: '2025-01-01',
        price: `${4990 + index * 150}.00`,
        fuseFrom: 0,
        fuseTo: 80,
      })),
    );
  }
  if (await isEmptyTable(db, discounts))
    await db.insert(discounts).values([
      {
        name: 'Věrnostní sleva 5 %',
        validFrom: '2024-01-01',
        validTo: null,
        percent: '5.00',
        appliesTo: 'energy',
      },
      {
        name: 'Jarní akce',
        validFrom: '2025-03-01',
        validTo: '2025-05-31',
        percent: '10.00',
        appliesTo: 'energy',
      },
      {
        name: 'Sleva pro seniory',
        validFrom: '2024-07-01',
        validTo: '2026-06-30',
        percent: '3.00',
        appliesTo: 'bill',
      },
    ]);
  if (await isEmptyTable(db, reports))
    await db
      .insert(reports)
      .values([{ name: 'Měsíční spotřeba' }, { name: 'Přehled plateb' }, { name: 'Výroba FVE' }]);
  if (await isEmptyTable(db, distributors))
    await db.insert(distributors).values([
      { name: 'ČEZ Distribuce, a.s.', code: 'CEZD' },
      { name: 'EG.D, a.s.', code: 'EGD' },
      { name: 'PREdistribuce, a.s.', code: 'PRED' },
    ]);
  if (await isEmptyTable(db, suppliers))
    await db.insert(suppliers).values([
      { name: 'Joule Energie s.r.o.', code: 'JOULE' },
      { name: 'ČEZ Prodej, a.s.', code: 'CEZP' },
      { name: 'E.ON Energie, a.s.', code: 'EON' },
      { name: 'Pražská energetika, a.s.', code: 'PRE' },
      { name: 'Centropol Energy, a.s.', code: 'CENTROPOL' },
    ]);
  if (await isEmptyTable(db, fuses)) {
    const ratings = [25, 32, 40, 50, 63, 80];
    const rows = [];
    for (const phases of [1, 3] as const) {
      let previous = 0;
      for (const amps of ratings) {
        const range = { from: previous === 0 ? 0 : previous + 1, to: amps };
        rows.push({
          text: `${phases}×${amps} A`,
          from1phase: phases === 1 ? range.from : null,
          to1phase: phases === 1 ? range.to : null,
          from3phase: phases === 3 ? range.from : null,
          to3phase: phases === 3 ? range.to : null,
          priceForEveryA: phases === 1 ? '4.35' : '13.05',
        });
        previous = amps;
      }
    }
    await db.insert(fuses).values(rows);
  }
  if (await isEmptyTable(db, obises))
    await db.insert(obises).values([
      { obis: '1.8.0', description: 'Činná energie odběr celkem', convertToFloat: true },
      { obis: '1.8.1', description: 'Činná energie odběr, vysoký tarif', convertToFloat: true },
      { obis: '1.8.2', description: 'Činná energie odběr, nízký tarif', convertToFloat: true },
      { obis: '2.8.0', description: 'Činná energie dodávka celkem', convertToFloat: true },
    ]);
  if (await isEmptyTable(db, collectors))
    await db.insert(collectors).values(
      CITIES.slice(0, 10).map(([city], index) => ({
        serialNumber: `KC-2024-${pad(index + 1, 3)}`,
        mac: `00:1A:2B:00:00:${pad(index + 1, 2)}`,
        bootVersion: `2.${index % 3}.${index}`,
        name: `Koncentrátor ${city}`,
        lastSeen: new Date(Date.UTC(2025, 0, 1, 6, index * 5)),
      })),
    );

  if (await isEmptyTable(db, customers)) await seedCustomers(db, random, pick);
  await seedPointsAndDevices(db, options.readingDays);
}

/** Customers with addresses, contracts and advance payments. */
async function seedCustomers(
  db: Database,
  random: () => number,
  pick: <T>(items: readonly T[]) => T,
): Promise<void> {
  const customerRows = [];
  for (let i = 1; i <= DEMO_CUSTOMER_COUNT; i++) {
    const customerNo = `Z${pad(100000 + i, 6)}`;
    if (i % 5 === 0) {
      const first7 = pad(Math.floor(random() * 9_000_000) + 1_000_000, 7);
      const ico = first7 + icoCheckDigit(first7);
      customerRows.push({
        customerNo,
        type: 'company',
        companyName: `${pick(FIRM_WORDS)} ${pick(FIRM_PLACES)} ${pick(FIRM_FORMS)}`,
        crn: ico,
        tin: `CZ${ico}`,
        reportEmail: `fakturace${i}@example.cz`,
        phone: `+420 5${pad(Math.floor(random() * 100_000_000), 8)}`,
      });
    } else {
      const woman = random() < 0.5;
      const [male, female] = pick(SURNAMES);
      const year = 1940 + Math.floor(random() * 65);
      const titleBefore = random() < 0.1 ? pick(['Ing.', 'Mgr.', 'MUDr.', 'Bc.']) : '';
      const firstName = woman ? pick(WOMEN) : pick(MEN);
      const lastName = woman ? female : male;
      customerRows.push({
        customerNo,
        type: 'person',
        salutation: woman ? SALUTATIONS.woman : SALUTATIONS.man,
        titleBefore,
        firstName,
        lastName,
        // Where invoices are sent (docs/billing.md "Sending"): every demo invoice can be sent.
        documentEmail: `${ascii(firstName)}.${ascii(lastName)}.${i}@example.cz`,
        birthDate: `${year}-${pad(1 + Math.floor(random() * 12), 2)}-${pad(1 + Math.floor(random() * 28), 2)}`,
        phone: `+420 7${pad(Math.floor(random() * 100_000_000), 8)}`,
        isActive: random() > 0.05,
      });
    }
  }
  const inserted = await db.insert(customers).values(customerRows).returning({ id: customers.id });

  const addressRows = [];
  // Every demo contract sells the first product, whose tariffs cover every distribution rate
  // of the points' specifications, so that a bill preview works on the demo data.
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .orderBy(products.id)
    .limit(1);
  const contractRows = [];
  for (const [index, { id }] of inserted.entries()) {
    const [city, zip] = pick(CITIES);
    const street = `${pick(STREETS)} ${1 + Math.floor(random() * 120)}`;
    addressRows.push({ customer: id, type: 'permanent', street, city, zipCode: zip });
    addressRows.push({ customer: id, type: 'supply', street, city, zipCode: zip });
    if (index % 4 === 0)
      addressRows.push({
        customer: id,
        type: 'correspondence',
        street: `P. O. Box ${100 + index}`,
        city: 'Praha',
        zipCode: '110 00',
      });
    const start = `202${3 + (index % 3)}-${pad(1 + (index % 12), 2)}-01`;
    contractRows.push({
      customer: id,
      contractNo: `S-${start.slice(0, 4)}-${pad(index + 1, 5)}`,
      mode: index % 10 === 0 ? 'combined' : 'supply',
      validFrom: start,
      validTo: index % 15 === 0 ? '2025-12-31' : null,
      state: index % 15 === 0 ? 'terminated' : 'active',
      billingPeriod: index % 5 === 0 ? 'monthly' : 'annual',
      billingStart: start,
      accountNo: `${pad(100000 + index * 37, 10)}/0800`,
      product: product?.id ?? null,
    });
  }
  await db.insert(addresses).values(addressRows);
  const contractIds = await db
    .insert(contracts)
    .values(contractRows)
    .returning({ id: contracts.id, validFrom: contracts.validFrom });
  const paymentRows = contractIds.flatMap(({ id }, index) =>
    [1, 2, 3].map((month) => ({
      contract: id,
      type: 'advance',
      amount: `${800 + (index % 20) * 50}.00`,
      ts: `2025-${pad(month, 2)}-15`,
    })),
  );
  await db.insert(payments).values(paymentRows);
}
