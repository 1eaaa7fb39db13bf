// The account area end to end: a lead buyer creates a user with limited rights, that user sets a password
// through the invitation mail in the development outbox, logs in and sees only the menu entries and sections those
// rights allow; the users list keeps its filters across a reload. Logins go through the same-origin proxy with
// `page.request`, which stores the HttpOnly `sw-context-token` cookie in the browser context.
import { expect } from '@playwright/test';
import { waitForHydrate } from './hydration.ts';
import { apiPost, DEMO_PASSWORD as PASSWORD, invitationHash, login, logout, test } from './support.ts';

const LEAD_BUYER = 'anna.peeters';

test('a lead buyer creates a user with limited rights; that user sees only what the rights allow', async ({
  page,
  baseURL,
}) => {
  const origin = baseURL!;
  const suffix = Date.now().toString(36);
  const username = `e2e.${suffix}`;
  const email = `e2e.${suffix}@example.be`;

  await login(page, origin, LEAD_BUYER);
  await page.goto('/en/account/customer/create');
  await expect(page.getByRole('heading', { name: 'New user' })).toBeVisible();
  await page.getByRole('radio', { name: 'Mr' }).check();
  await page.getByRole('textbox', { name: 'First name' }).fill('Wout');
  await page.getByRole('textbox', { name: 'Last name' }).fill(`Test ${suffix}`);
  await page.getByRole('textbox', { name: 'Email address' }).fill(email);
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  // New users start with own account, own contact information, prices and ordering; add the address book.
  await page.getByRole('checkbox', { name: 'Manage addresses' }).check();
  await page.getByRole('checkbox', { name: 'Place orders' }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The user has been created.' })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/account\/customer$/);
  await expect(page.getByRole('link', { name: `Wout Test ${suffix}` })).toBeVisible();

  const hash = await invitationHash(page.request, origin, email);
  await apiPost(page.request, origin, 'account/recovery-password-confirm', {
    hash,
    newPassword: 'Neues!Passwort1',
    newPasswordConfirm: 'Neues!Passwort1',
  });

  await logout(page, origin);
  await login(page, origin, username, 'Neues!Passwort1');
  await page.goto('/en/account/dashboard');
  const nav = page.getByRole('navigation', { name: 'Account area' });
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Profile', 'Address book']);
  await expect(page.getByRole('heading', { name: 'Welcome, Wout' })).toBeVisible();

  await nav.getByRole('link', { name: 'Address book' }).click();
  await expect(page.getByRole('heading', { name: 'Address book' })).toBeVisible();

  // Users management needs ROLE_MANAGE_CONTACTS: the route sends this user home.
  await page.goto('/en/account/customer');
  await expect(page).toHaveURL(/\/en\/$/);

  // Back as the lead buyer: the detail shows the rights given; the user is deleted after a confirmation.
  await logout(page, origin);
  await login(page, origin, LEAD_BUYER);
  await page.goto(`/en/account/customer?username=${encodeURIComponent(username)}`);
  await page.getByRole('link', { name: `Wout Test ${suffix}` }).click();
  await expect(page.getByRole('heading', { name: `User Wout Test ${suffix}` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Manage addresses' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Place orders' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The user has been deleted.' })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/account\/customer$/);
  await expect(page.getByRole('link', { name: `Wout Test ${suffix}` })).toHaveCount(0);
});

test('an anonymous visitor of the account area logs in on /auth and comes back to the section', async ({ page }) => {
  await page.goto('/en/account/profile');
  await expect(page).toHaveURL(/\/en\/auth\?redirect=%2Fen%2Faccount%2Fprofile$/);
  const form = page.locator('main');
  await waitForHydrate(page, form.getByRole('button', { name: 'Log in' }));
  await form.getByLabel('Username').fill('jan.janssens');
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/en\/account\/profile$/);
  await expect(page.getByRole('heading', { name: 'Edit profile' })).toBeVisible();
});

test('the users list keeps its filters in the query string across a reload', async ({ page, baseURL }) => {
  await login(page, baseURL!, LEAD_BUYER);
  await page.goto('/en/account/customer');
  await expect(page.getByRole('link', { name: 'Jan Janssens' })).toBeVisible();

  await page.getByRole('textbox', { name: 'Last name' }).fill('Wuy');
  await page.getByRole('combobox', { name: 'Lead buyer' }).selectOption('no');
  await expect(page).toHaveURL(/[?&]lastName=Wuy/);
  await expect(page).toHaveURL(/[?&]leadBuyer=no/);
  await expect(page.getByRole('link', { name: 'Tom Wuyts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jan Janssens' })).toHaveCount(0);

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Last name' })).toHaveValue('Wuy');
  await expect(page.getByRole('combobox', { name: 'Lead buyer' })).toHaveValue('no');
  await expect(page.getByRole('link', { name: 'Tom Wuyts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Jan Janssens' })).toHaveCount(0);
});

test('the address book: create, search, choose as default and delete an address after confirming', async ({
  page,
  baseURL,
}) => {
  const name = `E2E Lager ${Date.now().toString(36)}`;
  await login(page, baseURL!, LEAD_BUYER);
  await page.goto('/en/account/addressbook/create');
  await page.getByRole('textbox', { name: 'Address name' }).fill(name);
  await page.getByRole('textbox', { name: 'Street' }).fill('Kerkstraat');
  await page.getByRole('textbox', { name: 'Number' }).fill('12');
  await page.getByRole('textbox', { name: 'Postcode' }).fill('9000');
  await page.getByRole('textbox', { name: 'City' }).fill('Gent');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The address has been saved.' })).toBeVisible();
  await expect(page).toHaveURL(/\/en\/account\/addressbook$/);

  await page.getByRole('searchbox', { name: 'Search addresses' }).fill(name);
  const list = page.getByRole('list', { name: 'Address book' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByText('Kerkstraat 12')).toBeVisible();

  // Choose it as the default address, then give that role back to the head office so it can be deleted.
  await list.getByRole('button', { name: 'Make default' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The default address has been changed.' })).toBeVisible();
  await expect(list.getByText('Default address')).toBeVisible();
  await expect(list.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await page.getByRole('searchbox', { name: 'Search addresses' }).fill('Hoofdzetel');
  await list.getByRole('button', { name: 'Make default' }).click();
  await expect(list.getByText('Default address')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search addresses' }).fill(name);
  await expect(list.getByText('Default address')).toHaveCount(0);

  await list.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(name);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The address has been deleted.' })).toBeVisible();
  await expect(page.getByText('No addresses found.')).toBeVisible();
});

test('changing the password with a wrong current password shows the translated error', async ({ page, baseURL }) => {
  await login(page, baseURL!, 'jan.janssens');
  await page.goto('/en/account/profile');
  await page.getByLabel('Current password').fill('not-my-password');
  await page.getByLabel(/^New password/).fill('Another!Pass1');
  await page.getByLabel('Repeat new password').fill('Another!Pass1');
  await page.getByRole('button', { name: 'Change password' }).click();
  // The server's violation is shown at the field it concerns and describes it.
  const current = page.getByLabel('Current password');
  await expect(current).toHaveAccessibleDescription('The current password is not correct.');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
});

test('password recovery inside the account area sends a reset mail to the logged-in user', async ({
  page,
  baseURL,
}) => {
  await login(page, baseURL!, 'lotte.claes');
  await page.goto('/en/account/profile');
  await page.getByRole('link', { name: 'Forgotten your current password?' }).click();
  await expect(page).toHaveURL(/\/en\/account\/recover\/password$/);
  await expect(page.getByText('lotte.claes')).toBeVisible();
  await page.getByRole('button', { name: 'Send link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'an email is on its way' }).first()).toBeVisible();
  const hash = await invitationHash(page.request, baseURL!, 'lotte.claes@example.com');
  expect(hash).toMatch(/^[A-Za-z0-9_-]{20,}$/);
});

test('a buyer edits the profile and the dashboard shows the new contact information', async ({ page, baseURL }) => {
  const phone = `+32 9 ${Date.now().toString().slice(-6)}`;
  await login(page, baseURL!, 'jan.janssens');
  await page.goto('/en/account/profile');
  const phoneField = page.getByRole('textbox', { name: 'Phone' });
  await expect(phoneField).toBeVisible();
  await phoneField.fill(phone);
  await page.getByRole('textbox', { name: /First name/ }).fill('');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('textbox', { name: /First name/ })).toHaveAccessibleDescription('This field is required');
  await page.getByRole('textbox', { name: /First name/ }).fill('Jan');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Account area' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByText(phone)).toBeVisible();
});

test('a new e-mail address in the profile is confirmed with the current password', async ({ page, baseURL }) => {
  const origin = baseURL!;
  const suffix = Date.now().toString(36);
  const username = `e2e.mail.${suffix}`;
  const email = `e2e.mail.${suffix}@example.be`;
  const newEmail = `e2e.mail.new.${suffix}@example.be`;
  const password = 'Mail!Wechsel2026';

  // A user of their own, so the e-mail change touches no other test's account.
  await login(page, origin, LEAD_BUYER);
  await apiPost(page.request, origin, 'werkbank/companies/customers/create', {
    salutation: 'female',
    firstName: 'Mira',
    lastName: `Mail ${suffix}`,
    email,
    username,
    rights: [
      { code: 'ROLE_MANAGE_OWN_ACCOUNT', enabled: true },
      { code: 'ROLE_MANAGE_OWN_CONTACT_INFO', enabled: true },
    ],
  });
  const hash = await invitationHash(page.request, origin, email);
  await apiPost(page.request, origin, 'account/recovery-password-confirm', {
    hash,
    newPassword: password,
    newPasswordConfirm: password,
  });
  await logout(page, origin);
  await login(page, origin, username, password);

  await page.goto('/en/account/profile');
  const emailField = page.getByRole('textbox', { name: /Email address/ });
  await waitForHydrate(page, emailField);
  await expect(emailField).toHaveValue(email);
  const confirmPassword = page.getByLabel(/^Current password \(confirms the new email address\)/);
  await expect(confirmPassword).toHaveCount(0);
  await emailField.fill(newEmail);
  await expect(confirmPassword).toBeVisible();

  // A wrong password is the server's violation at the field; the address stays.
  await confirmPassword.fill('not-my-password');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(confirmPassword).toHaveAccessibleDescription('The current password is not correct.');

  await confirmPassword.fill(password);
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile has been saved.' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: /Email address/ })).toHaveValue(newEmail);
  await expect(confirmPassword).toHaveCount(0);
});
