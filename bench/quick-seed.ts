/**
 * A stop-gap large seed for `npm run bench:ui` while `npm run seed -- --scale large` is not
 * there: the demo data, then customers up to `count` (generated in SQL, one statement).
 * Usage: `tsx bench/quick-seed.ts --data-dir <dir> [--customers 12000]`.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client';
import { seedDemo } from '../server/seed';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    customers: { type: 'string', default: '12000' },
  },
});
if (!values['data-dir']) {
  console.error('Usage: tsx bench/quick-seed.ts --data-dir <dir> [--customers 12000]');
  process.exit(2);
}
const count = Number(values.customers);
const database = await openDatabase({ dataDir: join(resolve(values['data-dir']), 'db') });
try {
  await database.migrate();
  await seedDemo(database.db);
  await database.db.execute(sql`
    INSERT INTO customers (customer_no, type, company_name, crn, first_name, last_name, report_email, phone, birth_date, is_active)
    SELECT 'B' || lpad(n::text, 8, '0'),
           CASE WHEN n % 3 = 0 THEN 'company' ELSE 'person' END,
           CASE WHEN n % 3 = 0 THEN 'Firma ' || n || ' s.r.o.' ELSE '' END,
           lpad((n % 99999999)::text, 8, '0'),
           (ARRAY['Jan','Petr','Eva','Jana','Tomáš','Lucie','Jiří','Kateřina'])[1 + n % 8],
           (ARRAY['Novák','Svoboda','Dvořák','Černý','Procházka','Kučerová','Veselý','Horáková'])[1 + (n / 8) % 8],
           'zakaznik' || n || '@example.cz',
           '+420 6' || lpad((n % 100000000)::text, 8, '0'),
           DATE '1950-01-01' + (n % 20000),
           n % 10 <> 0
    FROM generate_series(1, ${count}) AS n
    ON CONFLICT DO NOTHING`);
  const counted = (await database.db.execute(sql`SELECT count(*)::int AS n FROM customers`)) as {
    rows?: { n: number }[];
  };
  const row = counted.rows?.[0];
  console.log(`Seeded: ${row?.n ?? '?'} customers in ${values['data-dir']}.`);
} finally {
  await database.close();
}
