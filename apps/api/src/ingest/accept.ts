import type { IngestResult } from '@matnat/contract';
import { unprocessable } from '../http/errors.js';
import { resourceMessages } from '../routes/messages.js';
import { ingestMessages as M } from './messages.js';
import type { IngestQueue } from './queue.js';
import type { Parsed, ParseError, Uplink } from './uplinks.js';
import type { IngestItem, ItemResult } from './writer.js';

export interface IntegrationRef {
  id: number;
  teamId: number | null;
}

export function itemOfUplink(uplink: Uplink, integration: IntegrationRef | null): IngestItem {
  return {
    device: { eui: uplink.eui, name: uplink.name },
    integration,
    ts: uplink.ts,
    readings: uplink.readings,
    battery: uplink.battery,
    externalPower: uplink.externalPower,
    gateways: uplink.gateways,
    simulated: false,
  };
}

/**
 * The answer to a stored item: what was stored, and what was left out and why (by the parser and by the
 * writer). A device the integration may not write to is a 422 `device: ['Okänd enhet.']`, the answer for a
 * device id a caller cannot see anywhere in the API: it does not say that the device exists.
 */
export function answerOf(result: ItemResult, skipped: Record<string, string> = {}): IngestResult {
  if (result.refused) throw unprocessable({ device: [resourceMessages.unknownDevice] });
  const answer: IngestResult = { stored: result.stored, device_id: result.deviceId };
  const all = { ...skipped, ...result.skipped };
  for (const key of result.noProbe ?? []) all[key] = M.noProbe;
  if (Object.keys(all).length > 0) answer.skipped = all;
  return answer;
}

/** Stores a parsed network-server message (webhook or MQTT) and says what happened; throws on bad input. */
export async function acceptParsed(
  queue: IngestQueue,
  parsed: Exclude<Parsed, ParseError>,
  integration: IntegrationRef | null,
): Promise<IngestResult> {
  if ('ignored' in parsed) return { stored: 0, device_id: null, ignored: parsed.ignored };
  const { uplink } = parsed;
  return answerOf(await queue.enqueue(itemOfUplink(uplink, integration)), uplink.skipped);
}
