/**
 * "import 1,000,000 readings" of `npm run bench:api` (docs/product.md: a million readings import
 * in under a minute). Runs in a scratch PostgreSQL database of its own, made on the server
 * of `url` and dropped afterwards, so no shared database (`joule_bench_load`) is touched:
 * migrations, the demo data, 1,000 meters with a year of daily readings, half of them on
 * consumption points (found by EAN), the other half by serial number. It writes the CSV file
 * (Czech style: `;`, decimal commas, local times) to a temporary folder and imports it with
 * the SPA's own code (`overrides/tariffdevices/import`: streamed records, chunks of 10,000,
 * two requests in flight) over HTTP against the real app, then imports it again (nothing
 * may be created). `BENCH_IMPORT_ROWS` sets the size (default 1,000,000).
 */
import { openAsBlob } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { startBenchApp } from './bench-app';
import { hashPassword } from '../server/auth/passwords';
import { openDatabase } from '../server/db/client';
import { DEMO_PASSWORD, seedDemo } from '../server/seed';
import { insertDailyReadings } from '../server/seed';
import { gs1CheckDigit } from '../server/resources/definitions';
import { detectColumns } from '../overrides/tariffdevices/import/mapping';
import { sniffFile } from '../overrides/tariffdevices/import/records';
import { runImport, type BulkAnswer } from '../overrides/tariffdevices/import/run-import';

const METERS = 1_000;
const TARGET_S = 60;

async function admin(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const ean = (n: number) => {
  const first17 = `859182499${String(n).padStart(8, '0')}`;
  return first17 + gs1CheckDigit(first17);
};

/** Prague wall-clock time of an instant, as a Czech file writes it (`2025-03-04 06:00:00`). */
function pragueText(at: Date): string {
  return at.toLocaleString('sv-SE', { timeZone: 'Europe/Prague' });
}

/** Imports `rows` readings into a scratch database on the server of `url`; prints the figures. */
export async function benchImport(url: string, rows: number): Promise<void> {
  const name = `joule_bench_import_${process.pid}`;
  await admin(url, `CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const handle = await openDatabase({ url: scratch.toString() });
  const folder = await mkdtemp(join(tmpdir(), 'joule-import-'));
  // The import reads the file in the browser's time zone; the file is written in Prague's.
  process.env.TZ = 'Europe/Prague';
  try {
    await handle.migrate();
    await seedDemo(handle.db, {
      passwordHash: await hashPassword(DEMO_PASSWORD, { N: 1024, r: 8, p: 1 }),
      readingDays: 7,
    });
    await handle.db.execute(sql`
      insert into tariff_devices (serial_number, name)
      select 'IMP-' || lpad(n::text, 6, '0'), 'Import ' || n from generate_series(1, ${METERS}::integer) n`);
    const ids = (
      (await handle.db.execute(
        sql`select id from tariff_devices where serial_number like 'IMP-%' order by id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows.map((row) => Number(row.id));
    // A year of daily history in 2024 for each meter.
    await insertDailyReadings(handle.db, {
      fromId: ids[0]!,
      toId: ids.at(-1)!,
      start: '2024-01-01',
      days: 365,
    });
    // Even meters sit on points from 2025-01-01 and are named by the point's EAN.
    const even = ids.filter((_, i) => i % 2 === 0);
    await handle.db.execute(sql`
      insert into points (ean, name, street, zip_code, city)
      select x.ean, 'Import', 'Lipová 7', '586 01', 'Jihlava'
      from unnest(${sql.param(even.map((_, i) => ean(i + 1)))}::text[]) as x(ean)`);
    await handle.db.execute(sql`
      insert into specifications (point_id, tariff_device_id, state, valid_from, distribution_tariff_code, phases)
      select p.id, x.device, 'active', '2025-01-01', 'D02d', '3'
      from unnest(${sql.param(even.map((_, i) => ean(i + 1)))}::text[], ${sql.param(even)}::integer[]) as x(ean, device)
      join points p on p.ean = x.ean`);
    await handle.db.execute(sql`vacuum analyze`);

    // The file: hourly readings from 2025-01-01, meter after meter, above the 2024 history.
    const perMeter = Math.ceil(rows / METERS);
    const lines = ['Zařízení;Čas odečtu;VT;NT;Výroba'];
    const start = Date.UTC(2024, 11, 31, 23); // 2025-01-01 00:00 in Prague
    for (let meter = 0; meter < METERS && lines.length <= rows; meter++) {
      const device =
        meter % 2 === 0 ? ean(meter / 2 + 1) : `IMP-${String(meter + 1).padStart(6, '0')}`;
      for (let i = 0; i < perMeter && lines.length <= rows; i++) {
        const at = new Date(start + i * 3_600_000);
        const high = (100_000 + i * 0.75).toFixed(3).replace('.', ',');
        const low = (50_000 + i * 0.25).toFixed(3).replace('.', ',');
        const production = (10_000 + i * 0.125).toFixed(3).replace('.', ',');
        lines.push(`${device};${pragueText(at)};${high};${low};${production}`);
      }
    }
    const path = join(folder, 'readings.csv');
    await writeFile(path, lines.join('\r\n') + '\r\n');

    const { base, access, close } = await startBenchApp(handle);
    try {
      const send = async (body: readonly unknown[], signal: AbortSignal): Promise<BulkAnswer> => {
        const response = await fetch(`${base}/measurements/bulk/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${access}` },
          body: JSON.stringify(body),
          signal,
        });
        if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
        return (await response.json()) as BulkAnswer;
      };
      const file = await openAsBlob(path);
      const { format, records } = await sniffFile(file);
      const mapping = detectColumns(records[0]!);
      console.log(
        `\nImport (PostgreSQL, scratch database ${name}): ${(lines.length - 1).toLocaleString('en')} readings of ${METERS} meters, ${(file.size / 1e6).toFixed(1)} MB CSV`,
      );
      for (const pass of ['first import', 'same file again']) {
        const started = performance.now();
        const outcome = await runImport({ file, format, mapping, send });
        const seconds = (performance.now() - started) / 1000;
        const rate = Math.round(outcome.read / seconds).toLocaleString('en');
        const verdict =
          pass === 'first import'
            ? `target < ${TARGET_S} s per 1,000,000: ${(seconds * 1_000_000) / outcome.read < TARGET_S ? 'met' : 'MISSED'}`
            : 'nothing created';
        console.log(
          `  ${pass.padEnd(18)} ${seconds.toFixed(1).padStart(6)} s  ${rate} readings/s  created ${outcome.created}, unchanged ${outcome.unchanged}, refused ${outcome.refused} (${outcome.status}; ${verdict})`,
        );
        if (outcome.status !== 'done' || outcome.refused > 0)
          throw new Error(
            `import ${outcome.status}: ${String(outcome.error ?? '')} ${JSON.stringify(outcome.refusedRows.slice(0, 3))}`,
          );
        if (pass === 'same file again' && outcome.created > 0)
          throw new Error('re-import created rows');
      }
    } finally {
      await close();
    }
  } finally {
    await handle.close();
    await rm(folder, { recursive: true, force: true });
    await admin(url, `DROP DATABASE ${name}`);
  }
}
