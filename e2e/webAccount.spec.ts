// issue 8, the account screens of the reference app: register and e-mail verification, password reset,
// the invitee's first visit, and Din profil (name, e-mail, password, avatar, embed tokens). The API as
// `npm start` runs it, on SQLite; mail is read from the server's data directory (`<data>/mail/*.json`).
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, screenshots, signedIn, web } from './webPages';

let unique = 0;
const address = (who: string) => `${who}-${Date.now()}-${unique++}@example.se`;

interface SentMail {
  to: string;
  subject: string;
  links?: string[];
}

async function mailsTo(to: string): Promise<SentMail[]> {
  const dir = join(process.env.MATNAT_WEB_DATA as string, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  const mails = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8'))));
  return (mails as SentMail[]).filter((mail) => mail.to === to);
}

/** The link of the `count`-th mail to `to` (1-based), waiting for it: reset mail is sent after the answer. */
async function mailedLink(to: string, count = 1): Promise<string> {
  await expect
    .poll(async () => (await mailsTo(to)).length, { timeout: 15_000 })
    .toBeGreaterThanOrEqual(count);
  const link = (await mailsTo(to))[count - 1]?.links?.[0];
  expect(link).toBeTruthy();
  return link as string;
}

/** A request in the page's own session (its cookies), with the anti-forgery header the API wants. */
async function api(page: Page, method: string, path: string, data?: unknown) {
  await page.request.get(`${web()}/sanctum/csrf-cookie`);
  const xsrf = (await page.context().cookies(web())).find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.fetch(`${web()}${path}`, {
    method,
    data,
    headers: { Accept: 'application/json', 'X-XSRF-TOKEN': decodeURIComponent(xsrf), Referer: `${web()}/` },
  });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json().catch(() => undefined);
}

/** A new account, signed in in this page's session. */
async function registerUser(page: Page, name: string, password = 'hemligt-lösen') {
  const email = address(name.split(' ')[0]!.toLowerCase());
  await api(page, 'POST', '/api/register', { name, email, password, password_confirmation: password });
  return { email, password };
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

test('register → the mailed verification link → verified; the contract’s messages per field', async ({
  page,
}) => {
  await page.goto(`${web()}/registrera`);
  await expect(page).toHaveTitle(/ · Mätnät$/);
  await expect(page.getByRole('heading', { name: 'Skapa konto' })).toBeVisible();
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByText('Namn måste anges.')).toBeVisible();
  await expect(page.getByText('E-postadress måste anges.')).toBeVisible();
  await expect(page.getByLabel('Namn')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await screenshots(page, 'register-errors');

  // The server's 422 per field: an address that is taken.
  await page.getByLabel('Namn').fill('Karin Berg');
  await page.getByLabel('E-postadress').fill('anna@matnat.se');
  await page.getByLabel('Lösenord', { exact: true }).fill('hemligt-lösen');
  await page.getByLabel('Bekräfta lösenordet').fill('annat-lösen');
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByText('Lösenorden matchar inte.')).toBeVisible();
  await page.getByLabel('Bekräfta lösenordet').fill('hemligt-lösen');
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByText('E-postadressen används redan.')).toBeVisible();

  const email = address('karin');
  await page.getByLabel('E-postadress').fill(email);
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page).toHaveURL(`${web()}/verifiera-epost`);
  await expect(page.getByRole('heading', { name: 'Verifiera din e-postadress' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await page.getByRole('button', { name: 'Skicka en ny länk' }).click();
  await expect(page.getByText('En ny verifieringslänk har skickats till din e-postadress.')).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'verification-notice');

  const link = await mailedLink(email, 2);
  expect(link).toMatch(new RegExp(`^${web()}/verifiera-epost/\\d+/[0-9a-f]{40}\\?expires=\\d+&signature=`));
  // A link whose signature was altered is refused with the server's message.
  await page.goto(link.replace(/signature=([0-9a-f])/, (_, c) => `signature=${c === 'a' ? 'b' : 'a'}`));
  await expect(page.getByRole('heading', { name: 'Länken fungerade inte' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Länken är ogiltig eller har gått ut.');
  await expectAccessible(page);
  await screenshots(page, 'verify-refused');

  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'E-postadressen är verifierad' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'verify-ok');
  const me = await api(page, 'GET', '/api/me');
  expect(me.data.email_verified_at).not.toBeNull();
  await page.goto(`${web()}/verifiera-epost`);
  await expect(page.getByRole('heading', { name: 'Din e-postadress är verifierad' })).toBeVisible();
});

test('password reset through the mailed link; the reused link is refused with a clear message', async ({
  page,
  browser,
}) => {
  const { email } = await registerUser(page, 'Bo Ek');
  const guest = await (await browser.newContext()).newPage();
  await guest.setViewportSize({ width: 1280, height: 900 });
  await guest.goto(`${web()}/login`);
  await guest.getByRole('link', { name: 'Glömt lösenordet?' }).click();
  await expect(guest).toHaveURL(`${web()}/password/reset`);
  await guest.getByRole('button', { name: 'Skicka länken' }).click();
  await expect(guest.getByText('E-postadress måste anges.')).toBeVisible();
  await guest.getByLabel('E-postadress').fill(email);
  await guest.getByRole('button', { name: 'Skicka länken' }).click();
  await expect(
    guest.getByText('Om adressen finns hos oss har vi skickat en länk för att återställa lösenordet.'),
  ).toBeVisible();
  await expectAccessible(guest);
  await screenshots(guest, 'password-request');

  const link = await mailedLink(email, 2); // the first mail is the verification of the registration
  expect(new URL(link).pathname).toMatch(/^\/password\/reset\/[^/]+$/);
  await guest.goto(link);
  await expect(guest.getByLabel('E-postadress')).toHaveValue(email);
  await guest.getByLabel('Nytt lösenord').fill('kort');
  await guest.getByRole('button', { name: 'Spara lösenordet' }).click();
  await expect(guest.getByText('Lösenord måste vara minst 8 tecken.')).toBeVisible();
  await expectAccessible(guest);
  await screenshots(guest, 'password-reset');
  await guest.getByLabel('Nytt lösenord').fill('nytt-hemligt-1');
  await guest.getByLabel('Bekräfta lösenordet').fill('nytt-hemligt-1');
  await guest.getByRole('button', { name: 'Spara lösenordet' }).click();
  await expect(guest.getByText('Ditt lösenord har återställts.')).toBeVisible();

  // The same link again: single use.
  await guest.goto(link);
  await guest.getByLabel('Nytt lösenord').fill('ett-tredje-1');
  await guest.getByLabel('Bekräfta lösenordet').fill('ett-tredje-1');
  await guest.getByRole('button', { name: 'Spara lösenordet' }).click();
  await expect(guest.getByRole('alert')).toContainText('Länken är ogiltig eller har gått ut.');
  await expect(guest.getByRole('alert').getByRole('link', { name: 'Begär en ny länk' })).toBeVisible();
  await expectAccessible(guest);
  await screenshots(guest, 'password-reset-refused');

  await signedIn(guest, email, 'nytt-hemligt-1');
  await guest.context().close();
});

test('the invitee opens the mailed link, sets name and password, and reaches the dashboard', async ({
  page,
  browser,
}) => {
  await signedIn(page, 'admin@matnat.se');
  const email = address('inbjuden');
  await api(page, 'POST', '/api/v1/invite', { email, name: 'Inbjuden' });
  const link = await mailedLink(email);
  expect(new URL(link).pathname).toBe('/invite');

  const invitee = await (await browser.newContext()).newPage();
  await invitee.setViewportSize({ width: 1280, height: 900 });
  await invitee.goto(`${web()}/invite?token=fel`);
  await expect(invitee.getByRole('heading', { name: 'Inbjudan gäller inte längre' })).toBeVisible();
  await expectAccessible(invitee);
  await screenshots(invitee, 'invite-gone');

  await invitee.goto(link);
  await expect(invitee.getByText(`Du har bjudits in som ${email}.`)).toBeVisible();
  await expect(invitee.getByLabel('Namn')).toHaveValue('Inbjuden');
  await invitee.getByLabel('Namn').fill('Ida Inbjuden');
  await invitee.getByLabel('Lösenord', { exact: true }).fill('hemligt-lösen');
  await invitee.getByRole('button', { name: 'Spara och fortsätt' }).click();
  await expect(invitee.getByText('Lösenorden matchar inte.')).toBeVisible();
  await expectAccessible(invitee);
  await screenshots(invitee, 'invite');
  await invitee.getByLabel('Bekräfta lösenordet').fill('hemligt-lösen');
  await invitee.getByRole('button', { name: 'Spara och fortsätt' }).click();
  await expect(invitee).toHaveURL(`${web()}/dashboard`);
  await expect(invitee.getByRole('heading', { name: 'Dashboards', level: 1 })).toBeVisible();
  // Used once: the link no longer works.
  await invitee.goto(link);
  await expect(invitee.getByRole('heading', { name: 'Inbjudan gäller inte längre' })).toBeVisible();
  await invitee.context().close();
});

test('Din profil: change the name, a wrong current password shows the field error, avatar upload and initials', async ({
  page,
}) => {
  await registerUser(page, 'Sara Sjö');
  await page.goto(`${web()}/dashboard`);
  await page.getByRole('button', { name: /Profilmeny/ }).click();
  await page.getByRole('link', { name: 'Din profil' }).click();
  await expect(page).toHaveURL(`${web()}/user/settings`);
  await expect(page).toHaveTitle(/ · Mätnät$/);
  await expect(page.getByRole('heading', { name: 'Din profil' })).toBeVisible();
  await expectAccessible(page);
  await screenshots(page, 'user-settings');

  await page.getByLabel('Namn', { exact: true }).fill('');
  await page.getByRole('button', { name: 'Spara namn' }).click();
  await expect(page.getByText('Namn måste anges.')).toBeVisible();
  await page.getByLabel('Namn', { exact: true }).fill('Sara Strand');
  await page.getByRole('button', { name: 'Spara namn' }).click();
  await expect(page.getByText('Namnet är sparat.')).toBeVisible();
  expect((await api(page, 'GET', '/api/me')).data.name).toBe('Sara Strand');
  await expect(
    page.locator('section', { hasText: 'Profilbild' }).getByRole('img', { name: 'Sara Strand' }),
  ).toHaveText('SS');

  // Issue 24: a new e-mail address needs the password (422 under that field without it).
  const moved = address('sara-ny');
  await page.getByLabel('E-postadress', { exact: true }).fill(moved);
  await page.getByRole('button', { name: 'Spara e-postadress' }).click();
  await expect(page.getByText('Ange ditt nuvarande lösenord.')).toBeVisible();
  await page.getByLabel('Ditt lösenord').fill('hemligt-lösen');
  await page.getByRole('button', { name: 'Spara e-postadress' }).click();
  await expect(page.getByText('E-postadressen är sparad.', { exact: false })).toBeVisible();
  expect((await api(page, 'GET', '/api/me')).data.email).toBe(moved);

  // The server's 422 on the current password, under that field.
  await page.getByLabel('Nuvarande lösenord').fill('inte-rätt-1');
  await page.getByLabel('Nytt lösenord', { exact: true }).fill('nytt-lösen-1');
  await page.getByLabel('Bekräfta nytt lösenord').fill('nytt-lösen-1');
  await page.getByRole('button', { name: 'Byt lösenord' }).click();
  await expect(page.getByText('Det nuvarande lösenordet är fel.')).toBeVisible();
  await expect(page.getByLabel('Nuvarande lösenord')).toHaveAttribute('aria-invalid', 'true');
  await screenshots(page, 'user-settings-errors');
  await page.getByLabel('Nuvarande lösenord').fill('hemligt-lösen');
  await page.getByRole('button', { name: 'Byt lösenord' }).click();
  await expect(page.getByText('Lösenordet är ändrat.')).toBeVisible();

  // Avatar: a photo uploaded (scaled to a data: URL in the browser), then back to the initials.
  // A 600 × 400 picture, drawn by the browser; the upload scales it to 256 px wide.
  const picture = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 600;
    canvas.height = 400;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.fillStyle = '#0f766e';
    context.fillRect(0, 0, 600, 400);
    context.fillStyle = '#fbbf24';
    context.beginPath();
    context.arc(300, 200, 150, 0, Math.PI * 2);
    context.fill();
    return canvas.toDataURL('image/png').split(',')[1] as string;
  });
  const png = Buffer.from(picture, 'base64');
  await page.getByLabel('Ladda upp ett foto (PNG, JPEG eller WebP)').setInputFiles({
    name: 'jag.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(page.getByText('Fotot är sparat.')).toBeVisible();
  const photo = page.getByRole('img', { name: /Sara Strand/ }).and(page.locator('img'));
  await expect(photo.first()).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
  const uploaded = (await api(page, 'GET', '/api/me')).data.photo_url as string;
  expect(uploaded).toMatch(/^data:image\/jpeg;base64,/);
  const size = await page.evaluate(async (src) => {
    const image = new Image();
    image.src = src;
    await image.decode();
    return [image.naturalWidth, image.naturalHeight];
  }, uploaded);
  expect(size).toEqual([256, 171]);
  await expectAccessible(page);
  await screenshots(page, 'user-settings-photo');
  await page.getByRole('button', { name: 'Använd initialer i stället' }).click();
  await expect(page.getByText('Nu visas dina initialer.')).toBeVisible();
  expect((await api(page, 'GET', '/api/me')).data.photo_url).toBeNull();
  await page.getByLabel('Ladda upp ett foto (PNG, JPEG eller WebP)').setInputFiles({
    name: 'inte-en-bild.png',
    mimeType: 'image/png',
    buffer: Buffer.from('hej'),
  });
  await expect(page.getByText('Profilbild måste vara en bild i PNG, JPEG eller WebP.')).toBeVisible();
});

test('a user without a password is kept on Din profil until they set one (the password guard)', async ({
  page,
}) => {
  await signedIn(page, 'admin@matnat.se');
  const email = address('utan-losen');
  await api(page, 'POST', '/api/v1/invite', { email, name: 'Utan Lösen' });
  const users = (await api(page, 'GET', '/api/v1/user')).data as { id: number; email: string }[];
  const invited = users.find((u) => u.email === email);
  expect(invited).toBeTruthy();
  await api(page, 'POST', `/api/v1/user/${invited?.id}/impersonate`);

  await page.goto(`${web()}/dashboard`);
  await expect(page).toHaveURL(`${web()}/user/settings`);
  await expect(page.getByText('Välj ett lösenord innan du fortsätter.')).toBeVisible();
  await expect(page.getByLabel('Nuvarande lösenord')).toHaveCount(0);
  // The impersonation banner is checked too (white on the warn colour).
  await expectAccessible(page);
  await screenshots(page, 'user-settings-no-password');
  await page.goto(`${web()}/alert`);
  await expect(page).toHaveURL(`${web()}/user/settings`);
  await page.getByLabel('Nytt lösenord', { exact: true }).fill('eget-lösen-1');
  await page.getByLabel('Bekräfta nytt lösenord').fill('eget-lösen-1');
  await page.getByRole('button', { name: 'Spara lösenordet' }).click();
  await expect(page.getByText('Lösenordet är sparat. Nu kan du använda Mätnät.')).toBeVisible();
  await page.goto(`${web()}/dashboard`);
  await expect(page).toHaveURL(`${web()}/dashboard`);
});

test('embed tokens: create from my own panels, see the token once, copy a snippet, revoke', async ({
  page,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: web() });
  await signedIn(page, 'anna@matnat.se');
  await page.goto(`${web()}/user/settings`);
  const section = page.getByRole('region', { name: 'Inbäddningstokens' });
  await expect(section.getByRole('group', { name: 'Paneler' }).getByRole('checkbox').first()).toBeVisible();

  // The contract's messages per field before anything is sent.
  await section.getByRole('button', { name: 'Skapa token' }).click();
  await expect(section.getByText('Namn måste anges.')).toBeVisible();
  await expect(section.getByText('Behörigheter måste innehålla minst en post.')).toBeVisible();
  await expect(section.getByText('Tillåtna ursprung måste innehålla minst en post.')).toBeVisible();

  const name = `Partnersida ${Date.now()}`;
  await section.getByLabel('Namn på tokenen').fill(name);
  const panel = section.getByRole('group', { name: 'Paneler' }).getByRole('checkbox').first();
  await panel.check();
  const panelId = (await panel.getAttribute('value'))?.replace('panel:', '');
  await section.getByLabel(/Tillåtna webbplatser/).fill('https://partner.se/sida');
  await section.getByRole('button', { name: 'Skapa token' }).click();
  await expect(
    section.getByText('Varje ursprung måste vara en adress som https://exempel.se, utan sökväg.'),
  ).toBeVisible();
  await section.getByLabel(/Tillåtna webbplatser/).fill('https://partner.se\nhttp://localhost:5173');
  await section.getByRole('button', { name: 'Skapa token' }).click();

  await expect(section.getByRole('heading', { name: `Token skapad: ${name}` })).toBeVisible();
  const token = await section.getByRole('textbox', { name: 'Token' }).inputValue();
  expect(token).toMatch(/^mtn_/);
  const react = await section.getByRole('textbox', { name: 'React' }).inputValue();
  expect(react).toContain(`auth: { embedToken: '${token}' }`);
  expect(react).toContain(`<Panel panelId={${panelId}} />`);
  await expect(section.getByRole('textbox', { name: 'Webbkomponent' })).toHaveValue(
    new RegExp(`<matnat-panel api-base="${web()}" embed-token="${token}" panel-id="${panelId}">`),
  );
  await expect(section.getByRole('textbox', { name: 'Script-tagg' })).toHaveValue(
    new RegExp(`data-embed-token="${token}" data-panel-id="${panelId}"`),
  );
  // Issue 23 point 8: the script at its exact-version URL with the hash of the bytes the server sends.
  const scriptTag = await section.getByRole('textbox', { name: 'Script-tagg' }).inputValue();
  const [, src = '', integrity] =
    scriptTag.match(/<script src="([^"]+)" integrity="([^"]+)" crossorigin="anonymous" defer>/) ?? [];
  expect(src).toMatch(new RegExp(`^${web()}/embed/\\d+\\.\\d+\\.\\d+[^/]*/panel\\.js$`));
  const served = await page.request.get(src);
  expect(served.headers()['cache-control']).toContain('immutable');
  expect(integrity).toBe(
    `sha384-${createHash('sha384')
      .update(await served.body())
      .digest('base64')}`,
  );
  await section.getByRole('button', { name: 'Kopiera' }).nth(2).click();
  await expect(section.getByRole('button', { name: 'Kopierat!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    await section.getByRole('textbox', { name: 'Webbkomponent' }).inputValue(),
  );
  await expectAccessible(page);
  await screenshots(page, 'user-settings-token-created');

  // The token reads its panel, from a listed origin.
  const read = await page.request.get(`${web()}/api/v1/panel/${panelId}`, {
    headers: { Authorization: `Bearer ${token}`, Origin: 'https://partner.se' },
  });
  expect(read.status()).toBe(200);

  // Shown once: after 'Klar' and on a reload it is nowhere on the page.
  await section.getByRole('button', { name: 'Klar' }).click();
  await expect(page.getByText(token)).toHaveCount(0);
  await page.reload();
  const row = page
    .getByRole('list', { name: 'Dina inbäddningstokens' })
    .getByRole('listitem')
    .filter({ hasText: name });
  await expect(row).toContainText(`${name} · Aktiv`);
  expect(await page.content()).not.toContain(token);

  await row.getByRole('button', { name: 'Återkalla' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`Återkalla ${name}?`);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Återkalla' }).click();
  await expect(page.getByText(`Tokenen ${name} är återkallad`)).toBeVisible();
  await expect(row).toContainText(`${name} · Återkallad`);
  await expect(row.getByRole('button', { name: 'Återkalla' })).toHaveCount(0);
  const refused = await page.request.get(`${web()}/api/v1/panel/${panelId}`, {
    headers: { Authorization: `Bearer ${token}`, Origin: 'https://partner.se' },
  });
  expect(refused.status()).toBe(401);
});
