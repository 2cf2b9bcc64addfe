import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhookSignature } from './webhookSignature';

describe('webhook signatures (issue 24): HMAC-SHA256 over "<timestamp>.<body>", 5-minute window', () => {
  const secret = 'whsec_test';
  const body = '{"type":"alert.firing","value":-12.4}';

  it('signs as node:crypto does, and verifies what it signed', async () => {
    const signature = await signWebhook(secret, 1_795_000_000, body);
    expect(signature).toBe(
      `sha256=${createHmac('sha256', secret).update(`1795000000.${body}`).digest('hex')}`,
    );
    const now = 1_795_000_000_000;
    expect(await verifyWebhookSignature({ secret, signature, timestamp: '1795000000', body, now })).toBe(
      true,
    );
  });

  it('refuses another secret, a changed body, an old or future timestamp, and malformed headers', async () => {
    const signature = await signWebhook(secret, 1_795_000_000, body);
    const check = { secret, signature, timestamp: '1795000000', body, now: 1_795_000_000_000 };
    expect(await verifyWebhookSignature({ ...check, secret: 'whsec_other' })).toBe(false);
    expect(await verifyWebhookSignature({ ...check, body: `${body} ` })).toBe(false);
    expect(await verifyWebhookSignature({ ...check, now: (1_795_000_000 + 301) * 1000 })).toBe(false);
    expect(await verifyWebhookSignature({ ...check, now: (1_795_000_000 - 301) * 1000 })).toBe(false);
    expect(await verifyWebhookSignature({ ...check, signature: signature.slice(0, -1) })).toBe(false);
    expect(await verifyWebhookSignature({ ...check, timestamp: null })).toBe(false);
    expect(await verifyWebhookSignature({ ...check, timestamp: '1795000000.5' })).toBe(false);
  });
});
