/**
 * The supplier's global settings and VAT rates (docs/product.md, docs/billing.md
 * step 5), read by bills and invoices.
 */
import { asc, desc, eq, lte } from 'drizzle-orm';
import type { Database } from '../db/client';
import { globalSettings, vatRates } from '../db/schema';
import type { DecimalString, VatRateInput } from './calculate';

/** The supplier as invoices print it; empty strings where not filled in. */
export interface SupplierSettings {
  readonly supplier_name: string;
  /** IČO, 8 digits or empty. */
  readonly ico: string;
  /** DIČ, e.g. `CZ12345678`, or empty. */
  readonly dic: string;
  /** Postal address, lines separated by `\n`. */
  readonly address: string;
  /** Bank account (`123456789/0100` or an IBAN). */
  readonly bank_account: string;
}

const EMPTY: SupplierSettings = {
  supplier_name: '',
  ico: '',
  dic: '',
  address: '',
  bank_account: '',
};

/** The supplier's settings (the single `global_settings` row; empty values when missing). */
export async function loadSupplierSettings(db: Database): Promise<SupplierSettings> {
  const [row] = await db
    .select({
      supplier_name: globalSettings.supplierName,
      ico: globalSettings.ico,
      dic: globalSettings.dic,
      address: globalSettings.address,
      bank_account: globalSettings.bankAccount,
    })
    .from(globalSettings)
    .where(eq(globalSettings.id, 1));
  return row ?? EMPTY;
}

/** Every VAT rate (percent) with the day it comes into force, oldest first. */
export async function loadVatRates(db: Database): Promise<VatRateInput[]> {
  return db
    .select({ rate: vatRates.rate, valid_from: vatRates.validFrom })
    .from(vatRates)
    .orderBy(asc(vatRates.validFrom));
}

/** The VAT rate in percent in force on `day` (ISO date), or `null` when none is. */
export async function vatRateOn(db: Database, day: string): Promise<DecimalString | null> {
  const [row] = await db
    .select({ rate: vatRates.rate })
    .from(vatRates)
    .where(lte(vatRates.validFrom, day))
    .orderBy(desc(vatRates.validFrom))
    .limit(1);
  return row ? row.rate : null;
}
