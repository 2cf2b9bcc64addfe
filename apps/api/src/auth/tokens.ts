import * as crypto from 'node:crypto';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A random URL-safe token (cookies, mailed links, embed tokens). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

// Node's one-shot digest (20.12+): a third of createHash's cost, which every embedded read pays for its token.
const oneShot = (crypto as { hash?: (algorithm: string, data: string, encoding: 'hex') => string }).hash;

/** Tokens are stored as their SHA-256: a leaked table grants nothing. */
export function sha256(value: string): string {
  return oneShot ? oneShot('sha256', value, 'hex') : createHash('sha256').update(value).digest('hex');
}

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The token of an `Authorization: Bearer …` header ('' when empty), or null for other schemes or none. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^bearer(?:\s+(.*))?$/i.exec(header?.trim() ?? '');
  return match ? (match[1] ?? '').trim() : null;
}
