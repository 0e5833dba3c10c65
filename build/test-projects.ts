import { availableParallelism } from 'node:os';
import { configDefaults, type TestProjectConfiguration } from 'vitest/config';

/**
 * Test files of the security suite (`npm run test:security`): access matrix, fuzzing, races,
 * and the fault tests (database outage, process killed mid-bulk), which pick their own
 * databases.
 */
const SECURITY_TESTS = ['server/security/**/*.test.ts', 'server/faults/**/*.test.ts'];

/**
 * Makes the run's template database, which every test server's database copies
 * (server/test-support/template.ts).
 */
const TEMPLATE_SETUP = './server/test-support/global-setup.ts';

/**
 * The API tests: test servers on a copy of the template database, HTTP, the engine, auth,
 * billing. The server's modules keep no state a test file leaves behind, so these run in
 * Vitest's threads pool, whose threads run file after file with the modules loaded once
 * (`poolOptions.threads.isolate: false` in vite.config.ts; Vitest takes a pool's isolation
 * from the root config, so the `unit` project's forks stay isolated): about half the time of
 * loading them for every file.
 */
const API_TESTS = 'server/**/*.test.ts';

/**
 * Vitest projects (`vitest run --project NAME`):
 * - `unit`: the front end's, codegen's, the overrides' and the tooling's tests, each file in
 *   a fresh process (the DOM tests keep state in modules and the document);
 * - `api`: every API test (server/) on in-memory PGlite (on PostgreSQL instead when
 *   `JOULE_TEST_DATABASE_URL` is set), the server's modules loaded once per thread;
 * - `security`: the security suite (server/security/) and the fault tests (server/faults/);
 *   its race tests also take the PostgreSQL of `JOULE_TEST_POSTGRES_URL`;
 * - `postgres`, only when `postgresUrl` (`JOULE_TEST_POSTGRES_URL`, set by
 *   `scripts/with-postgres.ts`) names a PostgreSQL server: the API, engine and auth tests
 *   again, each test server on its own fresh PostgreSQL database.
 */
export function testProjects(
  postgresUrl = process.env.JOULE_TEST_POSTGRES_URL,
): TestProjectConfiguration[] {
  return [
    {
      extends: true,
      test: {
        name: 'unit',
        globalSetup: TEMPLATE_SETUP,
        include: ['{src,codegen,overrides,scripts,build,tests/unit}/**/*.test.{ts,tsx}'],
      },
    },
    {
      extends: true,
      test: {
        name: 'api',
        globalSetup: TEMPLATE_SETUP,
        pool: 'threads',
        include: [API_TESTS],
        exclude: [...configDefaults.exclude, ...SECURITY_TESTS],
      },
    },
    {
      extends: true,
      test: { name: 'security', globalSetup: TEMPLATE_SETUP, include: SECURITY_TESTS },
    },
    ...(postgresUrl
      ? [
          {
            extends: true as const,
            test: {
              name: 'postgres',
              globalSetup: TEMPLATE_SETUP,
              pool: 'threads',
              include: ['server/{resources,auth,http}/**/*.test.ts'],
              env: { JOULE_TEST_DATABASE_URL: postgresUrl },
            },
          },
        ]
      : []),
  ];
}

/**
 * How many test files run at once: one fork per core (`JOULE_TEST_WORKERS` overrides).
 * Vitest's own default keeps a core free, which on CI's two cores means one file at a time,
 * while most API tests wait on their database or HTTP half of the time.
 */
export function testWorkers(
  cores = availableParallelism(),
  override = process.env.JOULE_TEST_WORKERS,
): number {
  const requested = Number(override);
  if (override && Number.isInteger(requested) && requested > 0) return requested;
  return Math.max(cores, 1);
}
