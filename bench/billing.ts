/**
 * `npm run bench:billing` (docs/speed.md): the bill preview's time on the large data set
 * on PostgreSQL (100,000 customers and their points). Target: ≤ 50 ms median.
 *
 * Sample: `BENCH_BILLING_SAMPLE` contracts (default 200) drawn at random with a fixed seed
 * (`BENCH_BILLING_SEED`, default 15) from the active contracts that have a point whose
 * specification has a tariff device — the contracts the data set can bill — so the sample is
 * spread over the whole set, not its first ids. Each gets a period drawn with the same seed
 * from a mix of what a preview is asked for, in 2025:
 *
 * - `own` (25 %): the contract's own billing period ending in a month of February–December
 *   2025 (one of those that has one, drawn), as a billing run for that month bills it; an
 *   annual contract's period then starts in 2024, so it is refused with its reasons when the
 *   data set has no readings or specifications that far back (a contract begun too late to
 *   have a period ending in 2025 gets `1 month` instead);
 * - `1 month` (25 %), `3 months` (20 %), `6 months` (12 %): starting on the first of a
 *   month, from February 2025, ending by 1 December 2025;
 * - `10 months` (8 %): 1 February – 1 December 2025;
 * - `ahead` (10 %): the month after the data set's last reading, as a clerk previews a month
 *   whose readings are not in yet: refused (`no_reading_after`), so refusals are always timed.
 *
 * Each round (`BENCH_BILLING_ROUNDS`, default 3, after a warm-up round) asks every sampled
 * preview twice, alternately: over HTTP as the contract dialog asks it (`GET
 * /contracts/{id}/bill-preview/?from=&to=` on the real app, signed in as the demo admin, on
 * port `JOULE_BENCH_PORT`, default 9160; the answer read whole), and in-process
 * (`billContract`: the snapshot read plus the calculation, no HTTP). A preview that cannot be
 * billed still answers (422 with the reasons): both kinds are timed and printed apart. A
 * figure is the median over the rounds, with the rounds' range.
 *
 * Database: `BENCH_DATABASE_URL`, default `postgres://postgres@127.0.0.1:5432/joule_bench_load`.
 * The bench applies pending migrations and changes no billing data: a preview stores
 * nothing (the demo admin's sign-in counts one hit in `throttle_hits`, as `bench:api`'s does).
 */
import { sql } from 'drizzle-orm';
import { addMonths, billContract, periodEndingIn } from '../server/billing';
import { openDatabase, type Database } from '../server/db/client';
import { startBenchApp } from './bench-app';
import { drawSample, median, percentile, seededRandom, withRange } from './stats';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/joule_bench_load';
const SAMPLE = Number(process.env.BENCH_BILLING_SAMPLE ?? 200);
const SEED = Number(process.env.BENCH_BILLING_SEED ?? 15);
const ROUNDS = Number(process.env.BENCH_BILLING_ROUNDS ?? 3);
const PORT = Number(process.env.JOULE_BENCH_PORT ?? 9160);
const TARGET_MS = 50;

/** A kind of period and its share of the sample. */
const KINDS = [
  ['own', 0.25],
  ['1 month', 0.25],
  ['3 months', 0.2],
  ['6 months', 0.12],
  ['10 months', 0.08],
  ['ahead', 0.1],
] as const;
type Kind = (typeof KINDS)[number][0];

interface Contract {
  id: number;
  period: string;
  start: string;
}

interface Case {
  contract: number;
  kind: Kind;
  from: string;
  to: string;
}

/** One timed preview: how long, and whether it was a bill or a refusal. */
interface Timing {
  ms: number;
  billed: boolean;
}

const rows = async <T>(db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** `YYYY-MM-01` of 2025's month `month` (1–12). */
const month2025 = (month: number) => `2025-${String(month).padStart(2, '0')}-01`;

/**
 * The period of `contract` of kind `kind`, its start month drawn by `random`; `ahead` is the
 * month `ahead` (`YYYY-MM-01`).
 */
function periodOf(contract: Contract, kind: Kind, random: () => number, ahead: string): Case {
  const pick = (first: number, last: number) => first + Math.floor(random() * (last - first + 1));
  const span = (months: number) => {
    const from = month2025(pick(2, 12 - months));
    return { from, to: addMonths(from, months) };
  };
  if (kind === 'own') {
    const own = Array.from({ length: 11 }, (_, i) =>
      periodEndingIn(contract.start, contract.period, month2025(i + 2)),
    ).filter((period) => period !== null);
    // A contract begun after February 2025 may have no period ending in 2025: a month then.
    if (own.length === 0) return { contract: contract.id, kind: '1 month', ...span(1) };
    return { contract: contract.id, kind, ...own[pick(0, own.length - 1)]! };
  }
  if (kind === 'ahead')
    return { contract: contract.id, kind, from: ahead, to: addMonths(ahead, 1) };
  if (kind === '10 months')
    return { contract: contract.id, kind, from: '2025-02-01', to: '2025-12-01' };
  return { contract: contract.id, kind, ...span(Number(kind.split(' ')[0])) };
}

function drawKind(random: () => number): Kind {
  let at = random();
  for (const [kind, share] of KINDS) {
    if (at < share) return kind;
    at -= share;
  }
  return KINDS[0][0];
}

const summary = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p95: percentile(sorted, 95), max: sorted.at(-1) ?? NaN };
};

