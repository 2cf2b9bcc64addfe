import type {
  WebhookChannel,
  WebhookChannelCreateBody,
  WebhookChannelCreated,
  WebhookChannelUpdateBody,
  WebhookDelivery,
} from '@matnat/contract';

type QueryKey = readonly unknown[];

import { matnat } from './matnat';

/**
 * Webhook channels (issue 24) through the app's one query cache: the queries, and each write naming the
 * queries it changed, as the core's mutations do. They live in the app, not the core: only this app
 * manages channels, and partner bundles carry the core (whose size budget is full).
 */
const http = matnat.http;
const data = <T>(answer: Promise<{ data: T }>) => answer.then((a) => a.data);

export const webhookQueries = {
  channels: () => ({
    queryKey: ['webhooks'] as QueryKey,
    queryFn: () => data(http.get<{ data: WebhookChannel[] }>('/api/v1/webhook')),
  }),
  alertDeliveries: (alertId: number) => ({
    queryKey: ['alert', alertId, 'deliveries'] as QueryKey,
    queryFn: () => data(http.get<{ data: WebhookDelivery[] }>(`/api/v1/alert/${alertId}/deliveries`)),
  }),
};

/** A write, then the queries it made stale (refetched where they are on screen). */
async function write<R>(send: Promise<R>, ...stale: QueryKey[]): Promise<R> {
  const result = await send;
  await Promise.all(stale.map((queryKey) => matnat.queryClient.invalidateQueries({ queryKey })));
  return result;
}

export const webhookWrites = {
  create: (body: WebhookChannelCreateBody) =>
    write(data(http.post<{ data: WebhookChannelCreated }>('/api/v1/webhook', body)), ['webhooks']),
  update: (id: number, body: WebhookChannelUpdateBody) =>
    write(data(http.patch<{ data: WebhookChannel }>(`/api/v1/webhook/${id}`, body)), ['webhooks']),
  remove: (id: number) => write(http.delete(`/api/v1/webhook/${id}`), ['webhooks'], ['alerts'], ['alert']),
  /** "Skicka test": the delivery's outcome; the alert logs do not show tests. */
  test: (id: number) =>
    write(data(http.post<{ data: WebhookDelivery }>(`/api/v1/webhook/${id}/test`)), ['webhooks']),
  newSecret: (id: number) =>
    write(data(http.post<{ data: WebhookChannelCreated }>(`/api/v1/webhook/${id}/secret`)), ['webhooks']),
};

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
