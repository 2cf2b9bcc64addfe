import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type ReadingEvent, validationMessages } from '@matnat/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUserOrEmbed } from '../auth/guards.js';
import { readingBus } from '../events.js';
import { notFound } from '../http/errors.js';
import type { ZodTypeProvider } from '../http/zod.js';
import { errorMessages } from '../messages.js';
import { readableSensors } from './sensorAccess.js';

/** Most sensors one stream may watch. */
export const STREAM_MAX_SENSORS = 100;
/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const STREAM_HEARTBEAT_MS = 25_000;
const RETRY_MS = 5_000;
// A client this far behind (stalled tab, dead link the kernel has not noticed yet) is dropped; it
// reconnects after `retry` and reads the latest values again.
const MAX_BUFFERED_BYTES = 1 << 20;
const MAX_ID = 2 ** 31 - 1;

const StreamQuery = z.object({
  sensor_ids: z
    .string({ error: errorMessages.streamSensorIds })
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, { error: errorMessages.streamSensorIds })
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .refine((ids) => ids.every((id) => id <= MAX_ID), { error: errorMessages.streamSensorIds })
    .refine((ids) => ids.length <= STREAM_MAX_SENSORS, {
      error: validationMessages.maxItems('sensor_ids', STREAM_MAX_SENSORS),
    }),
});

function serverSentEvent(event: ReadingEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** `GET /api/v1/stream`: new readings of chosen sensors as server-sent events. */
export async function streamRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Each open stream with its socket: a kept-alive socket would hold `server.close()` up after the end.
  const open = new Map<ServerResponse, Socket>();

  // Open streams never go idle by themselves: end them so that closing the server does not wait for them.
  app.addHook('preClose', async () => {
    for (const [res, socket] of open) res.end(() => socket.end());
  });

  r.get(
    '/api/v1/stream',
    {
      onRequest: requireUserOrEmbed,
      // A HEAD would hold a connection and a subscription open for a body it never gets.
      exposeHeadRoute: false,
      schema: {
        tags: ['readings'],
        summary: 'New readings of the given sensors, as server-sent events (text/event-stream)',
        description:
          '`event: reading` with data `{ type, device_id, sensor_id, value, measured_at }` per stored reading; ' +
          `a \`: ping\` comment every ${STREAM_HEARTBEAT_MS / 1000} s. Every sensor must be readable by the ` +
          'caller (session or embed token in the Authorization header), else 404.',
        produces: ['text/event-stream'],
        querystring: StreamQuery,
      },
    },
    async (request, reply) => {
      const ids = request.query.sensor_ids;
      const sensors = await readableSensors(request, ids);
      if (sensors.size !== ids.length) throw notFound();

      reply.hijack();
      const res = reply.raw;
      // The client may have gone while the permissions were checked: 'close' has then been emitted already.
      if (res.destroyed || request.raw.socket.destroyed) return;
      const headers = Object.fromEntries(
        Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined),
      ) as Record<string, string | number | string[]>;
      res.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
      });

      const write = (chunk: string) => {
        if (res.destroyed || res.writableEnded) return;
        if (!res.write(chunk) && res.writableLength > MAX_BUFFERED_BYTES) res.destroy();
      };
      const unsubscribe = readingBus.subscribe(sensors.keys(), (reading) => {
        const sensor = sensors.get(reading.sensor_id);
        if (!sensor) return;
        write(
          serverSentEvent({
            type: 'reading',
            device_id: sensor.device_id,
            sensor_id: sensor.id,
            value: reading.value,
            measured_at: new Date(reading.ts).toISOString(),
          }),
        );
      });
      const heartbeat = setInterval(() => write(': ping\n\n'), STREAM_HEARTBEAT_MS);
      open.set(res, request.raw.socket);
      res.once('close', () => {
        clearInterval(heartbeat);
        unsubscribe();
        open.delete(res);
      });
      write(`retry: ${RETRY_MS}\n\n`);
    },
  );
}
