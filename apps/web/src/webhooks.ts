import type { WebhookChannel, WebhookDelivery } from '@matnat/contract';

// Webhook channels and deliveries (issue 24) are the core's queries (`matnat.queries.webhooks()`,
// `…alertDeliveries(id)`) and mutations (`matnat.mutations.webhooks`); here only how the app words them.

/** Swedish names of a delivery's status and a channel's format. */
export const DELIVERY_STATUS: Record<WebhookDelivery['status'], string> = {
  pending: 'Väntar',
  delivered: 'Levererad',
  failed: 'Misslyckades',
};
export const FORMAT_LABELS: Record<WebhookChannel['format'], string> = {
  json: 'JSON',
  slack: 'Slack',
  teams: 'Microsoft Teams',
};

/** A delivery's outcome in one line: 'Levererad · 200 · 38 ms · 1 försök'. */
export function deliveryText(d: WebhookDelivery): string {
  const parts = [DELIVERY_STATUS[d.status]];
  if (d.status_code !== null) parts.push(String(d.status_code));
  if (d.latency_ms !== null) parts.push(`${d.latency_ms} ms`);
  parts.push(`${d.attempts} försök`);
  return parts.join(' · ');
}
