/**
 * Demo data for a first start (docs/architecture.md "Real components"):
 * the roles Administrator (`superuser`), Clerk (customers, contracts, points: no money) and
 * Accountant (customers, contracts, billing, payments, reports) and one user of each, signing in with {@link DEMO_PASSWORD}; then the domain data of
 * `domain.ts` (products, utilities, fuses, OBIS codes, collectors, customers, contracts,
 * points, tariff devices and their readings); then the supplier's settings and a billed month
 * of `billing.ts` (docs/billing.md "Demo data").
 */
import { count, eq } from 'drizzle-orm';
import { hashPassword } from '../auth/passwords';
import { SUPERUSER } from '../auth/privileges';
import type { Database } from '../db/client';
import { roles, users } from '../db/schema';
import { seedDemoBilling } from './billing';
import { seedDomain } from './domain';
import { DEMO_READINGS_DAYS } from './points';

/** Password of the demo users. */
export const DEMO_PASSWORD = 'joule-demo';

/** The demo accounts, for the startup banner and tests. */
export const DEMO_USERS = {
  admin: 'admin@joule.test',
  clerk: 'clerk@joule.test',
  accountant: 'accountant@joule.test',
} as const;

const DEMO_ROLES = [
  { name: 'Administrator', privileges: [SUPERUSER] },
  // The clerk keeps contracts but records no money: payments are `PAYMENTS` (docs/billing.md
  // "Payments"), the accountant's.
  { name: 'Clerk', privileges: ['CUSTOMERS', 'CONTRACTS', 'POINTS'] },
  {
    name: 'Accountant',
    privileges: ['CUSTOMERS', 'CONTRACTS', 'BILLING', 'PAYMENTS', 'REPORTS'],
  },
];

/** True when the database has no users yet (a fresh installation). */
export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0) === 0;
}

/** Options of {@link seedDemo}. */
export interface SeedOptions {
  /** Hash of {@link DEMO_PASSWORD} to store (tests pass a cheap one); hashed when absent. */
  readonly passwordHash?: string;
  /**
   * Days of daily readings per demo device. @default {@link DEMO_READINGS_DAYS} (a year);
   * the test harness asks for fewer to keep each test server's start quick.
   */
  readonly readingDays?: number;
  /**
   * The supplier's settings and a month billed, issued and partly paid
   * (`billing.ts`). @default true; test servers start without them.
   */
  readonly billing?: boolean;
}

/**
 * Inserts the demo roles and users (rows that already exist by name/e-mail are kept) and the
 * domain data (tables that already hold rows are left alone).
 */
export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<void> {
  const passwordHash = options.passwordHash ?? (await hashPassword(DEMO_PASSWORD));
  await db.transaction(async (tx) => {
    await tx.insert(roles).values(DEMO_ROLES).onConflictDoNothing();
    const roleId = async (name: string) => {
      const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, name));
      return role!.id;
    };
    await tx
      .insert(users)
      .values([
        { email: DEMO_USERS.admin, passwordHash, roles: [await roleId('Administrator')] },
        { email: DEMO_USERS.clerk, passwordHash, roles: [await roleId('Clerk')] },
        {
          email: DEMO_USERS.accountant,
          passwordHash,
          roles: [await roleId('Accountant')],
        },
      ])
      .onConflictDoNothing();
    await seedDomain(tx, { readingDays: options.readingDays ?? DEMO_READINGS_DAYS });
    if (options.billing ?? true) await seedDemoBilling(tx, { adminEmail: DEMO_USERS.admin });
  });
}
