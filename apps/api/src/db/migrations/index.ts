import type { Migration } from 'kysely';
import * as auth from './0001_auth.js';
import * as resources from './0002_resources.js';
import * as readVersion from './0003_read_version.js';
import * as ingestion from './0004_ingestion.js';
import * as security from './0005_security.js';
import * as deviceInterval from './0006_device_interval.js';
import * as alerts from './0007_alerts.js';
import * as alertKindConditions from './0008_alert_kind_conditions.js';
import * as simulatedDevices from './0009_simulated_devices.js';
import * as deadLetters from './0010_dead_letters.js';
import * as panelThresholds from './0011_panel_thresholds.js';
import * as webhooks from './0012_webhooks.js';
import * as measurementsPartitions from './0013_measurements_partitions.js';
import * as panelGrid from './0015_panel_grid.js';
import * as publicMap from './0016_public_map.js';

/** Every migration, by name; the names sort in the order they run. */
export const migrations: Record<string, Migration> = {
  '0001_auth': auth,
  '0002_resources': resources,
  '0003_read_version': readVersion,
  '0004_ingestion': ingestion,
  '0005_security': security,
  '0006_device_interval': deviceInterval,
  '0007_alerts': alerts,
  '0008_alert_kind_conditions': alertKindConditions,
  '0009_simulated_devices': simulatedDevices,
  '0010_dead_letters': deadLetters,
  '0011_panel_thresholds': panelThresholds,
  '0012_webhooks': webhooks,
  '0013_measurements_partitions': measurementsPartitions,
  '0015_panel_grid': panelGrid,
  '0016_public_map': publicMap,
};
