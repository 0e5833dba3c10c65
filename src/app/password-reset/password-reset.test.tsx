/** @vitest-environment jsdom */
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authSession } from '../../auth';
import { renderApp } from '../test-support/render';

type Handler = (request: Request) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const noContent = () => new Response(null, { status: 204 });
let routes: Record<string, Handler>;
let bodies: unknown[];

beforeEach(() => {
  routes = {};
  bodies = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const handler = routes[new URL(input.url).pathname];
      if (!handler) throw new TypeError('Failed to fetch');
      bodies.push(await input.clone().json());
      return handler(input);
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  authSession.timer.stop();
  authSession.store.clear();
});

const REQUEST = '/api/v1/users/reset_password/';
const CONFIRM = '/api/v1/users/reset_password_confirm/';

describe('password reset request (docs/product.md §2)', () => {
  it.each([
    ['an address with an account', noContent],
    ['an unknown address', noContent],
  ])('answers %s with the neutral note', async (_name, handler) => {
    routes = { [REQUEST]: handler };
    await renderApp({ path: '/password-reset' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'someone@joule.test');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If the address belongs to an account, we have sent a link to reset the password.',
    );
    expect(bodies).toEqual([{ email: 'someone@joule.test' }]);
    expect(screen.getByRole('link', { name: 'Back to sign-in' }).getAttribute('href')).toBe(
      '/login',
    );
    await waitFor(() => expect(document.title).toBe('Password reset // Joule'));
  });

  it('is in Czech and reachable from the login page', async () => {
    routes = { [REQUEST]: noContent };
    const { router } = await renderApp({ path: '/login', language: 'cs' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Zapomenuté heslo?' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/password-reset'));
    await user.type(await screen.findByLabelText('E-mail'), 'nobody@joule.test');
    await user.click(screen.getByRole('button', { name: 'Odeslat odkaz' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Pokud adresa patří k některému účtu, poslali jsme na ni odkaz pro obnovení hesla.',
    );
    expect(document.title).toBe('Obnovení hesla // Joule');
  });

  it('shows the server field error beside the e-mail', async () => {
    routes = { [REQUEST]: () => json(400, { email: ['Enter a valid email address.'] }) };
    await renderApp({ path: '/password-reset' });
    const user = userEvent.setup();
    const input = await screen.findByLabelText('E-mail');
    await user.type(input, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    await screen.findByText('Enter a valid email address.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

async function setPassword(password: string, confirmation: string, language: 'en' | 'cs') {
  const user = userEvent.setup();
  const labels =
    language === 'cs'
      ? { password: 'Nové heslo', confirmation: 'Potvrzení hesla', submit: 'Nastavit heslo' }
      : { password: 'New password', confirmation: 'Confirm password', submit: 'Set password' };
  await user.type(await screen.findByLabelText(labels.password), password);
  await user.type(screen.getByLabelText(labels.confirmation), confirmation);
  await user.click(screen.getByRole('button', { name: labels.submit }));
}

describe('password reset from the link (docs/product.md §2, §5, §8)', () => {
  it.each([
    ['en', 'Passwords do not match'],
    ['cs', 'Hesla se neshodují'],
  ] as const)(
    'a mismatch in %s is shown beside the confirmation and sends nothing',
    async (language, want) => {
      routes = { [CONFIRM]: noContent };
      await renderApp({ path: '/password-reset/Mw/abc-123', language });
      await setPassword('correct-horse-battery', 'correct-horse-battery!', language);
      const message = await screen.findByText(want);
      const confirmation = screen.getByLabelText(
        language === 'cs' ? 'Potvrzení hesla' : 'Confirm password',
      );
      expect(confirmation.getAttribute('aria-invalid')).toBe('true');
      expect(confirmation.getAttribute('aria-describedby')).toBe(message.id);
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it('opens signed out, titled Password Reset', async () => {
    const { router } = await renderApp({ path: '/password-reset/Mw/abc-123' });
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Password Reset');
    await waitFor(() => expect(document.title).toBe('Password Reset // Joule'));
    expect(router.state.location.pathname).toBe('/password-reset/Mw/abc-123');
  });

  it('sends uid, token and password, then opens the login page with a note', async () => {
    routes = { [CONFIRM]: noContent };
    const { router } = await renderApp({ path: '/password-reset/Mw/abc-123' });
    await setPassword('correct-horse-battery', 'correct-horse-battery', 'en');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bodies).toEqual([
      { uid: 'Mw', token: 'abc-123', new_password: 'correct-horse-battery' },
    ]);
    expect((await screen.findByRole('status')).textContent).toBe(
      'Your password has been changed. Sign in with the new one.',
    );
  });

  it('says the link is invalid when the server refuses the token', async () => {
    routes = { [CONFIRM]: () => json(400, { token: ['Invalid token for given user.'] }) };
    await renderApp({ path: '/password-reset/Mw/tampered' });
    await setPassword('correct-horse-battery', 'correct-horse-battery', 'en');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This password reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe(
      '/password-reset',
    );
  });

  it('shows password rule errors beside the password', async () => {
    routes = {
      [CONFIRM]: () =>
        json(400, {
          new_password: ['This password is too short.', 'This password is too common.'],
        }),
    };
    await renderApp({ path: '/password-reset/Mw/abc-123' });
    await setPassword('short', 'short', 'en');
    await screen.findByText('This password is too short. This password is too common.');
    expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
  });
});
