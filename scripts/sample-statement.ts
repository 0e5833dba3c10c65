/**
 * `npm run sample:statement [-- --url http://localhost:8000/api/v1] [--out <file>]`: writes a
 * camt.053 bank statement that pays the issued invoices of a running Joule (docs/billing.md
 * "Bank statements"), to try the import: the oldest unpaid invoice paid in full, the next
 * one in part, the next one over, a credit with no variable symbol (unmatched) and a debit
 * (refused). Deterministic for one database: references and dates come from the invoices.
 * Signs in as the demo administrator. Default output: `data/samples/statement-camt053.xml`.
 *
 * `npm run sample:statement -- --demo` writes the committed sample instead (docs/billing.md
 * "Demo data"): from the demo data seeded into a database in memory, the same five entries
 * for the demo's issued invoices and a sixth paying {@link DEMO_STATEMENT_TARGET}'s invoice
 * of October 2025 exactly (once a run for October has issued it, the import pays it; before,
 * the credit goes to the contract's November invoice). Dated the month after the demo's.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { runMain } from '../codegen/lib/args';
import {
  addDays,
  addMonths,
  billContract,
  buildCamt053,
  type SampleEntry,
} from '../server/billing';
import { openDatabase } from '../server/db/client';
import {
  DEMO_PASSWORD,
  DEMO_READINGS_DAYS,
  DEMO_READINGS_START,
  DEMO_STATEMENT_TARGET,
  DEMO_USERS,
  demoBilledMonth,
  seedDemo,
} from '../server/seed';

interface Invoice {
  readonly id: number;
  readonly number: string;
  readonly variable_symbol: string;
  readonly amount_due: string;
  readonly due_date: string;
  readonly customer_title: string | null;
}

function option(args: readonly string[], name: string, fallback: string): string {
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
}

/** The issued invoices with something due and nothing paid, due first, of a running Joule. */
async function invoicesOfServer(api: string): Promise<Invoice[]> {
  const login = await fetch(`${api}/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_USERS.admin, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
  const { access } = (await login.json()) as { access: string };
  const list = await fetch(
    `${api}/invoices/?filter=state=issued,payment_state=unpaid&sort=due_date&page_size=20`,
    { headers: { authorization: `Bearer ${access}` } },
  );
  if (!list.ok) throw new Error(`invoices: ${list.status}`);
  return ((await list.json()) as { results: Invoice[] }).results;
}

const symbolOf = (symbol: string) => symbol.replace(/\D/g, '').replace(/^0+/, '').slice(-10);

/** The five entries of a sample over `invoices` (at least three), booked on `day` or their due date. */
function entriesFor(invoices: readonly Invoice[], day?: string): SampleEntry[] {
  const due = invoices.filter((invoice) => new Decimal(invoice.amount_due).gt(0));
  if (due.length < 3) throw new Error('need at least 3 unpaid issued invoices to pay');
  const [full, part, over] = due as [Invoice, Invoice, Invoice];
  const dateOf = (invoice: Invoice) => day ?? invoice.due_date;
  const entry = (invoice: Invoice, amount: Decimal, n: number): SampleEntry => ({
    reference: `SAMPLE-${invoice.number}-${n}`,
    amount: amount.toFixed(2),
    bookingDate: dateOf(invoice),
    variableSymbol: symbolOf(invoice.variable_symbol),
    counterpartyName: invoice.customer_title ?? '',
    message: `Faktura ${invoice.number}`,
  });
  return [
    entry(full, new Decimal(full.amount_due), 1),
    entry(part, new Decimal(part.amount_due).div(2).toDecimalPlaces(2), 2),
    entry(over, new Decimal(over.amount_due).plus(100), 3),
    {
      reference: `SAMPLE-${full.number}-4`,
      amount: '1500.00',
      bookingDate: dateOf(full),
      counterpartyName: 'Neznámý plátce',
      message: 'Záloha',
    },
    {
      reference: `SAMPLE-${full.number}-5`,
      amount: '250.00',
      credit: false,
      bookingDate: dateOf(full),
      counterpartyName: 'Dodavatel služeb',
    },
  ];
}

/** The committed sample's entries, from the demo data seeded in memory. */
async function demoEntries(): Promise<SampleEntry[]> {
  const handle = await openDatabase({ memory: true });
  try {
    await handle.migrate();
    await seedDemo(handle.db, { passwordHash: 'x' });
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;
    const invoices = await rows<Invoice>(sql`
      select v.id, v.number, v.variable_symbol, v.amount_due::text as amount_due,
        to_char(v.due_date, 'YYYY-MM-DD') as due_date,
        coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name)) as customer_title
      from invoices v join customers c on c.id = v.customer_id
      where v.state = 'issued' and v.payment_state = 'unpaid' order by v.due_date, v.id`);
    const billed = demoBilledMonth(addDays(DEMO_READINGS_START, DEMO_READINGS_DAYS - 1));
    if (!billed) throw new Error('the demo bills no month');
    const day = `${addMonths(billed, 1).slice(0, 7)}-15`;
    const [target] = await rows<{ id: number; symbol: string; title: string }>(sql`
      select k.id, k.contract_no as symbol,
        coalesce(nullif(c.company_name, ''), trim(c.first_name || ' ' || c.last_name)) as title
      from contracts k join customers c on c.id = k.customer_id
      where k.contract_no = ${DEMO_STATEMENT_TARGET.contractNo}`);
    if (!target) throw new Error(`no contract ${DEMO_STATEMENT_TARGET.contractNo}`);
    const { from, to } = DEMO_STATEMENT_TARGET;
    const bill = await billContract(handle.db, Number(target.id), { from, to });
    if (!bill.ok) throw new Error(`${target.symbol}: ${JSON.stringify(bill.reasons)}`);
    return [
      ...entriesFor(invoices, day),
      {
        reference: `SAMPLE-${target.symbol}-${from.slice(0, 7)}`,
        amount: bill.bill.amount_due,
        bookingDate: day,
        variableSymbol: symbolOf(target.symbol),
        counterpartyName: target.title,
        message: `Elektřina ${from.slice(5, 7)}/${from.slice(0, 4)}`,
      },
    ];
  } finally {
    await handle.close();
  }
}

runMain(async () => {
  const args = process.argv.slice(2);
  const api = option(args, '--url', `http://localhost:${process.env.PORT ?? 8000}/api/v1`);
  const out = resolve(option(args, '--out', 'data/samples/statement-camt053.xml'));
  const entries = args.includes('--demo')
    ? await demoEntries()
    : entriesFor(await invoicesOfServer(api));
  const dates = entries.map((item) => item.bookingDate).sort();
  const xml = buildCamt053({
    id: `SAMPLE-${dates[0]}`,
    iban: 'CZ6508000000192000145399',
    created: `${dates[dates.length - 1]}T18:00:00`,
    from: dates[0]!,
    to: dates[dates.length - 1]!,
    opening: '100000.00',
    entries,
  });
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, xml);
  console.log(`sample statement: ${out} (${entries.length} entries)`);
  return 0;
});
