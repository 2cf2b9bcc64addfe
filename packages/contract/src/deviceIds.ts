import { LIMITS } from './constants';
import { validationMessages as M } from './messages';

/** LoRaWAN DevEUIs, MQTT client ids, serial numbers: letters, digits and `-_.:`, at most 64 characters. */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9._:-]+$/;

const HEX = /^[0-9a-fA-F]+$/;
const EUI = /^[0-9a-fA-F]{16}$/;
/** A DevEUI already as it is stored (what network servers send): nothing to trim, strip or raise. */
const NORMAL_EUI = /^[0-9A-F]{16}$/;

/**
 * A device id as ingestion stores and matches it: a DevEUI (16 hex digits, separators `-`, `:` and spaces
 * allowed) in upper case without separators, else the id itself (letters, digits and `-_.:`, at most 64
 * characters; one of hex digits alone in upper case, as DevEUIs). `eui: true` for a field that is a DevEUI
 * by definition (The Things Stack's `dev_eui`, ChirpStack's `devEui`): then nothing else is accepted.
 * One rule for every way in: HTTP, the webhooks and MQTT.
 */
export function deviceIdOf(
  raw: string,
  label: string,
  options: { eui?: boolean } = {},
): { id: string } | { problem: string } {
  if (NORMAL_EUI.test(raw)) return { id: raw };
  const compact = raw.trim().replace(/[-:\s]/g, '');
  if (EUI.test(compact)) return { id: compact.toUpperCase() };
  if (options.eui) return { problem: M.devEui(label) };
  const id = raw.trim();
  if (id === '' || id.length > LIMITS.deviceId || !DEVICE_ID_PATTERN.test(id))
    return { problem: M.deviceId(label, LIMITS.deviceId) };
  return { id: HEX.test(compact) ? compact.toUpperCase() : id };
}
