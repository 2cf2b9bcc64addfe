import type { Platform } from './platform';
import { createStore, type ExternalStore } from './store';

export interface VersionCheckOptions {
  platform: Pick<Platform, 'fetch' | 'timers' | 'location' | 'logger'>;
  /** The application page to compare (spec §7). @default '/index.html' */
  url?: string;
  /** Spec §9: every 60 s. @default 60000 */
  intervalMs?: number;
}

export interface VersionCheckState {
  /** Spec §4: on once the fetched page differs from the first copy fetched. */
  hasNewVersion: boolean;
  /** Whether polling is on. */
  running: boolean;
}

export interface VersionCheck extends ExternalStore<VersionCheckState> {
  /** Fetches the page now and then every `intervalMs` until `stop()` or until a new version is found. */
  start(): void;
  stop(): void;
  /** One check. Failed fetches are logged and otherwise ignored. Resolves to `hasNewVersion`. */
  check(): Promise<boolean>;
  /** Spec §2: clicking the new-version notice reloads the page. */
  reload(): void;
}

/** Spec §4 "Notifications are regarded as active if a new version is available or there are notifications". */
export function notificationsActive(hasNewVersion: boolean, notificationCount: number): boolean {
  return hasNewVersion || notificationCount > 0;
}

/**
 * Detects a new deployment by polling the application page and comparing it with the first copy
 * (hashed asset names change with every build). The page must be the same bytes on every request:
 * a page with per-request nonces would always look new.
 */
export function createVersionCheck(options: VersionCheckOptions): VersionCheck {
  const { platform, url = '/index.html', intervalMs = 60_000 } = options;
  const { state, subscribe, getSnapshot } = createStore<VersionCheckState>({
    hasNewVersion: false,
    running: false,
  });
  let first: string | null = null;
  let timer: unknown = null;

  const stop = () => {
    if (timer !== null) platform.timers.clearInterval(timer);
    timer = null;
    state.running = false;
  };

  const check = async () => {
    if (state.hasNewVersion) return true;
    try {
      // Revalidated, not refetched: an unchanged page answers 304 and costs no body.
      const response = await platform.fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
      if (!response.ok) throw new Error(`${url} answered ${response.status}`);
      const page = await response.text();
      if (first === null) first = page;
      else if (page !== first) {
        state.hasNewVersion = true;
        // Nothing more to learn: the flag stays on until the page is reloaded.
        stop();
      }
    } catch (error) {
      platform.logger.warn('matnat: version check failed', error);
    }
    return state.hasNewVersion;
  };

  return {
    subscribe,
    getSnapshot,
    start() {
      if (timer !== null || state.hasNewVersion) return;
      state.running = true;
      timer = platform.timers.setInterval(() => void check(), intervalMs);
      void check();
    },
    stop,
    check,
    reload: () => platform.location.reload(),
  };
}
