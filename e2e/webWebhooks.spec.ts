import { createHmac } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { type Receiver, startReceiver } from '../apps/api/src/test/receiver';
import { apiCall, expectAccessible, screenshots, signedIn, web } from './webPages';

/**
 * Issue 24 "Out", as a user does it: a webhook channel made on Din profil, chosen in the alert form, fired
 * by a reading sent to the ingestion API; a real local receiver gets the signed payload, which this test
 * verifies with the secret the page showed once; the alert's page shows the delivery in its log.
 */
interface Device {
  id: number;
  external_device_id: string;
  sensors: { id: number; type: string }[];
}

let receiver: Receiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(async () => {
  await receiver?.close();
});
test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
});

async function annasSensor(page: Page) {
  const devices = await apiCall<{ data: Device[] }>(page, 'GET', '/api/v1/device/?include=sensors');
  for (const device of devices.data) {
    const sensor = device.sensors.find((s) => s.type === 'temperature');
    if (sensor) return { device, sensor };
  }
  throw new Error('anna has no temperature sensor');
}

test('issue 24: a webhook channel, chosen in the alert form, gets the signed alert of a reading; the delivery log shows it', async ({
  page,
}) => {
  await signedIn(page, 'anna@matnat.se');
  await page.goto(`${web()}/user/settings`);
  const section = page.getByRole('region', { name: 'Webhooks' });
  await section.getByLabel('Namn på webhooken').fill('Driftlarm');
  await section.getByLabel('Adress (https://…)').fill(`${receiver.url}/larm`);
  await section.getByLabel('Format').selectOption('json');
  await section.getByRole('button', { name: 'Skapa webhook' }).click();
  await expect(section.getByText('Webhook skapad: Driftlarm')).toBeVisible();
  const secret = await section.getByRole('textbox', { name: 'Hemlighet' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await expectAccessible(page);
  await screenshots(page, 'webhooks-created');
  await section.getByRole('button', { name: 'Klar' }).click();
  const row = section.getByRole('listitem').filter({ hasText: 'Driftlarm' });
  await expect(row).toContainText('Aktiv');
  await row.getByRole('button', { name: 'Skicka test' }).click();
  await expect(row.getByRole('status')).toContainText('Test: Levererad · 200');
  const [test] = await receiver.waitFor('/larm', 1, 5000);
  expect(JSON.parse(test!.body).type).toBe('test');

  const { device, sensor } = await annasSensor(page);
  await page.goto(`${web()}/alert/create`);
  await page.getByLabel('Namn').fill('E2E webhook-larm');
  await page.getByLabel('Sensor', { exact: true }).first().selectOption(String(sensor.id));
  await page.getByLabel('Gränsvärde').first().fill('40');
  await page.getByLabel('E-post till alla i teamet').uncheck();
  await page.getByLabel('Webhook: Driftlarm').check();
  await expectAccessible(page);
  await screenshots(page, 'alert-notify');
  await page.getByRole('button', { name: 'Spara' }).click();
  await expect(page).toHaveURL(`${web()}/alert`);

  const answer = await fetch(`${web()}/api/v1/ingest`, {
    method: 'POST',
    headers: { authorization: 'Bearer mtn_demo_ingest_key', 'content-type': 'application/json' },
    body: JSON.stringify({
      device: device.external_device_id,
      readings: [{ sensor: 'temperature', value: 48.5 }],
    }),
  });
  expect(answer.status).toBe(200);
  const sent = Date.now();
  const [, fired] = await receiver.waitFor('/larm', 2, 2000);
  expect(fired!.at - sent).toBeLessThan(2000);
  const timestamp = String(fired!.headers['x-matnat-timestamp']);
  const signature = String(fired!.headers['x-matnat-signature']);
  // The receiver's check (docs/alerts.md): HMAC-SHA256 over `<timestamp>.<body>`, and a fresh timestamp.
  expect(signature).toBe(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${fired!.body}`).digest('hex')}`,
  );
  expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(300);
  const event = JSON.parse(fired!.body);
  expect(event).toMatchObject({
    type: 'alert.firing',
    alert_name: 'E2E webhook-larm',
    value: 48.5,
    state: 'firing',
  });
  expect(event.links.alert).toBe(`${web()}/alert/${event.alert_id}/edit`);

  await page.getByRole('listitem').filter({ hasText: 'E2E webhook-larm' }).getByRole('link').click();
  const log = page.getByRole('region', { name: 'Webhook-leveranser' });
  await expect(log.getByRole('listitem').first()).toContainText('Larm till Driftlarm');
  await expect(log.getByRole('listitem').first()).toContainText('Levererad · 200');
  await expect(page.getByLabel('Webhook: Driftlarm')).toBeChecked();
  await expect(page.getByLabel('E-post till alla i teamet')).not.toBeChecked();
  await expectAccessible(page);
  await screenshots(page, 'alert-deliveries');
});
