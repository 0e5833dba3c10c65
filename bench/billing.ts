/**
 * `npm run bench:billing` (issue #15 "Speed"): the bill preview's median time on PostgreSQL —
 * the snapshot read (`loadBillInput` in one REPEATABLE READ READ ONLY transaction) plus the
 * calculation — over a sample of contracts with points. Target: ≤ 50 ms median.
 *
 * Database: `BENCH_DATABASE_URL`, default `postgres://postgres@127.0.0.1:5432/joule_bench_load`
 * (the large data set). The bench applies pending migrations itself (contracts.product,
 * vat_rates, …) and changes no data. A data set seeded before contracts had a product is
 * billed as if each contract sold the product whose tariffs cover the most codes; the output
 * says so. Environment: `BENCH_BILLING_SAMPLE` (contracts, default 200), `BENCH_BILLING_FROM`
 * / `BENCH_BILLING_TO` (the period, default March 2025).
 */
import { sql } from 'drizzle-orm';
import { calculateBill, loadBillInput, type BillInput } from '../server/billing';
import { openDatabase, type Database } from '../server/db/client';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/joule_bench_load';
const SAMPLE = Number(process.env.BENCH_BILLING_SAMPLE ?? 200);
const period = {
  from: process.env.BENCH_BILLING_FROM ?? '2025-03-01',
  to: process.env.BENCH_BILLING_TO ?? '2025-04-01',
};

const rows = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const handle = await openDatabase({ url });
try {
  await handle.migrate();
  const db = handle.db;
  const [fallback] = await rows<{ product: number }>(
    db,
    sql`select product_id as product from tariffs group by product_id order by count(distinct code) desc limit 1`,
  );
  const sample = await rows<{ id: number }>(
    db,
    sql`select distinct contract_id as id from points where contract_id is not null
        order by contract_id limit ${SAMPLE}`,
  );
  console.log(
    `bench:billing on ${url.replace(/\/\/[^@]*@/, '//')}: ${sample.length} contracts, ${period.from} – ${period.to}`,
  );
  let assumed = 0;
  let billed = 0;
  const refusals = new Map<string, number>();
  const times: number[] = [];
  for (const { id } of sample) {
    const started = performance.now();
    const input = await db.transaction(
      (tx) => loadBillInput(tx as unknown as Database, id, period),
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    if (!input) continue;
    let billable: BillInput = input;
    if (input.contract.product === null && fallback) {
      assumed += 1;
      billable = { ...input, contract: { ...input.contract, product: fallback.product } };
    }
    const result = calculateBill(billable);
    times.push(performance.now() - started);
    if (result.ok) billed += 1;
    else
      for (const reason of result.reasons)
        refusals.set(reason.code, (refusals.get(reason.code) ?? 0) + 1);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? NaN;
  console.log(
    `bill preview (read + calculate): median ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, max ${at(1).toFixed(1)} ms (target ≤ 50 ms median)`,
  );
  console.log(
    `billed ${billed} of ${times.length}; refused: ${JSON.stringify(Object.fromEntries(refusals))}`,
  );
  if (assumed > 0)
    console.log(
      `note: ${assumed} contracts have no product (seeded before contracts.product); billed as product #${fallback!.product}`,
    );
} finally {
  await handle.close();
}
