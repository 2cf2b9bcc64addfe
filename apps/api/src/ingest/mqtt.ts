import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { IPublishPacket, MqttClient, Packet } from 'mqtt';
import type { MqttConfig } from '../config.js';
import { resourceMessages } from '../routes/messages.js';
import { type IntegrationRef, itemOfUplink } from './accept.js';
import { recordDeadLetter } from './deadLetters.js';
import { type Parsed, parseChirpstack, parseTts } from './uplinks.js';

const TTS_UP = /^v3\/[^/]+\/devices\/[^/]+\/up$/;
const CHIRPSTACK_EVENT = /^application\/[^/]+\/device\/[^/]+\/event\/([^/]+)$/;

/** What a message on `topic` is, by the two layouts (The Things Stack v3, ChirpStack v4); null: neither. */
export function parseMqttMessage(topic: string, payload: Buffer, app: FastifyInstance): Parsed | null {
  const tts = TTS_UP.test(topic);
  const chirpstack = tts ? null : CHIRPSTACK_EVENT.exec(topic);
  if (!tts && !chirpstack) return null;
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return { error: 'Meddelandet är ingen giltig JSON.' };
  }
  const keys = app.ingest.keys;
  return tts ? parseTts(body, keys) : parseChirpstack(chirpstack![1]!, body, keys);
}

export function subscriptionTopics(config: MqttConfig): string[] {
  return config.topics.map((t) => (config.sharedGroup ? `$share/${config.sharedGroup}/${t}` : t));
}

type PacketOut = { cmd: string; messageId?: number; reasonCode?: number; properties?: object };
type SendPacket = (packet: PacketOut, cb?: () => void, ...rest: unknown[]) => void;

/** A message whose PUBACK waits for its commit: `ok` once stored (or not), `puback` once mqtt.js asks. */
interface HeldAck {
  generation: number;
  ok: boolean | undefined;
  puback: PacketOut | null;
}

/**
 * PUBACKs of success without properties, 4 bytes each (MQTT 3.1.1 and 5: fixed header 0x40, remaining
 * length 2, the packet id; MQTT 5 §3.4.2.1 lets the reason code and properties go when the code is 0).
 */
export function pubackBytes(messageIds: readonly number[]): Buffer {
  const out = Buffer.allocUnsafe(4 * messageIds.length);
  for (let i = 0; i < messageIds.length; i++) {
    const id = messageIds[i]!;
    out[4 * i] = 0x40;
    out[4 * i + 1] = 2;
    out[4 * i + 2] = id >> 8;
    out[4 * i + 3] = id & 0xff;
  }
  return out;
}

/**
 * Holds back each PUBACK until its message's transaction has committed. mqtt.js handles incoming
 * messages one at a time and sends the PUBACK as soon as `handleMessage` calls back; calling back late
 * would mean one transaction per message, and mqtt.js has no supported way to acknowledge later
 * (`customHandleAcks` runs before the message is handled and also blocks the next one). So
 * `handleMessage` calls back at once (the next message is read and joins the same group commit) while
 * the PUBACK itself — caught here, in mqtt.js's private `_sendPacket` — waits for the commit. A message
 * that could not be stored is never acknowledged: the broker sends it again after the reconnect that
 * follows. Acknowledgements of a connection that has since closed are dropped for the same reason.
 * The PUBACKs a commit releases go out together, in one write to the socket (issue 27 point 7: mqtt.js
 * writes each in three pieces through the stream, ~6 % of a message's CPU).
 */
