import { describe, expect, it } from 'vitest';
import { testProjects, testWorkers } from './test-projects';

describe('the test projects', () => {
  it('run the API tests again on PostgreSQL only when a server is named', () => {
    expect(testProjects('').map((project) => nameOf(project))).toEqual(['unit', 'api', 'security']);
    expect(testProjects('postgres://127.0.0.1/postgres').map((project) => nameOf(project))).toEqual(
      ['unit', 'api', 'security', 'postgres'],
    );
  });

  it('run the API tests in threads that keep modules loaded, the rest each file afresh', () => {
    const pools = Object.fromEntries(
      testProjects('postgres://127.0.0.1/postgres').map((project) => [
        nameOf(project),
        (project as { test?: { pool?: string } }).test?.pool ?? 'the root pool',
      ]),
    );
    expect(pools).toEqual({
      unit: 'the root pool',
      api: 'threads',
      security: 'the root pool',
      postgres: 'threads',
    });
  });

  it('use every core, or the number JOULE_TEST_WORKERS names', () => {
    expect(testWorkers(2, undefined)).toBe(2);
    expect(testWorkers(8, '')).toBe(8);
    expect(testWorkers(2, '3')).toBe(3);
    expect(testWorkers(2, 'many')).toBe(2);
    expect(testWorkers(2, '0')).toBe(2);
  });
});

function nameOf(project: unknown): string | undefined {
  const test = (project as { test?: { name?: unknown } }).test;
  return typeof test?.name === 'string' ? test.name : undefined;
}