/** `median (range) ms, p95 … ms` of the rounds' figures for the timings `pick` keeps. */
function figures(rounds: readonly Timing[][], keep: (timing: Timing) => boolean): string {
  const perRound = rounds
    .map((round) => round.filter(keep).map((timing) => timing.ms))
    .filter((times) => times.length > 0)
    .map(summary);
  if (perRound.length === 0) return 'none';
  const count = rounds[0]!.filter(keep).length;
  return `median ${withRange(
    perRound.map((figure) => figure.median),
    1,
  )} ms, p95 ${withRange(
    perRound.map((figure) => figure.p95),
    1,
  )} ms, max ${withRange(
    perRound.map((figure) => figure.max),
    1,
  )} ms (${count} previews)`;
}

const handle = await openDatabase({ url });
try {
  await handle.migrate();
  const db = handle.db;
  const contracts = await rows<Contract>(
    db,
    sql`select c.id, c.billing_period as period,
          to_char(coalesce(c.billing_start, c.valid_from), 'YYYY-MM-DD') as start
        from contracts c
        where c.state = 'active' and exists (
          select 1 from points p join specifications s on s.point_id = p.id
          where p.contract_id = c.id and s.tariff_device_id is not null)
        order by c.id`,
  );
  // The month after the last reading of the data set: no reading after its end yet.
  const [last] = await rows<{ ahead: string }>(
    db,
    sql`select to_char(date_trunc('month', max(timestamp_received) at time zone 'Europe/Prague')
          + interval '1 month', 'YYYY-MM-DD') as ahead from measurements`,
  );
  const ahead = last?.ahead ?? '2026-02-01';
  const random = seededRandom(SEED);
  const cases = drawSample(contracts, SAMPLE, random).map((contract) =>
    periodOf(contract, drawKind(random), random, ahead),
  );
  const app = await startBenchApp(handle, PORT);
  try {
    const headers = { authorization: `Bearer ${app.access}` };
    const overHttp = async ({ contract, from, to }: Case): Promise<Timing> => {
      const started = performance.now();
      const response = await fetch(
        `${app.base}/contracts/${contract}/bill-preview/?from=${from}&to=${to}`,
        { headers },
      );
      const body = (await response.json()) as { reasons?: { code: string }[] };
      const ms = performance.now() - started;
      if (response.status !== 200 && response.status !== 422)
        throw new Error(`contract ${contract}: ${response.status} ${JSON.stringify(body)}`);
      return { ms, billed: response.status === 200 };
    };
    const inProcess = async ({ contract, from, to }: Case): Promise<Timing> => {
      const started = performance.now();
      const result = await billContract(db, contract, { from, to });
      return { ms: performance.now() - started, billed: result.ok };
    };

    console.log(
      `bench:billing on ${url.replace(/\/\/[^@]*@/, '//')}: ${cases.length} previews of contracts drawn ` +
        `(seed ${SEED}) from ${contracts.length} the data set can bill; ${ROUNDS} rounds after a warm-up`,
    );
    const reasons = new Map<string, number>();
    const byKind = new Map<Kind, { billed: number; refused: number }>();
    for (const item of cases) {
      const result = await billContract(db, item.contract, item);
      const counts = byKind.get(item.kind) ?? { billed: 0, refused: 0 };
      if (result.ok) counts.billed += 1;
      else {
        counts.refused += 1;
        for (const code of new Set(result.reasons.map((reason) => reason.code)))
          reasons.set(code, (reasons.get(code) ?? 0) + 1);
      }
      byKind.set(item.kind, counts);
    }
    for (const item of cases) await overHttp(item);

    const http: Timing[][] = [];
    const direct: Timing[][] = [];
    const kindTimes = new Map<Kind, number[]>();
    for (let round = 0; round < ROUNDS; round += 1) {
      const httpRound: Timing[] = [];
      const directRound: Timing[] = [];
      for (const item of cases) {
        const timing = await overHttp(item);
        httpRound.push(timing);
        directRound.push(await inProcess(item));
        kindTimes.set(item.kind, [...(kindTimes.get(item.kind) ?? []), timing.ms]);
      }
      http.push(httpRound);
      direct.push(directRound);
      const { median: m, p95 } = summary(httpRound.map((timing) => timing.ms));
      console.log(`  round ${round + 1}: HTTP median ${m.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms`);
    }
    const all = () => true;
    const billed = (timing: Timing) => timing.billed;
    const refused = (timing: Timing) => !timing.billed;
    console.log(`bill preview over HTTP (GET …/bill-preview/, the answer read whole):`);
    console.log(`  all:      ${figures(http, all)}`);
    console.log(`  billed:   ${figures(http, billed)}`);
    console.log(`  refused:  ${figures(http, refused)}`);
    console.log(`bill preview in-process (billContract: snapshot read + calculation):`);
    console.log(`  all:      ${figures(direct, all)}`);
    console.log(`  billed:   ${figures(direct, billed)}`);
    console.log(`  refused:  ${figures(direct, refused)}`);
    console.log(`by period (HTTP, all rounds pooled):`);
    for (const [kind] of KINDS) {
      const counts = byKind.get(kind) ?? { billed: 0, refused: 0 };
      const times = kindTimes.get(kind) ?? [];
      console.log(
        `  ${kind.padEnd(10)} ${String(counts.billed + counts.refused).padStart(4)} previews ` +
          `(${counts.billed} billed, ${counts.refused} refused), median ${median(times).toFixed(1)} ms`,
      );
    }
    console.log(`refusals by reason (contracts): ${JSON.stringify(Object.fromEntries(reasons))}`);
    const overall = median(http.map((round) => summary(round.map((timing) => timing.ms)).median));
    console.log(
      `target ≤ ${TARGET_MS} ms median (HTTP, all): ${overall <= TARGET_MS ? 'met' : 'missed'} (${overall.toFixed(1)} ms)`,
    );
  } finally {
    await app.close();
  }
} finally {
  await handle.close();
}
