/**
 * A billing read during writes sees one consistent snapshot (docs/security.md "The security suite": "Concurrency on
 * PostgreSQL", docs/billing.md): `billContract` reads readings, payments and the rest in separate
 * statements of one REPEATABLE READ transaction. Writers each commit, in one transaction, a
 * +100 kWh raise of the period-end reading AND one more advance of 100 CZK; so in any committed
 * state, (end register − 1410 kWh) / 100 = the number of extra advances. Bill previews taken
 * concurrently must always show that pairing; a preview mixing two states (the reading read
 * before a commit, the payments after it) would break it.
 *
 * Runs on PGlite and on the PostgreSQL of `JOULE_TEST_POSTGRES_URL` /
 * `JOULE_TEST_DATABASE_URL` (scripts/with-postgres.ts), where the race is real.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOfDay } from '../billing/dates';
import { measurements, payments } from '../db/schema';
import { DEMO_USERS } from '../seed';
import { storeBillingExample, type BillingExample } from '../test-support/billing-example';
import { startTestServer, type TestServer } from '../test-support/server';

/** Writer transactions per run. */
const WRITERS = 20;
/** Previews taken while they run. */
const READERS = 40;

const postgresUrl = process.env.JOULE_TEST_POSTGRES_URL ?? process.env.JOULE_TEST_DATABASE_URL;

const ENGINES: [string, string | null][] = [
  ['PGlite', null],
  ...(postgresUrl ? [['PostgreSQL', postgresUrl] as [string, string]] : []),
];

describe.each(ENGINES)('billing snapshot on %s', (_engine, url) => {
  let server: TestServer;
  let token: string;
  let example: BillingExample;

  beforeAll(async () => {
    server = await startTestServer({ postgresUrl: url });
    token = await server.login(DEMO_USERS.admin);
    example = await storeBillingExample(server.database.db);
  });
  afterAll(() => server?.close());

  it(`${READERS} previews during ${WRITERS} paired writes each see one committed state`, async () => {
    const db = server.database.db;
    const endInstant = new Date(startOfDay('2025-02-11'));
    const write = () =>
      db.transaction(async (tx) => {
        await tx
          .update(measurements)
          .set({ obis181: sql`${measurements.obis181} + 100` })
          .where(
            and(
              eq(measurements.tariffDevice, example.device),
              eq(measurements.timestampReceived, endInstant),
            ),
          );
        // A pause between the two writes of the pair widens the window a torn read needs.
        await tx.execute(sql`select pg_sleep(0.005)`);
        await tx.insert(payments).values({
          contract: example.contract,
          type: 'advance',
          amount: '100.00',
          ts: '2025-01-20',
        });
      });
    const read = () =>
      server.request(`/contracts/${example.contract}/bill-preview/?from=2025-01-01&to=2025-02-11`, {
        token,
      });
    const writers = Array.from({ length: WRITERS }, write);
    const readers = Array.from({ length: READERS }, read);
    const [answers] = await Promise.all([Promise.all(readers), Promise.all(writers)]);
    const seen = new Set<number>();
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      const segment = answer.body.points[0].segments[0];
      expect(segment.end.estimated).toBe(false);
      const raises = (Number(segment.end.obis_181) - 1410) / 100;
      const extraAdvances = answer.body.advance_payments.length - 1;
      expect(extraAdvances, 'advances and readings from one committed state').toBe(raises);
      expect(answer.body.advances).toBe(`${1500 + 100 * extraAdvances}.00`);
      seen.add(raises);
    }
    const final = await read();
    expect(final.body.advance_payments).toHaveLength(WRITERS + 1);
    expect(final.body.points[0].segments[0].end.obis_181).toBe(`${1410 + 100 * WRITERS}.000`);
    expect(seen.size).toBeGreaterThan(0);
  });
});
