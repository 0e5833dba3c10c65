/**
 * The bill of one contract for a period (docs/billing.md), read and calculated: the one definition
 * the preview and the billing runs use. Re-exported by `index.ts`.
 */
import type { Database } from '../db/client';
import { text } from '../i18n/text';
import { calculateBill, type BillInput, type BillPeriod, type BillResult } from './calculate';
import { loadBillInput } from './load';

/**
 * The bill of contract `contractId` for `period` (`[from, to)`, ISO dates in Europe/Prague),
 * read in the caller's transaction `tx` (a billing run's own). Unknown contract → a refusal
 * with code `contract_not_found`.
 */
export async function billContractIn(
  tx: Database,
  contractId: number,
  period: BillPeriod,
): Promise<BillResult> {
  return billOf(contractId, await loadBillInput(tx, contractId, period));
}

/**
 * The bill of contract `contractId` calculated from its inputs `input` (from
 * `loadBillInput(s)`); `null` (no such contract) → a refusal with code `contract_not_found`.
 * Pure: a billing run's batch calls it for each contract of inputs read together.
 */
export function billOf(contractId: number, input: BillInput | null): BillResult {
  if (!input)
    return {
      ok: false,
      reasons: [
        {
          code: 'contract_not_found',
          message: text(`No contract #${contractId}.`, `Smlouva #${contractId} neexistuje.`),
        },
      ],
    };
  return calculateBill(input);
}

/**
 * The bill of contract `contractId` for `period`, its reads in one REPEATABLE READ READ ONLY
 * transaction so that they see one consistent snapshot while others write (docs/security.md).
 */
export async function billContract(
  db: Database,
  contractId: number,
  period: BillPeriod,
): Promise<BillResult> {
  return db.transaction((tx) => billContractIn(tx as unknown as Database, contractId, period), {
    isolationLevel: 'repeatable read',
    accessMode: 'read only',
  });
}
