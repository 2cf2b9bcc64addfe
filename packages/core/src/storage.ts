import type { Platform } from './platform';

type StoragePlatform = Pick<Platform, 'storage' | 'logger'>;

/**
 * The JSON object stored under `key`: `{}` when there is none or it is not an object. A storage that
 * throws (blocked in a sandboxed iframe) is logged, not thrown.
 */
export function readStoredObject(platform: StoragePlatform, key: string): Record<string, unknown> {
  let raw: string | null | undefined;
  try {
    raw = platform.storage?.getItem(key);
  } catch (error) {
    platform.logger.warn(`matnat: could not read "${key}"`, error);
  }
  try {
    const parsed: unknown = JSON.parse(raw || '{}');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** Stores `value` as JSON under `key`; a full or blocked storage is logged, not thrown. */
export function writeStored(platform: StoragePlatform, key: string, value: unknown): void {
  try {
    platform.storage?.setItem(key, JSON.stringify(value));
  } catch (error) {
    platform.logger.warn(`matnat: could not save "${key}"`, error);
  }
}
