import { createHmac } from 'node:crypto';
import { AlertWebhookEvent, verifyWebhookSignature, type WebhookDelivery } from '@matnat/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { annasNewSensor, createWorldApp, type WorldApp } from '../seed/fixture.js';
import { DEMO_INGEST_SECRET } from '../seed/integration.js';
import { testDialects } from '../test/harness.js';
import { type Received, type Receiver, startReceiver } from '../test/receiver.js';
import { WebhookDeliverer } from './deliverer.js';
import { queueDeliveries } from './deliveries.js';
import { testEvent } from './payloads.js';

/**
 * Issue 24 "Out": alert webhooks against a real local receiving HTTP server, on SQLite and PostgreSQL.
 * Retries are quick here (50 ms base, 500 ms timeout) so that backoff and timeouts can be watched.
 */
const dialects = await testDialects();
const WEBHOOKS = {
  allowPrivate: ['127.0.0.1'],
  timeoutMs: 500,
  maxAttempts: 4,
  retryBaseMs: 50,
  pauseAfter: 2,
  pollMs: 50,
};

/** The delivery bound of the issue: a transition reaches its receiver within 2 s. */
const WITHIN_MS = 2000;

describe.each(dialects)('issue 24: alert webhooks out (%s)', (dialect) => {
  let w: WorldApp;
  let receiver: Receiver;
  let next = 0;
  let clock = Date.now() - 3_600_000;

  beforeAll(async () => {
    w = await createWorldApp(dialect, Date.now(), { webhooks: WEBHOOKS });
    await w.app.ready();
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await w?.close();
    await receiver?.close();
  });

  /** A channel of anna's team posting to its own path of the receiver. */
  async function channel(format: 'json' | 'slack' | 'teams' = 'json') {
    const path = `/hook-${++next}`;
    const response = await w.anna.post('/api/v1/webhook', {
      name: `Kanal ${next}`,
      url: `${receiver.url}${path}`,
      format,
    });
    expect(response.statusCode).toBe(201);
    const created = response.json().data as { id: number; secret: string };
    return { ...created, path };
  }

  /** A device of anna's with a temperature sensor, and an alert "> 40" on it posting to `webhookIds`. */
  async function alertOn(webhookIds: number[], extra: Record<string, unknown> = {}) {
    const externalId = `WH${dialect.slice(0, 2)}${++next}`.toUpperCase();
    const sensor = await annasNewSensor(w, externalId);
    const alert = await w.anna.post('/api/v1/alert', {
      name: `Växthuset ${next}`,
      conditions: [{ sensor_id: sensor, operator: '>', threshold: 40 }],
      webhook_ids: webhookIds,
      ...extra,
    });
    expect(alert.statusCode).toBe(201);
    return { alertId: alert.json().data.id as number, externalId };
  }

  /** A reading through the ingestion API (the demo integration is anna's team's), a minute after the last. */
  async function reading(externalId: string, value: number) {
    clock += 60_000;
    const response = await w
      .client()
      .post(
        '/api/v1/ingest',
        { device: externalId, readings: [{ sensor: 'temperature', value, ts: clock }] },
        { headers: { authorization: `Bearer ${DEMO_INGEST_SECRET}` }, csrf: false },
      );
    expect(response.statusCode).toBe(200);
    return Date.now();
  }

  async function log(alertId: number): Promise<WebhookDelivery[]> {
    const response = await w.anna.get(`/api/v1/alert/${alertId}/deliveries`);
    expect(response.statusCode).toBe(200);
    return response.json().data;
  }

  /** Waits (polling) until the alert's log satisfies `done`. */
  async function logUntil(alertId: number, done: (log: WebhookDelivery[]) => boolean, ms = 5000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const entries = await log(alertId);
      if (done(entries)) return entries;
      if (Date.now() > deadline) throw new Error(`delivery log: ${JSON.stringify(entries)}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /** The signature checked twice: with the contract's verifier, and by hand with node:crypto. */
  async function expectSigned(request: Received, secret: string) {
    const timestamp = String(request.headers['x-matnat-timestamp']);
    const signature = String(request.headers['x-matnat-signature']);
    expect(await verifyWebhookSignature({ secret, signature, timestamp, body: request.body })).toBe(true);
    const byHand = createHmac('sha256', secret).update(`${timestamp}.${request.body}`).digest('hex');
    expect(signature).toBe(`sha256=${byHand}`);
    // Another secret, a changed body or an old timestamp do not pass.
    expect(
      await verifyWebhookSignature({ secret: `${secret}x`, signature, timestamp, body: request.body }),
    ).toBe(false);
    expect(await verifyWebhookSignature({ secret, signature, timestamp, body: `${request.body} ` })).toBe(
      false,
    );
    const later = (Number(timestamp) + 301) * 1000;
    expect(
      await verifyWebhookSignature({ secret, signature, timestamp, body: request.body, now: later }),
    ).toBe(false);
  }

  it('a reading over the threshold reaches the receiver within 2 s, signed, in the documented JSON; the log shows it delivered', async () => {
    const hook = await channel();
    expect(hook.secret).toMatch(/^whsec_/);
    const { alertId, externalId } = await alertOn([hook.id]);
    const sent = await reading(externalId, 45.5);
    const [request] = await receiver.waitFor(hook.path, 1, WITHIN_MS);
    expect(request!.at - sent).toBeLessThan(WITHIN_MS);
    await expectSigned(request!, hook.secret);
    const event = AlertWebhookEvent.parse(JSON.parse(request!.body));
    expect(event).toMatchObject({
      type: 'alert.firing',
      alert_id: alertId,
      state: 'firing',
      kind: 'value',
      value: 45.5,
      unit: '°C',
      sensor: { name: 'Temperatur' },
      device: { external_device_id: externalId, title: 'Mätspjut' },
      links: { alert: `http://localhost:3000/alert/${alertId}/edit` },
    });
    expect(event.title).toMatch(/^Larm: Växthuset/);
    expect(request!.headers['x-matnat-event']).toBe('alert.firing');
    expect(request!.headers['x-matnat-delivery']).toBe(String(event.delivery_id));
    const [entry] = await logUntil(alertId, (l) => l[0]?.status === 'delivered');
    expect(entry).toMatchObject({
      channel_id: hook.id,
      event: 'alert.firing',
      status: 'delivered',
      attempts: 1,
      status_code: 200,
    });
    expect(entry!.latency_ms).toBeGreaterThanOrEqual(0);
    // The channel's secret is stored encrypted, not as it was shown.
    const row = await w.db
      .selectFrom('webhook_channels')
      .select('secret')
      .where('id', '=', hook.id)
      .executeTakeFirstOrThrow();
    expect(row.secret).not.toContain(hook.secret.slice(6));
  });

  it('retries after 500s with backoff and delivers on the third attempt: the same delivery id and body each time', async () => {
    const hook = await channel();
    receiver.answer(hook.path, (n) => (n < 2 ? { status: 500 } : { status: 200 }));
    const { alertId, externalId } = await alertOn([hook.id]);
    await reading(externalId, 50);
    const requests = await receiver.waitFor(hook.path, 3, 10_000);
    expect(new Set(requests.map((r) => r.headers['x-matnat-delivery'])).size).toBe(1);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    for (const r of requests) await expectSigned(r, hook.secret);
    // Exponential: the second wait is at least the first's base (jitter keeps half of each).
    expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(WEBHOOKS.retryBaseMs / 2);
    expect(requests[2]!.at - requests[1]!.at).toBeGreaterThanOrEqual(WEBHOOKS.retryBaseMs);
    const [entry] = await logUntil(alertId, (l) => l[0]?.status === 'delivered');
    expect(entry).toMatchObject({
      status: 'delivered',
      attempts: 3,
      status_code: 200,
      error: null,
    });
  });

  it('an answer that never comes times out and is retried; one that never answers is given up, the log saying why', async () => {
    const hook = await channel();
    receiver.answer(hook.path, (n) => (n === 0 ? 'hang' : { status: 204 }));
    const { alertId, externalId } = await alertOn([hook.id]);
    await reading(externalId, 41);
    const [first, second] = await receiver.waitFor(hook.path, 2, 10_000);
    // The receiver stamps a request when its body has arrived, which on a loaded machine is tens of ms
    // after the sender started its timer (466 ms was seen for a 500 ms timeout at load 24); a retry that
    // did not wait for the timeout would come within the backoff, ~50 ms.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(WEBHOOKS.timeoutMs * 0.8);
    const [entry] = await logUntil(alertId, (l) => l[0]?.status === 'delivered');
    expect(entry).toMatchObject({ attempts: 2, status_code: 204, error: null });

    const silent = await channel();
    receiver.answer(silent.path, () => 'hang');
    const quiet = await alertOn([silent.id]);
    await reading(quiet.externalId, 42);
    const [failed] = await logUntil(quiet.alertId, (l) => l[0]?.status === 'failed', 15_000);
    expect(failed).toMatchObject({
      attempts: WEBHOOKS.maxAttempts,
      status_code: null,
      error: 'Mottagaren svarade inte inom 0.5 s.',
    });
  });

  it('nothing is sent twice for one transition: a re-delivered reading, a second process sweeping the same deliveries, the resolve once', async () => {
    const hook = await channel();
    const { alertId, externalId } = await alertOn([hook.id]);
    // A second process's deliverer on the same database, sweeping as this one sends.
    const other = new WebhookDeliverer({
      db: w.db,
      config: { ...w.config.webhooks, pollMs: 10 },
      appKey: w.config.appKey,
      appUrl: w.config.appUrl,
      log: w.app.log,
    });
    other.start();
    try {
      await reading(externalId, 45);
      // The same reading again (a network server's retry), and a later one still over the threshold.
      clock -= 60_000;
      await reading(externalId, 45);
      await reading(externalId, 46);
      await reading(externalId, 20);
      await logUntil(alertId, (l) => l.length === 2 && l.every((d) => d.status === 'delivered'));
      await w.app.webhooks.idle();
      await other.idle();
    } finally {
      await other.stop();
    }
    await new Promise((r) => setTimeout(r, 300));
    const got = receiver.received.filter((r) => r.path === hook.path);
    expect(got.map((r) => JSON.parse(r.body).type)).toEqual(['alert.firing', 'alert.resolved']);
    expect(new Set(got.map((r) => r.headers['x-matnat-delivery'])).size).toBe(2);
  });

  it('Slack and Microsoft Teams channels get their own formats, signed the same way', async () => {
    const slack = await channel('slack');
    const teams = await channel('teams');
    const { externalId } = await alertOn([slack.id, teams.id]);
    await reading(externalId, 55);
    const [toSlack] = await receiver.waitFor(slack.path, 1, WITHIN_MS);
    const [toTeams] = await receiver.waitFor(teams.path, 1, WITHIN_MS);
    await expectSigned(toSlack!, slack.secret);
    await expectSigned(toTeams!, teams.secret);
    const message = JSON.parse(toSlack!.body);
    expect(message.text).toMatch(/^Larm: Växthuset \d+: Mätspjut \(Temperatur\) mätte 55 °C/);
    expect(message.blocks[0]).toMatchObject({ type: 'section', text: { type: 'mrkdwn' } });
    expect(message.blocks[1].elements[0].text).toMatch(
      /^<http:\/\/localhost:3000\/alert\/\d+\/edit\|Öppna i Mätnät>$/,
    );
    const card = JSON.parse(toTeams!.body);
    expect(card.type).toBe('message');
    expect(card.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.attachments[0].content).toMatchObject({ type: 'AdaptiveCard', version: '1.4' });
    expect(card.attachments[0].content.body[0].text).toMatch(/^Larm: Växthuset/);
    expect(card.attachments[0].content.actions[0]).toMatchObject({ type: 'Action.OpenUrl' });
  });

  it('a redirect is not followed and a 4xx is not retried: given up after one attempt', async () => {
    const hook = await channel();
    receiver.answer(hook.path, () => ({ status: 302, headers: { location: '/elsewhere' } }));
    const { alertId, externalId } = await alertOn([hook.id]);
    await reading(externalId, 44);
    const [entry] = await logUntil(alertId, (l) => l[0]?.status === 'failed');
    expect(entry).toMatchObject({ attempts: 1, status_code: 302 });
    expect(entry!.error).toContain('omdirigeringar följs inte');
    expect(receiver.received.some((r) => r.path === '/elsewhere')).toBe(false);
  });

  it('a channel whose deliveries keep failing is paused and its owner told in the bell; paused, it gets nothing; resumed, it does', async () => {
    const hook = await channel();
    receiver.answer(hook.path, () => ({ status: 503 }));
    const { alertId, externalId } = await alertOn([hook.id]);
    await reading(externalId, 45);
    await logUntil(alertId, (l) => l[0]?.status === 'failed', 10_000);
    await reading(externalId, 20);
    await logUntil(alertId, (l) => l.length === 2 && l.every((d) => d.status === 'failed'), 10_000);
    const paused = (await w.anna.get(`/api/v1/webhook/${hook.id}`)).json().data;
    expect(paused.paused_at).not.toBeNull();
    expect(paused.pause_reason).toBe('2 leveranser i rad misslyckades.');
    const bell = (await w.anna.get('/api/v1/notification')).json().data as { title: string; level: string }[];
    expect(bell.find((n) => n.title === `Webhooken ${paused.name} har pausats`)?.level).toBe('error');
    const before = receiver.received.filter((r) => r.path === hook.path).length;
    await reading(externalId, 46);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.received.filter((r) => r.path === hook.path).length).toBe(before);
    expect(await log(alertId)).toHaveLength(2);
    receiver.answer(hook.path, () => ({ status: 200 }));
    const resumed = await w.anna.patch(`/api/v1/webhook/${hook.id}`, { paused: false });
    expect(resumed.json().data.paused_at).toBeNull();
    await reading(externalId, 10);
    await reading(externalId, 47);
    await receiver.waitFor(hook.path, before + 1, WITHIN_MS);
  });

  it('"Skicka test": one signed test delivery now, answered with its outcome and in the channel log', async () => {
    const hook = await channel();
    const response = await w.anna.post(`/api/v1/webhook/${hook.id}/test`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      event: 'test',
      status: 'delivered',
      attempts: 1,
      status_code: 200,
    });
    const [request] = await receiver.waitFor(hook.path, 1, WITHIN_MS);
    await expectSigned(request!, hook.secret);
    expect(JSON.parse(request!.body)).toMatchObject({
      type: 'test',
      alert_id: null,
      title: 'Test från Mätnät',
    });
    receiver.answer(hook.path, () => ({ status: 500 }));
    const failed = (await w.anna.post(`/api/v1/webhook/${hook.id}/test`)).json().data;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, status_code: 500 });
    const channelLog = (await w.anna.get(`/api/v1/webhook/${hook.id}/deliveries`)).json().data;
    expect(channelLog.map((d: WebhookDelivery) => d.status)).toEqual(['failed', 'delivered']);
    // A new secret signs from now on; the old one no longer verifies.
    receiver.answer(hook.path, () => ({ status: 200 }));
    const rotated = (await w.anna.post(`/api/v1/webhook/${hook.id}/secret`)).json().data.secret as string;
    await w.anna.post(`/api/v1/webhook/${hook.id}/test`);
    const last = (await receiver.waitFor(hook.path, 3, WITHIN_MS)).at(-1)!;
    await expectSigned(last, rotated);
    expect(
      await verifyWebhookSignature({
        secret: hook.secret,
        signature: String(last.headers['x-matnat-signature']),
        timestamp: String(last.headers['x-matnat-timestamp']),
        body: last.body,
      }),
    ).toBe(false);
  });

  it('an alert without e-mail tells the bell and its webhooks, and mails no one', async () => {
    const hook = await channel();
    const { alertId, externalId } = await alertOn([hook.id], { notify_email: false });
    expect((await w.anna.get(`/api/v1/alert/${alertId}`)).json().data).toMatchObject({
      notify_email: false,
      webhook_ids: [hook.id],
    });
    const mails = w.app.mailer.sent.length;
    await reading(externalId, 45);
    await receiver.waitFor(hook.path, 1, WITHIN_MS);
    await w.app.background.idle();
    const bell = (await w.anna.get('/api/v1/notification')).json().data as { alert_id: number | null }[];
    expect(bell.some((n) => n.alert_id === alertId)).toBe(true);
    expect(w.app.mailer.sent.length).toBe(mails);
  });

  it('server-side request forgery: internal targets the operator did not allow are refused, also a name that resolves inside when it is sent', async () => {
    // This server allows 127.0.0.1 only (the receiver): any other internal address is refused.
    const refused = [
      'http://127.0.0.2/x',
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://192.168.1.1/',
      'https://[::ffff:10.0.0.1]/x',
      'https://user:pass@hooks.example.se/x',
      'ftp://hooks.example.se/x',
    ];
    // (Only this table: the evaluator's timer may write alert states meanwhile.)
    const channels = () => w.db.selectFrom('webhook_channels').select('id').execute();
    const before = await channels();
    for (const url of refused) {
      const response = await w.anna.post('/api/v1/webhook', { name: 'Intern', url, format: 'json' });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 422 });
      expect(response.json().errors.url).toBeDefined();
    }
    expect(await channels()).toEqual(before);
    // A channel by name, sent by a server that allows no internal target: the name resolves to loopback
    // when the delivery connects, and the delivery is refused then, the receiver never reached.
    const hook = await channel();
    const port = new URL(receiver.url).port;
    await w.db
      .updateTable('webhook_channels')
      .set({ url: `http://localhost:${port}${hook.path}` })
      .where('id', '=', hook.id)
      .execute();
    const strict = new WebhookDeliverer({
      db: w.db,
      config: { ...w.config.webhooks, allowPrivate: [] },
      appKey: w.config.appKey,
      appUrl: w.config.appUrl,
      log: w.app.log,
    });
    await queueDeliveries(w.db, null, [hook.id], [testEvent('Kanal', Date.now())], { held: true });
    const queued = await w.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('channel_id', '=', hook.id)
      .executeTakeFirstOrThrow();
    const sent = await strict.attempt(queued.id, true);
    expect(sent).toMatchObject({ status: 'failed', status_code: null });
    expect(sent!.error).toMatch(/internt nät \((127\.0\.0\.1|::1)\)/);
    expect(receiver.received.some((r) => r.path === hook.path)).toBe(false);
  });

  it("a team's channels are its own: erik reads none of anna's and cannot attach one to his alert", async () => {
    const hook = await channel();
    expect((await w.erik.get(`/api/v1/webhook/${hook.id}`)).statusCode).toBe(404);
    expect((await w.erik.post(`/api/v1/webhook/${hook.id}/test`)).statusCode).toBe(404);
    expect((await w.erik.get('/api/v1/webhook')).json().data.map((c: { id: number }) => c.id)).not.toContain(
      hook.id,
    );
    const sensor = await w.db
      .selectFrom('sensors')
      .innerJoin('device_team', 'device_team.device_id', 'sensors.device_id')
      .select('sensors.id')
      .where('device_team.team_id', '=', w.accounts.teams.south)
      .executeTakeFirstOrThrow();
    const alert = await w.erik.post('/api/v1/alert', {
      name: 'Eriks',
      conditions: [{ sensor_id: sensor.id, operator: '>', threshold: 1 }],
      webhook_ids: [hook.id],
    });
    expect(alert.statusCode).toBe(422);
    expect(alert.json().errors.webhook_ids).toEqual(['Okänd webhook.']);
    const team = await w.erik.post('/api/v1/webhook', {
      name: 'I annas team',
      url: `${receiver.url}/x`,
      format: 'json',
      team_id: w.accounts.teams.north,
    });
    expect(team.statusCode).toBe(422);
  });
});
