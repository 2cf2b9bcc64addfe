import type { StorageLike } from '@matnat/core';

/** Spec §3: local settings live in browser storage under this key. */
export const SETTINGS_KEY = 'settings';

export interface LocalSettings {
  useSatellite: boolean;
}

function defaultStorage(): StorageLike | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readSettings(
  storage: StorageLike | null = defaultStorage(),
): LocalSettings & Record<string, unknown> {
  try {
    const raw = storage?.getItem(SETTINGS_KEY);
    const parsed = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    return { ...parsed, useSatellite: parsed.useSatellite === true };
  } catch {
    return { useSatellite: false };
  }
}

/** Merges into the stored settings, keeping keys written by others. */
export function writeSettings(
  patch: Partial<LocalSettings>,
  storage: StorageLike | null = defaultStorage(),
): void {
  try {
    storage?.setItem(SETTINGS_KEY, JSON.stringify({ ...readSettings(storage), ...patch }));
  } catch {
    // Storage full or blocked: the toggle still works for this page view.
  }
}
