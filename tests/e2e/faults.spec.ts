import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test-support/fixtures';
import { admin, signIn, useLanguage } from './test-support/helpers';

/**
 * Fault tests of the SPA (security issue, "Faults"): what the user typed in an open form
 * survives the network going away and the session ending, and saves once they are back.
 */

/** A short token making this run's rows unique (digits only). */
function uniqueDigits(length: number): string {
  return String(Date.now() * 1000 + Math.floor(Math.random() * 1000)).slice(-length);
}

/** An IČO with a valid mod-11 check digit (server rule `icoValidator`). */
function validIco(first7: string): string {
  let sum = 0;
  for (let i = 0; i < 7; i++) sum += Number(first7[i]) * (8 - i);
  return `${first7}${(11 - (sum % 11)) % 10}`;
}

/** The admin's bearer header for calls behind the browser's back. */
async function adminHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  const answer = await request.post('/api/v1/auth/jwt/create/', { data: admin });
  expect(answer.status()).toBe(200);
  const { access } = (await answer.json()) as { access: string };
  return { Authorization: `Bearer ${access}`, 'Accept-Language': 'en' };
}

/** Creates a company customer through the API; returns its id and number. */
async function createCustomer(request: APIRequestContext): Promise<{ id: number; no: string }> {
  const key = uniqueDigits(8);
  const no = `F${key}`;
  const answer = await request.post('/api/v1/customers/', {
    headers: await adminHeaders(request),
    data: {
      customer_no: no,
      type: 'company',
      company_name: `Výpadek ${key} s.r.o.`,
      crn: validIco(key.slice(-7)),
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return { id: ((await answer.json()) as { id: number }).id, no };
}

/** Opens the edit dialog of customer `no` from the customers list; returns the dialog. */
async function openCustomer(page: Page, no: string) {
  await page.goto(`/customers?search=${no}`);
  // A company is titled by its name and IČO: its row is found by its number's cell.
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: no, exact: true }) });
  await row.click();
  const dialog = page.getByRole('dialog', { name: /^Customer: Výpadek / });
  await expect(dialog.getByLabel('Company name')).toBeVisible();
  return dialog;
}

test('offline: saving fails with a message, the typed text stays, and saves once back online', async ({
  page,
  context,
  request,
  api,
}) => {
  const customer = await createCustomer(request);
  const dialog = await openCustomer(page, customer.no);
  await dialog.getByLabel('Company name').fill('Bez sítě a.s.');
  await dialog.getByLabel('VAT number (DIČ)').fill('CZ12345678');

  await context.setOffline(true);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(
    'The server cannot be reached. Nothing you entered is lost; try again.',
  );
  await expect(dialog.getByLabel('Company name')).toHaveValue('Bez sítě a.s.');
  await expect(dialog.getByLabel('VAT number (DIČ)')).toHaveValue('CZ12345678');

  await context.setOffline(false);
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  const [saved] = await api.list('customers', { search: customer.no });
  expect(saved).toMatchObject({ company_name: 'Bez sítě a.s.', tin: 'CZ12345678' });
  await api.remove('customers', customer.id);
});

test.describe('the session ends while a form is open', () => {
  // Its own browser context, signed in as its own user, whom the admin switches off.
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the user signs in again over the form, which keeps the typed text and saves', async ({
    page,
    request,
    api,
  }) => {
    const customer = await createCustomer(request);
    const headers = await adminHeaders(request);
    const roles = await request.get('/api/v1/roles/', { headers, params: { search: 'Clerk' } });
    const { results } = (await roles.json()) as { results: { id: number; name: string }[] };
    const clerkRole = results.find((role) => role.name === 'Clerk');
    const email = `e2e.faults.${uniqueDigits(10)}@example.cz`;
    const password = 'faults-password-4711';
    const created = await request.post('/api/v1/users/', {
      headers,
      data: { email, password, is_active: true, roles: [clerkRole?.id] },
    });
    expect(created.status(), await created.text()).toBe(201);
    const userId = ((await created.json()) as { id: number }).id;

    await useLanguage(page, 'en');
    await signIn(page, { email, password });
    const dialog = await openCustomer(page, customer.no);
    await dialog.getByLabel('Company name').fill('Po novém přihlášení a.s.');

    // The account is switched off meanwhile: the API refuses the access token and the
    // refresh token alike, so the session ends.
    await api.patch('users', userId, { is_active: false });
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();

    const again = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(again).toBeVisible();
    await expect(page).toHaveURL(/\/customers/);
    // The account, as it may not change here; the form is still there underneath.
    await expect(again.getByLabel('E-mail')).toHaveValue(email);
    await expect(dialog.getByLabel('Company name')).toHaveValue('Po novém přihlášení a.s.');

    // While the account is off, signing in is refused and the form stays.
    await again.getByLabel('Password').fill(password);
    await again.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(again.getByRole('alert')).toBeVisible();

    await api.patch('users', userId, { is_active: true });
    await again.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(again).toBeHidden();
    await expect(dialog.getByLabel('Company name')).toHaveValue('Po novém přihlášení a.s.');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();
    const [saved] = await api.list('customers', { search: customer.no });
    expect(saved).toMatchObject({ company_name: 'Po novém přihlášení a.s.' });
    await api.remove('customers', customer.id);
  });

  test('a user who would rather not sign in again goes to the sign-in page', async ({
    page,
    request,
    api,
  }) => {
    const headers = await adminHeaders(request);
    const roles = await request.get('/api/v1/roles/', { headers, params: { search: 'Clerk' } });
    const { results } = (await roles.json()) as { results: { id: number; name: string }[] };
    const email = `e2e.faults.${uniqueDigits(10)}@example.cz`;
    const password = 'faults-password-4711';
    const created = await request.post('/api/v1/users/', {
      headers,
      data: {
        email,
        password,
        is_active: true,
        roles: [results.find((role) => role.name === 'Clerk')?.id],
      },
    });
    expect(created.status()).toBe(201);
    const userId = ((await created.json()) as { id: number }).id;

    await useLanguage(page, 'en');
    await signIn(page, { email, password });
    await page.goto('/customers');
    await api.patch('users', userId, { is_active: false });
    // Any call now ends the session: here, the next page of the list.
    await page.getByRole('searchbox', { name: 'Search' }).fill('zzz');
    const again = page.getByRole('dialog', { name: 'Sign in again' });
    await expect(again).toBeVisible();
    await again.getByRole('button', { name: 'Sign in as someone else' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(again).toBeHidden();
  });

  test('the user’s own logout still goes straight to the sign-in page', async ({ page }) => {
    await useLanguage(page, 'en');
    await signIn(page, admin);
    await page.goto('/customers');
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('dialog', { name: 'Sign in again' })).toHaveCount(0);
  });
});
