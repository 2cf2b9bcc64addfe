// The bench's lean load generator (issue 27 point 7): MQTT 5 QoS 1 PUBLISH packets written straight to a
// socket, encoded once per device and only the reading's time and the packet id rewritten per message,
// many packets to one write; PUBACKs are counted off the socket. mqtt.js's publishers cost ~23 µs a
// message on the 2 cores the server and the broker share; devices are not on our cores in production.
// Not a client library: CONNECT without will, auth or keepalive, QoS 1 PUBLISH, PUBACK counting, nothing else.
import { connect, type Socket } from 'node:net';

/** One connection to the broker that publishes QoS 1 and counts the PUBACKs of success. */
export interface LeanPublisher {
  /** Appends a PUBLISH of `template` (see `leanTemplate`) with its time set to `iso` (24 characters). */
  publish(template: LeanTemplate, iso: string): void;
  /** Writes what `publish` appended since the last flush, in one socket write. */
  flush(): void;
  /** Messages written and not yet acknowledged. */
  readonly inflight: number;
  /** Messages the broker acknowledged with success (reason code 0, or none). */
  readonly acknowledged: number;
  /** PUBACKs with a reason code of failure. */
  readonly refused: number;
  end(): Promise<void>;
}

/** A PUBLISH packet encoded once: its bytes, where the packet id goes and where the time (ISO, 24 bytes) goes. */
export interface LeanTemplate {
  bytes: Buffer;
  idAt: number;
  timeAt: number[];
}

function remainingLength(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n % 128;
    n = Math.floor(n / 128);
    if (n > 0) byte |= 0x80;
    out.push(byte);
  } while (n > 0);
  return out;
}

/** PUBLISH, QoS 1, MQTT 5 (no properties), of `payload` on `topic`; every `time` in the payload can be rewritten. */
export function leanTemplate(topic: string, payload: string, time: string): LeanTemplate {
  if (time.length !== 24) throw new Error('time must be an ISO time of 24 characters');
  const topicBytes = Buffer.from(topic, 'utf8');
  const body = Buffer.from(payload, 'utf8');
  const variable = 2 + topicBytes.length + 2 + 1;
  const header = [0x32, ...remainingLength(variable + body.length)];
  const bytes = Buffer.alloc(header.length + variable + body.length);
  let at = 0;
  for (const b of header) bytes[at++] = b;
  bytes.writeUInt16BE(topicBytes.length, at);
  topicBytes.copy(bytes, at + 2);
  at += 2 + topicBytes.length;
  const idAt = at;
  at += 2;
  bytes[at++] = 0; // properties: none
  const bodyAt = at;
  body.copy(bytes, bodyAt);
  const timeAt: number[] = [];
  const needle = Buffer.from(time, 'latin1');
  for (let i = body.indexOf(needle); i >= 0; i = body.indexOf(needle, i + 1)) timeAt.push(bodyAt + i);
  return { bytes, idAt, timeAt };
}

function connectPacket(clientId: string): Buffer {
  const id = Buffer.from(clientId, 'utf8');
  // Protocol name "MQTT", level 5, clean start, keepalive 0 (none), no properties; payload: the client id.
  const variable = [0, 4, 0x4d, 0x51, 0x54, 0x54, 5, 0x02, 0, 0, 0];
  const length = variable.length + 2 + id.length;
  return Buffer.concat([
    Buffer.from([0x10, ...remainingLength(length), ...variable]),
    Buffer.from([id.length >> 8, id.length & 0xff]),
    id,
  ]);
}

/**
 * Connects to the broker and waits for a CONNACK of success. Packet ids 1…65535 are reused in turn: the
 * caller keeps fewer than 65,535 messages in flight (`inflight`).
 */
export async function leanPublisher(host: string, port: number, clientId: string): Promise<LeanPublisher> {
  const socket: Socket = connect({ host, port, noDelay: true });
  await new Promise<void>((ok, fail) => {
    socket.once('connect', ok);
    socket.once('error', fail);
  });
  socket.write(connectPacket(clientId));
  let inflight = 0;
  let acknowledged = 0;
  let refused = 0;
  let connacked: ((error?: Error) => void) | null = null;
  const connack = new Promise<void>((ok, fail) => {
    connacked = (error) => (error ? fail(error) : ok());
  });
  // Incoming packets, framed across reads: a fixed header, a remaining length, then its bytes.
  let pending: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    const data = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let at = 0;
    for (;;) {
      if (data.length - at < 2) break;
      let length = 0;
      let multiplier = 1;
      let i = at + 1;
      let complete = false;
      for (; i < data.length && i < at + 5; i++) {
        length += (data[i]! & 0x7f) * multiplier;
        multiplier *= 128;
        if ((data[i]! & 0x80) === 0) {
          complete = true;
          i++;
          break;
        }
      }
      if (!complete || data.length - i < length) break;
      const type = data[at]! >> 4;
      if (type === 4) {
        inflight--;
        // MQTT 5: a PUBACK of remaining length 2 is success; otherwise its reason code says (< 0x80: success).
        if (length === 2 || data[i + 2]! < 0x80) acknowledged++;
        else refused++;
      } else if (type === 2 && connacked) {
        const code = data[i + 1]!;
        connacked(code === 0 ? undefined : new Error(`CONNACK reason code ${code}`));
        connacked = null;
      }
      at = i + length;
    }
    pending = at < data.length ? data.subarray(at) : Buffer.alloc(0);
  });
  socket.on('error', (err) => connacked?.(err));
  await connack;

  // Packets appended since the last flush, written as one buffer.
  let chunk = Buffer.allocUnsafe(1 << 20);
  let used = 0;
  let nextId = 1;
  const flush = () => {
    if (used === 0) return;
    // A copy of what was appended (the socket holds it until sent); the 1 MiB buffer is reused. A new
    // 1 MiB buffer a flush instead cost ~7 µs a message more (issue 27 point 7, bench:publishers).
    socket.write(Buffer.from(chunk.subarray(0, used)));
    used = 0;
  };
  return {
    publish(template, iso) {
      const size = template.bytes.length;
      if (used + size > chunk.length) {
        flush();
        if (size > chunk.length) chunk = Buffer.allocUnsafe(size);
      }
      chunk.set(template.bytes, used);
      chunk[used + template.idAt] = nextId >> 8;
      chunk[used + template.idAt + 1] = nextId & 0xff;
      // The time's 24 ASCII characters, byte by byte (cheaper than a call into Buffer#write for each).
      for (const at of template.timeAt)
        for (let k = 0, p = used + at; k < 24; k++) chunk[p + k] = iso.charCodeAt(k);
      used += size;
      nextId = nextId === 65_535 ? 1 : nextId + 1;
      inflight++;
    },
    flush,
    get inflight() {
      return inflight;
    },
    get acknowledged() {
      return acknowledged;
    },
    get refused() {
      return refused;
    },
    async end() {
      flush();
      // DISCONNECT, normal (reason code 0 may be left out: remaining length 0).
      await new Promise<void>((ok) => socket.end(Buffer.from([0xe0, 0]), ok));
    },
  };
}
