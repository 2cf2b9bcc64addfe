/** Tables of the integration edges (issue 24): messages ingestion could never store. */
export interface IntegrationTables {
  ingest_dead_letters: IngestDeadLettersTable;
}

/**
 * Messages that can never be stored (an MQTT message is acknowledged and dropped rather than redelivered
 * forever), counted per way in, device and reason: the rows stay few however many messages arrive.
 */
export interface IngestDeadLettersTable {
  /** `source|device id|reason`. */
  key: string;
  /** The device the message named, when it exists. */
  device_id: number | null;
  source: 'mqtt';
  reason: string;
  /** The last such message's topic (at most 200 characters). */
  topic: string | null;
  count: number;
  first_at: string;
  last_at: string;
}
