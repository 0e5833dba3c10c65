/**
 * `GET /metrics` (docs/operations.md "Metrics") over real HTTP: a request moves its counter
 * under its route template, the token is required and checked, an app without one serves no
 * `/metrics`, the separate listener answers without one, and the recording functions move
 * their series.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test-support/server';
import {
  countBillingRun,
  countBills,
  countReadings,
  countSignInFailure,
  countThrottled,
  renderMetrics,
  startMetricsServer,
  timeJob,
} from './index';

const TOKEN = 'metrics-test-token-0123456789';

/** The value of the series `name{labels}` in a Prometheus text `body`, or undefined. */
function valueOf(
  body: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of body.split('\n')) {
    const match = /^([a-z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    if (Object.entries(labels).every(([key, value]) => found[key] === value))
      return Number(match[3]);
  }
  return undefined;
}

describe('GET /metrics', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ metricsToken: TOKEN });
    token = await server.login('admin@joule.test');
  });
  afterAll(() => server.close());

  async function scrape(): Promise<string> {
    const response = await fetch(`${server.origin}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  }

  it('counts a request under its route template, method and status', async () => {
    const series = { route: '/api/v1/customers/:id/', method: 'GET', status: '200' };
    const before = valueOf(await scrape(), 'joule_http_requests_total', series) ?? 0;
    const histogramBefore =
      valueOf(await scrape(), 'joule_http_request_duration_seconds_count', series) ?? 0;
    expect((await server.request('/customers/1/', { token })).status).toBe(200);
    const after = await scrape();
    expect(valueOf(after, 'joule_http_requests_total', series)).toBe(before + 1);
    expect(valueOf(after, 'joule_http_request_duration_seconds_count', series)).toBe(
      histogramBefore + 1,
    );
    // Ids never become labels.
    expect(after).not.toContain('route="/api/v1/customers/1/"');
  });

  it('counts a refusal under its status, and unknown URLs under one label', async () => {
    const refused = { route: '/api/v1/customers/', method: 'GET', status: '401' };
    const unknown = { route: 'unmatched', method: 'GET', status: '404' };
    const before = await scrape();
    await server.request('/customers/');
    await server.request('/no-such-resource-at-all/');
    const after = await scrape();
    expect(valueOf(after, 'joule_http_requests_total', refused)).toBe(
      (valueOf(before, 'joule_http_requests_total', refused) ?? 0) + 1,
    );
    expect(valueOf(after, 'joule_http_requests_total', unknown)).toBe(
      (valueOf(before, 'joule_http_requests_total', unknown) ?? 0) + 1,
    );
  });

  it('publishes every series a dashboard reads from the start', async () => {
    const body = await scrape();
    for (const [name, labels] of [
      ['joule_db_pool_connections', { state: 'in_use' }],
      ['joule_db_pool_connections', { state: 'waiting' }],
      ['joule_billing_runs_total', { event: 'created' }],
      ['joule_bills_total', { outcome: 'invoiced' }],
      ['joule_readings_imported_total', { outcome: 'created' }],
      ['joule_sign_in_failures_total', { reason: 'credentials' }],
      ['joule_throttled_requests_total', { scope: 'sign_in' }],
      ['process_cpu_user_seconds_total', {}],
    ] as const)
      expect(valueOf(body, name, labels), name).toBeTypeOf('number');
  });

  it('refuses a scrape without the token, or with another', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789', TOKEN]) {
      const response = await fetch(`${server.origin}/metrics`, {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await response.json()).toEqual({
        detail: 'Authentication credentials were not provided.',
      });
    }
  });
});

describe('an app without a metrics token', () => {
  it('serves no /metrics', async () => {
    const server = await startTestServer();
    try {
      const response = await fetch(`${server.origin}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('the metrics listener', () => {
  it('answers GET /metrics without a token, and nothing else', async () => {
    const listener = await startMetricsServer({ port: 0, host: '127.0.0.1' });
    try {
      const response = await fetch(`${listener.origin}/metrics`);
      expect(response.status).toBe(200);
      expect(valueOf(await response.text(), 'joule_bills_total', { outcome: 'failed' })).toBeTypeOf(
        'number',
      );
      expect((await fetch(`${listener.origin}/`)).status).toBe(404);
      expect((await fetch(`${listener.origin}/metrics`, { method: 'POST' })).status).toBe(404);
    } finally {
      await listener.close();
    }
  });
});

describe('recording', () => {
  it('moves each series by what is counted', async () => {
    const read = async (name: string, labels: Record<string, string>) =>
      valueOf((await renderMetrics()).body, name, labels) ?? 0;
    const cases: [() => void, string, Record<string, string>, number][] = [
      [() => countBillingRun('finished'), 'joule_billing_runs_total', { event: 'finished' }, 1],
      [() => countBills('invoiced', 487), 'joule_bills_total', { outcome: 'invoiced' }, 487],
      [
        () => countReadings('unchanged', 12),
        'joule_readings_imported_total',
        { outcome: 'unchanged' },
        12,
      ],
      [
        () => countSignInFailure('inactive'),
        'joule_sign_in_failures_total',
        { reason: 'inactive' },
        1,
      ],
      [
        () => countThrottled('password_reset'),
        'joule_throttled_requests_total',
        { scope: 'password_reset' },
        1,
      ],
    ];
    for (const [record, name, labels, by] of cases) {
      const before = await read(name, labels);
      record();
      expect(await read(name, labels), name).toBe(before + by);
    }
  });

  it('times a job by kind and outcome, and passes its result or error on', async () => {
    const count = async (outcome: string) =>
      (await renderMetrics()).body.includes('kind="test-job"')
        ? (valueOf((await renderMetrics()).body, 'joule_job_duration_seconds_count', {
            kind: 'test-job',
            outcome,
          }) ?? 0)
        : 0;
    expect(await timeJob('test-job', async () => 42)).toBe(42);
    await expect(
      timeJob('test-job', async () => {
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await count('done')).toBe(1);
    expect(await count('failed')).toBe(1);
  });
});

describe('the Grafana dashboard (docs/grafana-dashboard.json)', () => {
  it('reads only metrics the server publishes', async () => {
    const dashboard = JSON.parse(readFileSync('docs/grafana-dashboard.json', 'utf8')) as {
      panels: { targets?: { expr: string }[] }[];
    };
    const published = new Set(
      [...(await renderMetrics()).body.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]),
    );
    const read = dashboard.panels
      .flatMap((panel) => panel.targets ?? [])
      .flatMap(({ expr }) => [...expr.matchAll(/\b((?:joule|process|nodejs)_\w+)/g)])
      .map((match) => match[1]!.replace(/_(bucket|count|sum)$/, ''));
    expect(read.length).toBeGreaterThan(15);
    expect([...new Set(read)].filter((name) => !published.has(name))).toEqual([]);
  });
});