function holdAcks(client: MqttClient, window: number) {
  const target = client as unknown as { _sendPacket: SendPacket };
  const send = target._sendPacket.bind(client);
  const held = new Map<number, HeldAck>();
  const waiters: (() => void)[] = [];
  let generation = 0;
  let paused: (() => void) | null = null;
  const counts = { sent: 0, dropped: 0 };
  let storing = 0;
  // Messages received whose PUBACK has not gone out yet (or been dropped).
  let unsettled = 0;
  // Released PUBACKs waiting for the write at the end of this turn, and their connection.
  let outgoing: PacketOut[] = [];
  let outgoingGeneration = 0;
  // Everything received is acknowledged (or dropped) and written: wake who waits for that.
  const wakeIfSettled = () => {
    if (unsettled === 0 && outgoing.length === 0) for (const wake of waiters.splice(0)) wake();
  };
  const flush = () => {
    const packets = outgoing;
    outgoing = [];
    if (outgoingGeneration === generation && client.connected && client.stream) {
      client.stream.write(pubackBytes(packets.map((p) => p.messageId!)));
      counts.sent += packets.length;
      // What mqtt.js's own write tells listeners (none in production; the tests watch PUBACKs so).
      if (client.listenerCount('packetsend') > 0)
        for (const p of packets) client.emit('packetsend', p as Packet);
    } else counts.dropped += packets.length;
    wakeIfSettled();
  };
  const acknowledge = (puback: PacketOut) => {
    if (puback.reasonCode || puback.properties) {
      send(puback);
      counts.sent++;
      return;
    }
    if (outgoing.length === 0) {
      outgoingGeneration = generation;
      process.nextTick(flush);
    }
    outgoing.push(puback);
  };
  const release = (h: HeldAck) => {
    if (h.ok && h.generation === generation && client.connected) acknowledge(h.puback!);
    else counts.dropped++;
    unsettled--;
    if (paused && unsettled <= window / 2) {
      const resume = paused;
      paused = null;
      resume();
    }
    wakeIfSettled();
  };
  target._sendPacket = (packet, cb, ...rest) => {
    const h = packet.cmd === 'puback' ? held.get(packet.messageId!) : undefined;
    if (!h) return send(packet, cb, ...rest);
    held.delete(packet.messageId!);
    h.puback = packet;
    cb?.();
    if (h.ok !== undefined) release(h);
  };
  return {
    /** PUBACKs sent after their commit, and dropped (not stored, or their connection had closed). */
    counts,
    /** A message is being stored: its PUBACK, when mqtt.js sends it, waits for `stored`. */
    hold(messageId: number): HeldAck {
      const h: HeldAck = { generation, ok: undefined, puback: null };
      held.set(messageId, h);
      unsettled++;
      storing++;
      return h;
    },
    stored(h: HeldAck, ok: boolean) {
      h.ok = ok;
      storing--;
      if (h.puback) release(h);
    },
    /**
     * Reads the next message (`next`, mqtt.js's handleMessage callback) at once, or, with `window`
     * messages unacknowledged, once half of them are: until then mqtt.js reads nothing more, the socket
     * fills and TCP holds the broker back. Mosquitto 2.0 does not keep to the receive maximum once a deep
     * queue waits for us (tried with 2.0.11: 200,000 messages sent on 134 acknowledgements), so this is
     * what bounds the messages (and memory) this process holds, whatever the broker does.
     */
    next(next: () => void) {
      if (unsettled < window) next();
      else paused = next;
    },
    /** Reading is held back until acknowledgements go out: silence on the socket is then ours, not the broker's. */
    holding: () => paused !== null,
    connectionClosed() {
      generation++;
    },
    held: () => held.size,
    /** Messages received and not yet stored, and whose PUBACK has not gone out (these and the stored). */
    stats: () => ({ backlog: storing, unacknowledged: unsettled }),
    /** Resolves once every acknowledgement held back so far has been sent or dropped. */
    settled(): Promise<void> {
      return new Promise((done) => {
        waiters.push(done);
        wakeIfSettled();
      });
    },
  };
}

/** What the metrics show of the subscriber: its backlog, the messages not yet acknowledged, the link. */
export interface MqttStats {
  backlog: number;
  unacknowledged: number;
  connected: boolean;
}

/**
 * Subscribes to the configured broker (MQTT 5, QoS 1, shared subscriptions, persistent session) and
 * stores what arrives through the ingestion queue, acknowledging each message only after its commit.
 * Reconnects every second while the broker is away and subscribes again on every connect.
 */
