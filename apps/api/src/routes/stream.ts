import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { MAX_ID, validationMessages } from '@matnat/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { AlertMessage } from '../alerts/bus.js';
import { requireUserOrEmbed } from '../auth/guards.js';
import { requireViewer, type Viewer } from '../auth/scope.js';
import type { DB } from '../db/types.js';
import { answers } from '../http/answers.js';
import { notFound, unprocessable } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod.js';
import type { Reading } from '../measurements/store.js';
import { errorMessages } from '../messages.js';
import { readableSensors } from './sensorAccess.js';
import { StreamSlots } from './streamAccess.js';
import { type SharedEvent, STREAM_HEARTBEAT_MS, StreamHub } from './streamHub.js';

/** Most sensors one stream may watch. */
export const STREAM_MAX_SENSORS = 100;
const RETRY_MS = 5_000;
/** The retry a stream is ended with when its server shuts down: reconnect soon, to another process. */
export const SHUTDOWN_RETRY_MS = 1_000;
/**
 * A slow client is bounded: a stream with more than this waiting in the process (beyond what the
 * kernel's socket buffers took) that has not caught up for `STREAM_STALL_MS` — a stalled tab, a dead link
 * the kernel has not noticed yet — is ended with a retry hint and cut off a second later; one with more
 * than `STREAM_MAX_BUFFERED_BYTES` at once is ended then. It never holds memory or delays the others, and
 * reconnects and replays from its `Last-Event-ID`. A burst (a backlog of readings stored at once) that a
 * client reads within the grace is not slowness.
 */
export const STREAM_SLOW_BYTES = 256 * 1024;
export const STREAM_STALL_MS = 2_000;
export const STREAM_MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
const SLOW_CLOSE_GRACE_MS = 1_000;

const StreamQuery = z.object({
  sensor_ids: z
    .string({ error: errorMessages.streamSensorIds })
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, { error: errorMessages.streamSensorIds })
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id <= MAX_ID), { error: errorMessages.streamSensorIds })
    .refine((ids) => ids.length <= STREAM_MAX_SENSORS, {
      error: validationMessages.maxItems('sensor_ids', STREAM_MAX_SENSORS),
    })
    .optional(),
  /** `1`: also alert changes and new notifications (signed-in users only); sensor_ids is then optional. */
  alerts: z.enum(['1', '0'], { error: errorMessages.streamAlerts }).optional(),
});

/** The instant to replay from: the last event's time, but never more than `minutes` ago; null for none. */
function lastEventTime(header: string | string[] | undefined, minutes: number): number | null {
  const text = Array.isArray(header) ? header[0] : header;
  if (text === undefined || !/^\d{1,15}$/.test(text)) return null;
  return Math.max(Number(text), Date.now() - minutes * 60_000);
}

/**
 * Readings of the sensors measured at or after `since`, oldest first (at most 10,000). The last event's
 * own instant is included: a client may see it twice, never lose a reading of the same instant.
 */
async function readingsSince(db: Kysely<DB>, sensorIds: number[], since: number): Promise<Reading[]> {
  if (sensorIds.length === 0) return [];
  const rows = await db
    .selectFrom('measurements')
    .select(['sensor_id', 'ts', 'value'])
    .where('sensor_id', 'in', sensorIds)
    .where('ts', '>=', since)
    .orderBy('ts')
    .orderBy('sensor_id')
    .limit(10_000)
    .execute();
  return rows.map((row) => ({ sensor_id: row.sensor_id, ts: Number(row.ts), value: Number(row.value) }));
}

/** Alert changes for the alerts the viewer may read (the alert list's rule), notifications of their own. */
function alertEventOf(viewer: Viewer, message: AlertMessage): string | null {
  const mine =
    'teamId' in message
      ? viewer.isAdmin || viewer.teamIds.includes(message.teamId)
      : message.userId === viewer.id;
  // No `id:`: Last-Event-ID stays the time of the last reading, which a reconnect replays from.
  return mine ? `event: ${message.event.type}\ndata: ${JSON.stringify(message.event)}\n\n` : null;
}

/** Takes the answer over from Fastify and starts the event stream; null when the client has gone already. */
function openEventStream(request: FastifyRequest, reply: FastifyReply): ServerResponse | null {
  reply.hijack();
  const res = reply.raw;
  // The client may have gone while the permissions were checked: 'close' has then been emitted already.
  if (res.destroyed || request.raw.socket.destroyed) return null;
  const headers = Object.fromEntries(
    Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined),
  ) as Record<string, string | number | string[]>;
  res.writeHead(200, {
    ...headers,
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    'x-accel-buffering': 'no',
  });
  return res;
}

/**
 * A stream's writes, bounded for slow clients. An event shared by many streams goes straight to the
 * socket as the bytes made once for all of them (already framed as a chunk) whenever the response has
 * nothing of its own waiting — after its head and first write, and not behind an earlier answer on the
 * connection; otherwise, and for text, through the response.
 */
