import { deviceIdOf, IngestBody, IngestResult, fieldLabels as L } from '@matnat/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError, unauthenticated, unprocessable } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { acceptParsed, answerOf, type IntegrationRef } from '../ingest/accept.js';
import { type IngestCredential, requireIngestCredential } from '../ingest/credentials.js';
import { ingestMessages as M } from '../ingest/messages.js';
import { ruleOf, unknownKeyRule } from '../ingest/sensorKeys.js';
import {
  type Parsed,
  parseChirpstack,
  parseTts,
  rangeProblem,
  type UplinkReading,
} from '../ingest/uplinks.js';
import type { IngestItem } from '../ingest/writer.js';

// Devices and network servers cannot log in or fetch an anti-forgery token; their secret is the bearer.
const config = { csrf: false, embedAuth: false, ingest: true };

function integrationOf(request: FastifyRequest): IntegrationRef {
  const credential = request.ingestCredential;
  // Webhooks speak for a network server: a device key does not open them.
  if (credential?.kind !== 'integration') throw unauthenticated();
  return { id: credential.integrationId, teamId: credential.teamId };
}

/**
 * Stores through the queue; a database that cannot take the write is a 503 the sender may retry. Bad input
 * never gets here (it is a 422 before), so the cause is logged: a 503 is the server's problem.
 */
async function stored<T>(request: FastifyRequest, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    request.log.error({ err: error }, 'readings not stored: answered 503');
    throw Object.assign(new HttpError(503, M.unavailable, undefined, { 'retry-after': '5' }), {
      cause: error,
    });
  }
}

async function answer(request: FastifyRequest, parsed: Parsed) {
  if ('error' in parsed) throw unprocessable({ [parsed.field ?? 'body']: [parsed.error] });
  return stored(request, acceptParsed(request.server.ingest.queue, parsed, integrationOf(request)));
}

/** The body's `device` as ingestion matches it (the contract has checked it already). */
function deviceIdIn(body: IngestBody): string | null {
  if (!body.device) return null;
  const device = deviceIdOf(body.device, L.device);
  if ('problem' in device) throw unprocessable({ device: [device.problem] });
  return device.id;
}

/** The readings of an `IngestBody` through the key table; 422 naming each reading out of range. */
function bodyReadings(request: FastifyRequest, body: IngestBody): UplinkReading[] {
  const errors: Record<string, string[]> = {};
  const receivedAt = Date.now();
  const readings = body.readings.map((r, i) => {
    const rule = ruleOf(request.server.ingest.keys, r.sensor) ?? unknownKeyRule(r.sensor);
    const value = r.value * (rule.scale ?? 1);
    const problem = rangeProblem(rule, value);
    if (problem) errors[`readings.${i}.value`] = [problem];
    return { key: r.sensor, rule, value, ts: r.ts ?? r.measured_at ?? receivedAt };
  });
  if (Object.keys(errors).length > 0) throw unprocessable(errors);
  return readings;
}

function deviceOf(credential: IngestCredential, body: IngestBody): IngestItem['device'] {
  if (credential.kind === 'device') return { id: credential.deviceId };
  const eui = deviceIdIn(body);
  if (!eui) throw unprocessable({ device: [M.deviceRequired] });
  return { eui, name: null };
}

/**
 * Readings in: `POST /api/v1/ingest` (a device key, or an integration secret naming the device), the
 * The Things Stack webhook and the ChirpStack HTTP integration. Every answer comes after the commit.
 */
export async function ingestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/v1/ingest',
    {
      onRequest: requireIngestCredential,
      config,
      schema: { body: IngestBody, response: { 200: IngestResult } },
    },
    async (request) => {
      const credential = request.ingestCredential!;
      const device = deviceOf(credential, request.body);
      if (credential.kind === 'device' && request.body.device) {
        const own = await app.db
          .selectFrom('devices')
          .select('external_device_id')
          .where('id', '=', credential.deviceId)
          .executeTakeFirst();
        const ownId = deviceIdOf(own?.external_device_id ?? '', L.device);
        if (!('id' in ownId) || ownId.id !== deviceIdIn(request.body))
          throw unprocessable({ device: [M.deviceMismatch] });
      }
      const readings = bodyReadings(request, request.body);
      const integration =
        credential.kind === 'integration'
          ? { id: credential.integrationId, teamId: credential.teamId }
          : null;
      const item: IngestItem = {
        device,
        integration,
        ts: Math.max(...readings.map((x) => x.ts)),
        readings,
        battery: null,
        externalPower: null,
        gateways: [],
        simulated: false,
      };
      return answerOf(await stored(request, app.ingest.queue.enqueue(item)));
    },
  );

  r.post(
    '/api/ingest/ttn',
    { onRequest: requireIngestCredential, config, schema: { response: { 200: IngestResult } } },
    async (request) => answer(request, parseTts(request.body, app.ingest.keys)),
  );

  r.post(
    '/api/ingest/chirpstack',
    {
      onRequest: requireIngestCredential,
      config,
      schema: {
        querystring: z.object({ event: z.string({ error: M.badEvent }).min(1, { error: M.badEvent }) }),
        response: { 200: IngestResult },
      },
    },
    async (request) => answer(request, parseChirpstack(request.query.event, request.body, app.ingest.keys)),
  );
}
