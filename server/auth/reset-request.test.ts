/**
 * `POST /users/reset_password/`: the link in the mail is built from configured origins
 * only (never a request's `Host` / `X-Forwarded-Host`), and the answer does not wait for
 * the mail.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Mail, Mailer } from './mailer';
import { DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const FORGED = {
  host: 'evil.example',
  'x-forwarded-host': 'evil.example',
  'x-forwarded-proto': 'https',
};

/** POSTs a reset request with raw headers (fetch may not send a forged `Host`). */
function postReset(target: TestServer, email: string, headers: Record<string, string>) {
  const body = JSON.stringify({ email });
  return new Promise<number>((resolve, reject) => {
    const request = httpRequest(
      `${target.origin}/api/v1/users/reset_password/`,
      {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        timeout: 5_000,
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    request.on('timeout', () => request.destroy(new Error('no answer within 5 s')));
    request.on('error', reject);
    request.end(body);
  });
}

async function mailFor(target: TestServer, email: string, before: number): Promise<Mail> {
  await vi.waitFor(() =>
    expect(target.mailer.sent.slice(before).some((mail) => mail.to === email)).toBe(true),
  );
  return target.mailer.sent.slice(before).find((mail) => mail.to === email)!;
}

describe('reset links come from configured origins only', () => {
  it('without JOULE_PUBLIC_URL: the address the server listens on, whatever Host says', async () => {
    const before = server.mailer.sent.length;
    expect(await postReset(server, DEMO_USERS.clerk, FORGED)).toBe(204);
    const mail = await mailFor(server, DEMO_USERS.clerk, before);
    expect(mail.text).toContain(`${server.origin}/password-reset/`);
    expect(mail.text).not.toContain('evil.example');
  });

  it('behind a trusted proxy, X-Forwarded-Host does not change the link either', async () => {
    const proxied = await startTestServer({ database: server.database, trustProxy: true });
    try {
      const before = proxied.mailer.sent.length;
      expect(await postReset(proxied, DEMO_USERS.clerk, FORGED)).toBe(204);
      const mail = await mailFor(proxied, DEMO_USERS.clerk, before);
      expect(mail.text).toContain(`${proxied.origin}/password-reset/`);
      expect(mail.text).not.toContain('evil.example');
    } finally {
      await proxied.close();
    }
  });

  it('with JOULE_PUBLIC_URL: that URL', async () => {
    const configured = await startTestServer({
      database: server.database,
      trustProxy: true,
      publicUrl: 'https://joule.example.com/',
    });
    try {
      expect(await postReset(configured, DEMO_USERS.admin, FORGED)).toBe(204);
      const mail = await mailFor(configured, DEMO_USERS.admin, 0);
      expect(mail.text).toContain('https://joule.example.com/password-reset/MQ/');
      expect(mail.text).not.toContain('evil.example');
    } finally {
      await configured.close();
    }
  });
});

describe('the answer does not wait for the mail', () => {
  it('answers 204 while the mail is still being sent', async () => {
    const send = vi.fn<Mailer['send']>(() => new Promise<void>(() => {}));
    const stuck = await startTestServer({
      database: server.database,
      mailer: { description: 'never delivers', send },
    });
    try {
      expect(await postReset(stuck, DEMO_USERS.admin, {})).toBe(204);
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
      expect(send.mock.calls[0]![0].to).toBe(DEMO_USERS.admin);
    } finally {
      await stuck.close();
    }
  });

  it('answers 204 when sending fails (the failure is logged, not thrown)', async () => {
    const send = vi.fn<Mailer['send']>(() => Promise.reject(new Error('SMTP down')));
    const failing = await startTestServer({
      database: server.database,
      mailer: { description: 'broken', send },
    });
    try {
      expect(await postReset(failing, DEMO_USERS.admin, {})).toBe(204);
      // An unhandled rejection would fail the run.
      await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    } finally {
      await failing.close();
    }
  });
});
