import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Channel secrets are kept encrypted (AES-256-GCM under a key derived from APP_KEY): signing needs the
 * secret itself, so it cannot be stored as a hash like the other tokens, but a copy of the database alone
 * does not show it. Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const PREFIX = 'v1';

function keyOf(appKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appKey, 'matnat', 'webhook channel secrets', 32));
}

/** A new channel secret, shown once to whoever made the channel. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

export function sealSecret(appKey: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(appKey), iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [PREFIX, iv, cipher.getAuthTag(), sealed]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The secret, or an error when the stored value was sealed under another APP_KEY (or tampered with). */
export function openSecret(appKey: string, stored: string): string {
  const [prefix, iv, tag, sealed] = stored.split('.');
  if (prefix !== PREFIX || !iv || !tag || sealed === undefined) throw new Error('unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(appKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
