/**
 * Vitest global set-up of the projects that start test servers (build/test-projects.ts):
 * makes the run's template database (template.ts) — on PostgreSQL where the project's tests
 * run on it (`JOULE_TEST_DATABASE_URL` in its environment), else on PGlite — and removes it
 * after the run.
 */
import type { TestProject } from 'vitest/node';
import { makePgliteTemplate, makePostgresTemplate } from './template';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl =
    project.config.env?.JOULE_TEST_DATABASE_URL ?? process.env.JOULE_TEST_DATABASE_URL;
  if (serverUrl) {
    const { template, remove } = await makePostgresTemplate(String(serverUrl));
    project.provide('joulePostgresTemplate', template);
    project.provide('joulePgliteTemplate', null);
    return remove;
  }
  const { file, remove } = await makePgliteTemplate();
  project.provide('joulePgliteTemplate', file);
  project.provide('joulePostgresTemplate', null);
  return async () => remove();
}
