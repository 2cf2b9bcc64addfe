import type { IngestResult } from '@matnat/contract';
import { ingestMessages as M } from './messages.js';
import type { IngestQueue } from './queue.js';
import type { Parsed, Uplink } from './uplinks.js';
import type { IngestItem } from './writer.js';

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

/** Stores a parsed network-server message (webhook or MQTT) and says what happened; throws on bad input. */
export async function acceptParsed(
  queue: IngestQueue,
  parsed: Exclude<Parsed, { error: string }>,
  integration: IntegrationRef | null,
): Promise<IngestResult> {
  if ('ignored' in parsed) return { stored: 0, device_id: null, ignored: parsed.ignored };
  const { uplink } = parsed;
  const result = await queue.enqueue(itemOfUplink(uplink, integration));
  const answer: IngestResult = { stored: result.stored, device_id: result.deviceId };
  const skipped = { ...uplink.skipped };
  for (const key of result.noProbe ?? []) skipped[key] = M.noProbe;
  if (Object.keys(skipped).length > 0) answer.skipped = skipped;
  return answer;
}
