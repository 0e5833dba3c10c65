/**
 * Issued invoices stored straight into a test database, for the tests of payments,
 * statement matching and receivables (a billing run makes them in production).
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { contracts, invoices } from '../db/schema';

/** What an issued test invoice differs in. */
export interface TestInvoice {
  /** Contract id; default the first contract of the database. */
  readonly contract?: number;
  /** CZK. */
  readonly amountDue: string;
  readonly variableSymbol: string;
  /** `YYYY-MM-DD`; default 2025-02-14. */
  readonly dueDate?: string;
  /** `YYYY-MM-DD` of the period's start; default 2025-01-01 (periods must differ per contract). */
  readonly periodFrom?: string;
  /** Default `issued`. */
  readonly state?: string;
}

let sequence = 0;

/** Inserts an issued invoice and answers its id. */
export async function insertInvoice(db: Database, invoice: TestInvoice): Promise<number> {
  const [chosen] = await db
    .select({ id: contracts.id, customer: contracts.customer })
    .from(contracts)
    .where(invoice.contract === undefined ? undefined : eq(contracts.id, invoice.contract))
    .orderBy(asc(contracts.id))
    .limit(1);
  if (!chosen) throw new Error('no contract for the test invoice');
  sequence += 1;
  const from = invoice.periodFrom ?? `19${String(sequence % 100).padStart(2, '0')}-01-01`;
  const [row] = await db
    .insert(invoices)
    .values({
      number: invoice.state === 'draft' ? null : `T${String(sequence).padStart(9, '0')}`,
      contract: chosen.id,
      customer: chosen.customer,
      periodFrom: from,
      periodTo: `${from.slice(0, 4)}-02-01`,
      issueDate: '2025-02-01',
      taxableSupplyDate: '2025-01-31',
      dueDate: invoice.dueDate ?? '2025-02-14',
      variableSymbol: invoice.variableSymbol,
      state: invoice.state ?? 'issued',
      base: '0.00',
      vatRate: '21.00',
      vat: '0.00',
      production: '0.00',
      total: invoice.amountDue,
      advances: '0.00',
      amountDue: invoice.amountDue,
      paymentState: Number(invoice.amountDue) === 0 ? 'paid' : 'unpaid',
    })
    .returning({ id: invoices.id });
  return row!.id;
}
