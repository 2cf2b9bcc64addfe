// The reference app's admin screens (issue 9): admin.users and admin.devices, on the real server (SQLite).
import { expect, test } from '@playwright/test';
import { expectAccessible, screenshots, signedIn, web } from './webPages';

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('spec §6 admin guard: a user who is not an admin opening /admin/users or /admin/devices lands on the dashboard index', async ({
  page,
}) => {
  await signedIn(page, 'anna@matnat.se');
  await expect(page.getByRole('link', { name: 'Användare' })).toHaveCount(0);
  for (const path of ['/admin/users', '/admin/devices']) {
    await page.goto(`${web()}${path}`);
    await expect(page).toHaveURL(`${web()}/dashboard`);
  }
});

test('admin.users: users sorted by name with their teams; invite with a bad address shows the field error, a good one the toast; admin role toggled and back', async ({
  page,
}) => {
  await signedIn(page, 'admin@matnat.se');
  await page.goto(`${web()}/admin/users`);
  await expect(page).toHaveTitle('Användare · Mätnät');
  const rows = page.getByRole('list', { name: 'Användare' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  const names = await rows
    .locator('p.font-medium')
    .evaluateAll((ps) => ps.map((p) => p.firstChild?.textContent ?? ''));
  expect(names).toEqual([...names].sort(new Intl.Collator('sv').compare));
  expect(names).toContain('Anna Lindqvist');
  await expect(rows.filter({ hasText: 'Anna Lindqvist' })).toContainText('Team: Skogsbruk Norr');
  // Admins cannot be impersonated, and an admin cannot change their own role.
  const self = rows.filter({ hasText: 'admin@matnat.se' });
  await expect(self.getByRole('button', { name: /Logga in som/ })).toHaveCount(0);
  await expect(self.getByRole('button', { name: 'Ta bort admin' })).toBeDisabled();
  await expectAccessible(page);
  await screenshots(page, 'admin-users');

  const invite = page.getByRole('form', { name: 'Bjud in en användare' });
  await invite.getByLabel('E-postadress').fill('inte-en-adress');
  await invite.getByRole('button', { name: 'Skicka inbjudan' }).click();
  await expect(invite.getByLabel('E-postadress')).toHaveAttribute('aria-invalid', 'true');
  await invite.getByLabel('E-postadress').fill('kollega@matnat.se');
  await invite.getByLabel('Team').selectOption({ label: 'Stadsodling Syd' });
  await invite.getByRole('button', { name: 'Skicka inbjudan' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Inbjudan skickad till kollega@matnat.se' }),
  ).toBeVisible();
  await expect(invite.getByLabel('E-postadress')).toHaveValue('');

  const erik = rows.filter({ hasText: 'erik@matnat.se' });
  await erik.getByRole('button', { name: 'Gör till admin' }).click();
  await expect(erik.getByText('Admin', { exact: true })).toBeVisible();
  await expect(erik.getByRole('button', { name: /Logga in som/ })).toHaveCount(0);
  await erik.getByRole('button', { name: 'Ta bort admin' }).click();
  await expect(erik.getByRole('button', { name: 'Logga in som Erik Johansson' })).toBeVisible();
});

test('admin.users: the admin acts as erik from the list, sees the banner, and "Återgå" lands back on /admin/users', async ({
  page,
}) => {
  await signedIn(page, 'admin@matnat.se');
  await page.goto(`${web()}/admin/users`);
  await page.getByRole('button', { name: 'Logga in som Erik Johansson' }).click();
  await expect(page).toHaveURL(`${web()}/dashboard`);
  await expect(page.getByText('Du är just nu inloggad som Erik Johansson')).toBeVisible();
  await page.getByRole('button', { name: /Återgå till/ }).click();
  await expect(page).toHaveURL(`${web()}/admin/users`);
  await expect(page.getByText('Du är just nu inloggad som')).toHaveCount(0);
});

test("admin.devices: unassigned devices with first-seen time and last reading; connected to anna's team, one leaves the list and anna can read it", async ({
  page,
  browser,
}) => {
  await signedIn(page, 'admin@matnat.se');
  await page.goto(`${web()}/admin/devices`);
  await expect(page).toHaveTitle('Nya enheter · Mätnät');
  const rows = page.getByRole('list', { name: 'Nya enheter' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  const before = await rows.count();
  expect(before).toBeGreaterThanOrEqual(2);
  await expect(rows.first()).toContainText('Först sedd:');
  await expect(rows.first()).toContainText('Senaste mätvärde:');
  // Issue 26.1: the admin sees whether each device is on the public map; new devices are not.
  await expect(rows.first()).toContainText('Publika kartan: visas inte');
  await expectAccessible(page);
  await screenshots(page, 'admin-devices');

  const first = rows.first();
  const id =
    (await first.locator('p', { hasText: 'Enhets-id:' }).textContent())?.replace('Enhets-id: ', '') ?? '';
  // Connecting without a team says so and sends nothing.
  await first.getByRole('button', { name: 'Koppla' }).click();
  await expect(first.getByRole('alert')).toHaveText('Välj ett team.');
  await first.getByLabel('Koppla till team').selectOption({ label: 'Skogsbruk Norr' });
  await first.getByRole('button', { name: 'Koppla' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'är kopplad till Skogsbruk Norr' })).toBeVisible();
  await expect(rows).toHaveCount(before - 1);
  await expect(page.getByText(`Enhets-id: ${id}`)).toHaveCount(0);

  const anna = await browser.newPage();
  await signedIn(anna, 'anna@matnat.se');
  const devices = await anna.evaluate(async () => {
    const answer = await fetch('/api/v1/device', { headers: { accept: 'application/json' } });
    return ((await answer.json()) as { data: { external_device_id: string }[] }).data.map(
      (d) => d.external_device_id,
    );
  });
  expect(devices).toContain(id);
  await anna.close();
});
