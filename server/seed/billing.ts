/**
 * The demo's billing (docs/billing.md "Demo data"): the supplier's settings, so that an
 * invoice's PDF carries a supplier block and a QR payment code; a month already billed by a
 * real billing run (`planRun` and `processBatch`, as a worker bills it) whose invoices are
 * issued by `issueInvoice`, the code of `POST /invoices/{id}/issue/`, but for the last few,
 * left as drafts to try issuing; and payments of some of them. Runs once: nothing happens when
 * a run exists already.
 */
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Principal } from '../auth/principal';
import type { Database } from '../db/client';
import {
  billingRunItems,
  billingRuns,
  globalSettings,
  invoices,
  payments,
  users,
} from '../db/schema';
import { addMonths, issueInvoice, planRun, pragueToday, processBatch } from '../billing';
import { recordAudit } from '../resources/engine';
import { DEMO_READINGS_START } from './points';

/** The demo supplier (docs/billing.md "Demo data"); its account's IBAN is the sample's. */
export const DEMO_SUPPLIER = {
  supplierName: 'Joule Energie s.r.o.',
  ico: '27082440',
  dic: 'CZ27082440',
  address: 'Vinohradská 1511/230\n100 00 Praha 10',
  bankAccount: '19-2000145399/0800',
} as const;

/** Invoices of the demo's run left as drafts (the newest ones). */
export const DEMO_DRAFTS = 3;

/**
 * The month the demo bills (`YYYY-MM-01`): the last one whose bills the readings cover, a
 * reading before its first instant and one after its last, for daily readings at UTC midnight
 * from {@link DEMO_READINGS_START} to `lastReading` (`YYYY-MM-DD`); null when none is covered.
 */
export function demoBilledMonth(lastReading: string): string | null {
  // A reading at UTC midnight comes after Prague's midnight of that day: the first month with
  // a reading before its start is the one after the readings' first.
  let month = addMonths(`${DEMO_READINGS_START.slice(0, 7)}-01`, 1);
  let billed: string | null = null;
  while (addMonths(month, 1) <= lastReading) {
    billed = month;
    month = addMonths(month, 1);
  }
  return billed;
}

/** Fills in the supplier, bills {@link demoBilledMonth}, issues and pays some invoices. */
export async function seedDemoBilling(
  db: Database,
  options: { readonly adminEmail: string },
): Promise<void> {
  await db
    .update(globalSettings)
    .set(DEMO_SUPPLIER)
    .where(sql`${globalSettings.id} = 1 and ${globalSettings.supplierName} = ''`);
  const [runs] = await db.select({ n: count() }).from(billingRuns);
  const last = (await db.execute(
    sql`select to_char(max(timestamp_received) at time zone 'UTC', 'YYYY-MM-DD') as day
      from measurements`,
  )) as unknown as { rows: { day: string | null }[] };
  const lastReading = last.rows[0]?.day;
  const month = lastReading ? demoBilledMonth(lastReading) : null;
  if (Number(runs?.n ?? 0) > 0 || month === null) return;
  const [admin] = await db
    .select({ id: users.id, email: users.email, tokenGeneration: users.tokenGeneration })
    .from(users)
    .where(eq(users.email, options.adminEmail));
  const actor: Principal | null = admin
    ? { ...admin, isActive: true, privileges: ['superuser'] }
    : null;

  // The run as `POST /billing-runs/` makes it (created, audited, planned) and billed as the
  // workers bill its batches.
  const [run] = await db.insert(billingRuns).values({ month }).returning({ id: billingRuns.id });
  await recordAudit(db, {
    resource: 'billing-runs',
    rowId: run!.id,
    action: 'create',
    actor,
    changes: { month: [null, month], state: [null, 'running'] },
  });
  await planRun(db, run!.id);
  const items = await db
    .select({ id: billingRunItems.id })
    .from(billingRunItems)
    .where(eq(billingRunItems.run, run!.id))
    .orderBy(asc(billingRunItems.id));
  await processBatch(
    db,
    run!.id,
    items.map((item) => item.id),
  );

  const made = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(eq(invoices.run, run!.id))
    .orderBy(asc(invoices.id));
  const issued = [];
  for (const { id } of made.slice(0, Math.max(0, made.length - DEMO_DRAFTS)))
    issued.push(await issueInvoice(db, id, actor));

  // The first issued invoice paid in full, the second in part: Paid and Partly paid in the
  // invoices list, the rest waiting for the sample statement (data/samples/).
  const today = pragueToday();
  const paid = issued.filter((invoice) => Number(invoice.amountDue) > 0).slice(0, 2);
  if (paid.length === 0) return;
  await db.insert(payments).values(
    paid.map((invoice, index) => ({
      contract: invoice.contract,
      invoice: invoice.id,
      type: 'invoice',
      amount: index === 0 ? invoice.amountDue : (Number(invoice.amountDue) / 2).toFixed(2),
      ts: today,
    })),
  );
}

/**
 * The invoice the committed sample statement's last credit pays exactly (docs/billing.md
 * "Demo data"): this contract's bill of October 2025, once a run for October has issued it.
 */
export const DEMO_STATEMENT_TARGET = {
  contractNo: 'S-2024-00056',
  from: '2025-10-01',
  to: '2025-11-01',
} as const;
