import type { ReadingEvent } from '@matnat/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Histogram } from 'prom-client';
import type { AccessChange } from '../auth/accessChanges.js';
import { requireViewer, type Viewer } from '../auth/scope.js';
import type { Reading } from '../measurements/store.js';
import type { SensorRow } from './sensorAccess.js';
import { stillReadable } from './streamAccess.js';

/** A comment line this often keeps proxies and load balancers from closing a quiet stream. */
export const STREAM_HEARTBEAT_MS = 25_000;
// setTimeout's longest delay; a later expiry is armed again when this one fires.
const MAX_TIMER_MS = 2 ** 31 - 1;
const RETRY_CHECK_MS = 1_000;

/**
 * An event written to many streams: its text, and its bytes as the wire carries them, made once however
 * many streams it goes to (`bytes(true)`: one HTTP/1.1 chunk, size line and all; `bytes(false)`: plain,
 * for a response without chunked encoding).
 */
export class SharedEvent {
  #chunked: Buffer | null = null;
  #plain: Buffer | null = null;

  constructor(readonly text: string) {}

  bytes(chunked: boolean): Buffer {
    this.#plain ??= Buffer.from(this.text);
    if (!chunked) return this.#plain;
    this.#chunked ??= Buffer.concat([
      Buffer.from(`${this.#plain.length.toString(16)}\r\n`, 'latin1'),
      this.#plain,
      CRLF,
    ]);
    return this.#chunked;
  }
}

const CRLF = Buffer.from('\r\n', 'latin1');
const HEARTBEAT = new SharedEvent(': ping\n\n');

/** One open stream as the hub sees it. */
export interface StreamMember {
  write(chunk: string | SharedEvent): void;
  /** Ends the stream (its access is gone). */
  end(): void;
}

/** Who opened streams: all streams of one caller share its access and its expiry. */
interface Caller {
  key: string;
  sessionId: string | null;
  tokenId: number | null;
  /** The session's user and impersonator, or the token's creator: a change of theirs concerns the caller. */
  userIds: number[];
}

/**
 * The streams of one caller on one set of sensors (and alerts or not): they share one subscription to
 * the readings, one serialised event a reading and one access check a change.
 */
interface Audience {
  key: string;
  caller: Caller;
  /** The first member's request: the caller every member shares, re-asked on a change. */
  request: FastifyRequest;
  sensors: Map<number, SensorRow>;
  viewer: Viewer | null;
  /** Members still reading their replay hold live readings here until it is written. */
  members: Map<StreamMember, Reading[] | null>;
  unsubscribe: () => void;
  checking: boolean;
  again: boolean;
}

interface Expiry {
  timer: NodeJS.Timeout | null;
  audiences: Set<Audience>;
}