export async function startMqttIngest(
  app: FastifyInstance,
  config: MqttConfig,
): Promise<{ client: MqttClient; stats(): MqttStats; stop(): Promise<void> }> {
  // Loaded only when MQTT is configured: mqtt.js is the slowest module of the server's start-up.
  const { default: mqtt } = await import('mqtt');
  const log = app.log.child({ module: 'mqtt' });
  const window = Math.min(65_535, 2 * app.config.ingest.maxBatch);
  const integration: IntegrationRef | null = config.integrationId
    ? { id: config.integrationId, teamId: null }
    : null;
  const client = mqtt.connect(config.url!, {
    protocolVersion: 5,
    clientId: config.clientId,
    clean: false,
    reconnectPeriod: 1000,
    keepalive: config.keepaliveSeconds,
    resubscribe: false,
    // mqtt.js's debug calls cost ~2 % of a message's CPU even when debug output is off.
    ...(/mqttjs/.test(process.env.DEBUG ?? '') ? {} : { log: () => {} }),
    username: config.username ?? undefined,
    password: config.password ?? undefined,
    // Messages the broker may have unacknowledged with us: a transaction being written and the next one
    // filling, no more (a deeper window only holds a backlog in this process's memory).
    properties: { sessionExpiryInterval: config.sessionExpirySeconds, receiveMaximum: window },
  });
  const acks = holdAcks(client, window);
  // Messages read since the last keepalive check (a counter: a clock read a message costs more).
  let received = 0;
  let receivedAtCheck = 0;
  keepAliveWhileHeard(client, () => {
    const heard = received !== receivedAtCheck || acks.holding();
    receivedAtCheck = received;
    return heard;
  });
  let failures = 0;
  const failed = (err: unknown) => {
    log.error({ err }, 'message not stored: not acknowledged, the broker will send it again');
    // Without a PUBACK the broker resends only after a reconnect: make one, after a pause.
    if (failures++ === 0)
      setTimeout(() => {
        failures = 0;
        client.stream?.destroy();
      }, 1000);
  };

  // A message that can never be stored is acknowledged (a broker would redeliver it forever), logged and
  // counted in the dead letters the device's page shows.
  const dead = (topic: string, reason: string, eui: string | undefined) => {
    log.warn({ topic, reason }, 'message that can never be stored acknowledged and dropped');
    recordDeadLetter(app.db, { source: 'mqtt', eui, reason, topic }).catch((err) =>
      log.warn({ err }, 'dead letter not counted'),
    );
  };

  client.handleMessage = (packet: IPublishPacket, callback) => {
    received++;
    const topic = packet.topic;
    const parsed = parseMqttMessage(topic, packet.payload as Buffer, app);
    if (parsed && 'error' in parsed) dead(topic, parsed.error, parsed.eui);
    if (parsed && 'uplink' in parsed) {
      const item = itemOfUplink(parsed.uplink, integration);
      const eui = parsed.uplink.eui;
      if (packet.messageId !== undefined && packet.qos > 0) {
        const held = acks.hold(packet.messageId);
        // Keeps the topic, not the packet and its payload, until the commit (less for the GC to move).
        app.ingest.queue.add(item, (err, result) => {
          if (!result) failed(err);
          else if (result.refused) dead(topic, resourceMessages.unknownDevice, eui);
          acks.stored(held, result !== undefined);
        });
      } else {
        app.ingest.queue.add(item, (err, result) => {
          if (!result) log.error({ err }, 'QoS 0 message not stored');
        });
      }
    }
    acks.next(callback);
  };
  let up = false;
  client.on('connect', () => {
    up = true;
    client.subscribe(subscriptionTopics(config), { qos: 1 }, (err) => {
      if (err) log.error({ err }, 'subscribe failed');
      else log.info({ topics: subscriptionTopics(config) }, 'MQTT subscribed');
    });
  });
  client.on('close', () => {
    acks.connectionClosed();
    if (up && !client.disconnecting) log.warn('MQTT connection lost: reconnecting');
    up = false;
  });
  client.on('error', (err) => log.warn({ err }, 'MQTT error'));
  return {
    client,
    stats: () => ({ ...acks.stats(), connected: client.connected }),
    async stop() {
      // A member of a shared group leaves it: otherwise its session, kept for the next start, stays in the
      // group and Mosquitto goes on giving it its share of the stream while it is away (docs/ingestion.md).
      const leave = config.sharedGroup !== '' && client.connected && (await drained(client, config, log));
      // Let committed messages be acknowledged before the connection goes.
      await app.ingest.queue.idle();
      await acks.settled();
      const counts = { ...acks.counts, held: acks.held() };
      if (counts.dropped > 0 || counts.held > 0) log.warn(counts, 'MQTT acknowledgements at shutdown');
      else log.info(counts, 'MQTT acknowledgements at shutdown');
      await client.endAsync(false, leave ? { properties: { sessionExpiryInterval: 0 } } : {});
    },
  };
}

/**
 * mqtt.js sends a PINGREQ after a keepalive interval and drops the connection when no PINGRESP has been
 * read half an interval later. Behind a deep backlog the PINGRESP comes late: Mosquitto queues it after
 * every message it has pushed at us (past the receive maximum, above), and while this process holds its
 * reading back (a transaction being written) it is not read at all. Messages arriving, or reading held
 * back by us, show the connection alive: take a timeout then as a reason to ping again, not to reconnect
 * (a reconnect makes the broker send every unacknowledged message again, and storage stalls). A broker
 * that is really gone still ends the connection: its socket closes, or nothing comes for a whole interval.
 */
function keepAliveWhileHeard(client: MqttClient, heard: () => boolean): void {
  const timeout = client.onKeepaliveTimeout.bind(client);
  client.onKeepaliveTimeout = () => {
    if (heard()) client.reschedulePing(true);
    else timeout();
  };
}

/** Quiet this long after the last message: the broker has nothing more queued for this session. */
const DRAIN_QUIET_MS = 300;
const DRAIN_LIMIT_MS = 30_000;

/**
 * Unsubscribes and takes what the broker had already queued for this session (stored and acknowledged as
 * usual) until the stream is quiet. True: nothing is left with the session, it may end; false (not drained
 * in time): the session is kept, and what it still holds arrives when a process with this client id starts.
 */
async function drained(client: MqttClient, config: MqttConfig, log: FastifyBaseLogger): Promise<boolean> {
  let last = Date.now();
  const onMessage = (packet: { cmd: string }) => {
    if (packet.cmd === 'publish') last = Date.now();
  };
  client.on('packetreceive', onMessage);
  try {
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      client.unsubscribeAsync(subscriptionTopics(config)).then(() => true),
      new Promise<false>((done) => {
        timer = setTimeout(() => done(false), 5000);
      }),
    ]).finally(() => clearTimeout(timer));
    if (!answered) throw new Error('no UNSUBACK within 5 s');
    const limit = Date.now() + DRAIN_LIMIT_MS;
    while (Date.now() - last < DRAIN_QUIET_MS) {
      if (Date.now() > limit || !client.connected) return false;
      await new Promise((r) => setTimeout(r, DRAIN_QUIET_MS / 3));
    }
    return true;
  } catch (err) {
    log.warn({ err }, 'unsubscribe failed: the session is kept');
    return false;
  } finally {
    client.off('packetreceive', onMessage);
  }
}
