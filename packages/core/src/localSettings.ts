import type { LocalSettings } from '@matnat/contract';
import type { Platform } from './platform';
import { readStoredObject, writeStored } from './storage';
import { createStore, type ExternalStore } from './store';

export type { LocalSettings };

/** Spec §3: the local settings live in browser storage under the key `settings`. */
export const LOCAL_SETTINGS_STORAGE_KEY = 'settings';
/** Spec §3: useSatellite defaults to false. */
export const DEFAULT_LOCAL_SETTINGS: Readonly<LocalSettings> = { useSatellite: false };

export interface LocalSettingsOptions {
  platform: Pick<Platform, 'storage' | 'logger'>;
  /** @default 'settings' */
  storageKey?: string;
}

export interface LocalSettingsStore extends ExternalStore<LocalSettings> {
  /** Changes some settings and saves them. */
  set(change: Partial<LocalSettings>): void;
  /** Back to the defaults (and saved). */
  reset(): void;
}

/**
 * The browser-local settings (spec §3 Local setting). Corrupted or foreign data under the key falls back to
 * the defaults; keys this version does not know are kept when saving.
 */
export function createLocalSettings(options: LocalSettingsOptions): LocalSettingsStore {
  const { platform, storageKey = LOCAL_SETTINGS_STORAGE_KEY } = options;
  let stored = readStoredObject(platform, storageKey);
  const { state, subscribe, getSnapshot } = createStore<LocalSettings>({
    useSatellite:
      typeof stored.useSatellite === 'boolean' ? stored.useSatellite : DEFAULT_LOCAL_SETTINGS.useSatellite,
  });

  const save = () => {
    stored = { ...stored, ...state };
    writeStored(platform, storageKey, stored);
  };

  return {
    subscribe,
    getSnapshot,
    set(change) {
      if (typeof change.useSatellite === 'boolean') state.useSatellite = change.useSatellite;
      save();
    },
    reset() {
      Object.assign(state, DEFAULT_LOCAL_SETTINGS);
      save();
    },
  };
}