function writerOf(res: ServerResponse, onDropped: () => void): (chunk: string | SharedEvent) => void {
  let written = 0;
  let started = false;
  // While more than STREAM_SLOW_BYTES wait: since when, and how much had been written then. A client
  // that has taken all of that within STREAM_STALL_MS is keeping up; one that has not is stalled.
  let behindSince = 0;
  let mark = 0;
  return (chunk) => {
    if (res.destroyed || res.writableEnded) return;
    const socket = res.socket;
    if (typeof chunk !== 'string' && started && socket && res.writableLength === socket.writableLength) {
      const bytes = chunk.bytes(res.chunkedEncoding);
      socket.write(bytes);
      written += bytes.length;
    } else {
      const text = typeof chunk === 'string' ? chunk : chunk.text;
      res.write(text);
      written += Buffer.byteLength(text);
      started = true;
    }
    const waiting = res.writableLength;
    if (waiting <= STREAM_SLOW_BYTES) {
      behindSince = 0;
      return;
    }
    if (behindSince === 0 || written - waiting >= mark) {
      behindSince = Date.now();
      mark = written;
    }
    if (waiting <= STREAM_MAX_BUFFERED_BYTES && Date.now() - behindSince <= STREAM_STALL_MS) return;
    onDropped();
    res.end(`retry: ${RETRY_MS}\n\n`);
    setTimeout(() => res.destroy(), SLOW_CLOSE_GRACE_MS).unref();
  };
}

/** What a reconnect with `Last-Event-ID` missed (none without the header). */
async function replay(request: FastifyRequest, sensorIds: number[]): Promise<Reading[]> {
  const since = lastEventTime(request.headers['last-event-id'], request.server.config.stream.replayMinutes);
  return since === null ? [] : readingsSince(request.server.db, sensorIds, since);
}

/** `GET /api/v1/stream`: new readings of chosen sensors as server-sent events. */
export async function streamRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Each open stream with its socket: a kept-alive socket would hold `server.close()` up after the end.
  const open = new Map<ServerResponse, Socket>();
  const slots = new StreamSlots(() => app.config.stream);
  const hub = new StreamHub(app);
  // Alert changes and notifications: each audience of a signed-in user hears those it may read.
  const unsubscribeAlerts = app.alertBus.subscribe((message) =>
    hub.forEachViewer((viewer) => alertEventOf(viewer, message)),
  );
  app.addHook('onClose', async () => {
    unsubscribeAlerts();
    hub.close();
  });

  // Open streams never go idle by themselves: end them so that closing the server does not wait for them,
  // telling each client to come back soon (behind a load balancer: to another process).
  app.addHook('preClose', async () => {
    for (const [res, socket] of open) res.end(`retry: ${SHUTDOWN_RETRY_MS}\n\n`, () => socket.end());
  });

  r.get(
    '/api/v1/stream',
    {
      onRequest: requireUserOrEmbed,
      // A HEAD would hold a connection and a subscription open for a body it never gets.
      exposeHeadRoute: false,
      schema: {
        tags: ['readings'],
        summary:
          'New readings of the given sensors and alert changes, as server-sent events (text/event-stream)',
        description:
          '`event: reading` with data `{ type, device_id, sensor_id, value, measured_at }` per stored reading; ' +
          `a \`: ping\` comment every ${STREAM_HEARTBEAT_MS / 1000} s. Every sensor must be readable by the ` +
          'caller (session or embed token in the Authorization header), else 404. With `alerts=1` a signed-in ' +
          'user also gets `event: alert` (an AlertEvent) for every state change of an alert they may read and ' +
          '`event: notification` (a NotificationEvent) for each new notification of theirs; `sensor_ids` is ' +
          'then optional. An embed token hears readings only (`alerts=1` is 422 for it).',
        produces: ['text/event-stream'],
        querystring: StreamQuery,
        response: answers(
          {
            200: z
              .string()
              .describe('text/event-stream: `id`, `event: reading` and `data` (a ReadingEvent) per reading'),
          },
          [401, 403, 404, 422, 429],
        ),
      },
    },
    async (request, reply) => {
      const ids = request.query.sensor_ids ?? [];
      const alerts = request.query.alerts === '1';
      // An embed token hears readings only.
      if (alerts && request.embedScope) throw unprocessable({ alerts: [errorMessages.streamAlertsEmbed] });
      if (!alerts && ids.length === 0) throw unprocessable({ sensor_ids: [errorMessages.streamSensorIds] });
      const viewer = alerts ? await requireViewer(request) : null;
      const readable = await readableSensors(request, ids);
      if (readable.size !== ids.length) throw notFound();
      const free = slots.take(request);
      const res = openEventStream(request, reply);
      if (!res) return free();
      const member = { write: writerOf(res, () => app.metrics.sseSlowDropped.inc()), end: () => res.end() };
      const joined = hub.join(request, readable, viewer, member);
      open.set(res, request.raw.socket);
      app.metrics.sseStreams.inc();
      res.once('close', () => {
        app.metrics.sseStreams.dec();
        joined.leave();
        open.delete(res);
        free();
      });
      member.write(`retry: ${RETRY_MS}\n\n`);
      joined.release(await replay(request, [...readable.keys()]));
    },
  );
}
