import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { MeasurementQuery } from '@matnat/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorldApp, type WorldApp } from '../seed/fixture.js';
import { createEmbedToken, PARTNER } from '../test/embed.js';
import { testDialects } from '../test/harness.js';
import { ingestReadings } from '../test/ingest.js';
import { codingOf, EMBED_CACHE_CONTROL, SHARED_ANSWER_MS } from './sharedAnswers.js';

const dialects = await testDialects();

/** Issue 28: embed and public answers carry ETag and Cache-Control, answer 304, and are shared per window. */
describe.each(dialects)('cacheable reads for embeds and the public map (%s)', (dialect) => {
  let w: WorldApp;
  let kiruna: { device: number; sensor: number };
  let malmo: { device: number; sensor: number };

  const get = (url: string, headers: Record<string, string> = {}) =>
    w.app.inject({ method: 'GET', url, headers: { origin: PARTNER, ...headers } });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const measurements = (sensor: number) =>
    `/api/v1/sensor/${sensor}/measurements?range_slug=prev_24_h&interval_slug=1_h`;
  /** Database queries this app has run so far (the query-time histogram's count). */
  const queries = async () =>
    (await w.app.metrics.dbQueryDuration.get()).values
      .filter((v) => v.metricName === 'matnat_db_query_duration_seconds_count')
      .reduce((sum, v) => sum + v.value, 0);

  beforeAll(async () => {
    w = await createWorldApp(dialect);
    const spear = async (title: string) => ({
      device: await w.ids.device(title),
      sensor: await w.ids.sensor(title, 'temperature'),
    });
    kiruna = await spear('Temperaturspjut Kiruna 1');
    malmo = await spear('Temperaturspjut Malmö 1');
  });
  afterAll(async () => {
    await w?.close();
  });

  it('a token’s measurements carry an ETag and Cache-Control (short max-age, stale-while-revalidate); a matching If-None-Match is 304 without a body', async () => {
    const { token } = await createEmbedToken(w.anna, [`device:${kiruna.device}`]);
    const first = await get(measurements(kiruna.sensor), bearer(token));
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe(EMBED_CACHE_CONTROL);
    expect(EMBED_CACHE_CONTROL).toMatch(/max-age=5, stale-while-revalidate=30/);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.json().data.buckets.length).toBeGreaterThan(0);
    const again = await get(measurements(kiruna.sensor), { ...bearer(token), 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const other = await get(measurements(kiruna.sensor), { ...bearer(token), 'if-none-match': '"nope"' });
    expect(other.statusCode).toBe(200);
    // Signed-in users' answers are their own: not shared, no ETag.
    const own = await w.anna.get(measurements(kiruna.sensor));
    expect(own.statusCode).toBe(200);
    expect(own.headers.etag).toBeUndefined();
  });

  it('many viewers of one token and sensor in one window cost one load: 50 requests, no further query', async () => {
    const { token } = await createEmbedToken(w.anna, [`device:${kiruna.device}`]);
    const url = `/api/v1/sensor/${kiruna.sensor}/measurements?range_slug=prev_5_days&interval_slug=1_h`;
    // Wait for a fresh window, so all 50 fall in the one the first request loads.
    await new Promise((resolve) =>
      setTimeout(resolve, SHARED_ANSWER_MS - (Date.now() % SHARED_ANSWER_MS) + 10),
    );
    expect((await get(url, bearer(token))).statusCode).toBe(200);
    const before = await queries();
    const answers = await Promise.all(Array.from({ length: 50 }, () => get(url, bearer(token))));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect((await queries()) - before).toBe(0);
  });

  it('a warm hit is answered before validation and the handler (no query, no validation), yet still authenticated: another origin 403, no token 401, a malformed query 422', async () => {
    const { token } = await createEmbedToken(w.anna, [`device:${kiruna.device}`]);
    const url = `/api/v1/sensor/${kiruna.sensor}/measurements?range_slug=prev_7_days&interval_slug=1_h`;
    await new Promise((resolve) =>
      setTimeout(resolve, SHARED_ANSWER_MS - (Date.now() % SHARED_ANSWER_MS) + 10),
    );
    const first = await get(url, bearer(token));
    expect(first.statusCode).toBe(200);
    const validated = vi.spyOn(MeasurementQuery, 'safeParse');
    try {
      const before = await queries();
      const warm = await get(url, bearer(token));
      expect(warm.statusCode).toBe(200);
      expect(warm.headers.etag).toBe(first.headers.etag);
      expect(warm.headers['cache-control']).toBe(EMBED_CACHE_CONTROL);
      expect(warm.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(warm.body).toBe(first.body);
      const unchanged = await get(url, { ...bearer(token), 'if-none-match': String(first.headers.etag) });
      expect(unchanged.statusCode).toBe(304);
      expect(validated).not.toHaveBeenCalled();
      expect((await queries()) - before).toBe(0);
      expect((await get(url, { ...bearer(token), origin: 'https://other.example' })).statusCode).toBe(403);
      expect((await w.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const malformed = await get(url.replace('interval_slug=1_h', 'interval_slug=nope'), bearer(token));
      expect(malformed.statusCode).toBe(422);
      expect(validated).toHaveBeenCalled();
    } finally {
      validated.mockRestore();
    }
  });

  it('a browser taking br or gzip gets the shared answer compressed, made once and kept beside it: its own ETag, Vary: Origin, Accept-Encoding, 304 for any form’s ETag, the same bytes and no query on a warm hit', async () => {
    const { token } = await createEmbedToken(w.anna, [`device:${kiruna.device}`]);
    const url = `/api/v1/sensor/${kiruna.sensor}/measurements?range_slug=prev_30_days&interval_slug=1_h`;
    await new Promise((resolve) =>
      setTimeout(resolve, SHARED_ANSWER_MS - (Date.now() % SHARED_ANSWER_MS) + 10),
    );
    const plain = await get(url, bearer(token));
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Origin, Accept-Encoding');
    const browser = { ...bearer(token), 'accept-encoding': 'gzip, deflate, br, zstd' };
    const br = await get(url, browser);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toBe('Origin, Accept-Encoding');
    expect(br.headers['cache-control']).toBe(EMBED_CACHE_CONTROL);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(br.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    const gzip = await get(url, { ...bearer(token), 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(gzip.headers.etag).toBe(`${String(plain.headers.etag).slice(0, -1)}-gzip"`);
    // Warm: the kept bytes, no query.
    const before = await queries();
    const again = await get(url, browser);
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    expect((await queries()) - before).toBe(0);
    for (const etag of [plain.headers.etag, br.headers.etag, `W/${gzip.headers.etag}`]) {
      const unchanged = await get(url, { ...browser, 'if-none-match': String(etag) });
      expect(unchanged.statusCode).toBe(304);
      expect(unchanged.headers.etag).toBe(br.headers.etag);
    }
    // Small answers (under 1 kB) stay plain, as the compression plugin leaves them.
    const latest = await get(`/api/v1/sensor/${kiruna.sensor}/latest`, browser);
    expect(latest.statusCode).toBe(200);
    expect(latest.headers['content-encoding']).toBeUndefined();
  });

  it('the coding an Accept-Encoding takes: br before gzip, q=0 refuses, * names any, none without one', () => {
    expect(codingOf(undefined)).toBeNull();
    expect(codingOf('')).toBeNull();
    expect(codingOf('gzip, deflate, br, zstd')).toBe('br');
    expect(codingOf('gzip, deflate')).toBe('gzip');
    expect(codingOf('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(codingOf('BR;Q=0 , GZIP')).toBe('gzip');
    expect(codingOf('identity')).toBeNull();
    expect(codingOf('*')).toBe('br');
    expect(codingOf('br;q=0, *')).toBe('gzip');
    expect(codingOf('*;q=0')).toBeNull();
    expect(codingOf('deflate')).toBeNull();
  });

  it('never crosses tokens or teams: a token without the sensor is 404 while another token’s answer of it is cached; a revoked token is 401 at once', async () => {
    const anna = await createEmbedToken(w.anna, [`device:${kiruna.device}`]);
    const erik = await createEmbedToken(w.erik, [`device:${malmo.device}`]);
    const abisko = await w.ids.device('Temperaturspjut Abisko 1');
    const annaAbisko = await createEmbedToken(w.anna, [`device:${abisko}`]);
    expect((await get(measurements(kiruna.sensor), bearer(anna.token))).statusCode).toBe(200);
    expect((await get(`/api/v1/sensor/${kiruna.sensor}/latest`, bearer(anna.token))).statusCode).toBe(200);
    // Erik's token (another team) and anna's other token (another device) never get that answer.
    for (const token of [erik.token, annaAbisko.token]) {
      expect((await get(measurements(kiruna.sensor), bearer(token))).statusCode).toBe(404);
      expect((await get(`/api/v1/sensor/${kiruna.sensor}/latest`, bearer(token))).statusCode).toBe(404);
    }
    // And the other way round: erik's cached answer of his sensor reaches none of anna's tokens.
    expect((await get(measurements(malmo.sensor), bearer(erik.token))).statusCode).toBe(200);
    expect((await get(measurements(malmo.sensor), bearer(annaAbisko.token))).statusCode).toBe(404);
    expect((await get(measurements(malmo.sensor), bearer(anna.token))).statusCode).toBe(404);
    expect((await w.anna.delete(`/api/v1/embed-token/${anna.id}`)).statusCode).toBe(204);
    expect((await get(measurements(kiruna.sensor), bearer(anna.token))).statusCode).toBe(401);
  });

  it('a device moved to another team leaves its old team’s token at once (the shared answer is dropped)', async () => {
    const umea = {
      device: await w.ids.device('Temperaturspjut Umeå 1'),
      sensor: await w.ids.sensor('Temperaturspjut Umeå 1', 'temperature'),
    };
    const { token } = await createEmbedToken(w.anna, [`device:${umea.device}`]);
    expect((await get(measurements(umea.sensor), bearer(token))).statusCode).toBe(200);
    await w.admin.patch(`/api/v1/device/${umea.device}`, { team_ids: [w.accounts.teams.south] });
    expect((await get(measurements(umea.sensor), bearer(token))).statusCode).toBe(404);
  });

  it(`a new reading shows within one refresh interval (${SHARED_ANSWER_MS / 1000} s)`, async () => {
    const { token } = await createEmbedToken(w.anna, [`device:${kiruna.device}`]);
    const url = `/api/v1/sensor/${kiruna.sensor}/latest`;
    expect((await get(url, bearer(token))).statusCode).toBe(200);
    const ts = Date.now();
    await ingestReadings(w.app, [{ sensor_id: kiruna.sensor, ts, value: 42.5 }]);
    const until = Date.now() + SHARED_ANSWER_MS + 500;
    let value: unknown;
    while (Date.now() < until) {
      value = (await get(url, bearer(token))).json().data?.value;
      if (value === 42.5) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(value).toBe(42.5);
  });

  it('a panel named by a token: ETag, 304; the public map: ETag, no-cache, 304, and a device switched off is gone at once', async () => {
    const panel = await w.db.selectFrom('panels').select('id').orderBy('id').executeTakeFirstOrThrow();
    const { token } = await createEmbedToken(w.anna, [`panel:${panel.id}`]);
    const shown = await get(`/api/v1/panel/${panel.id}`, bearer(token));
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['cache-control']).toBe(EMBED_CACHE_CONTROL);
    const etag = String(shown.headers.etag);
    expect(
      (await get(`/api/v1/panel/${panel.id}`, { ...bearer(token), 'if-none-match': etag })).statusCode,
    ).toBe(304);

    const map = await w.client().get('/api/v1/public/temperature-map');
    expect(map.headers['cache-control']).toBe('public, no-cache');
    const mapTag = String(map.headers.etag);
    const unchanged = await w
      .client()
      .get('/api/v1/public/temperature-map', { headers: { 'if-none-match': mapTag } });
    expect(unchanged.statusCode).toBe(304);
    const shownIds = (map.json() as { features: { id: number }[] }).features.map((f) => f.id);
    const first = shownIds[0]!;
    expect((await w.admin.patch(`/api/v1/device/${first}`, { is_public: false })).statusCode).toBe(200);
    const after = await w
      .client()
      .get('/api/v1/public/temperature-map', { headers: { 'if-none-match': mapTag } });
    expect(after.statusCode).toBe(200);
    expect((after.json() as { features: { id: number }[] }).features.map((f) => f.id)).not.toContain(first);
  });
});
