// Readings into the demo integration (docs/ingestion.md, the seeded secret mtn_demo_ingest_key), as a
// device's network server would post them: what the browser tests send to make a panel change live.
import { expect } from '@playwright/test';

export interface PostedReading {
  sensor: string;
  value: number;
  /** ISO time; now when absent. */
  ts?: string;
}

/** Posts `readings` of the device with `externalId` to the API at `base`; the API takes them (200). */
export async function ingestAt(base: string, externalId: string, readings: PostedReading[]): Promise<void> {
  const answer = await fetch(`${base}/api/v1/ingest`, {
    method: 'POST',
    headers: { authorization: 'Bearer mtn_demo_ingest_key', 'content-type': 'application/json' },
    body: JSON.stringify({ device: externalId, readings }),
  });
  expect(answer.status, 'the readings are taken').toBe(200);
}
