import type { Platform } from './platform';
import { createStore, type ExternalStore } from './store';

/** idle → running → done | failed → (hidden) idle. */
export type NavigationProgressStatus = 'idle' | 'running' | 'done' | 'failed';

export interface NavigationProgressState {
  status: NavigationProgressStatus;
  /** 0 … 100. */
  percent: number;
  /** Whether the bar is on screen: while running, and for `hideDelayMs` after it completed or failed. */
  visible: boolean;
}

export interface NavigationProgressOptions {
  platform: Pick<Platform, 'timers'>;
  /** Time for the bar to travel from 0 to 100 % at its steady pace (spec §2: about 3000 ms). @default 3000 */
  durationMs?: number;
  /** Spec §2: the bar ticks every 100 ms. @default 100 */
  tickMs?: number;
  /** Percent the bar never passes until `finish()`: a slow navigation waits just short of the end. @default 95 */
  cap?: number;
  /** How long the completed (or failed) bar stays on screen before it hides. @default 300 */
  hideDelayMs?: number;
}

export interface NavigationProgress extends ExternalStore<NavigationProgressState> {
  /** Starts (or restarts) the bar from 0. */
  start(): void;
  /** Completes the bar: 100 %, status done; it hides after `hideDelayMs`. */
  finish(): void;
  /** Ends the bar as failed (shown in the error colour); it hides after `hideDelayMs`. */
  fail(): void;
  /** Stops every timer and returns to idle at once. */
  reset(): void;
}

/** Spec §2 threshold: a bar above 95 % counts as complete. */
export const PROGRESS_COMPLETE_ABOVE = 95;

/** The thin bar at the top of the page during navigation (spec §2), as a state machine. */
export function createNavigationProgress(options: NavigationProgressOptions): NavigationProgress {
  const { timers } = options.platform;
  const { durationMs = 3000, tickMs = 100, cap = PROGRESS_COMPLETE_ABOVE, hideDelayMs = 300 } = options;
  const step = (100 * tickMs) / durationMs;
  const { state, subscribe, getSnapshot } = createStore<NavigationProgressState>({
    status: 'idle',
    percent: 0,
    visible: false,
  });
  let ticker: unknown = null;
  let hider: unknown = null;

  const stopTimers = () => {
    if (ticker !== null) timers.clearInterval(ticker);
    if (hider !== null) timers.clearTimeout(hider);
    ticker = hider = null;
  };

  const reset = () => {
    stopTimers();
    Object.assign(state, { status: 'idle', percent: 0, visible: false });
  };

  const end = (status: 'done' | 'failed') => {
    if (state.status !== 'running') return;
    stopTimers();
    Object.assign(state, { status, percent: 100 });
    hider = timers.setTimeout(reset, hideDelayMs);
  };

  return {
    subscribe,
    getSnapshot,
    start() {
      stopTimers();
      Object.assign(state, { status: 'running', percent: 0, visible: true });
      ticker = timers.setInterval(() => {
        state.percent = Math.min(cap, Math.round((state.percent + step) * 100) / 100);
      }, tickMs);
    },
    finish: () => end('done'),
    fail: () => end('failed'),
    reset,
  };
}
