import type { NotificationLevel } from '@matnat/contract';
import type { Platform } from './platform';
import { createStore, type ExternalStore } from './store';

/** Spec §9 "Notification levels: warn, error, success, plus a default". */
export type ToastLevel = NotificationLevel;

export interface ToastInput {
  message: string;
  /** Spec §2: defaults to true; a failure shows an error icon. @default true (false when level is warn or error) */
  success?: boolean;
  /** @default 'success' when successful, else 'error' */
  level?: ToastLevel;
  /** Milliseconds until the toast closes itself; 0 keeps it until closed. @default the store's timeout (3000) */
  timeout?: number;
}

export interface Toast {
  id: number;
  message: string;
  success: boolean;
  level: ToastLevel;
  timeout: number;
}

export interface ToastsState {
  /** Oldest first. */
  toasts: Toast[];
}

export interface ToastsOptions {
  platform: Pick<Platform, 'timers'>;
  /** Spec §9: toasts close after 3000 ms unless they set their own timeout. @default 3000 */
  timeout?: number;
}

export interface Toasts extends ExternalStore<ToastsState> {
  /** Shows a toast; a string is a successful toast with that message. Returns its id. */
  show(input: ToastInput | string): number;
  /** The close button: closes one toast early. */
  close(id: number): void;
  /** Closes every toast. */
  clear(): void;
}

/** Toast notifications (spec §4 Toast: hidden or visible; closes after its timeout or through its button). */
export function createToasts(options: ToastsOptions): Toasts {
  const { timers } = options.platform;
  const defaultTimeout = options.timeout ?? 3000;
  const { state, subscribe, getSnapshot } = createStore<ToastsState>({ toasts: [] });
  const closers = new Map<number, unknown>();
  let nextId = 1;

  const close = (id: number) => {
    const timer = closers.get(id);
    if (timer !== undefined) timers.clearTimeout(timer);
    closers.delete(id);
    const index = state.toasts.findIndex((toast) => toast.id === id);
    if (index !== -1) state.toasts.splice(index, 1);
  };

  return {
    subscribe,
    getSnapshot,
    show(input) {
      const {
        message,
        level,
        timeout = defaultTimeout,
        ...rest
      } = typeof input === 'string' ? { message: input } : input;
      const success = rest.success ?? (level !== 'error' && level !== 'warn');
      const toast: Toast = {
        id: nextId++,
        message,
        success,
        level: level ?? (success ? 'success' : 'error'),
        timeout,
      };
      state.toasts.push(toast);
      if (timeout > 0)
        closers.set(
          toast.id,
          timers.setTimeout(() => close(toast.id), timeout),
        );
      return toast.id;
    },
    close,
    clear() {
      for (const toast of [...state.toasts]) close(toast.id);
    },
  };
}
