/**
 * No secret, token or reset link in any log line at any level (docs/security.md "Logs"):
 * the server's log is captured at `trace` through a whole password reset (request, opening
 * the link, confirming it) and a sign-in and refresh, then searched for every secret the
 * flow handled. Mail goes to the outbox folder, and the log says only where.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { redactUrl } from '../http/log-redaction';
import { DEMO_PASSWORD, DEMO_USERS } from '../seed';
import { startTestServer, type TestServer } from '../test-support/server';
import { createOutboxMailer } from './mailer';

const lines: string[] = [];
const capture = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const outbox = mkdtempSync(join(tmpdir(), 'joule-log-secrets-'));
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    logger: { level: 'trace', stream: capture },
    mailer: createOutboxMailer(outbox, 'Joule <noreply@joule.test>', (line) => lines.push(line)),
  });
});
afterAll(async () => {
  await server.close();
  rmSync(outbox, { recursive: true, force: true });
});

/** The decoded text of the only `.eml` file in the outbox (waits for it). */
async function outboxMail(): Promise<{ file: string; text: string }> {
  await vi.waitFor(() =>
    expect(readdirSync(outbox).filter((n) => n.endsWith('.eml'))).toHaveLength(1),
  );
  const [name] = readdirSync(outbox).filter((n) => n.endsWith('.eml'));
  const file = join(outbox, name!);
  const text = readFileSync(file, 'utf8')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { file, text };
}

describe('the log of a password reset', () => {
  it('holds neither the token nor the link nor a password; it says where the mail is', async () => {
    const email = DEMO_USERS.clerk;
    const reset = await server.request('/users/reset_password/', {
      method: 'POST',
      body: { email },
    });
    expect(reset.status).toBe(204);
    const { file, text } = await outboxMail();
    const link = /https?:\/\/\S+\/password-reset\/(\S+)\/(\S+)/.exec(text);
    expect(link).not.toBeNull();
    const [url, uid, token] = link!;

    // Opening the link (the SPA's page; logged as a request) and confirming it.
    await fetch(url);
    const newPassword = 'a-new-password-for-the-log-test';
    const confirm = await server.request('/users/reset_password_confirm/', {
      method: 'POST',
      body: { uid, token, new_password: newPassword },
    });
    expect(confirm.status).toBe(204);
    // A replay of the used link (refused), and a sign-in, refresh and logout with it.
    await server.request('/users/reset_password_confirm/', {
      method: 'POST',
      body: { uid, token, new_password: newPassword },
    });
    const pair = await server.request('/auth/jwt/create/', {
      method: 'POST',
      body: { email, password: newPassword },
    });
    expect(pair.status).toBe(200);
    await server.request('/auth/me/', { token: pair.body.access });
    await server.request('/auth/jwt/refresh/', {
      method: 'POST',
      body: { refresh: pair.body.refresh },
    });
    await server.request('/auth/jwt/create/', {
      method: 'POST',
      body: { email, password: DEMO_PASSWORD },
    });

    const log = lines.join('\n');
    expect(log).toContain('incoming request');
    expect(log).toContain(file);
    for (const secret of [token!, url, newPassword, pair.body.access, pair.body.refresh]) {
      expect(log).not.toContain(secret);
    }
    expect(log).not.toContain(DEMO_PASSWORD);
  });
});

describe('redactUrl', () => {
  it('cuts the reset link and secret query values, and keeps the rest', () => {
    expect(redactUrl('/password-reset/MQ/abc-def')).toBe('/password-reset/[redacted]');
    expect(redactUrl('/oidc/callback?code=xyz&state=s&lang=cs')).toBe(
      '/oidc/callback?code=[redacted]&state=[redacted]&lang=cs',
    );
    expect(redactUrl('/api/v1/customers/?search=abc')).toBe('/api/v1/customers/?search=abc');
  });
});
