import type { AlertEvent, NotificationEvent, ReadingEvent } from '@matnat/contract';
import { streamRequest } from './api/stream';
import { httpErrorFor, isClientError } from './errors';
import type { HttpClient } from './http';
import type { Platform } from './platform';
import { backoff } from './queryClient';

/** A reading pushed by `GET /api/v1/stream`. */
export type LiveReading = Omit<ReadingEvent, 'type'>;
/** An alert's state change or a new notification of the signed-in user, pushed by the same stream. */
export type LiveEvent = AlertEvent | NotificationEvent;

// The listeners of alert changes and notifications, beside the sensors' (`alerts=1`).
const EVENTS = 'events';

export interface ReadingStreamOptions {
  http: HttpClient;
  platform: Pick<Platform, 'fetch' | 'timers' | 'logger' | 'now'>;
}

/**
 * The first connection waits until the client has been quiet this long: no subscriber came or went and
 * none of its requests was under way. Reconnects wait `backoff` (1, 2, 4 … 30 s).
 */
const QUIET_MS = 1000;
/** The first connection opens at most this long after its first subscriber, however busy the client stays. */
const OPEN_WITHIN_MS = 5000;

/**
 * The one live stream of a client: every widget subscribes to the sensors it shows, and all of them share
 * one connection to `GET /api/v1/stream`.
 */
export interface ReadingStream {
  /** Calls `listener` with each new reading of the sensor. Returns the unsubscribe. */
  subscribe(sensorId: number | string, listener: (reading: LiveReading) => void): () => void;
  /**
   * Calls `listener` with every alert change and new notification the signed-in user may see
   * (`alerts=1` on the same connection; a session's, not an embed token's). Returns the unsubscribe.
   */
  onEvent(listener: (event: LiveEvent) => void): () => void;
  /** Closes the connection and forgets every subscriber. */
  close(): void;
}

interface ServerSentEvent {
  id?: string;
  event: string;
  data: string;
}

/**
 * Splits a text/event-stream into events: `push` takes decoded chunks and returns the complete events.
 * Comments (heartbeats) and events without data are dropped.
 */
export function sseParser() {
  let buffer = '';
  return (chunk: string): ServerSentEvent[] => {
    const blocks = (buffer + chunk).replace(/\r\n?/g, '\n').split('\n\n');
    buffer = blocks.pop() ?? '';
    return blocks.flatMap((block) => {
      const event = { event: 'message' } as ServerSentEvent;
      const data: string[] = [];
      // `(.*)` always takes part in the match: the value is a string, empty or not.
      for (const [, field, value] of block.matchAll(/^(data|event|id): ?(.*)$/gm)) {
        if (field === 'data') data.push(value!);
        else event[field as 'event' | 'id'] = value!;
      }
      event.data = data.join('\n');
      return data.length ? [event] : [];
    });
  };
}

/**
 * One server-sent-events connection per client, opened once a page's start has settled after the first
 * subscriber (a second without subscriber changes or requests under way, at most 5 s), reopened with a wider
 * sensor set when a new sensor is wanted (narrowing keeps it), closed with the last subscriber. Read over
 * `fetch` rather than `EventSource` so that an embed token travels in the Authorization header. A dropped
 * connection is reopened after 1, 2, 4 … 30 s with `Last-Event-ID`; a 4xx answer (bad token, no access)
 * stops it with a console warning naming the server's message.
 */
