import type { AlertWebhookEvent, WebhookFormat } from '@matnat/contract';
import type { Transition, WatchedAlert } from '../alerts/model.js';
import type { Notice } from '../alerts/notices.js';
import type { AboutSensor } from '../alerts/transitions.js';
import type { AlertWatchKind } from '../db/tables/resources.js';
import type { QueuedEvent } from './deliveries.js';
import { webhookMessages as M } from './messages.js';

/** What the delivery row keeps: the event without its delivery id and links (added when it is sent). */
export type WebhookFacts = Omit<AlertWebhookEvent, 'delivery_id' | 'links'>;

export interface AlertEventInput {
  alert: Pick<WatchedAlert, 'id' | 'name'>;
  sensorId: number;
  kind: AlertWatchKind;
  episode: number;
  transition: Transition;
  sensor: AboutSensor;
  /** The bell's and e-mail's Swedish text of the transition. */
  notice: Notice;
}

/**
 * A transition that tells the team, as a webhook event: keyed like its `alert_history` row (alert, sensor,
 * kind, episode, event, number), so one transition is one delivery per channel whoever writes it.
 */
export function alertEvent(input: AlertEventInput): QueuedEvent {
  const { alert, sensorId, kind, episode, transition: t, sensor, notice } = input;
  const type = `alert.${t.event}` as 'alert.firing' | 'alert.renotified' | 'alert.resolved';
  return {
    key: `${alert.id}:${sensorId}:${kind}:${episode}:${t.event}:${t.seq}`,
    event: type,
    facts: {
      type,
      alert_id: alert.id,
      alert_name: alert.name,
      state: t.event === 'resolved' ? 'resolved' : 'firing',
      kind,
      episode,
      value: t.value,
      unit: sensor.unit,
      at: new Date(t.at).toISOString(),
      sensor: { id: sensorId, name: sensor.name },
      device: { id: sensor.deviceId, title: sensor.title, external_device_id: sensor.externalId },
      title: notice.title,
      text: notice.body,
    },
  };
}

/** The facts of a test delivery ("Skicka test"): no alert, marked `test`. */
export function testEvent(channelName: string, at: number): QueuedEvent {
  return {
    key: `test:${at}:${Math.random().toString(36).slice(2)}`,
    event: 'test',
    facts: {
      type: 'test',
      alert_id: null,
      alert_name: M.testTitle,
      state: 'test',
      kind: 'test',
      episode: 0,
      value: null,
      unit: '',
      at: new Date(at).toISOString(),
      sensor: null,
      device: null,
      title: M.testTitle,
      text: M.testText(channelName),
    },
  };
}

/** The app's pages of the event's alert and device, on the server's public origin (`APP_URL`). */
function linksOf(facts: WebhookFacts, appUrl: string): AlertWebhookEvent['links'] {
  return {
    alert: facts.alert_id === null ? null : `${appUrl}/alert/${facts.alert_id}/edit`,
    device: facts.device === null ? null : `${appUrl}/device/${facts.device.id}`,
  };
}

/** Slack's mrkdwn treats &, < and > as markup. */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Slack incoming webhook's message: the text for notifications, blocks for the channel. */
function slack(event: AlertWebhookEvent) {
  const link = event.links.alert ?? event.links.device;
  return {
    text: `${event.title}: ${event.text}`,
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `*${slackEscape(event.title)}*\n${slackEscape(event.text)}` },
      },
      ...(link
        ? [{ type: 'context', elements: [{ type: 'mrkdwn', text: `<${link}|Öppna i Mätnät>` }] }]
        : []),
    ],
  };
}

/** A Microsoft Teams message with an Adaptive Card (Teams workflows' "post to a channel" webhook). */
function teams(event: AlertWebhookEvent) {
  const facts = [
    event.device && { title: 'Enhet', value: event.device.title ?? event.device.external_device_id ?? '' },
    event.sensor && { title: 'Sensor', value: event.sensor.name },
    event.value !== null && { title: 'Värde', value: `${event.value} ${event.unit}`.trim() },
    { title: 'Tid (UTC)', value: event.at },
  ].filter(Boolean);
  const link = event.links.alert ?? event.links.device;
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            {
              type: 'TextBlock',
              size: 'Medium',
              weight: 'Bolder',
              wrap: true,
              color: event.state === 'firing' ? 'Attention' : 'Good',
              text: event.title,
            },
            { type: 'TextBlock', wrap: true, text: event.text },
            { type: 'FactSet', facts },
          ],
          actions: link ? [{ type: 'Action.OpenUrl', title: 'Öppna i Mätnät', url: link }] : [],
        },
      },
    ],
  };
}

/** The body a channel of `format` is sent: the same bytes on every attempt of one delivery. */
export function renderBody(
  format: WebhookFormat,
  facts: WebhookFacts,
  deliveryId: number,
  appUrl: string,
): string {
  const event: AlertWebhookEvent = { ...facts, delivery_id: deliveryId, links: linksOf(facts, appUrl) };
  if (format === 'slack') return JSON.stringify(slack(event));
  if (format === 'teams') return JSON.stringify(teams(event));
  return JSON.stringify(event);
}
