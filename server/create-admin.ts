/**
 * Creates (or repairs) an administrator in the configured database (see `config.ts`):
 *
 *   npm run create-admin -- --email ops@example.com --password 'a long secret'
 *   printf '%s' "$PASSWORD" | npm run create-admin -- --email ops@example.com --password-stdin
 *
 * The user gets the role "Administrator" (privilege `superuser`, created when missing), is
 * activated and gets the password; an existing user with that e-mail is updated. Prefer
 * `--password-stdin` where the command line is visible to other users of the machine.
 * With the embedded database, stop the server first (one process per data folder).
 */
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { emailKey } from './auth/email-key';
import { hashPassword, validateNewPassword } from './auth/passwords';
import { SUPERUSER } from './auth/privileges';
import { runCli } from './cli';
import { loadConfig } from './config';
import type { Database } from './db/client';
import { roles, users } from './db/schema';
import { isEmailAddress } from './resources/engine';
import { openConfiguredDatabase } from './runtime';

const ADMIN_ROLE = 'Administrator';
const USAGE =
  'Usage: npm run create-admin -- --email <address> (--password <password> | --password-stdin)';

function usageError(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(2);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/** The e-mail and password from the command line (and stdin), or exits with usage. */
async function readArguments(): Promise<{ email: string; password: string }> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'password-stdin': { type: 'boolean' },
      },
      strict: true,
    }));
  } catch (error) {
    usageError((error as Error).message);
  }
  const email = values.email === undefined ? undefined : emailKey(values.email.trim());
  if (!email || !isEmailAddress(email)) usageError('A valid --email is required.');
  if ((values.password === undefined) === !values['password-stdin']) {
    usageError('Give exactly one of --password and --password-stdin.');
  }
  const password = values.password ?? (await readStdin());
  const problems = validateNewPassword(password);
  if (problems.length > 0) {
    usageError(`Password refused: ${problems.map((problem) => problem.en).join(' ')}`);
  }
  return { email, password };
}

/** Makes `email` an active administrator with `passwordHash`; true when it was created. */
async function upsertAdministrator(db: Database, email: string, passwordHash: string) {
  return db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values({ name: ADMIN_ROLE, privileges: [SUPERUSER] })
      .onConflictDoNothing();
    const [role] = await tx.select().from(roles).where(eq(roles.name, ADMIN_ROLE));
    if (!role) throw new Error(`Role ${ADMIN_ROLE} is missing`);
    if (!role.privileges.includes(SUPERUSER)) {
      await tx
        .update(roles)
        .set({ privileges: [SUPERUSER, ...role.privileges] })
        .where(eq(roles.id, role.id));
    }
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) {
      const withRole = sql`array(select distinct unnest(${users.roles} || ${role.id}::integer) order by 1)`;
      await tx
        .update(users)
        .set({ passwordHash, isActive: true, roles: withRole })
        .where(eq(users.id, existing.id));
      return false;
    }
    await tx.insert(users).values({ email, passwordHash, isActive: true, roles: [role.id] });
    return true;
  });
}

runCli(async () => {
  const { email, password } = await readArguments();
  const database = await openConfiguredDatabase(loadConfig());
  try {
    const created = await upsertAdministrator(database.db, email, await hashPassword(password));
    console.log(
      `${created ? 'Created' : 'Updated'} administrator ${email} in ${database.description}.`,
    );
  } finally {
    await database.close();
  }
});
