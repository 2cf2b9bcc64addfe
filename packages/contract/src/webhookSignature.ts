/**
 * Signatures of webhook deliveries, for the server that signs and for receivers that verify (Node ≥ 20,
 * browsers, edge runtimes: Web Crypto only). `X-Matnat-Signature: sha256=<hex>` is the HMAC-SHA256 with
 * the channel's secret over `<X-Matnat-Timestamp>.<the body as sent>`.
 */

/** Seconds a delivery's timestamp may differ from the receiver's clock: older ones are replays. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

// Marked pure so that a bundle that never signs (the browser's core) drops it.
const encoder = /* @__PURE__ */ new TextEncoder();

function hmacKey(secret: string, usage: 'sign' | 'verify') {
  return crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    usage,
  ]);
}

const toHex = (bytes: ArrayBuffer) =>
  Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/** The `X-Matnat-Signature` value of a body sent at `timestamp` (Unix seconds). */
export async function signWebhook(secret: string, timestamp: number, body: string): Promise<string> {
  const mac = await crypto.subtle.sign(
    'HMAC',
    await hmacKey(secret, 'sign'),
    encoder.encode(`${timestamp}.${body}`),
  );
  return `sha256=${toHex(mac)}`;
}

export interface WebhookSignatureCheck {
  secret: string;
  /** The `X-Matnat-Signature` header. */
  signature: string | null | undefined;
  /** The `X-Matnat-Timestamp` header. */
  timestamp: string | null | undefined;
  /** The raw body, exactly as received (not re-serialised JSON). */
  body: string;
  /** @default Date.now() */
  now?: number;
  /** @default WEBHOOK_TOLERANCE_SECONDS */
  toleranceSeconds?: number;
}

/**
 * Whether a delivery is ours and fresh: the signature matches (compared in constant time by Web Crypto)
 * and the timestamp lies within the tolerance of `now`. Receivers should also drop a `X-Matnat-Delivery`
 * id they have already handled: a retry of a delivery that reached them carries the same id.
 */
export async function verifyWebhookSignature(check: WebhookSignatureCheck): Promise<boolean> {
  const match = /^sha256=([0-9a-f]{64})$/.exec(check.signature ?? '');
  const timestamp = Number(check.timestamp);
  if (!match || !/^\d{1,12}$/.test(check.timestamp ?? '')) return false;
  const now = (check.now ?? Date.now()) / 1000;
  if (Math.abs(now - timestamp) > (check.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS)) return false;
  const given = new Uint8Array(match[1]!.match(/../g)!.map((h) => Number.parseInt(h, 16)));
  return crypto.subtle.verify(
    'HMAC',
    await hmacKey(check.secret, 'verify'),
    given,
    encoder.encode(`${check.timestamp}.${check.body}`),
  );
}