export function createReadingStream({ http, platform }: ReadingStreamOptions): ReadingStream {
  const listeners = new Map<string, Set<(data: never) => void>>();
  let served = new Set<string>();
  // The live connection's controller; undefined while closed, refused or waiting to retry.
  let controller: AbortController | undefined;
  // The next reconcile: the first connection's wait, the back-off's or the next tick's.
  let timer: unknown;
  // When the wait for the first connection began; undefined while it is not waited for.
  let waitingSince: number | undefined;
  let attempt = 0;
  let lastEventId: string | undefined;

  const dispatch = (event: ServerSentEvent) => {
    if (event.id) lastEventId = event.id;
    const data = JSON.parse(event.data);
    // Any other event is an alert change or a notification.
    for (const listener of listeners.get(event.event === 'reading' ? String(data.sensor_id) : EVENTS) ?? [])
      listener(data as never);
  };

  async function connect(signal: AbortSignal) {
    const { url, init } = streamRequest(http, {
      sensor_ids: [...served].filter((id) => id !== EVENTS).join(',') || null,
      alerts: served.has(EVENTS) ? 1 : null,
    });
    const response = await platform.fetch(url, {
      ...init,
      headers: { ...init.headers, ...(lastEventId && { 'Last-Event-ID': lastEventId }) },
      signal,
    });
    if (!response.ok || !response.body) {
      throw httpErrorFor(response.status, await response.json().catch(() => null), 'GET', url);
    }
    attempt = 0;
    const push = sseParser();
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      for (const event of push(chunk.value)) dispatch(event);
    }
  }

  const ended = (own: AbortController, error?: unknown) => {
    if (own !== controller) return;
    controller = undefined;
    if (isClientError(error)) {
      platform.logger.warn('Mätnät: live stream refused:', (error as Error).message);
    } else {
      timer = platform.timers.setTimeout(reconcile, backoff(attempt++));
    }
  };

  // Subscribers come and go in bursts (a dashboard mounting eight panels): settle once per tick. Keeps an
  // open connection that serves every subscriber; otherwise closes it, and opens one for the subscribers if
  // there are any.
  const reconcile = () => {
    const since = waitingSince;
    waitingSince = undefined;
    const keys = [...listeners.keys()];
    if (controller && keys.length && keys.every((id) => served.has(id))) return;
    controller?.abort();
    controller = undefined;
    if (!keys.length) return;
    // The first connection asks for what was measured while it waited (the server's Last-Event-ID is a time).
    lastEventId ??= since?.toString();
    const own = new AbortController();
    controller = own;
    served = new Set(keys);
    connect(own.signal).then(
      () => ended(own),
      (error: unknown) => ended(own, error),
    );
  };
  // A page's start subscribes over several tasks, between its requests: the app's bell with its layout, the
  // dashboard's panels a frame after its answer, a panel's sensors after its settings. The first connection
  // therefore waits until the start has settled, QUIET_MS after the last subscriber change or answered request
  // with none under way, so that one connection carries them all instead of one opened for the bell and
  // reopened for the panels; the start's own requests have the browser's connections to themselves meanwhile.
  // It opens at most OPEN_WITHIN_MS after the wait began (a client that never settles does not hold it back).
  // Once it is open, a new sensor widens it on the next tick; a dropped one waits its back-off.
  const schedule = () => {
    platform.timers.clearTimeout(timer);
    let ms = 0;
    if (!controller) {
      const now = platform.now();
      waitingSince ??= now;
      const left = waitingSince + OPEN_WITHIN_MS - now;
      ms = http.requests.getSnapshot().pending ? left : Math.min(QUIET_MS, left);
    }
    timer = platform.timers.setTimeout(reconcile, ms);
  };
  http.requests.subscribe(() => waitingSince !== undefined && schedule());

  const add = (key: string, listener: (data: never) => void) => {
    const set = listeners.get(key) ?? new Set();
    set.add(listener);
    listeners.set(key, set);
    schedule();
    return () => {
      set.delete(listener);
      if (!set.size && listeners.get(key) === set) listeners.delete(key);
      schedule();
    };
  };

  return {
    subscribe: (sensorId, listener) => add(String(sensorId), listener),
    // An embed token reads panels only: it has no alerts or notifications to hear.
    onEvent: (listener) => (typeof http.auth === 'object' ? () => {} : add(EVENTS, listener)),
    close() {
      listeners.clear();
      reconcile();
    },
  };
}