/** A reading as an event; its id is the reading's time, which `Last-Event-ID` hands back on reconnect. */
function serverSentEvent(sensor: SensorRow, reading: Reading): string {
  const event: ReadingEvent = {
    type: 'reading',
    device_id: sensor.device_id,
    sensor_id: sensor.id,
    value: reading.value,
    measured_at: new Date(reading.ts).toISOString(),
  };
  return `id: ${reading.ts}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

// A reading's event, made once however many audiences watch its sensor: the bus hands every subscriber
// the same object.
const serialised = new WeakMap<Reading, SharedEvent>();

function eventOf(sensor: SensorRow, reading: Reading): SharedEvent {
  let event = serialised.get(reading);
  if (event === undefined) {
    event = new SharedEvent(serverSentEvent(sensor, reading));
    serialised.set(reading, event);
  }
  return event;
}

function writeAll(members: readonly StreamMember[], event: SharedEvent, took: Histogram): void {
  const start = performance.now();
  for (const member of members) member.write(event);
  took.observe((performance.now() - start) / 1000);
}

const readingKey = (reading: Reading) => `${reading.sensor_id}|${reading.ts}`;

function callerOf(request: FastifyRequest): Caller {
  const embed = request.embedScope;
  if (embed)
    return {
      key: `token:${embed.tokenId}`,
      sessionId: null,
      tokenId: embed.tokenId,
      userIds: [embed.creator.id],
    };
  const session = request.authSession;
  const userIds = [session?.userId, session?.impersonatorId].filter(
    (id): id is number => typeof id === 'number',
  );
  return { key: `session:${session?.id}`, sessionId: session?.id ?? null, tokenId: null, userIds };
}

function concerns(caller: Caller, change: AccessChange): boolean {
  switch (change.kind) {
    case 'session':
      return caller.sessionId === change.id;
    case 'token':
      return caller.tokenId === change.id;
    case 'user':
      return caller.userIds.includes(change.id);
    case 'devices':
      return true;
  }
}

/** When the caller's session or token runs out (ms since the epoch); null for never or already gone. */
async function expiresAt(app: FastifyInstance, caller: Caller): Promise<number | null> {
  const row =
    caller.tokenId !== null
      ? await app.db
          .selectFrom('embed_tokens')
          .select('expires_at')
          .where('id', '=', caller.tokenId)
          .executeTakeFirst()
      : await app.db
          .selectFrom('sessions')
          .select('expires_at')
          .where('id', '=', caller.sessionId ?? '')
          .executeTakeFirst();
  return row?.expires_at ? Date.parse(row.expires_at) : null;
}

/**
 * The open streams of a process, grouped into audiences. Access is pushed, not polled: an access change
 * (`app.accessChanges`) re-checks the audiences it concerns, once each, and ends the streams whose access
 * is gone; the expiry of a session or token is one timer per caller, however many streams it has open.
 */
export class StreamHub {
  readonly #audiences = new Map<string, Audience>();
  readonly #expiries = new Map<string, Expiry>();
  readonly #unsubscribe: () => void;
  #heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly app: FastifyInstance) {
    this.#unsubscribe = app.accessChanges.subscribe((change) => this.#changed(change));
  }

  close(): void {
    this.#unsubscribe();
    clearInterval(this.#heartbeat);
    for (const expiry of this.#expiries.values()) clearTimeout(expiry.timer ?? undefined);
  }

  /**
   * Adds a stream of `request` on `sensors` (all readable now). Live readings are held until `release`
   * writes the replay; returns the functions that do that and that remove the stream.
   */
  join(
    request: FastifyRequest,
    sensors: Map<number, SensorRow>,
    viewer: Viewer | null,
    member: StreamMember,
  ): { release(replayed: readonly Reading[]): void; leave(): void } {
    const audience = this.#audienceOf(request, sensors, viewer);
    audience.members.set(member, []);
    return {
      release: (replayed) => {
        const held = audience.members.get(member);
        if (!held) return;
        const seen = new Set(replayed.map(readingKey));
        for (const reading of replayed) this.#writeTo(member, audience, reading);
        for (const reading of held)
          if (!seen.has(readingKey(reading))) this.#writeTo(member, audience, reading);
        audience.members.set(member, null);
      },
      leave: () => {
        if (!audience.members.delete(member) || audience.members.size > 0) return;
        this.#remove(audience);
      },
    };
  }

  /** Writes `chunk` to every stream whose alerts `chunkFor` answers for (alert events). */
  forEachViewer(chunkFor: (viewer: Viewer) => string | null): void {
    for (const audience of this.#audiences.values()) {
      const chunk = audience.viewer && chunkFor(audience.viewer);
      if (chunk) for (const member of audience.members.keys()) member.write(chunk);
    }
  }

  #audienceOf(request: FastifyRequest, sensors: Map<number, SensorRow>, viewer: Viewer | null): Audience {
    const caller = callerOf(request);
    const key = `${caller.key}|${viewer ? 'alerts' : ''}|${[...sensors.keys()].sort((a, b) => a - b).join(',')}`;
    const existing = this.#audiences.get(key);
    if (existing) {
      // Checked just now: the newest answer.
      existing.sensors = sensors;
      return existing;
    }
    const audience: Audience = {
      key,
      caller,
      request,
      sensors,
      viewer,
      members: new Map(),
      unsubscribe: () => {},
      checking: false,
      again: false,
    };
    audience.unsubscribe = this.app.readings.subscribe(sensors.keys(), (reading) =>
      this.#deliver(audience, reading),
    );
    this.#audiences.set(key, audience);
    // One timer for every stream's keep-alive comment, running while any stream is open.
    this.#heartbeat ??= setInterval(() => this.#broadcast(HEARTBEAT), STREAM_HEARTBEAT_MS);
    this.#watchExpiry(audience);
    return audience;
  }

  #remove(audience: Audience): void {
    audience.unsubscribe();
    this.#audiences.delete(audience.key);
    if (this.#audiences.size === 0) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
    }
    const expiry = this.#expiries.get(audience.caller.key);
    if (!expiry) return;
    expiry.audiences.delete(audience);
    if (expiry.audiences.size > 0) return;
    clearTimeout(expiry.timer ?? undefined);
    this.#expiries.delete(audience.caller.key);
  }

  /**
   * One serialisation a reading, written to every member (held by those still replaying). The members
   * are chosen now, their sockets written a tick later, once the code that stored the reading has
   * finished its turn — the ingestion's answer goes out first, as when each write was corked until then.
   */
  #deliver(audience: Audience, reading: Reading): void {
    const sensor = audience.sensors.get(reading.sensor_id);
    if (!sensor) return;
    const event = eventOf(sensor, reading);
    const live: StreamMember[] = [];
    for (const [member, held] of audience.members) {
      if (held) held.push(reading);
      else live.push(member);
    }
    if (live.length > 0) process.nextTick(writeAll, live, event, this.app.metrics.sseFanout);
  }

  #writeTo(member: StreamMember, audience: Audience, reading: Reading): void {
    const sensor = audience.sensors.get(reading.sensor_id);
    if (sensor) member.write(serverSentEvent(sensor, reading));
  }

  #broadcast(chunk: SharedEvent): void {
    for (const audience of this.#audiences.values())
      for (const member of audience.members.keys()) member.write(chunk);
  }

  #changed(change: AccessChange): void {
    for (const audience of [...this.#audiences.values()])
      if (concerns(audience.caller, change)) void this.#recheck(audience);
  }

  /** Re-checks an audience's access; a change arriving meanwhile checks again once this one is done. */
  async #recheck(audience: Audience): Promise<void> {
    if (audience.checking) {
      audience.again = true;
      return;
    }
    audience.checking = true;
    try {
      do {
        audience.again = false;
        await this.#check(audience);
      } while (audience.again && audience.members.size > 0);
    } finally {
      audience.checking = false;
    }
  }

  /** Ends the audience's streams when its session or token is gone; drops sensors it may no longer read. */
  async #check(audience: Audience): Promise<void> {
    try {
      const had = audience.sensors.size;
      const readable = await stillReadable(audience.request, [...audience.sensors.keys()]);
      if (readable === null || (had > 0 && readable.size === 0 && !audience.viewer)) {
        for (const member of [...audience.members.keys()]) member.end();
        return;
      }
      audience.sensors = readable;
      if (audience.viewer) audience.viewer = await requireViewer(audience.request);
    } catch (err) {
      audience.request.log.warn({ err }, 'stream access re-check failed; trying again');
      setTimeout(() => void this.#recheck(audience), RETRY_CHECK_MS).unref();
    }
  }

  /** One expiry timer per caller (session or token), armed when its first audience opens. */
  #watchExpiry(audience: Audience): void {
    const key = audience.caller.key;
    const expiry = this.#expiries.get(key);
    if (expiry) {
      expiry.audiences.add(audience);
      return;
    }
    const created: Expiry = { timer: null, audiences: new Set([audience]) };
    this.#expiries.set(key, created);
    void this.#arm(audience.caller, created);
  }

  async #arm(caller: Caller, expiry: Expiry): Promise<void> {
    const at = await expiresAt(this.app, caller).catch(() => Date.now() + RETRY_CHECK_MS);
    if (at === null || this.#expiries.get(caller.key) !== expiry) return;
    clearTimeout(expiry.timer ?? undefined);
    expiry.timer = setTimeout(
      () => void this.#expire(caller, expiry),
      Math.min(Math.max(at - Date.now() + 10, 0), MAX_TIMER_MS),
    );
    expiry.timer.unref();
  }

  /** The caller's expiry is due: its audiences re-check (a sliding session may have been extended). */
  async #expire(caller: Caller, expiry: Expiry): Promise<void> {
    expiry.timer = null;
    await Promise.all([...expiry.audiences].map((audience) => this.#recheck(audience)));
    if (this.#expiries.get(caller.key) === expiry) await this.#arm(caller, expiry);
  }
}
